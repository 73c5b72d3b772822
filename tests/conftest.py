from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.games import ENGINES, Engine, get_engine
from pnp.spec.load import Game, list_games, load_game

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def mini_cards(tmp_path: Path) -> Path:
    """A writable copy of the tiny engine-less game; returns the cards folder."""
    root = tmp_path / "cards"
    shutil.copytree(FIXTURES / "mini", root)
    return root


def overlay(base: Path, patch: Path) -> None:
    """Copy every file of ``patch`` over ``base`` (same relative paths)."""
    for src in patch.rglob("*"):
        if src.is_file():
            dst = base / src.relative_to(patch)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, dst)


def _game_for(engine_name: str) -> Game:
    for game_id in list_games():
        game = load_game(game_id)
        if game.spec.engine == engine_name:
            return game
    pytest.skip(f"no game in cards/ uses engine {engine_name!r}")


@pytest.fixture(params=sorted(ENGINES), scope="module")
def engine_game(request: pytest.FixtureRequest) -> tuple[Engine, Game]:
    """Each rules engine with a bundled game that uses it (the conformance tests)."""
    return get_engine(request.param), _game_for(request.param)
