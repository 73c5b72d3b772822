"""Views are data (docs/architecture.md §3), checked for every engine.

A view holds copies of what one seat may see and nothing that leads back to the state:
no path of references from a view reaches the state or any mutable object the state
holds; ``determinize(view, rng).view(seat) == view``; two determinizations differ in
something the seat cannot see whenever something is hidden; a view cannot be changed.
The engine's config (a frozen dataclass shared by every state of a game) is the one
object a view may share with the state: it is data of the game, not of the game in
progress, and it is not walked.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import types
from collections.abc import Iterator
from enum import Enum
from typing import Any, NamedTuple

import pytest

from pnp.games import Engine, GameState
from pnp.spec.game import Game

GAMES = 6
"""Seeded random games per engine and player count."""
STRIDE = 7
"""Random steps between two looks at the views (every seat's, each time)."""
LOOKS = 12
"""Looks per game (fewer when the game ends first)."""

_IMMUTABLE = (int, float, complex, str, bytes, bool, type(None), tuple, frozenset, range, Enum)
_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
"""Classes, modules and functions are code, not game data: never walked."""


def _config(state: Any) -> Any:
    return getattr(state, "cfg", None) or getattr(state, "cat", None)


def _is_immutable(obj: Any) -> bool:
    if isinstance(obj, _IMMUTABLE):
        return True
    params = getattr(type(obj), "__dataclass_params__", None)
    return params is not None and params.frozen


def reachable(root: Any, skip: Any = None) -> Iterator[Any]:
    """Every object reachable from ``root`` by references (``gc.get_referents``), not
    entering ``skip`` (the shared config), classes, modules or functions."""
    seen = {id(skip)}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _OPAQUE):
            continue
        seen.add(id(obj))
        yield obj
        todo.extend(gc.get_referents(obj))


def owned(state: Any) -> set[int]:
    """Ids of the mutable objects reachable from ``state`` (the state itself among them)."""
    return {id(o) for o in reachable(state, _config(state)) if not _is_immutable(o)}


def leaks(view: Any, state: Any, mine: set[int] | None = None) -> list[str]:
    """What in ``view`` is mutable or is a mutable part of ``state`` (empty: none);
    ``mine`` is ``owned(state)`` when already known."""
    cfg = _config(state)
    if cfg is not None:
        params = type(cfg).__dataclass_params__
        assert params.frozen, "the config a view may share must be a frozen dataclass"
    mine = owned(state) if mine is None else mine
    found = []
    for obj in reachable(view, cfg):
        if id(obj) in mine:
            found.append(f"{type(obj).__name__} of the state: {obj!r:.80}")
        elif not _is_immutable(obj):
            found.append(f"mutable {type(obj).__name__}: {obj!r:.80}")
    return found


def looks(
    engine: Engine, game: Game, games: int = GAMES, every_seat: bool = True
) -> Iterator[tuple[GameState, int]]:
    """(state, seat) at many points of ``games`` seeded random games per player count,
    the game played on between looks; every seat is looked at (the one to move and the
    others), or only the one to move."""
    bot = engine.BOTS["random"]
    for players in range(game.spec.players.min, game.spec.players.max + 1):
        for seed in range(games):
            state = engine.new_state(game, players, seed)
            rng = random.Random(seed)
            for _ in range(LOOKS):
                if state.is_terminal():
                    break
                for seat in range(players) if every_seat else (state.current_player(),):
                    yield state, seat
                for _ in range(STRIDE + seed):
                    if state.is_terminal():
                        break
                    state.apply(bot(None, state.legal_actions(), rng))


class _Leaky(NamedTuple):
    seat: int
    hand: list[int]


def test_the_leak_check_can_fail() -> None:
    """A view holding a list of the state, or any list, is caught."""

    class Table:
        def __init__(self) -> None:
            self.hands = [[1, 2], [3]]

    table = Table()
    assert leaks(_Leaky(0, table.hands[0]), table)
    assert leaks(_Leaky(0, [1, 2]), table)  # a mutable copy: a bot could still change it
    assert leaks((0, table), table)
    assert not leaks((0, tuple(table.hands[0])), table)


def test_views_reach_nothing_mutable(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    mine: set[int] = set()
    for state, seat in looks(engine, game, games=3):
        if seat == 0:
            mine = owned(state)
        found = leaks(state.view(seat), state, mine)
        assert not found, f"seat {seat}'s view: {found[:3]}"


def test_views_cannot_be_changed(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    state = engine.new_state(game, game.spec.players.max, 3)
    view = state.view(0)  # hashable too unless the config holds a dict (Bidness's tables)
    field = "seat" if hasattr(view, "seat") else next(iter(vars(view)))
    with pytest.raises((AttributeError, dataclasses.FrozenInstanceError)):
        setattr(view, field, 1)


def test_determinize_gives_back_the_view(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    checked = 0
    for state, seat in looks(engine, game):
        view = state.view(seat)
        for draw in range(2):
            sample = engine.determinize(view, random.Random(draw))
            assert sample.view(seat) == view, f"seat {seat}, draw {draw}"
        checked += 1
    assert checked > 50


def _others(state: GameState, seat: int) -> tuple[Any, ...]:
    """What the other seats see, which ``seat`` may not: their hands and the like."""
    return tuple(state.view(s) for s in range(len(state.returns())) if s != seat)


def _future(engine: Engine, state: GameState, steps: int = 12) -> tuple[Any, ...]:
    """Every seat's view after ``steps`` moves of a fixed random bot: draws from a hidden
    deck and new dice show here."""
    rng = random.Random(0)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(engine.BOTS["random"](None, state.legal_actions(), rng))
    return _others(state, -1)


def test_determinizations_differ_in_what_is_hidden(engine_game: tuple[Engine, Game]) -> None:
    """Where a sample differs from the real game in what the other seats see (their
    hands, face-down cards), something is hidden from the seat to move, and two seeds
    must deal it differently: in what the other seats see now, or in what everyone sees
    a few moves on (a deck's order, the dice to come).  In most games other seats hold
    secrets most of the time."""
    engine, game = engine_game
    looked = hidden = 0
    for state, seat in looks(engine, game, games=3, every_seat=False):
        view = state.view(seat)
        one, two = (engine.determinize(view, random.Random(s)) for s in (1, 2))
        looked += 1
        if _others(one, seat) == _others(state, seat):
            continue
        hidden += 1
        differ = _others(one, seat) != _others(two, seat)
        assert differ or _future(engine, one) != _future(engine, two), f"seat {seat}"
    assert hidden > looked // 4, f"something hidden at {hidden} of {looked} looks"
