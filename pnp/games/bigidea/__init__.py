"""The Big Idea's rules engine: validation, worked examples, game states and bots.

Where the source text is silent the engine decides; the decisions are data in
:mod:`pnp.games.bigidea.decisions`, printed in the rulebook from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp._errors import UsageError
from pnp.games import checked_once, lazy_attributes
from pnp.games.bigidea.check import validate
from pnp.games.bigidea.config import config_from_game, rounds_for
from pnp.games.bigidea.examples import ev_table, worked_examples
from pnp.games.bigidea.report import CHIPS, FOREIGN, MONEY
from pnp.spec.game import Game

if TYPE_CHECKING:
    from pnp.games.bigidea.rules import State


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
    "ev_table",
    "new_state",
    "printed_components",
    "rounds_for",
    "validate",
    "worked_examples",
]

NAME = "bigidea"
COMPONENT_TABLES = {CHIPS: "chips_per_player", FOREIGN: "foreign_chips", MONEY: "money"}
"""The ``tables`` key that sets the printed number of each component group."""

config_for = checked_once(validate, config_from_game)
"""The engine's numbers for a game, checked and read once per loaded game."""


def new_state(
    game: Game, players: int, seed: int | None = None, transcript: bool = True, record: bool = False
) -> State:
    """A game dealt and waiting for round 1's first decision; same seed, same game."""
    span = game.spec.players
    if not span.min <= players <= span.max:
        raise UsageError(
            f"{game.spec.name} plays with {span.min} to {span.max} players, not {players}"
        )
    from pnp.games.bigidea.rules import State
    from pnp.games.playlog import recorded

    return recorded(State(config_for(game), players, seed, transcript), record)


def printed_components(game: Game) -> dict[str, dict[str, int]]:
    """Printed count of every limited component, keyed like ``State.usage()``."""
    cfg = config_for(game)
    return {
        CHIPS: {color: cfg.chips_per_player for color in cfg.colors},
        FOREIGN: {"white": cfg.foreign_chips},
        MONEY: {f"${v}": k for v, k in zip(cfg.denominations, cfg.printed_money, strict=True)},
    }
