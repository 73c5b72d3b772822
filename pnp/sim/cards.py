"""Per-card statistics of a simulation run: how a seat fares when it draws a card.

Each completed game gives one observation per seat: the designs that seat drew, the times
it played each, and its share of the win (a tie splits it). For a design, *win when drawn*
is the mean win share over the seat-games that drew it, *win when not drawn* over the
others, and their difference is its *improvement when drawn* (IWD, as the collectible-card
community calls it). The 95 % interval of that difference is Newcombe's hybrid score
interval (Newcombe 1998, method 10), built from two Wilson intervals: it stays inside
[-1, 1] and behaves with few games, where the plain normal interval does not.

A card is flagged when its interval, widened for the number of cards compared
(Bonferroni), leaves out zero: with thirty cards a plain 95 % interval would flag one or
two by chance in every run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class CardStats:
    drawn: int
    """Seat-games in which the seat drew the card."""
    played: int
    """Times the card was played, over all games and seats."""
    win_when_drawn: float | None
    win_when_not_drawn: float | None
    iwd: float | None
    """Improvement when drawn: win when drawn − win when not drawn."""
    iwd_ci95: tuple[float, float] | None
    play_rate: float | None
    """Times played per seat-game that drew it."""
    outlier: bool
    """The interval, corrected for the number of cards, leaves out zero."""


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share of ``wins`` in ``n`` trials (wins may be split)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(wins1: float, n1: int, wins2: float, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for the difference of two shares, p1 − p2."""
    p1, p2 = wins1 / n1, wins2 / n2
    l1, u1 = wilson(wins1, n1, z)
    l2, u2 = wilson(wins2, n2, z)
    d = p1 - p2
    return d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


def card_stats(
    records: Sequence[Sequence[dict[str, int]]], shares: Sequence[Sequence[float]]
) -> dict[str, CardStats]:
    """Statistics per design from each completed game's per-seat records and win shares.

    ``records[g][seat]`` maps each design the seat drew to the times it played it;
    ``shares[g][seat]`` is the seat's share of the win (1, 1/k in a k-way tie, or 0).
    """
    seat_games = [
        (record, share)
        for game, split in zip(records, shares, strict=True)
        for record, share in zip(game, split, strict=True)
    ]
    total_n, total_wins = len(seat_games), sum(share for _, share in seat_games)
    # one pass over the seat-games, each design's sums taken in seat-game order as before
    sums: dict[str, list[float]] = {}
    for record, share in seat_games:
        for card, plays in record.items():
            acc = sums.get(card)
            if acc is None:
                sums[card] = [1.0, 0.0 + share, 0.0 + plays]
            else:
                acc[0] += 1
                acc[1] += share
                acc[2] += plays
    designs = sorted(sums)
    strict = NormalDist().inv_cdf(1 - 0.025 / max(1, len(designs)))
    out = {}
    for card in designs:
        n, wins, played = sums[card]
        drawn, rest = int(n), total_n - int(n)
        rest_wins = total_wins - wins
        when = wins / drawn
        otherwise = rest_wins / rest if rest else None
        interval = newcombe(wins, drawn, rest_wins, rest) if rest else None
        wide = newcombe(wins, drawn, rest_wins, rest, strict) if rest else None
        out[card] = CardStats(
            drawn=drawn,
            played=int(played),
            win_when_drawn=when,
            win_when_not_drawn=otherwise,
            iwd=None if otherwise is None else when - otherwise,
            iwd_ci95=interval,
            play_rate=played / drawn,
            outlier=wide is not None and (wide[0] > 0 or wide[1] < 0),
        )
    return out
