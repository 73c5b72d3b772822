"""Every engine package has the same named core (docs/architecture.md §3). The direction of its
imports is import-linter's "engines" contract in pyproject.toml (tests/test_architecture.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games import ENGINES

GAMES = Path(__file__).resolve().parent.parent / "pnp" / "games"
CORE = ("state", "rules", "view", "bots", "check", "decisions", "examples", "report")
"""One shape for every engine package."""


@pytest.mark.parametrize("package", sorted(ENGINES))
def test_engine_package_has_the_core_modules(package: str) -> None:
    folder = GAMES / package
    missing = [m for m in CORE if not (folder / f"{m}.py").is_file()]
    assert not missing, f"pnp/games/{package}/ lacks {', '.join(m + '.py' for m in missing)}"
