"""Counts of several kinds kept in one integer: a field of ``bits`` bits per kind.

The engines count the counters a table needs (money and tech points, per value) after
every payment. Packed, a pile's counts add to and come off the table's as one integer
addition, and :func:`larger` raises the peak of every kind at once. A count must stay
below the top bit of its field, the guard, so that no subtraction borrows across fields.
"""

from __future__ import annotations

from collections.abc import Sequence

FIELD_BITS = 16
"""Bits per kind unless an engine asks for more: counts below 32,768."""


def pack(counts: Sequence[int], bits: int = FIELD_BITS) -> int:
    """``counts`` in one integer, the first count in the lowest field."""
    return sum(k << (bits * i) for i, k in enumerate(counts))


def unpack(packed: int, fields: int, bits: int = FIELD_BITS) -> list[int]:
    """The first ``fields`` counts packed in ``packed``."""
    mask = (1 << bits) - 1
    return [(packed >> (bits * i)) & mask for i in range(fields)]


def guards(fields: int, bits: int = FIELD_BITS) -> int:
    """The top bit of each of ``fields`` fields."""
    return pack([1 << (bits - 1)] * fields, bits)


def larger(packed: int, peak: int, guard_bits: int, bits: int = FIELD_BITS) -> int:
    """Field by field the larger of two packed counts (``guard_bits`` from :func:`guards`).

    With every guard set in ``packed``, a field keeps its guard after subtracting the
    peak exactly when its count is at least the peak's; that bit, spread over its field,
    picks the count to keep."""
    pick = (((packed | guard_bits) - peak) & guard_bits) >> (bits - 1)
    pick *= (1 << bits) - 1
    return (packed & pick) | (peak & ~pick)


class Change(dict[int, int]):
    """``change[amount]``: the counters that make up ``amount``, greedily from the first
    (largest) value down, packed; worked out on first use and kept, so the counters of a
    whole table are ``sum(map(change.__getitem__, amounts))``, added up in C."""

    __slots__ = ("worth", "bits", "guards")

    def __init__(self, values: tuple[int, ...], bits: int) -> None:
        super().__init__()
        self.worth, self.bits = values, bits
        self.guards = guards(len(values), bits)
        """The top bit of every field, for :func:`larger`."""

    def __missing__(self, amount: int) -> int:
        counts, rest = [], amount
        for value in self.worth:
            k, rest = divmod(rest, value)
            counts.append(k)
        packed = self[amount] = pack(counts, self.bits)
        return packed


_CHANGE: dict[tuple[tuple[int, ...], int], Change] = {}


def change_table(values: tuple[int, ...], bits: int = FIELD_BITS) -> Change:
    """The one kept :class:`Change` for counters of ``values`` (largest first)."""
    change = _CHANGE.get((values, bits))
    if change is None:
        change = _CHANGE[values, bits] = Change(values, bits)
    return change


__all__ = ["FIELD_BITS", "Change", "change_table", "guards", "larger", "pack", "unpack"]
