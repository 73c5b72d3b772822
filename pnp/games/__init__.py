"""Rules engines, one module or package per game, looked up by name.

An engine is a module with the attributes of :class:`Engine`; its states offer the
methods of :class:`GameState`.  To add a game, copy ``pnp/games/boom/`` (constants and
data in ``catalog.py``, the state in ``rules.py``, bots, checks, examples), then add its
name here.  Engines are imported only when asked for, so importing this package is cheap.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

from pnp._errors import DataError, Finding, Severity, ValidationFailed
from pnp.load import Game

ENGINES: dict[str, str] = {
    "bidness": "pnp.games.bidness",
    "bigidea": "pnp.games.bigidea",
    "boom": "pnp.games.boom",
    "oldbiddy": "pnp.games.oldbiddy",
    "smallprint": "pnp.games.smallprint",
}
"""Engine name → module that implements it."""

Action = Any
Bot = Callable[[Any, list[Any], random.Random], Any]
"""``bot(view, legal_actions, rng) -> action``; ``view`` shows only what that seat may see."""


class GameState(Protocol):
    """One game in progress (OpenSpiel-like); chance comes from its own seeded RNG."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Action) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[int]: ...
    def clone(self) -> GameState: ...
    def view(self, seat: int) -> Any: ...
    @property
    def transcript(self) -> list[str]: ...
    def length(self) -> int:
        """Rounds played."""
        ...

    def usage(self) -> dict[str, dict[str, int]]:
        """Peak number of each limited component needed at once, by group and item."""
        ...

    def ran_out(self) -> list[str]:
        """Things that ran out in this game (e.g. a deck with no discard pile to reshuffle)."""
        ...

    def measures(self) -> dict[str, float]:
        """Other per-game numbers worth summarising (min/mean/max)."""
        ...


class Engine(Protocol):
    """What the runner, the CLI and the rulebook need from a game's engine module."""

    NAME: str
    BOTS: dict[str, Bot]

    def validate(self, game: Game) -> list[Finding]: ...
    def new_state(
        self, game: Game, players: int, seed: int, transcript: bool = True
    ) -> GameState: ...
    def worked_examples(self, game: Game) -> dict[str, Any]: ...
    def printed_components(self, game: Game) -> dict[str, dict[str, int]]:
        """Printed count of every limited component, keyed like ``GameState.usage()``."""
        ...


T = TypeVar("T")


def checked_once(
    validate: Callable[[Game], list[Finding]], build: Callable[[Game], T]
) -> Callable[[Game], T]:
    """``build(game)`` once per loaded game, after ``validate`` finds no error.

    Engines flatten the game data into plain values for speed; this keeps the result
    for every later state of the same game and refuses data that breaks the rules.
    """
    built: dict[int, tuple[Game, T]] = {}

    def get(game: Game) -> T:
        hit = built.get(id(game))
        if hit is not None and hit[0] is game:
            return hit[1]
        findings = validate(game)
        if any(f.severity is Severity.ERROR for f in findings):
            raise ValidationFailed(findings)
        value = build(game)
        built[id(game)] = (game, value)
        return value

    return get


def check_players(game: Game, players: int) -> None:
    """Refuse a player count outside the game's range (a usage error: exit 2)."""
    span = game.spec.players
    if not span.min <= players <= span.max:
        from pnp._errors import UsageError

        raise UsageError(
            f"{game.spec.name} plays with {span.min} to {span.max} players, not {players}"
        )


def lazy_attributes(package: str, where: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports each name in ``where`` from its submodule on
    first use, so validating or building a game never loads an engine's bots or state."""

    def __getattr__(name: str) -> Any:
        if name in where:
            return getattr(importlib.import_module(where[name], package), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def get_engine(name: str) -> Engine:
    """The engine module registered as ``name``."""
    try:
        module = ENGINES[name]
    except KeyError:
        known = ", ".join(sorted(ENGINES))
        raise DataError(f"no rules engine {name!r} (engines: {known})") from None
    return cast(Engine, importlib.import_module(module))


__all__ = [
    "ENGINES",
    "Bot",
    "Engine",
    "GameState",
    "check_players",
    "checked_once",
    "get_engine",
    "lazy_attributes",
]
