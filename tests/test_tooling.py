"""The project holds itself to its own tooling (docs/architecture.md §9: strict tooling)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "cmd",
    [["ruff", "check", "."], ["ruff", "format", "--check", "."], ["mypy", "pnp"]],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_tool_is_clean(cmd: list[str]) -> None:
    if shutil.which(cmd[0]) is None:
        pytest.skip(f"{cmd[0]} not installed")
    result = subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _name(requirement: str) -> str:
    """A distribution name as pip compares them (PEP 503: case, `-`, `_` and `.` alike)."""
    return re.sub(r"[-_.]+", "-", requirement).lower()


def _floors(lines: list[str], op: str) -> dict[str, str]:
    """``{name: version}`` of the requirements written ``name<op>version``."""
    found = {}
    for line in lines:
        m = re.fullmatch(rf"\s*([A-Za-z0-9_.-]+)\s*{re.escape(op)}\s*([0-9][0-9.]*)\s*", line)
        if m:
            found[_name(m[1])] = m[2]
    return found


def _release(version: str) -> tuple[int, ...]:
    """``4.40`` and ``4.40.0`` alike, as pip compares releases."""
    parts = [int(p) for p in version.split(".")]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def test_the_floors_constraints_pin_every_dependency_at_its_lower_bound() -> None:
    """scripts/floors_check.sh (run by .ci/run) proves the bounds of pyproject.toml
    by installing constraints/floors.txt; a pin that drifted from its bound proves nothing."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    bounds = _floors([d.split(";")[0] for d in declared], ">=")
    assert len(bounds) == len(declared), "every runtime dependency needs a >= lower bound"
    lines = (ROOT / "constraints" / "floors.txt").read_text().splitlines()
    pins = _floors([line.split("#")[0] for line in lines], "==")
    assert {n: _release(v) for n, v in pins.items() if n in bounds} == {
        n: _release(v) for n, v in bounds.items()
    }
    assert "bash scripts/floors_check.sh" in (ROOT / ".ci" / "run").read_text()
