from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from pnp.games import ENGINES, Engine, get_engine
from pnp.spec.game import Game
from pnp.spec.load import list_games, load_game

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def mini_cards(tmp_path: Path) -> Path:
    """A writable copy of the tiny engine-less game; returns the cards folder."""
    root = tmp_path / "cards"
    shutil.copytree(FIXTURES / "mini", root)
    return root


FIFO_MARK = ".fifo"
"""A fixture file ``NAME.fifo`` stands for a FIFO named NAME (git keeps no FIFOs)."""


def overlay(base: Path, patch: Path) -> None:
    """Copy every file of ``patch`` over ``base`` (same relative paths); make a FIFO for
    each ``NAME.fifo``, in place of any file NAME."""
    for src in patch.rglob("*"):
        if src.is_file():
            dst = base / src.relative_to(patch)
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.name.endswith(FIFO_MARK):
                fifo = dst.with_name(src.name.removesuffix(FIFO_MARK))
                fifo.unlink(missing_ok=True)
                os.mkfifo(fifo)
            else:
                shutil.copy(src, dst)


class Hung(Exception):  # noqa: N818 - not an OSError, which pnp would take for a read error
    """A block ran past its time limit."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail, not hang, when the block runs past ``seconds`` (a FIFO opened to read waits
    for a writer for ever; SIGALRM interrupts the wait)."""

    def expire(signum: int, frame: object) -> None:
        raise Hung(f"ran past {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


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
