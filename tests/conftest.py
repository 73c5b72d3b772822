from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

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


TWISTS_EXPANSION = """\
name: Twists
mark: TW
replace: [beta]
remove: [gamma]
"""
TWISTS_CARDS = """\
deck: main
cards:
  - {id: beta, type: basic, name: Beta, power: 5, qty: 3, text: "Costs £2 — or €3 “today”."}
  - {id: delta, type: basic, name: Delta, power: 4}
"""


@pytest.fixture
def twists(mini_cards: Path) -> Path:
    """The mini game with an expansion, twists, that adds delta, replaces beta and
    removes gamma (the workbench's side by side)."""
    folder = mini_cards / "mini" / "expansions" / "twists"
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(TWISTS_EXPANSION, encoding="utf-8")
    (folder / "cards.yaml").write_text(TWISTS_CARDS, encoding="utf-8")
    return mini_cards


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


CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which Playwright drives (it downloads no browser of its own here)."""
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Playwright, one for the session's browser tests.

    Skips when Playwright or Chromium is missing; with PNP_REQUIRE_BROWSER=1 (CI's slow
    run) that is a failure instead, so that a missing install cannot pass unseen."""
    required = os.environ.get("PNP_REQUIRE_BROWSER") == "1"

    def missing(why: str) -> NoReturn:
        if required:
            pytest.fail(f"{why} (PNP_REQUIRE_BROWSER=1)")
        pytest.skip(why)

    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install '.[test]')")
    if not CHROMIUM.is_file():
        missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        try:
            launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Error as exc:
            missing(f"Chromium did not start: {str(exc).splitlines()[0]}")
        try:
            yield launched
        finally:
            launched.close()
