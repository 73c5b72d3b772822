"""Worked examples for The Big Idea's rulebook, each computed by the engine's own functions."""

from __future__ import annotations

from typing import Any

from pnp.games.bigidea.config import DIE_FACES, Config, rounds_for
from pnp.games.bigidea.decisions import decisions_for
from pnp.games.bigidea.economy import (
    buy_in_payments,
    good_idea_winner,
    ipo_payout,
    share_ev,
    success_chance,
)
from pnp.spec.game import Game

BUY_IN_CHIPS = 1
"""Chips a Mezzanine buy-in places on the product (bigidea.txt; State._place)."""


def ev_table() -> list[dict[str, Any]]:
    """Expected payout per share for stacks of 1 to 6+ chips."""
    rows = []
    for stack in range(1, DIE_FACES + 1):
        ev = share_ev(stack)
        rows.append(
            {
                "stack": stack,
                "label": f"{stack}+" if stack == DIE_FACES else str(stack),
                "chance": str(success_chance(stack)),
                "ev": round(float(ev), 2),
                "ev_exact": str(ev),
            }
        )
    return rows


def examples_for(config: Config, game: Game) -> dict[str, Any]:
    """Numbers the rulebook prints, each computed by the engine's own functions."""

    def name(seat: int) -> str:
        return config.colors[seat]

    price, seats = config.share_price, max(3, config.min_players)
    holder, buyer, foreign = 1, 0, 1
    shares = [0] * seats
    shares[holder] = 2
    paid = buy_in_payments(shares, buyer, price)
    cost = sum(paid.values())
    stack_before = sum(shares) + foreign
    stack_after = stack_before + BUY_IN_CHIPS
    roll, owners = 3, {1: 2, 2: 1}
    payout = ipo_payout([owners.get(s, 0) for s in range(seats)], roll)
    tie = good_idea_winner([0, 1, 2], [2, 2, 1])
    return {
        "ev_table": ev_table(),
        "rounds": {n: rounds_for(n) for n in range(config.min_players, config.max_players + 1)},
        "mezzanine": {
            "holder": name(holder),
            "holder_shares": shares[holder],
            "foreign": foreign,
            "buyer": name(buyer),
            "payments": {name(s): v for s, v in paid.items()},
            "cost": cost,
            "foreign_cost": cost - sum(shares[s] * price for s in paid),
            "stack_before": stack_before,
            "stack_after": stack_after,
            "share_ev_before": round(float(share_ev(stack_before)), 2),
            "share_ev_after": round(float(share_ev(stack_after)), 2),
        },
        "ipo": {
            "roll": roll,
            "stack": sum(owners.values()),
            "payout": [
                {"seat": name(s), "shares": owners[s], "dollars": v} for s, v in payout.items()
            ],
        },
        "good_idea": {
            "bonus": config.good_idea_bonus,
            "tie_example": {
                "investors": {name(0): 2, name(1): 2, name(2): 1},
                "winner": None if tie is None else name(tie),
            },
        },
        "decisions": decisions_for(config),
        "setup": {
            "cash": config.start_cash,
            "chips": config.chips_per_player,
            "foreign": config.foreign_chips,
            "hand_per_deck": config.hand_per_deck,
        },
    }
