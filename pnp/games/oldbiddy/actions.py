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


def options(state: StateData, seat: int, action: str) -> list[Action]:
    """What ``seat`` may do with the character whose action is ``action`` (phase 3).

    The Boss pays in the colour it moves, the fewest gems that reach the cost, and the
    moved gem must stay on the track; the Boss, Moneybags and the Kid may pass
    (decision skip-action); the Princess must take when the supply has a gem.
    """
    cfg, held = state.cfg, state.behind[seat]
    if action == MOVE_GEM:
        worth = market.values(cfg, state.positions)
        moves: list[Action] = [
            ("move", c, sign * spaces)
            for c in range(len(cfg.colors))
            for spaces, cost in sorted(cfg.boss_costs.items())
            if held[c] >= market.payment(cost, worth[c])
            for sign in (1, -1)
            if market.on_track(cfg, state.positions, c, sign * spaces)
        ]
        return [*moves, PASS]
    if action == SHOW_GEM:
        return [*(("show", c) for c, k in enumerate(held) if k), PASS]
    if action == SWAP_ZERO:
        return [*(("swap", slot) for slot in range(len(state.board_zero))), PASS]
    if action == GIFT_GEM:
        return [("take", c) for c, left in enumerate(state.supply) if left] or [PASS]
    return [PASS]
