"""Worked examples for the rulebook, computed by the engine's own functions from the data.

The inputs that are not game data (which gems a player holds or bids, which gem the
Boss moves) are chosen here to show each rule; every value, cost and result comes from
the loaded tables, so the rulebook never types those numbers by hand.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from pnp.games.decisions import published_rows, record_runs
from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.config import Config
from pnp.games.oldbiddy.decisions import PUBLISHED, decisions_for

if TYPE_CHECKING:
    from pnp.spec.game import Game

EXAMPLE_MARKER = 3
EXAMPLE_BID = (2, 0, 1)
"""Gems of each colour in the example bid."""
EXAMPLE_BEHIND = (5, 3, 4)
EXAMPLE_FRONT = (0, 1, 0)
EXAMPLE_BOSS_SPACES = 2
"""Two steps up from the bottom: the moved gem swaps past both others."""


def start_market(config: Config) -> tuple[int, ...]:
    """The example market: the colours on the start spaces in table order, first lowest."""
    return tuple(sorted(config.start_spaces))


def _names(config: Config, counts: tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"color": config.color_names[c], "count": n} for c, n in enumerate(counts) if n]


def bid_example(config: Config) -> dict[str, Any]:
    worth = market.values(config, start_market(config))
    total = market.bid_value(config, EXAMPLE_BID, 1, EXAMPLE_MARKER, worth)
    return {
        "fake": config.fake_gem_bid,
        "marker": EXAMPLE_MARKER,
        "gems": [
            {
                **row,
                "value": worth[config.color_names.index(row["color"])],
                "points": row["count"] * worth[config.color_names.index(row["color"])],
            }
            for row in _names(config, EXAMPLE_BID)
        ],
        "total": total,
    }


def start_gems_example(config: Config) -> list[dict[str, Any]]:
    worth = market.values(config, start_market(config))
    return [
        {
            "position": position,
            "extra": [config.color_names[worth.index(v)] for v in values],
            "worth": list(values),
        }
        for position, values in sorted(config.start_extra.items())
    ]


def boss_example(config: Config) -> dict[str, Any]:
    """The lowest gem pushed up, swapping past the others on the way."""
    before = start_market(config)
    worth = market.values(config, before)
    color = worth.index(min(worth))
    spaces = min(EXAMPLE_BOSS_SPACES, max(config.boss_costs))
    after = market.move(before, color, spaces)
    steps, pos = [], before
    for _ in range(spaces):
        pos = market.move(pos, color, 1)
        steps.append([{"color": config.color_names[c], "space": p} for c, p in enumerate(pos)])
    cost = config.boss_costs[spaces]
    return {
        "color": config.color_names[color],
        "spaces": spaces,
        "cost": cost,
        "value": worth[color],
        "paid": market.payment(cost, worth[color]),
        "before": [{"color": config.color_names[c], "space": p} for c, p in enumerate(before)],
        "steps": steps,
        "values_after": [
            {"color": config.color_names[c], "value": v}
            for c, v in enumerate(market.values(config, after))
        ],
    }


def score_example(config: Config) -> dict[str, Any]:
    worth = market.values(config, start_market(config))
    zero = worth.index(max(worth))
    each = market.color_values_for(config, worth, EXAMPLE_FRONT)
    rows = [
        {
            "color": config.color_names[c],
            "behind": EXAMPLE_BEHIND[c],
            "market": worth[c],
            "front": EXAMPLE_FRONT[c],
            "each": each[c],
            "zero": c == zero,
            "points": 0 if c == zero else EXAMPLE_BEHIND[c] * each[c],
        }
        for c in range(len(config.colors))
    ]
    total = market.final_score(config, worth, EXAMPLE_BEHIND, EXAMPLE_FRONT, zero, 1)
    return {"rows": rows, "fake": config.fake_gem_kept_score, "total": total}


def player_counts(config: Config) -> list[dict[str, Any]]:
    return [
        {
            "players": n,
            "characters": [c.letter for c in config.characters_for(n)],
            "removed": config.cards_removed[n],
            "used": config.cards_used(n),
            "spare_zero": sum(config.zero_markers) - n,
        }
        for n in range(config.min_players, config.max_players + 1)
    ]


def examples_for(config: Config, game: Game) -> dict[str, Any]:
    """The rulebook's computed figures, with the game's recorded simulation runs."""
    record = record_runs(game, sys.modules[__package__ or ""])
    return {
        "bid": bid_example(config),
        "start_gems": start_gems_example(config),
        "boss": boss_example(config),
        "score": score_example(config),
        "player_counts": player_counts(config),
        "decisions": decisions_for(config, record),
        "published": published_rows(PUBLISHED),
    }
