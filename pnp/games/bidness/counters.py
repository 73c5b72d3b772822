"""Counters in use, packed: the most money and tech counters needed at once.

Each seat's cash is made up greedily of counters, largest value first
(:func:`counters`); the report needs, for every value, the most counters of it in use
at once over the game.  That peak is raised after every payment, so it is kept as one
integer with a field of :data:`FIELD_BITS` bits per counter value (value ``i`` in bits
``FIELD_BITS·i`` up): the counters of all seats are then the sum of one kept integer
per seat, and the peak of every value is raised at once by :func:`raise_peak`.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.games import packed

FIELD_BITS = 32
"""Bits per counter value: a count stays below 2**31, so the top bit is a guard."""


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
    return packed.pack(counts, FIELD_BITS)


def unpack(value: int, fields: int) -> list[int]:
    """The counts packed in ``value`` (the first ``fields`` of them)."""
    return packed.unpack(value, fields, FIELD_BITS)


def change(values: tuple[int, ...]) -> packed.Change:
    """The kept table of packed counters per amount for these counter values."""
    return packed.change_table(values, FIELD_BITS)


def raise_peak(peak: int, now: int, table: packed.Change) -> int:
    """Each field of ``peak`` raised to that of ``now`` where it is larger."""
    return packed.larger(now, peak, table.guards, FIELD_BITS)
