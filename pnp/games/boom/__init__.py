"""•Boom: venture capitalists race to take dot-coms public before the crash.

The module API every engine under :mod:`pnp.games` offers (see :class:`pnp.games.Engine`):
``NAME``, ``validate``, ``new_state``, ``BOTS``, ``determinize``, ``worked_examples`` and
``printed_components``.  The game's data is in :mod:`.state`; rules live in :mod:`.rules`
(round and turn flow, IPOs, burn), :mod:`.funding` and :mod:`.effects`; :mod:`.actions`
lists what a seat can do; :mod:`.decisions` what pnp decided where boom.txt is silent.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from pnp._errors import UsageError
from pnp.games.boom.check import validate
from pnp.games.boom.config import config_from_game
from pnp.games.kit import checked_once, lazy_attributes
from pnp.spec.game import Game

if TYPE_CHECKING:
    from pnp.games.boom.rules import State

NAME = "boom"
COMPONENT_TABLES = {"stock counters": "stock_per_firm", "money counters": "money"}
"""The ``tables`` key that sets the printed number of each component group."""

config_for = checked_once(validate, config_from_game)
"""The game's data flattened for the engine, checked once and kept for later states."""


def new_state(
    game: Game, players: int, seed: int, transcript: bool = True, record: bool = False
) -> State:
    """A game set up and waiting for the first decision of round 1."""
    span = game.spec.players
    if not span.min <= players <= span.max:
        raise UsageError(
            f"{game.spec.name} plays with {span.min} to {span.max} players, not {players}"
        )
    from pnp.games.boom.rules import State
    from pnp.games.playlog import recorded

    return recorded(State(config_for(game), players, seed, transcript), record)


def worked_examples(game: Game) -> dict[str, Any]:
    """Numbers for the rulebook's examples (IPO payout, burn), computed by the engine."""
    from pnp.games.boom.examples import worked_examples as compute
    from pnp.games.decisions import record_runs

    return compute(config_for(game), record_runs(game, sys.modules[__name__]))


def printed_components(game: Game) -> dict[str, dict[str, int]]:
    """Printed count of every limited component, keyed like ``State.usage()``."""
    cat = config_for(game)
    return {
        "stock counters": {firm: cat.stock_per_firm for firm in cat.firm_ids},
        "money counters": {
            f"${value}m": count
            for value, count in zip(cat.denominations, cat.printed_money, strict=True)
        },
    }


__getattr__ = lazy_attributes(__name__)


__all__ = [
    "table_at_start",
    "BOTS",
    "COMPONENT_TABLES",
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
