"""The market board and the sums of the game: gem values, Boss moves, bids and scores.

Pure functions of plain values, shared by the rules, the bots and the worked examples.
The market's two functions of the gems' places, :func:`values` and :func:`move`, remember
their answers: a search asks them for the same few markets thousands of times a decision
(the Boss weighs every move in every playout), and the bundled game's three gems on a
track of 19 spaces can stand in at most 5,814 ways.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import mul

from pnp.games.oldbiddy.config import Config

MARKETS_KEPT = 1 << 14
"""Markets whose values (and Boss moves) are remembered; older ones are worked out again."""


def values(config: Config, positions: Sequence[int]) -> tuple[int, ...]:
    """Value of each colour: its rank on the market, lowest gem first (market values)."""
    return _ranked(config.market_values, tuple(positions))


@lru_cache(maxsize=MARKETS_KEPT)
def _ranked(market_values: tuple[int, ...], positions: tuple[int, ...]) -> tuple[int, ...]:
    order = sorted(range(len(positions)), key=positions.__getitem__)
    out = [0] * len(positions)
    for rank, color in enumerate(order):
        out[color] = market_values[rank]
    return tuple(out)


def move(positions: Sequence[int], color: int, delta: int) -> tuple[int, ...]:
    """Move ``color``'s gem ``delta`` spaces (up when positive), one step at a time; a gem
    on the space it lands on takes the space just left (B. The Boss)."""
    return _moved(tuple(positions), color, delta)


@lru_cache(maxsize=MARKETS_KEPT)
def _moved(positions: tuple[int, ...], color: int, delta: int) -> tuple[int, ...]:
    pos = list(positions)
    step = 1 if delta > 0 else -1
    for _ in range(abs(delta)):
        here, there = pos[color], pos[color] + step
        for other, p in enumerate(pos):
            if p == there:
                pos[other] = here
        pos[color] = there
    return tuple(pos)


def values_after(
    config: Config, positions: tuple[int, ...], color: int, delta: int
) -> tuple[int, ...]:
    """:func:`values` once ``color`` has moved ``delta`` spaces (:func:`move`): one lookup
    where the Boss weighs each of its moves."""
    return _ranked_after(config.market_values, positions, color, delta)


@lru_cache(maxsize=MARKETS_KEPT)
def _ranked_after(
    market_values: tuple[int, ...], positions: tuple[int, ...], color: int, delta: int
) -> tuple[int, ...]:
    return _ranked(market_values, _moved(positions, color, delta))


def payment(cost: int, value: int) -> int:
    """Fewest gems of one colour worth ``value`` each that reach ``cost``: no change."""
    return -(-cost // value)


def bid_value(
    config: Config, gems: Sequence[int], fakes: int, marker: int, gem_values: Sequence[int]
) -> int:
    """Phase 1: a fake gem's points + the old turn order marker + each gem's market value."""
    return fakes * config.fake_gem_bid + marker + sum(map(mul, gems, gem_values))


def turn_order(bids: Sequence[int], old_markers: Sequence[int]) -> list[int]:
    """Seats from the best bid down; a tie goes to the larger old marker (decision bid-tie)."""
    return sorted(range(len(bids)), key=lambda s: (-bids[s], -old_markers[s]))  # decision bid-tie


def color_values_for(config: Config, gem_values: Sequence[int], front: Sequence[int]) -> list[int]:
    """What one player's gems of each colour are worth at the end: market value plus the
    Moneybags bonus for each of their own gems of that colour in front of the screen."""
    return [v + config.moneybags_bonus * f for v, f in zip(gem_values, front, strict=True)]


def final_score(
    config: Config,
    gem_values: Sequence[int],
    behind: Sequence[int],
    front: Sequence[int],
    zero: int,
    fakes: int,
) -> int:
    """Scoring: two colours (not the zero marker's), gems behind the screen only, each
    worth its :func:`color_values_for` value (summed here without building that list)."""
    bonus, total = config.moneybags_bonus, 0
    for c, n in enumerate(behind):
        if n and c != zero:
            total += n * (gem_values[c] + bonus * front[c])  # decision moneybags-bonus
    return total + (config.fake_gem_kept_score if fakes else 0)  # decision two-fake-gems


def final_scores(
    config: Config,
    positions: Sequence[int],
    behind: Sequence[Sequence[int]],
    front: Sequence[Sequence[int]],
    zeros: Sequence[int],
    fakes: Sequence[int],
) -> list[int]:
    """Every seat's :func:`final_score` at the market ``positions``."""
    worth = values(config, positions)
    return [
        final_score(config, worth, behind[s], front[s], zeros[s], fakes[s])
        for s in range(len(behind))
    ]
