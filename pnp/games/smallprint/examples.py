"""Worked examples for the rulebook, computed by the engine's own payout rules."""

from __future__ import annotations

from typing import Any

from pnp.games.smallprint.config import BIG, KINDS, SHARE, SMALL, TOTAL, Business, Config
from pnp.games.smallprint.decisions import decisions_for
from pnp.games.smallprint.payout import settle
from pnp.spec.game import Game

CASES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("Total alone", (TOTAL, SHARE)),
    ("Big and Small", (BIG, SMALL, SHARE)),
    ("One Small", (SMALL, SHARE, SHARE)),
    ("Two Smalls", (SMALL, SMALL, SHARE)),
    ("Big alone", (BIG, SHARE, SHARE)),
    ("Total and Small", (TOTAL, SMALL, SHARE)),
    ("Shares only", (SHARE, SHARE, SHARE)),
    ("No cards", ()),
)
"""The legality table: each case with a Share or two beside it, to show who is paid."""


def _who(kinds: tuple[int, ...], paid: dict[int, int]) -> str:
    parts = [f"{KINDS[k].title()} £{paid.get(i, 0)}m" for i, k in enumerate(kinds)]
    return ", ".join(parts) or "nobody"


def legality_table(cfg: Config, business: Business) -> list[dict[str, Any]]:
    rows = []
    for label, kinds in CASES:
        result = settle(business, list(enumerate(kinds)), cfg.cap)
        rows.append(
            {
                "case": label,
                "stands": not result.void,
                "paid": _who(kinds, result.paid),
                "pool": result.pool,
            }
        )
    return rows


def worked_examples(cfg: Config, numbers: dict[str, object]) -> dict[str, Any]:
    by_value = sorted(cfg.businesses, key=lambda b: b.value)
    top, mid = by_value[-1], next(b for b in by_value if b.value >= 7)
    over = settle(top, [(0, SMALL), (1, SHARE), (2, SHARE)], cfg.cap)
    void = settle(mid, [(0, TOTAL), (1, BIG), (2, SHARE), (2, SHARE)], cfg.cap)
    return {
        "legality": legality_table(cfg, mid),
        "legality_business": {
            "name": mid.name,
            "value": mid.value,
            "big": mid.big,
            "small": mid.small,
        },
        "over_cap": {
            "business": {"name": top.name, "value": top.value, "small": top.small},
            "paid": [over.paid.get(s, 0) for s in range(3)],
            "pool": over.pool,
            "divided": min(top.value, cfg.cap),
        },
        "void": {
            "business": {"name": mid.name, "value": mid.value},
            "paid": [void.paid.get(s, 0) for s in range(3)],
            "pool": void.pool,
        },
        "decisions": decisions_for(numbers),
    }


def examples_for(cfg: Config, game: Game) -> dict[str, Any]:
    """The kit's hook: the rulebook's worked examples, with this game's numbers."""
    numbers: dict[str, object] = {
        "shares": cfg.shares,
        "cap": cfg.cap,
        "start_cash": cfg.start_cash,
    }
    return worked_examples(cfg, numbers)
