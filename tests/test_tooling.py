"""The project holds itself to its own tooling (DESIGN.md §5: strict tooling)."""

from __future__ import annotations

import shutil
import subprocess
import sys
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
