"""Intervals for shares counted in simulated games, shared by the simulator's reports and
the figures a rulebook prints from a recorded run."""

from __future__ import annotations

import math
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share of ``wins`` in ``n`` trials (wins may be split):
    it stays inside [0, 1] and holds with few trials or none won, where the plain normal
    interval does not."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
