"""One invariant, tested by property: whatever a game folder holds, `pnp
validate` and `pnp build` end in time, within a memory limit, with no traceback; and a
folder that validate accepts builds, into PDFs that open.

Hypothesis mutates one value of a bundled game's YAML (game.yaml or a card file): a type
swapped, a value huge, tiny, negative, nan or empty, a key removed or misspelt. Each run
is a fresh process under a time and address-space limit, as a user's would be. The
default profile tries a few dozen folders (derandomised, so CI sees the same ones);
`PNP_MUTATIONS=500 pytest tests/test_mutations.py` tries more.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.spec.paths import cards_root

GAMES = ("boom", "bigidea", "bidness", "oldbiddy", "smallprint")
TIME_S = 90
MEMORY = 3 * 1024**3
EXAMPLES = int(os.environ.get("PNP_MUTATIONS", "10"))

REPLACEMENTS: list[Any] = [
    None, "", " ", 0, -1, -(10**9), 10**9, 10**18, 0.0001, 1e300, float("nan"),
    float("inf"), True, "yes", "#12", "red", "{{ 1/0 }}", "{{ x.y.z }}", "x" * 5000,
    [], {}, [1, 2, 3], {"a": 1}, "../../etc/passwd", "9999x9999 mm",
]  # fmt: skip


def _paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at] if at else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*at, i))
    return out


def _mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> None:
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "remove":
        del parent[last]
    elif how == "misspell" and isinstance(last, str):
        parent[last + "x"] = parent.pop(last)
    else:
        parent[last] = value


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, "-m", "pnp", *args],
            capture_output=True,
            text=True,
            timeout=TIME_S,
            preexec_fn=_limits,
            cwd=cwd,
            env={**os.environ, "PNP_CACHE_DIR": str(cwd / "cache")},
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(args)} ran past {TIME_S} s")


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, str, tuple[Any, ...], str, Any]:
    game = draw(st.sampled_from(GAMES))
    files = sorted(p.name for p in (cards_root() / game).glob("*.yaml"))
    name = draw(st.sampled_from(files))
    data = yaml.safe_load((cards_root() / game / name).read_text(encoding="utf-8"))
    path = draw(st.sampled_from(_paths(data)))
    how = draw(st.sampled_from(["replace", "replace", "remove", "misspell"]))
    value = draw(st.sampled_from(REPLACEMENTS))
    return game, name, path, how, value


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutation=mutations())
def test_validate_and_build_never_crash_and_agree(
    mutation: tuple[str, str, tuple[Any, ...], str, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    game, name, path, how, value = mutation
    root = tmp_path_factory.mktemp("cards")
    shutil.copytree(cards_root() / game, root / game)
    target = root / game / name
    data = yaml.safe_load(target.read_text(encoding="utf-8"))
    _mutate(data, path, how, value)
    target.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")

    checked = _pnp("validate", game, "--cards", str(root), cwd=root)
    assert "Traceback" not in checked.stderr + checked.stdout, checked.stderr
    assert checked.returncode in (0, 1), checked.stderr
    out = root / "out"
    built = _pnp("build", game, "--cards", str(root), "--out", str(out), "--jobs", "1", cwd=root)
    assert "Traceback" not in built.stderr + built.stdout, built.stderr
    if checked.returncode == 0:  # whatever validate accepts builds
        assert built.returncode == 0, f"{mutation}: validate passed, build failed:\n{built.stderr}"
        from pypdf import PdfReader

        pdfs = sorted(out.glob("*.pdf"))
        assert pdfs
        for pdf in pdfs:
            assert len(PdfReader(pdf).pages) > 0
    else:
        assert built.returncode == 1, built.stderr
