"""The stage order of docs/architecture.md §2, and the engine shape of §3, kept by
import-linter; and the repository cites its own design page, nothing outside it.

The contracts live in pyproject.toml ([tool.importlinter]); imports inside functions and
under ``if TYPE_CHECKING:`` count. The second test makes a package that breaks a layers
contract only inside a function body, so the first cannot pass by counting too little.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _lint_imports() -> str:
    exe = Path(sys.executable).parent / "lint-imports"
    found = str(exe) if exe.exists() else shutil.which("lint-imports")
    if found is None:
        pytest.fail("import-linter is a test dependency: pip install '.[test]'")
    return found


def test_every_import_contract_is_kept() -> None:
    done = subprocess.run(
        [_lint_imports(), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert (
        "Contracts: 5 kept, 0 broken." in done.stdout
    )  # stages, no-cycles, engines, cli-only, drawing-in-render


def test_an_upward_import_inside_a_function_breaks_the_contract(tmp_path: Path) -> None:
    pkg = tmp_path / "staged"
    (pkg / "low").mkdir(parents=True)
    (pkg / "high").mkdir()
    for folder in (pkg, pkg / "low", pkg / "high"):
        (folder / "__init__.py").write_text("")
    (pkg / "high" / "cmd.py").write_text("import staged.low.core\n")
    (pkg / "low" / "core.py").write_text(
        textwrap.dedent(
            """
            def later():
                from staged.high import cmd
                return cmd
            """
        )
    )
    (tmp_path / ".importlinter").write_text(
        textwrap.dedent(
            """
            [importlinter]
            root_package = staged

            [importlinter:contract:stages]
            name = stages
            type = layers
            layers =
                staged.high
                staged.low
            """
        )
    )
    done = subprocess.run(
        [_lint_imports(), "--no-cache"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "staged.low.core -> staged.high.cmd" in done.stdout


CITED = ("pnp", "tests", "docs", "benchmarks", "scripts")
CITED_FILES = ("pyproject.toml", "README.md", "CONTRIBUTING.md")
"""Where the rules are cited; CHANGELOG.md is history and keeps what it said."""
OUTSIDE_CITATION = re.compile(
    # written with classes ([e], [N]) so that this file does not cite what it forbids
    r"\.\./shar[e]d/|DESIG[N](?:\.md| §)|\b[Ii]ssues?\s+(?:#\s*)?(?:\d|§)"
)
"""A note outside the repository, the team's design notes, or an issue number."""


def _cited_texts() -> list[tuple[str, str]]:
    paths = [ROOT / name for name in CITED_FILES]
    for folder in CITED:
        paths += (p for p in (ROOT / folder).rglob("*") if "__pycache__" not in p.parts)
    texts = []
    for path in sorted(p for p in paths if p.is_file()):
        try:
            texts.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:  # images, fonts, the bad-file fixtures
            continue
    return texts


@pytest.mark.parametrize(
    "text",
    [
        "see ../" + "shared/notes.md",
        "(DESIGN" + ".md §4)",
        "DESIGN" + " §4: 6 pt",
        "(issue" + " 23, item 5)",
        "Issue" + " §2: the board",
        "beside the track (issue" + "\n23 item 7)",
        "issues" + " 9 and 10",
        "issue" + " #14",
    ],
)
def test_the_citation_pattern_finds_outside_citations(text: str) -> None:
    assert OUTSIDE_CITATION.search(text), text


def test_the_repository_cites_only_its_own_design_page() -> None:
    found = [
        f"{name}:{text.count(chr(10), 0, hit.start()) + 1}: {hit.group(0)!r}"
        for name, text in _cited_texts()
        for hit in OUTSIDE_CITATION.finditer(text)
    ]
    assert not found, "cite docs/architecture.md instead:\n" + "\n".join(found)
