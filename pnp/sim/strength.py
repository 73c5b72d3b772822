"""How strong each bot is against the others: win rates over rotated seats, and a sign
test per pair of bots.

The runner rotates seats (game ``i`` shifts every bot ``i`` seats on), so a seat's
advantage falls on every bot alike.  For a pair of bots A and B, each game in which both
sat is a trial: A's seats against B's seats by the rank they finished in (a seat's rank
score is the share of the other seats it beat, a tie counting half).  The two-sided sign
test's p-value says how likely two equal bots would split the games at least that unevenly,
either way round: the bot ahead is named only after the split is seen, so a one-sided
p-value in that direction would be half what it should be.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.games.playouts import rank_scores


@dataclass(frozen=True)
class PairResult:
    """Bot ``better`` against bot ``worse`` over the games in which both sat."""

    better: str
    worse: str
    ahead: int
    """Games in which ``better``'s seats finished above ``worse``'s on average."""
    behind: int
    level: int
    p_value: float
    """Two-sided sign test: chance that equal bots split ``ahead + behind`` games at least
    as unevenly as ``ahead`` to ``behind``, either way round."""


@dataclass
class Strength:
    """Win rate of each bot per seat it took, and every pair compared."""

    seats: dict[str, int] = field(default_factory=dict)
    """Seats each bot took in completed games."""
    wins: dict[str, float] = field(default_factory=dict)
    """Games won (a tie splits the win)."""
    pairs: list[PairResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._duels: dict[tuple[str, str], list[int]] = {}
        """(a, b) → games a was ahead, b was ahead, level (not a field: not reported)."""

    def add_game(self, seat_bots: Sequence[str], returns: Sequence[float]) -> None:
        best = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best]
        ranks = rank_scores(returns)
        mean: dict[str, list[float]] = {}
        for seat, bot in enumerate(seat_bots):
            self.seats[bot] = self.seats.get(bot, 0) + 1
            self.wins[bot] = self.wins.get(bot, 0.0) + (
                1 / len(winners) if seat in winners else 0.0
            )
            mean.setdefault(bot, []).append(ranks[seat])
        names = sorted(mean)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                tally = self._duels.setdefault((a, b), [0, 0, 0])
                gap = sum(mean[a]) / len(mean[a]) - sum(mean[b]) / len(mean[b])
                tally[0 if gap > 0 else 1 if gap < 0 else 2] += 1

    def finish(self) -> Strength:
        self.pairs = []
        for (a, b), (a_ahead, b_ahead, level) in sorted(self._duels.items()):
            if b_ahead > a_ahead:
                a, b, a_ahead, b_ahead = b, a, b_ahead, a_ahead
            self.pairs.append(
                PairResult(a, b, a_ahead, b_ahead, level, sign_test(a_ahead, a_ahead + b_ahead))
            )
        return self

    def rate(self, bot: str) -> float:
        return self.wins[bot] / self.seats[bot] if self.seats.get(bot) else 0.0

    def beats(self, better: str, worse: str, confidence: float = 0.95) -> bool:
        """True when ``better`` finishes above ``worse`` more often and the two-sided sign
        test's p-value is at most ``1 - confidence``."""
        return any(
            p.better == better and p.worse == worse and p.p_value <= 1 - confidence
            for p in self.pairs
        )

    def lines(self, players: int) -> list[str]:
        rates = ", ".join(
            f"{bot} {self.rate(bot):.1%} of {self.seats[bot]} seats" for bot in sorted(self.seats)
        )
        out = [f"bot strength (win rate per seat, even {1 / players:.1%}): {rates}"]
        out += [
            f"  {p.better} above {p.worse} in {p.ahead} of {p.ahead + p.behind + p.level} "
            f"games, below in {p.behind} (two-sided sign test p = {p.p_value:.3g})"
            for p in self.pairs
        ]
        return out


def sign_test(successes: int, trials: int) -> float:
    """Two-sided exact binomial p-value for ``successes`` of ``trials`` with X ~
    Binomial(trials, ½): the smaller tail, P(X ≤ k) or P(X ≥ k), doubled and capped at 1."""
    if trials == 0:
        return 1.0
    smaller = min(successes, trials - successes)
    tail = sum(math.comb(trials, k) for k in range(smaller + 1))
    return min(1.0, 2 * tail / 2**trials)


__all__ = ["PairResult", "Strength", "sign_test"]
