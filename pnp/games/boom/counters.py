"""How many money counters of each value the piles on the table need, and the peak so far.

Every pile (a player's money, a company's treasury) is assumed to be held in the fewest
counters, i.e. made up greedily from the largest value down; with values like 1, 5, 10,
50, 100 that is the true minimum.  The bank holds the rest, so a denomination runs out
when the piles together need more counters of it than were printed.

Money moves about a hundred times a game, so the counts per denomination are packed
into one integer, 16 bits per denomination (:mod:`pnp.games.packed`): adding or removing a
pile is one integer addition, and one masked subtraction tells whether any count passed
its peak.
"""

from __future__ import annotations

from functools import cache

from pnp.games import packed


@cache
def _below_top(values: tuple[int, ...]) -> tuple[int, ...]:
    """Packed counters for every amount below the largest value (its field is left 0)."""
    out = []
    for amount in range(values[0]):
        counts = [0] * len(values)
        for i, value in enumerate(values[1:], start=1):
            counts[i], amount = divmod(amount, value)
        out.append(packed.pack(counts))
    return tuple(out)


@cache
def _constants(denominations: tuple[int, ...]) -> tuple[int, tuple[int, ...], int, int, int]:
    """Largest value, :func:`_below_top`, fields, guard bits and a 1 in every field."""
    values = tuple(sorted(denominations, reverse=True))
    fields = len(values)
    return values[0], _below_top(values), fields, packed.guards(fields), packed.pack([1] * fields)


class MoneyCounters:
    """Counters needed per denomination (largest value first), updated pile by pile."""

    __slots__ = (
        "_top",
        "_table",
        "_fields",
        "_guards",
        "_ones",
        "_packs",
        "_needed",
        "_peak",
        "_over_peak",
    )

    def __init__(self, denominations: tuple[int, ...], piles: int) -> None:
        self._top, self._table, self._fields, self._guards, self._ones = _constants(denominations)
        self._packs = [0] * piles
        """Packed counters of each pile as it stands."""
        self._needed = 0
        self._peak = 0
        self._over_peak = self._ones
        """peak + 1 in every field: a needed count reaching it is a new peak."""

    def set(self, pile: int, amount: int) -> None:
        """Pile ``pile`` now holds ``amount``."""
        top, packs = self._top, self._packs
        pack = amount // top + self._table[amount % top]
        needed = self._needed + pack - packs[pile]
        packs[pile] = pack
        self._needed = needed
        # With every guard bit set, a field keeps its guard after the subtraction exactly
        # when its count is above the peak; no borrow crosses into the next field.
        guards = self._guards
        if ((needed | guards) - self._over_peak) & guards:
            self._raise_peak()

    def set_two(self, pile: int, amount: int, other: int, other_amount: int) -> None:
        """``set(pile, amount)`` then ``set(other, other_amount)`` (a payment), in one call;
        the peak is checked after each, as two calls would."""
        top, packs, table, guards = self._top, self._packs, self._table, self._guards
        pack = amount // top + table[amount % top]
        needed = self._needed = self._needed + pack - packs[pile]
        packs[pile] = pack
        if ((needed | guards) - self._over_peak) & guards:
            self._raise_peak()
        pack = other_amount // top + table[other_amount % top]
        needed = self._needed = needed + pack - packs[other]
        packs[other] = pack
        if ((needed | guards) - self._over_peak) & guards:
            self._raise_peak()

    def _raise_peak(self) -> None:
        """Some count passed its peak: the peak becomes the larger count of each field."""
        raised = self._peak = packed.larger(self._needed, self._peak, self._guards)
        self._over_peak = raised + self._ones

    @property
    def needed(self) -> list[int]:
        return packed.unpack(self._needed, self._fields)

    @property
    def peak(self) -> list[int]:
        return packed.unpack(self._peak, self._fields)

    def copy(self) -> MoneyCounters:
        other = MoneyCounters.__new__(MoneyCounters)
        other._top, other._table, other._fields = self._top, self._table, self._fields
        other._guards, other._ones = self._guards, self._ones
        other._packs = self._packs[:]
        other._needed, other._peak, other._over_peak = self._needed, self._peak, self._over_peak
        return other
