"""Small Print's actions as small ints: ``PASS`` or one card placed under one business
with an optional marker on it."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

PASS = 0
MARKERS = 4
"""0: no marker, then the Small, Big and Total markers (numbered like the kinds)."""


class Placement(NamedTuple):
    kind: int
    """Card placed: 0 share, 1 small, 2 big, 3 total (config.KINDS)."""
    business: int
    """Position of the business in this round's row."""
    marker: int
    """Marker put on it: 0 none, else the kind it claims."""


def encode(kind: int, business: int, marker: int, row: int) -> int:
    return 1 + (kind * row + business) * MARKERS + marker


@cache
def placements(in_hand: tuple[bool, ...], markers: tuple[bool, ...], row: int) -> tuple[int, ...]:
    """``PASS``, then each kind of card in hand under each business of the row, bare or
    with a marker still free; made once for each hand, set of markers and row length."""
    free = [0] + [m + 1 for m, left in enumerate(markers) if left]
    return (PASS,) + tuple(
        encode(kind, b, m, row)
        for kind, held in enumerate(in_hand)
        if held
        for b in range(row)
        for m in free
    )


@cache
def decode(action: int, row: int) -> Placement:
    """The placement an action stands for (cached: bots decode every legal action)."""
    rest, marker = divmod(action - 1, MARKERS)
    kind, business = divmod(rest, row)
    return Placement(kind, business, marker)
