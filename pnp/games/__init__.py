"""Rules engines, one package per game, looked up by name.

An engine is a package with the attributes of :class:`Engine`; its states offer the
methods of :class:`GameState`.  Engines are imported only when asked for, so importing
this package is cheap.

To add a game, copy ``pnp/games/smallprint/`` (the smallest) and keep its shape; every
engine package has the same core, so a reader knows where to look:

``__init__.py``   the Engine API: ``NAME``, ``validate``, ``new_state``, ``BOTS``,
                  ``determinize``, ``worked_examples``, ``printed_components``,
                  ``table_at_start``
``config.py``     ``Config``: the game's data flattened for the engine, checked once
                  (``config_for(game)`` in ``__init__.py``)
``state.py``      ``StateData``: the plain data of a game in progress; no rules
``rules.py``      ``State(StateData)``, whose methods are the :class:`GameState` API:
                  legal actions, apply, scoring, the end; and ``determinize``
``view.py``       ``View``: what one seat may see, as data (tuples, frozen dataclasses;
                  nothing that leads back to the state), and ``deal(view, rng, cls)``:
                  the data of a full game that seat cannot tell from the real one
                  (hidden cards dealt afresh, new dice), which ``rules.determinize``
                  makes a ``State``
``bots.py``       ``random``, ``heuristic`` and ``search`` (:func:`pnp.games.search.search_bot`
                  over the engine's own ``determinize``)
``check.py``      ``validate``: the data against the rules, each finding at its YAML key
``decisions.py``  the rules the source leaves open, and its published numbers, as data
                  (:mod:`pnp.games.decisions`); mark the code that carries out a decision
                  with ``# decision <id>``
``examples.py``   worked examples computed for the rulebook
``report.py``     per-game measures for ``pnp simulate``
``setup.py``      ``table_at_start(game, players)``: what lies on the table before the first
                  move (:mod:`pnp.games.setup`), read from a freshly set-up state, for the
                  rulebook's setup figure (an engine without it gets the printed components)

Further modules by topic as needed (funding.py, payout.py).  Imports go one way:
rules → view/report → state; nothing imports rules back, inside a function or not
(import-linter's ``engines`` and ``no-cycles`` contracts in pyproject.toml).
Then add the package to :data:`ENGINES`; the conformance tests (tests/test_conformance.py,
tests/test_views.py) pick it up.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from pnp._errors import DataError, Finding, Severity, ValidationFailed, shown

if TYPE_CHECKING:  # the schema: the typesetter reads the setup figure without it
    from pnp.games.playlog import PlayLog
    from pnp.spec.game import Game

ENGINES: dict[str, str] = {
    "bidness": "pnp.games.bidness",
    "bigidea": "pnp.games.bigidea",
    "boom": "pnp.games.boom",
    "oldbiddy": "pnp.games.oldbiddy",
    "smallprint": "pnp.games.smallprint",
}
"""Engine name → module that implements it."""

Action = Any
_B = TypeVar("_B", bound=Callable[..., Any])
Bot = Callable[[Any, Sequence[Any], random.Random], Any]
"""``bot(view, legal_actions, rng) -> action``; ``view`` shows only what that seat may see."""


def blind(bot: _B) -> _B:
    """Mark ``bot`` as one that never reads its view (a random bot): simulations then
    pass it ``None`` instead of building a view it would throw away."""
    bot.blind = True  # type: ignore[attr-defined]
    return bot


def sees(bot: Bot) -> bool:
    """Whether ``bot`` reads the view it is given (see :func:`blind`)."""
    return not getattr(bot, "blind", False)


class GameState(Protocol):
    """One game in progress (OpenSpiel-like); chance comes from its own seeded RNG."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> Sequence[Action]: ...
    # the same actions in the same order every time: a list, a tuple, a range, or a lazy
    # sequence that makes each action when read (`len`, `[i]`, `in` and iteration work)
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

    def card_record(self) -> list[dict[str, int]]:
        """Per seat: each card design it drew → the times it played it (pnp.games.playlog)."""
        ...

    def rules_used(self) -> frozenset[str]:
        """The ids of the engine's listed rules (``RULES``) that this game put to use."""
        ...


class Engine(Protocol):
    """What the runner, the CLI and the rulebook need from a game's engine module."""

    NAME: str
    BOTS: dict[str, Bot]

    def validate(self, game: Game) -> list[Finding]: ...
    def new_state(
        self, game: Game, players: int, seed: int, transcript: bool = True, record: bool = False
    ) -> GameState:
        """A game set up; ``transcript`` keeps its lines, ``record`` its play log (the
        per-card record and the rules used: ``card_record``, ``rules_used``), which only
        a simulation's report reads; without it both are empty and play costs less."""
        ...

    def worked_examples(self, game: Game) -> dict[str, Any]: ...
    def determinize(self, view: Any, rng: random.Random) -> GameState:
        """A full state that the seat of ``view`` cannot tell from the real one, built
        from the view alone: what it cannot see (other hands, face-down cards, deck
        order, future dice) is sampled afresh from ``rng``; what it can see is exactly
        as in the view (``determinize(view, rng).view(view.seat) == view``).  The search bot
        (:mod:`pnp.games.search`) plays many of these to choose a move."""
        ...

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


class Reporting:
    """What every engine's state tells the runner, answered from its ``log`` and its
    report module (``REPORT``): mixed into each engine's state class."""

    __slots__ = ()
    REPORT: Any
    log: list[str] | None
    playlog: PlayLog | None

    @property
    def transcript(self) -> list[str]:
        return self.log if self.log is not None else []

    def usage(self) -> dict[str, dict[str, int]]:
        return self.REPORT.usage(self)  # type: ignore[no-any-return]

    def ran_out(self) -> list[str]:
        return self.REPORT.ran_out(self)  # type: ignore[no-any-return]

    def measures(self) -> dict[str, float]:
        return self.REPORT.measures(self)  # type: ignore[no-any-return]

    def card_record(self) -> list[dict[str, int]]:
        return self.playlog.record() if self.playlog is not None else []

    def rules_used(self) -> frozenset[str]:
        return frozenset(self.playlog.rules) if self.playlog is not None else frozenset()


def check_players(game: Game, players: int) -> None:
    """Refuse a player count outside the game's range (a usage error: exit 2)."""
    span = game.spec.players
    if not span.min <= players <= span.max:
        from pnp._errors import UsageError

        raise UsageError(
            f"{game.spec.name} plays with {span.min} to {span.max} players, not {players}"
        )


ENGINE_PARTS = {
    "BOTS": ".bots",
    "State": ".rules",
    "determinize": ".rules",
    "RULES": ".decisions",
    "table_at_start": ".setup",
}
"""Where every engine keeps the parts its package loads only when asked for."""


def lazy_attributes(package: str, where: dict[str, str] = ENGINE_PARTS) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports each name in ``where`` from its submodule on
    first use, so validating or building a game never loads an engine's bots or state.
    The name is then kept in the package, so later reads (a simulation reads ``BOTS``
    often) are plain attribute lookups."""

    def __getattr__(name: str) -> Any:
        if name in where:
            value = getattr(importlib.import_module(where[name], package), name)
            setattr(sys.modules[package], name, value)
            return value
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
    "Reporting",
    "check_players",
    "checked_once",
    "blind",
    "get_engine",
    "lazy_attributes",
    "sees",
]


def engine_for(game: Game) -> Engine | None:
    """The rules engine the game names in game.yaml (None when it names none)."""
    if game.spec.engine is None:
        return None
    if game.spec.engine not in ENGINES:
        raise DataError(
            f"no rules engine {shown(game.spec.engine)} (engines: {', '.join(sorted(ENGINES))})",
            game.spec_location("engine"),
        )
    return get_engine(game.spec.engine)
