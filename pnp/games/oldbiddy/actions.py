"""What a seat may do, as small tuples (see :mod:`.rules` for the whole list)."""

from __future__ import annotations

from typing import Any

from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.config import GIFT_GEM, MOVE_GEM, SHOW_GEM, SWAP_ZERO
from pnp.games.oldbiddy.state import StateData

Action = tuple[Any, ...]
PASS: Action = ("pass",)
SEAL: Action = ("seal",)
FAKE: Action = ("fake",)


def _affordable_moves(state: StateData, seat: int) -> list[tuple[int, int]]:
    """(colour, signed spaces) of every Boss move ``seat`` can pay for, on the track or not."""
    cfg, held = state.cfg, state.behind[seat]
    worth = market.values(cfg, state.positions)
    return [
        (c, sign * spaces)
        for c in range(len(cfg.colors))
        for spaces, cost in sorted(cfg.boss_costs.items())
        if held[c] >= market.payment(cost, worth[c])
        for sign in (1, -1)
    ]


def moves_off_the_board(state: StateData, seat: int) -> int:
    """Boss moves ``seat`` could pay for that the end rule forbids (a measure)."""
    return sum(
        not market.on_track(state.cfg, state.positions, c, d)
        for c, d in _affordable_moves(state, seat)
    )


def options(state: StateData, seat: int, action: str) -> list[Action]:
    """What ``seat`` may do with the character whose action is ``action`` (phase 3).

    The Boss pays in the colour it moves, the fewest gems that reach the cost, and the
    moved gem must stay on the track; the Boss, Moneybags and the Kid may pass
    (decision skip-action); the Princess must take when the supply has a gem.
    """
    held = state.behind[seat]
    if action == MOVE_GEM:
        moves: list[Action] = [
            ("move", c, d)
            for c, d in _affordable_moves(state, seat)
            if market.on_track(state.cfg, state.positions, c, d)
        ]
        return [*moves, PASS]
    if action == SHOW_GEM:
        return [*(("show", c) for c, k in enumerate(held) if k), PASS]
    if action == SWAP_ZERO:
        return [*(("swap", slot) for slot in range(len(state.board_zero))), PASS]
    if action == GIFT_GEM:
        return [("take", c) for c, left in enumerate(state.supply) if left] or [PASS]
    return [PASS]
