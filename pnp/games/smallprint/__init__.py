"""Small Print's rules engine: validation, worked examples, game states and bots.

Where smallprint.txt is silent the engine decides; the decisions are data in
:mod:`pnp.games.smallprint.decisions`, printed in the rulebook from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.games import check_players, checked_once, lazy_attributes
from pnp.games.smallprint.check import validate
from pnp.games.smallprint.config import Config, config_from_game
from pnp.games.smallprint.report import CHITS, MONEY
from pnp.spec.game import Game

if TYPE_CHECKING:
    from pnp.games.smallprint.rules import State

__getattr__ = lazy_attributes(__name__)

__all__ = [
    "table_at_start",
    "BOTS",
    "NAME",
    "RULES",
    "config_for",
    "determinize",
    "new_state",
    "printed_components",
    "validate",
    "worked_examples",
]

NAME = "smallprint"
PLAYTEST_BOTS = ("heuristic",)
PLAYTEST_GAMES = 60
"""Random play bluffs on almost every card, so validate's quick playtest uses the
(slower) heuristic bot, for fewer games."""

config_for = checked_once(validate, config_from_game)
"""The engine's numbers for a game, checked and read once per loaded game."""


def new_state(
    game: Game, players: int, seed: int | None = None, transcript: bool = True, record: bool = False
) -> State:
    check_players(game, players)
    from pnp.games.playlog import recorded
    from pnp.games.smallprint.rules import State

    return recorded(State(config_for(game), players, seed, transcript), record)


def _numbers(cfg: Config) -> dict[str, object]:
    return {"shares": cfg.shares, "cap": cfg.cap, "start_cash": cfg.start_cash}


def worked_examples(game: Game) -> dict[str, Any]:
    from pnp.games.smallprint.examples import worked_examples as examples

    cfg = config_for(game)
    return examples(cfg, _numbers(cfg))


def printed_components(game: Game) -> dict[str, dict[str, int]]:
    cfg = config_for(game)
    return {
        MONEY: {f"£{v}m": k for v, k in zip(cfg.denominations, cfg.printed_money, strict=True)},
        CHITS: {"chits": cfg.penalty_chits},
    }
