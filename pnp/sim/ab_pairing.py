"""How much pairing the games by seed helped a comparison (`--compare`).

The base run and the run with the expansion play the same seeds, so their intervals are
paired (pnp.sim.ab_runs). That helps only as far as a seed plays out alike: measured here,
as the seeds that kept their winners and as the paired intervals' width against the
intervals the same games would give as two independent samples.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from pnp.sim.cards import Z95, newcombe

Interval = tuple[float, float, float]


@dataclass(frozen=True)
class Pairing:
    """How much pairing the games by seed helped this comparison."""

    same_winners: int
    """Paired seeds on which the same seats won with and without the expansion."""
    paired_games: int
    seat_narrowing: float
    """1 − the paired seat intervals' total width over unpaired ones' on the same games
    (Newcombe's interval for two independent samples); below 0 when pairing widened them."""
    length_narrowing: float | None
    """The same for the length interval against the unpaired normal interval (None: no
    spread to compare)."""

    def line(self) -> str:
        def by(what: str, share: float) -> str:
            if round(share, 2) == 0:
                return f"left {what} as wide"
            return f"{'narrowed' if share > 0 else 'widened'} {what} by {abs(share):.0%}"

        words = by("the seat intervals", self.seat_narrowing)
        if self.length_narrowing is not None:
            words += ", " + by("the length interval", self.length_narrowing)
        return (
            f"pairing: the same winner on {self.same_winners:,} of {self.paired_games:,} "
            f"seeds; pairing {words} against unpaired intervals on the same games"
        )


def measure_pairing(
    same_winners: int,
    seat_pairs: list[list[tuple[float, float]]],
    win_rates: list[Interval],
    lengths: list[tuple[int, int]],
    length: Interval,
) -> Pairing:
    """Pairing's help, from each seat's (base, variant) win shares and their paired
    intervals, and the (base, variant) lengths and their paired interval, game by game."""
    return Pairing(
        same_winners=same_winners,
        paired_games=len(lengths),
        seat_narrowing=_narrowing(
            [high - low for _, low, high in win_rates],
            [_unpaired_width(pairs) for pairs in seat_pairs],
        ),
        length_narrowing=_narrowing([length[2] - length[1]], [_unpaired_width(lengths)])
        if len(lengths) > 1
        else None,
    )


def _unpaired_width(pairs: list[tuple[float, float]] | list[tuple[int, int]]) -> float:
    """The width of the interval the same games would give as two independent samples:
    Newcombe's for shares in [0, 1] (tallied as wins), the normal one for lengths."""
    n = len(pairs)
    if not n:
        return 2.0
    base, variant = [b for b, _ in pairs], [v for _, v in pairs]
    if all(isinstance(x, float) for x in base + variant):
        low, high = newcombe(sum(variant), n, sum(base), n)
        return high - low
    if n < 2:
        return 0.0
    spread = statistics.variance(base) / n + statistics.variance(variant) / n
    return 2 * Z95 * math.sqrt(spread)


def _narrowing(paired: list[float], unpaired: list[float]) -> float:
    """1 − the paired widths' total over the unpaired ones' (0 when both are nothing)."""
    whole = sum(unpaired)
    return 1 - sum(paired) / whole if whole > 0 else 0.0


__all__ = ["Pairing", "measure_pairing"]
