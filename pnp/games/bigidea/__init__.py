"""The Big Idea's rules engine: validation, worked examples, game states and bots.

Where the source text is silent the engine decides; the decisions are listed in
:data:`pnp.games.bigidea.check.RULE_NOTES` and handed to the rulebook as
``examples.notes``.
"""

from __future__ import annotations

from pnp._errors import Finding, Severity, UsageError, ValidationFailed
from pnp.games.bigidea.bots import BOTS
from pnp.games.bigidea.check import ev_table, validate, worked_examples
from pnp.games.bigidea.config import Config, config_from_game, rounds_for
from pnp.games.bigidea.report import CHIPS, FOREIGN, MONEY
from pnp.games.bigidea.rules import State
from pnp.load import Game

__all__ = [
    "BOTS",
    "NAME",
    "State",
    "config_for",
    "ev_table",
    "new_state",
    "printed_components",
    "rounds_for",
    "validate",
    "worked_examples",
]

NAME = "bigidea"

_CONFIGS: dict[int, tuple[Game, Config]] = {}


def config_for(game: Game) -> Config:
    """The engine's numbers for ``game``, checked and read once per loaded game."""
    hit = _CONFIGS.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    findings: list[Finding] = validate(game)
    if any(f.severity is Severity.ERROR for f in findings):
        raise ValidationFailed(findings)
    cfg = config_from_game(game)
    _CONFIGS[id(game)] = (game, cfg)
    return cfg


def new_state(game: Game, players: int, seed: int | None = None, transcript: bool = True) -> State:
    """A game dealt and waiting for round 1's first decision; same seed, same game."""
    span = game.spec.players
    if not span.min <= players <= span.max:
        raise UsageError(
            f"{game.spec.name} plays with {span.min} to {span.max} players, not {players}"
        )
    return State(config_for(game), players, seed, transcript)


def printed_components(game: Game) -> dict[str, dict[str, int]]:
    """Printed count of every limited component, keyed like ``State.usage()``."""
    cfg = config_for(game)
    return {
        CHIPS: {color: cfg.chips_per_player for color in cfg.colors},
        FOREIGN: {"white": cfg.foreign_chips},
        MONEY: {f"${v}": k for v, k in zip(cfg.denominations, cfg.printed_money, strict=True)},
    }
