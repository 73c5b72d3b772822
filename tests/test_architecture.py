"""The stage order of DESIGN.md §2, and the engine shape of §3, kept by import-linter.

The contracts live in pyproject.toml ([tool.importlinter]); imports inside functions and
under ``if TYPE_CHECKING:`` count. The second test makes a package that breaks a layers
contract only inside a function body, so the first cannot pass by counting too little.
"""

from __future__ import annotations

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
    assert "Contracts: 4 kept, 0 broken." in done.stdout


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
