"""Per-card statistics of a simulation run: how a seat fares when it draws a card.

Each completed game gives one observation per seat: the designs that seat drew, the times
it played each, when it got each (its n-th distinct card; the opening hand is what it held
when the game was set up) and its share of the win (a tie splits it). For a design, *win
when drawn* is the mean win share over the seat-games that drew it, *win when not drawn*
over the others, and their difference is its *improvement when drawn* (IWD, as the
collectible-card community calls it). Beside it, in the manner of 17lands: the win rate
with the card in the opening hand (OH), when played at least once (GP), and when got
early or late (after the card's median place, outside the opening hand). Each rate
carries its 95 % Wilson interval and the seat-games behind it; each difference
Newcombe's hybrid score interval (Newcombe 1998, method 10), built from two Wilson
intervals: it stays inside [-1, 1] and behaves with few games, where the plain normal
interval does not.

A card is judged by its IWD, or, when drawn in at least 90 % of seat-games (the seats
that missed it are too few to compare with), by the win rate when got early minus when
got late. It is flagged when that difference's interval, widened for the number of
cards compared (Bonferroni), leaves out zero: with thirty cards a plain 95 % interval
would flag one or two by chance in every run.

Bots of different strength are never pooled: :mod:`pnp.sim.card_kinds` keeps these
statistics per bot kind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple

from pnp.games.intervals import Z95, wilson
from pnp.games.playlog import SeatDraws


@dataclass(frozen=True)
class Rate:
    """A win rate over some seat-games, with its 95 % Wilson interval."""

    n: int
    """Seat-games behind it."""
    win: float | None
    """Mean win share over them; None when there are none."""
    ci95: tuple[float, float] | None


@dataclass(frozen=True)
class Gain:
    """One group's win rate minus another's, with Newcombe's 95 % interval."""

    n: int
    """Seat-games behind the two groups together."""
    value: float | None
    """None when either group is empty."""
    ci95: tuple[float, float] | None


NO_RATE = Rate(0, None, None)
NO_GAIN = Gain(0, None, None)

LATE_SHARE = 0.9
"""A card drawn in at least this share of seat-games is judged by how a seat fares when
it got the card early against late (:attr:`CardStats.early_gain`), not by the few games
that did not draw it."""


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
    seat_games: int = 0
    """Seat-games compared: those that drew the card and those that did not."""
    when_drawn: Rate = NO_RATE
    """Win rate in the seat-games that drew it (17lands' GIH, games in hand)."""
    when_not_drawn: Rate = NO_RATE
    in_opening: Rate = NO_RATE
    """In the seat-games that held it in the opening hand (OH): dealt while the game was
    set up, before any seat's first decision."""
    when_played: Rate = NO_RATE
    """In the seat-games that played it at least once (GP)."""
    late_after: float | None = None
    """The median place at which a seat got the card (its n-th distinct card); a seat got
    it *late* when after that place and not in its opening hand, else *early*."""
    drawn_early: Rate = NO_RATE
    drawn_late: Rate = NO_RATE
    early_gain: Gain = NO_GAIN
    """Win when drawn early − win when drawn late."""
    late_outlier: bool = False
    """``early_gain``'s interval, corrected for the number of cards, leaves out zero."""
    judged_by: str = "not drawn"
    """What the card is judged against: ``not drawn`` (``iwd``, ``outlier``), or, for a
    card drawn in at least 90 % of seat-games, ``drawn late`` (``early_gain``,
    ``late_outlier``)."""

    @property
    def late(self) -> bool:
        """Judged by early against late draws rather than drawn against not drawn."""
        return self.judged_by == "drawn late"

    @property
    def gain(self) -> float | None:
        """The difference the card is judged by."""
        return self.early_gain.value if self.late else self.iwd

    @property
    def gain_ci95(self) -> tuple[float, float] | None:
        return self.early_gain.ci95 if self.late else self.iwd_ci95

    @property
    def flagged(self) -> bool:
        """The interval of the difference it is judged by, corrected for the number of
        cards, leaves out zero."""
        return self.late_outlier if self.late else self.outlier


def newcombe(wins1: float, n1: int, wins2: float, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for the difference of two shares, p1 − p2."""
    p1, p2 = wins1 / n1, wins2 / n2
    l1, u1 = wilson(wins1, n1, z)
    l2, u2 = wilson(wins2, n2, z)
    d = p1 - p2
    return d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


SeatGame = tuple[dict[str, int], float, SeatDraws | None]
"""One seat of one completed game: each design it drew → times played, its win share,
and when it got each design (None: not recorded)."""


def card_stats(
    records: Sequence[Sequence[dict[str, int]]],
    shares: Sequence[Sequence[float]],
    draws: Sequence[Sequence[SeatDraws]] | None = None,
) -> dict[str, CardStats]:
    """Statistics per design from each completed game's per-seat records and win shares.

    ``records[g][seat]`` maps each design the seat drew to the times it played it;
    ``shares[g][seat]`` is the seat's share of the win (1, 1/k in a k-way tie, or 0);
    ``draws[g][seat]``, when given, says when the seat got each design (an empty list for
    a game that kept none).
    """
    return stats_of(seat_games(records, shares, draws))


def seat_games(
    records: Sequence[Sequence[dict[str, int]]],
    shares: Sequence[Sequence[float]],
    draws: Sequence[Sequence[SeatDraws]] | None = None,
) -> list[SeatGame]:
    """Every completed game's seats in order, game by game."""
    out: list[SeatGame] = []
    for g, (game, split) in enumerate(zip(records, shares, strict=True)):
        when = draws[g] if draws is not None and g < len(draws) else ()
        for seat, (record, share) in enumerate(zip(game, split, strict=True)):
            out.append((record, share, when[seat] if seat < len(when) else None))
    return out


_OPENING_WINS, _OPENING = 3, 6
"""A design's sums in :func:`stats_of`: seat-games, wins and plays (0 to 2), wins with it
in the opening hand (3), seat-games that played it and their wins (4, 5); then three
histograms over the places, each as wide as the latest place any seat got a card
(:class:`_Layout`): seat-games that got it in the opening hand (from 6), after the
opening hand, and the wins of those."""


class _Layout(NamedTuple):
    later: int
    later_wins: int
    end: int

    @classmethod
    def of(cls, games: Sequence[SeatGame]) -> _Layout:
        width = 1 + max((d.got for _, _, d in games if d), default=0)
        return cls(_OPENING + width, _OPENING + 2 * width, _OPENING + 3 * width)


def card_index(ids: Sequence[str]) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    """Each design of one copy → its card index; each design of several → theirs."""
    copies: dict[str, list[int]] = {}
    for card, design in enumerate(ids):
        copies.setdefault(design, []).append(card)
    single = {design: cards[0] for design, cards in copies.items() if len(cards) == 1}
    return single, {design: tuple(cards) for design, cards in copies.items() if len(cards) > 1}


def stats_of(games: Sequence[SeatGame]) -> dict[str, CardStats]:
    """Statistics per design over the given seat-games (see :func:`card_stats`)."""
    total_n, total_wins = len(games), sum(share for _, share, _ in games)
    # one pass over the seat-games, each design's sums taken in seat-game order as before:
    # seat-games, wins, plays, then the rest (_OPENING ...) in one flat list per design
    sums: dict[str, list[float]] = {}
    indices: dict[int, tuple[dict[str, int], dict[str, tuple[int, ...]]]] = {}
    layout = _Layout.of(games)
    later, later_wins = layout.later, layout.later_wins
    for record, share, seat_draws in games:
        if seat_draws is not None:
            opening, places, ids, _ = seat_draws
            index, copies = indices.get(id(ids)) or indices.setdefault(id(ids), card_index(ids))
        # literal indices in this loop, which every seat-game's every card goes through;
        # adding a share of 0 changes no sum, so losing seats skip it
        for card, plays in record.items():
            acc = sums.get(card)
            if acc is None:
                acc = sums[card] = [0.0] * layout.end
            acc[0] += 1
            acc[2] += plays
            if share:
                acc[1] += share
                if plays:
                    acc[5] += share
            if plays:
                acc[4] += 1
            if seat_draws is None:
                continue
            try:
                place = places[index[card]]
            except KeyError:  # a design of several copies: where the seat got the first
                place = min(filter(None, map(places.__getitem__, copies[card])))
            if place <= opening:
                acc[6 + place] += 1
                if share:
                    acc[3] += share
            else:
                acc[later + place] += 1
                if share:
                    acc[later_wins + place] += share
    designs = sorted(sums)
    strict = NormalDist().inv_cdf(1 - 0.025 / max(1, len(designs)))
    out = {}
    for card in designs:
        acc = sums[card]
        n, wins, played, opening_wins, games_played, played_wins = acc[:_OPENING]
        drawn, rest = int(n), total_n - int(n)
        rest_wins = total_wins - wins
        when = wins / drawn
        otherwise = rest_wins / rest if rest else None
        interval = newcombe(wins, drawn, rest_wins, rest) if rest else None
        wide = newcombe(wins, drawn, rest_wins, rest, strict) if rest else None
        opening_hist, later_hist = (
            acc[_OPENING : layout.later],
            acc[layout.later : layout.later_wins],
        )
        median = median_place([a + b for a, b in zip(opening_hist, later_hist, strict=True)])
        early, late, gain, wide_gain = _early_late(acc, layout, median, strict)
        out[card] = CardStats(
            drawn=drawn,
            played=int(played),
            win_when_drawn=when,
            win_when_not_drawn=otherwise,
            iwd=None if otherwise is None else when - otherwise,
            iwd_ci95=interval,
            play_rate=played / drawn,
            outlier=wide is not None and (wide[0] > 0 or wide[1] < 0),
            seat_games=total_n,
            when_drawn=rate(wins, drawn),
            when_not_drawn=rate(rest_wins, rest),
            in_opening=rate(opening_wins, int(sum(opening_hist))),
            when_played=rate(played_wins, int(games_played)),
            late_after=median,
            drawn_early=early,
            drawn_late=late,
            early_gain=gain,
            late_outlier=wide_gain is not None and (wide_gain[0] > 0 or wide_gain[1] < 0),
            judged_by="drawn late"
            if median is not None and drawn >= LATE_SHARE * total_n
            else "not drawn",
        )
    return out


def rate(wins: float, n: int) -> Rate:
    """The win rate ``wins / n`` with its Wilson interval (no rate when ``n`` is 0)."""
    if not n:
        return NO_RATE
    win = wins / n
    low, high = wilson(wins, n)
    # at a rate of 0 or 1 the interval's end can miss it by a rounding error
    return Rate(n, win, (min(low, win), max(high, win)))


def median_place(placed: Sequence[float]) -> float | None:
    """The median of a histogram of places (``placed[p]`` seat-games at place ``p``), as
    :func:`statistics.median` gives it; None when it is empty."""
    n = int(sum(placed))
    if not n:
        return None

    def at(index: int) -> int:
        seen = 0.0
        for place, count in enumerate(placed):
            seen += count
            if seen > index:
                return place
        raise AssertionError(index)

    return float(at(n // 2)) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2


def _early_late(
    acc: list[float], layout: _Layout, median: float | None, strict: float
) -> tuple[Rate, Rate, Gain, tuple[float, float] | None]:
    """Seat-games that got the design early and late (from its sums in :func:`stats_of`),
    the difference, and its interval widened to ``strict``."""
    if median is None:
        return NO_RATE, NO_RATE, NO_GAIN, None
    got = int(sum(acc[_OPENING : layout.later_wins]))
    got_wins = acc[_OPENING_WINS] + sum(acc[layout.later_wins :])
    after = int(median) + 1  # the first place later than the median
    late = int(sum(acc[layout.later + after : layout.later_wins]))
    late_wins = sum(acc[layout.later_wins + after :])
    early, early_wins = got - late, got_wins - late_wins
    if not late or not early:
        return rate(early_wins, early), rate(late_wins, late), Gain(got, None, None), None
    gain = Gain(
        got,
        early_wins / early - late_wins / late,
        newcombe(early_wins, early, late_wins, late),
    )
    wide = newcombe(early_wins, early, late_wins, late, strict)
    return rate(early_wins, early), rate(late_wins, late), gain, wide
