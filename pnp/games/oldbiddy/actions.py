"""What a seat may do, as small tuples (see :mod:`.rules` for the whole list)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.config import GIFT_GEM, MOVE_GEM, SHOW_GEM, SWAP_ZERO
from pnp.games.oldbiddy.state import StateData

Action = tuple[Any, ...]
PASS: Action = ("pass",)
SEAL: Action = ("seal",)
FAKE: Action = ("fake",)


@cache
def _adds(colors: int) -> tuple[Action, ...]:
    """``("add", c)`` for every colour, made once: a bid lists them again and again."""
    return tuple(("add", c) for c in range(colors))


@cache
def _takes(characters: int) -> tuple[Action, ...]:
    return tuple(("take", i) for i in range(characters))


@cache
def _gem_picks(colors: int) -> tuple[Action, ...]:
    return tuple(("gem", c) for c in range(colors))


@lru_cache(maxsize=4096)
def _gifts(players: int, seat: int, left: tuple[bool, ...]) -> tuple[Action, ...]:
    return tuple(
        ("give", other, c)
        for other in range(players)
        if other != seat
        for c, has in enumerate(left)
        if has
    )


def without(legal: list[Action], action: Action) -> list[Action]:
    """A copy of ``legal`` less ``action`` (listed once): the next options of a seat
    that goes on bidding."""
    rest = legal[:]
    rest.remove(action)
    return rest


def bid_options(state: StateData, seat: int) -> list[Action]:
    """Phase 1: one more gem of a colour still held, a fake gem (up to the bid's limit),
    or seal the bid."""
    gems, held = state.bid_gems[seat], state.behind[seat]
    adds = _adds(len(gems))
    out: list[Action] = [adds[c] for c in range(len(gems)) if held[c] > gems[c]]
    if state.fakes[seat] > state.bid_fakes[seat] < state.cfg.fake_gems_per_bid:
        out.append(FAKE)
    out.append(SEAL)
    return out


def choice_options(state: StateData) -> list[Action]:
    """Phase 2: a character nobody took yet; the last seat instead one gem in supply."""
    if state.turn < state.n - 1:
        takes = _takes(len(state.owner))
        return [takes[i] for i, who in enumerate(state.owner) if who < 0]
    picks = _gem_picks(len(state.supply))
    return [picks[c] for c, left in enumerate(state.supply) if left]


def gift_options(state: StateData, seat: int) -> list[Action]:
    """The Princess's gift: any other seat, any colour left in the supply."""
    return list(_gifts(state.n, seat, tuple([left > 0 for left in state.supply])))


def boss_options(state: StateData, seat: int) -> tuple[list[Action], int]:
    """The Boss's legal moves then ``PASS``, and how many more moves ``seat`` could pay
    for that the end rule forbids (a measure).

    Each colour, each distance, up then down: paid in the moved colour with the fewest
    gems that reach the cost (:func:`market.payment`), and the moved gem must stay on
    the track (spaces 1 to ``cfg.spaces``, decision board-ends).
    """
    cfg, held, positions = state.cfg, state.behind[seat], state.positions
    worth, last = market.values(cfg, positions), cfg.spaces
    legal: list[Action] = []
    ruled_out = 0
    for c in range(len(cfg.colors)):
        for spaces, cost in cfg.boss_moves:
            if held[c] >= market.payment(cost, worth[c]):
                for delta in (spaces, -spaces):
                    if 1 <= positions[c] + delta <= last:
                        legal.append(("move", c, delta))
                    else:
                        ruled_out += 1
    legal.append(PASS)
    return legal, ruled_out


def options(state: StateData, seat: int, action: str) -> list[Action]:
    """What ``seat`` may do with the character whose action is ``action`` (phase 3).

    The Boss pays in the colour it moves, the fewest gems that reach the cost, and the
    moved gem must stay on the track; the Boss, Moneybags and the Kid may pass
    (decision skip-action); the Princess must take when the supply has a gem.
    """
    held = state.behind[seat]
    if action == MOVE_GEM:
        return boss_options(state, seat)[0]
    if action == SHOW_GEM:
        return [*(("show", c) for c, k in enumerate(held) if k), PASS]
    if action == SWAP_ZERO:
        return [*(("swap", slot) for slot in range(len(state.board_zero))), PASS]
    if action == GIFT_GEM:
        return [("take", c) for c, left in enumerate(state.supply) if left] or [PASS]
    return [PASS]
