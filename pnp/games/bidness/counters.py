"""Counters in use, packed: the most money and tech counters needed at once.

Each seat's cash is made up greedily of counters, largest value first
(:func:`counters`); the report needs, for every value, the most counters of it in use
at once over the game.  That peak is raised after every payment, so it is kept as one
integer with a field of :data:`FIELD_BITS` bits per counter value (value ``i`` in bits
``FIELD_BITS·i`` up): the counters of all seats are then the sum of one kept integer
per seat, and the peak of every value is raised at once by :meth:`Packing.raise_peak`.
"""

from __future__ import annotations

from functools import lru_cache

FIELD_BITS = 32
"""Bits per counter value: a count stays below 2**31, so the top bit is a guard."""
_FIELD = (1 << (FIELD_BITS - 1)) - 1


@lru_cache(maxsize=4096)
def counters(amount: int, values: tuple[int, ...]) -> tuple[int, ...]:
    """How many counters of each value (largest first) make up ``amount``."""
    out = []
    for v in values:
        k, amount = divmod(amount, v)
        out.append(k)
    return tuple(out)


def pack(counts: tuple[int, ...] | list[int]) -> int:
    """Counts as one integer, count ``i`` in field ``i``."""
    return sum(k << (FIELD_BITS * i) for i, k in enumerate(counts))


def unpack(packed: int, fields: int) -> list[int]:
    """The counts packed in ``packed`` (the first ``fields`` of them)."""
    return [(packed >> (FIELD_BITS * i)) & _FIELD for i in range(fields)]


class Packing(dict[int, int]):
    """``packing[amount]``: the counters that make up ``amount``, packed; made on first
    use and kept, so the counters of a whole table are ``sum(map(packing.__getitem__,
    amounts))``, made in C."""

    def __init__(self, values: tuple[int, ...]) -> None:
        super().__init__()
        self.worth = values
        self.guards = sum(1 << (FIELD_BITS * i + FIELD_BITS - 1) for i in range(len(values)))
        """The top bit of every field."""

    def __missing__(self, amount: int) -> int:
        packed = self[amount] = pack(counters(amount, self.worth))
        return packed

    def raise_peak(self, peak: int, now: int) -> int:
        """Each field of ``peak`` raised to that of ``now`` where it is larger.

        ``(now | guards) - peak`` keeps a field's guard bit exactly where ``now``'s
        count is at least ``peak``'s (counts stay below the guard, so no field borrows
        from the next); that bit, spread over its field, picks ``now``'s count there."""
        guards = self.guards
        pick = ((((now | guards) - peak) & guards) >> (FIELD_BITS - 1)) * _FIELD
        return (now & pick) | (peak & ~pick)


_PACKINGS: dict[tuple[int, ...], Packing] = {}


def packing(values: tuple[int, ...]) -> Packing:
    """The one kept :class:`Packing` for these counter values."""
    found = _PACKINGS.get(values)
    if found is None:
        found = _PACKINGS[values] = Packing(values)
    return found
