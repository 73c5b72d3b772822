"""Worked examples for the rulebook, computed by the engine's own functions from the data.

The inputs that are not game data (which gems a player holds or bids, which gem the
Boss moves) are chosen here to show each rule; every value, cost and result comes from
the loaded tables, so the rulebook never types those numbers by hand.
"""

from __future__ import annotations

from typing import Any

from pnp.games.decisions import published_rows
from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.config import Config
from pnp.games.oldbiddy.decisions import PUBLISHED, decisions_for

EXAMPLE_MARKER = 3
EXAMPLE_BID = (2, 0, 1)
"""Gems of each colour in the example bid."""
EXAMPLE_BEHIND = (5, 3, 4)
EXAMPLE_FRONT = (0, 1, 0)
EXAMPLE_BOSS_SPACES = 2
"""Two steps up from the bottom: the moved gem swaps past both others."""


def start_market(cfg: Config) -> tuple[int, ...]:
    """The example market: the colours on the start spaces in table order, first lowest."""
    return tuple(sorted(cfg.start_spaces))


def _names(cfg: Config, counts: tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"color": cfg.color_names[c], "count": n} for c, n in enumerate(counts) if n]


def bid_example(cfg: Config) -> dict[str, Any]:
    worth = market.values(cfg, start_market(cfg))
    total = market.bid_value(cfg, EXAMPLE_BID, 1, EXAMPLE_MARKER, worth)
    return {
        "fake": cfg.fake_gem_bid,
        "marker": EXAMPLE_MARKER,
        "gems": [
            {
                **row,
                "value": worth[cfg.color_names.index(row["color"])],
                "points": row["count"] * worth[cfg.color_names.index(row["color"])],
            }
            for row in _names(cfg, EXAMPLE_BID)
        ],
        "total": total,
    }


def start_gems_example(cfg: Config) -> list[dict[str, Any]]:
    worth = market.values(cfg, start_market(cfg))
    return [
        {
            "position": position,
            "extra": [cfg.color_names[worth.index(v)] for v in values],
            "worth": list(values),
        }
        for position, values in sorted(cfg.start_extra.items())
    ]


def boss_example(cfg: Config) -> dict[str, Any]:
    """The lowest gem pushed up, swapping past the others on the way."""
    before = start_market(cfg)
    worth = market.values(cfg, before)
    color = worth.index(min(worth))
    spaces = min(EXAMPLE_BOSS_SPACES, max(cfg.boss_costs))
    after = market.move(before, color, spaces)
    steps, pos = [], before
    for _ in range(spaces):
        pos = market.move(pos, color, 1)
        steps.append([{"color": cfg.color_names[c], "space": p} for c, p in enumerate(pos)])
    cost = cfg.boss_costs[spaces]
    return {
        "color": cfg.color_names[color],
        "spaces": spaces,
        "cost": cost,
        "value": worth[color],
        "paid": market.payment(cost, worth[color]),
        "before": [{"color": cfg.color_names[c], "space": p} for c, p in enumerate(before)],
        "steps": steps,
        "values_after": [
            {"color": cfg.color_names[c], "value": v}
            for c, v in enumerate(market.values(cfg, after))
        ],
    }


def score_example(cfg: Config) -> dict[str, Any]:
    worth = market.values(cfg, start_market(cfg))
    zero = worth.index(max(worth))
    each = market.color_values_for(cfg, worth, EXAMPLE_FRONT)
    rows = [
        {
            "color": cfg.color_names[c],
            "behind": EXAMPLE_BEHIND[c],
            "market": worth[c],
            "front": EXAMPLE_FRONT[c],
            "each": each[c],
            "zero": c == zero,
            "points": 0 if c == zero else EXAMPLE_BEHIND[c] * each[c],
        }
        for c in range(len(cfg.colors))
    ]
    total = market.final_score(cfg, worth, EXAMPLE_BEHIND, EXAMPLE_FRONT, zero, 1)
    return {"rows": rows, "fake": cfg.fake_gem_kept_score, "total": total}


def player_counts(cfg: Config) -> list[dict[str, Any]]:
    return [
        {
            "players": n,
            "characters": [c.letter for c in cfg.characters_for(n)],
            "removed": cfg.cards_removed[n],
            "used": cfg.cards_used(n),
            "spare_zero": sum(cfg.zero_markers) - n,
        }
        for n in range(cfg.min_players, cfg.max_players + 1)
    ]


def worked_examples(cfg: Config, record: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rulebook's computed figures; ``record``: the game's simulation runs, by key."""
    return {
        "bid": bid_example(cfg),
        "start_gems": start_gems_example(cfg),
        "boss": boss_example(cfg),
        "score": score_example(cfg),
        "player_counts": player_counts(cfg),
        "decisions": decisions_for(cfg, record),
        "published": published_rows(PUBLISHED),
    }
