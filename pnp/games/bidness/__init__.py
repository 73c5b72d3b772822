"""Bidness: tech founders bid for staff and contracts, sue, and race to pay off their IOUs.

The module API every engine under :mod:`pnp.games` offers (see :class:`pnp.games.Engine`):
``NAME``, ``validate``, ``new_state``, ``BOTS``, ``worked_examples`` and
``printed_components``.  Flow lives in :mod:`.rules`; :mod:`.play`, :mod:`.auction`,
:mod:`.lawsuit` and :mod:`.business` hold the rules by topic; :mod:`.decisions` lists
what the source leaves open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games import check_players, checked_once, lazy_attributes
from pnp.games.bidness.check import validate
from pnp.games.bidness.config import config_from_game
from pnp.spec.game import Game

if TYPE_CHECKING:
    from pnp.games.bidness.rules import State

NAME = "bidness"

config_for = checked_once(validate, config_from_game)
"""The game's data flattened for the engine, checked once and kept for later states."""


def new_state(
    game: Game, players: int, seed: int, transcript: bool = True, record: bool = False
) -> State:
    """A game set up and waiting for the first decision of round 1."""
    check_players(game, players)
    from pnp.games.bidness.rules import State
    from pnp.games.playlog import recorded

    return recorded(State(config_for(game), players, seed, transcript), record)


def worked_examples(game: Game) -> dict[str, Any]:
    """Earnings example, decisions, published numbers and dice counts for the rulebook."""
    from pnp.games.bidness.examples import worked_examples as compute
    from pnp.games.decisions import record_runs

    return compute(config_for(game), record_runs(game))


def printed_components(game: Game) -> dict[str, dict[str, int]]:
    """Printed count of every limited component, keyed like ``State.usage()``."""
    from pnp.games.bidness.report import printed

    return printed(config_for(game))


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
