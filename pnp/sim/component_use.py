"""How a run's games used the components a game prints: each item's peak against its
printed count, the count that would cover nearly every game, and the games in which a
group ran short (what `validate`'s quick playtest and the rulebook's figures read)."""

from __future__ import annotations

import math

from pnp.sim.results import ComponentUse

COVERAGE = 0.999
"""Share of games a printed component count should cover without running short."""


def covering_count(values: list[int], share: float = COVERAGE) -> int:
    """Smallest count that is at least the value of ``share`` of the games."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else 0


def component_use(
    printed: dict[str, dict[str, int]], peaks: dict[tuple[str, str], list[int]]
) -> tuple[dict[str, dict[str, ComponentUse]], list[str]]:
    """Each printed item's use over the games (its peaks), and a line for each that ran
    short."""
    out: dict[str, dict[str, ComponentUse]] = {}
    short: list[str] = []
    for group, items in printed.items():
        out[group] = {}
        for item, count in items.items():
            seen = peaks.get((group, item), [0])
            use = ComponentUse(
                count, max(seen), covering_count(seen), sum(1 for n in seen if n > count)
            )
            out[group][item] = use
            if use.short_games:
                short.append(
                    f"{group} {item}: up to {use.peak} needed at once, {count} printed; "
                    f"short in {use.short_games} of {len(seen)} games "
                    f"({use.covering} would cover {COVERAGE:.1%} of games)"
                )
    return out, short


def short_games(
    printed: dict[str, dict[str, int]], peaks: dict[tuple[str, str], list[int]]
) -> dict[str, int]:
    """Per component group: the games in which any of its items ran short (game ``i`` is
    the ``i``-th value of every item's list of peaks)."""
    out: dict[str, int] = {}
    for group, items in printed.items():
        seen = [(peaks.get((group, item), []), count) for item, count in items.items()]
        games = max((len(values) for values, _ in seen), default=0)
        out[group] = sum(
            1
            for i in range(games)
            if any(i < len(values) and values[i] > count for values, count in seen)
        )
    return out
