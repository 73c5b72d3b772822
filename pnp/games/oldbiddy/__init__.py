"""Old Biddy: bid for turn order, hire a character, rig the gem market, hoard gems.

The module API every engine under :mod:`pnp.games` offers (see :class:`pnp.games.Engine`):
``NAME``, ``validate``, ``new_state``, ``BOTS``, ``worked_examples`` and
``printed_components``.  Plain game data lives in :mod:`.state`, transitions in
:mod:`.rules`, the market's sums in :mod:`.market`, what a seat sees in :mod:`.view`,
and the rules the source leaves open in :mod:`.decisions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games import check_players, checked_once, lazy_attributes
from pnp.games.oldbiddy.check import validate
from pnp.games.oldbiddy.config import config_from_game
from pnp.games.oldbiddy.report import GEMS
from pnp.spec.game import Game

if TYPE_CHECKING:
    from pnp.games.oldbiddy.rules import State

NAME = "oldbiddy"

config_for = checked_once(validate, config_from_game)
"""The engine's numbers for a game, checked and read once per loaded game."""


def new_state(
    game: Game, players: int, seed: int | None = None, transcript: bool = True, record: bool = False
) -> State:
    """A game set up and waiting for round 1's first choice; same seed, same game."""
    check_players(game, players)
    from pnp.games.oldbiddy.rules import State
    from pnp.games.playlog import recorded

    return recorded(State(config_for(game), players, seed, transcript), record)


def worked_examples(game: Game) -> dict[str, Any]:
    """Numbers for the rulebook (bid, Boss move, score, decisions), computed by the engine."""
    from pnp.games.decisions import record_runs
    from pnp.games.oldbiddy.examples import worked_examples as compute

    return compute(config_for(game), record_runs(game))


def printed_components(game: Game) -> dict[str, dict[str, int]]:
    """Printed count of every limited component, keyed like ``State.usage()``."""
    cfg = config_for(game)
    return {GEMS: dict.fromkeys(cfg.colors, cfg.gems_per_color)}


__getattr__ = lazy_attributes(__name__)


__all__ = [
    "table_at_start",
    "BOTS",
    "NAME",
    "RULES",
    "State",
    "config_for",
    "determinize",
    "new_state",
    "printed_components",
    "validate",
    "worked_examples",
]
