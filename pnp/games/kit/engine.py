"""One declaration per engine (:class:`EngineInfo`) and the module API the kit builds from
it: ``new_state``, ``worked_examples``, ``printed_components``, ``config_for`` and the
parts each engine package loads only when asked for (docs/engines.md)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pnp._errors import Finding, Severity, UsageError, ValidationFailed
from pnp.games.kit.freeze import FrozenDict

if TYPE_CHECKING:
    from pnp.games.playlog import PlayLog, SeatDraws
    from pnp.spec.game import Game

STANDARD_PARTS: FrozenDict[str, str] = FrozenDict(
    {
        "validate": ".check",
        "config_from_game": ".config",
        "State": ".rules",
        "determinize": ".rules",
        "BOTS": ".bots",
        "RULES": ".decisions",
        "examples_for": ".examples",
        "printed": ".report",
        "table_at_start": ".setup",
    }
)
"""Where every engine keeps each part (attribute → its submodule, relative to the package)."""

BOT_ORDER = ("search", "heuristic", "random")
"""The standard bots, strongest first (:attr:`EngineInfo.bot_order`)."""


@dataclass(frozen=True, slots=True)
class EngineInfo:
    """What the rest of pnp knows of an engine without loading its rules."""

    name: str
    """The engine's name in ``game.yaml`` (``engine:``) and in :data:`pnp.games.ENGINES`."""
    title: str
    hides: str
    """What its views keep from a seat, in a few words."""
    playtest_bots: tuple[str, ...] = ("random",)
    """The bots validate's quick playtest seats (random play needs the most components)."""
    playtest_games: int | None = None
    """Games of that playtest (None: the runner's default)."""
    step_cap: int = 20_000
    """Decisions after which a simulated game counts as a timeout."""
    players: tuple[int, int] | None = None
    """The player counts the rules can play; None: what the game's ``players:`` says
    (checked by :func:`check_players` either way)."""
    parts: FrozenDict[str, str] = STANDARD_PARTS
    """Attribute → submodule; an engine with parts of its own adds them to the standard ones."""
    bot_order: tuple[str, ...] = BOT_ORDER
    """Its bots, strongest first: whose card statistics a simulation of several bots
    leads with when the run itself does not tell which is stronger (pnp.sim.card_kinds)."""


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


def check_players(game: Game, players: int, info: EngineInfo | None = None) -> None:
    """Refuse a player count outside the game's range, or the engine's (a usage error: exit 2)."""
    low, high = game.spec.players.min, game.spec.players.max
    if info is not None and info.players is not None:
        low, high = max(low, info.players[0]), min(high, info.players[1])
    if not low <= players <= high:
        raise UsageError(f"{game.spec.name} plays with {low} to {high} players, not {players}")


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
        return self.playlog.rules() if self.playlog is not None else frozenset()

    def rule_uses(self) -> Sequence[str]:
        return self.playlog.uses if self.playlog is not None else ()

    def worth(self) -> tuple[float, ...]:
        """Each seat's worth as its ``returns()`` say: an engine whose returns are a
        running score keeps this; one whose returns say only who won overrides it."""
        returns: list[int] = self.returns()  # type: ignore[attr-defined]
        return tuple(map(float, returns))

    def draw_record(self) -> list[SeatDraws]:
        return self.playlog.draws() if self.playlog is not None else []

    def option_count(self, legal: Sequence[Any]) -> int:
        """How many options a decision with these legal actions offers, for the report's
        options per decision: one per action, unless the engine counts its own way."""
        return len(legal)


def _module_api(package: str, info: EngineInfo, part: Callable[[str], Any]) -> dict[str, Any]:
    """The functions every engine module offers, built from its parts."""

    def validate(game: Game) -> list[Finding]:
        return part("validate")(game)  # type: ignore[no-any-return]

    config_for = checked_once(validate, lambda game: part("config_from_game")(game))

    def new_state(
        game: Game,
        players: int,
        seed: int | None = None,
        transcript: bool = True,
        record: bool = False,
    ) -> Any:
        check_players(game, players, info)
        state = part("State")(config_for(game), players, seed, transcript, record)
        if record and state.playlog is not None:  # every engine deals in its State's setup
            state.playlog.close_opening()
        return state

    def worked_examples(game: Game) -> dict[str, Any]:
        return part("examples_for")(config_for(game), game)  # type: ignore[no-any-return]

    def printed_components(game: Game) -> dict[str, dict[str, int]]:
        return part("printed")(config_for(game))  # type: ignore[no-any-return]

    api: dict[str, Any] = {
        "validate": validate,
        "config_for": config_for,
        "new_state": new_state,
        "worked_examples": worked_examples,
        "printed_components": printed_components,
        "MAX_STEPS": info.step_cap,
        "PLAYTEST_BOTS": info.playtest_bots,
    }
    if info.playtest_games is not None:
        api["PLAYTEST_GAMES"] = info.playtest_games
    for name, value in api.items():
        if callable(value):
            value.__module__, value.__qualname__ = package, name
    return api


def declare(package: str, info: EngineInfo, kit: bool = True) -> Callable[[str], Any]:
    """The module ``__getattr__`` of the engine package ``package``: the kit's functions
    (:func:`_module_api`) and each part in ``info.parts``, imported from its submodule on
    first use (validating or building a game never loads an engine's bots or state) and
    then kept in the package, so later reads (a simulation reads ``BOTS`` often) are
    plain attribute lookups. It also gives the package its ``NAME`` and ``__all__``, so
    an engine's ``__init__.py`` is its declaration and the line that calls this."""
    module = sys.modules[package]
    module.NAME = info.name  # type: ignore[attr-defined]
    module.__all__ = api_names(info)  # type: ignore[attr-defined]
    api: dict[str, Any] = {}
    loaded: dict[str, Any] = {}

    def part(name: str) -> Any:
        # new_state asks for "State" once per game: a dict hit, not an import_module call
        value = loaded.get(name)
        if value is None:
            value = getattr(importlib.import_module(info.parts[name], package), name)
            loaded[name] = value
            setattr(sys.modules[package], name, value)
        return value

    def __getattr__(name: str) -> Any:
        if kit and not api:
            api.update(_module_api(package, info, part))
        if name in api:
            setattr(sys.modules[package], name, api[name])
            return api[name]
        if name in info.parts:
            return part(name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


LEGACY_PARTS = {
    "BOTS": ".bots",
    "State": ".rules",
    "determinize": ".rules",
    "RULES": ".decisions",
    "table_at_start": ".setup",
}
"""The parts an engine not yet declared with :class:`EngineInfo` loads lazily."""


def lazy_attributes(package: str, where: dict[str, str] = LEGACY_PARTS) -> Callable[[str], Any]:
    """A module ``__getattr__`` importing each name in ``where`` from its submodule on
    first use, for the engines not yet converted to :func:`declare` (docs/engines.md)."""
    return declare(package, EngineInfo(package, package, "", parts=FrozenDict(where)), kit=False)


def api_names(info: EngineInfo) -> list[str]:
    """What an engine package offers, for its ``__all__``."""
    kit = ["INFO", "NAME", "config_for", "new_state", "printed_components", "worked_examples"]
    return sorted({*kit, *info.parts})
