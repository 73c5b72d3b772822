"""The bank: counters of given values, the counters that make up an amount, and the most
of each value a game ever needs at once.

Every engine with money (•Boom, The Big Idea, Bidness, Small Print; Bidness's tech
points too) asks the same two questions: which counters make up a pile (greedily from
the largest value down, the fewest counters for the values the games print), and the
most counters of each value in use at once over a game, which the simulation report
compares with what is printed.  A :class:`Bank` answers both for one set of values.

Piles change after nearly every payment, so counts are packed: one integer holds a
field of ``bits`` bits per value, the largest value in the lowest field.  The counters
of a whole table are then a sum of integers, and :func:`larger` raises the peak of every
value at once.  A count must stay below the top bit of its field, the guard, so that no
subtraction borrows across fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

FIELD_BITS = 16
"""Bits per value unless an engine asks for more: counts below 32,768."""


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


def make_change(amount: int, values: Sequence[int]) -> tuple[list[int], int]:
    """How many counters of each value (largest first) make up ``amount``, greedily, and
    the rest that no counter makes up."""
    counts = []
    for value in values:
        k, amount = divmod(amount, value)
        counts.append(k)
    return counts, amount


class Change(dict[int, int]):
    """``change[amount]``: the counters that make up ``amount`` (:func:`make_change`),
    packed; worked out on first use and kept, so the counters of a whole table are
    ``sum(map(change.__getitem__, amounts))``, added up in C."""

    __slots__ = ("worth", "bits")

    def __init__(self, worth: tuple[int, ...], bits: int) -> None:
        super().__init__()
        self.worth, self.bits = worth, bits
        """The counter values, largest first (not ``values``: that is the dict's method)."""

    def __missing__(self, amount: int) -> int:
        packed = self[amount] = pack(make_change(amount, self.worth)[0], self.bits)
        return packed


class Bank:
    """Counters of ``values`` (largest first), counted in packed fields of ``bits`` bits.

    Immutable once made and kept per set of values (:func:`bank_for`), so a state and
    its clones share it; the peaks themselves are plain integers the state holds."""

    __slots__ = ("values", "bits", "fields", "change", "below_top", "guards", "ones")

    def __init__(self, values: tuple[int, ...], bits: int = FIELD_BITS) -> None:
        if list(values) != sorted(values, reverse=True) or not all(v > 0 for v in values):
            raise ValueError(f"counter values must be positive, largest first: {values}")
        self.values, self.bits, self.fields = values, bits, len(values)
        self.change = Change(values, bits)
        self.below_top = tuple(self.change[amount] for amount in range(values[0]))
        """``change`` of every amount below the largest value: the change of any amount is
        ``amount // values[0] + below_top[amount % values[0]]`` (the largest value's
        count is the lowest field), which is quicker than a lookup in ``change`` when
        the amounts come one at a time (:class:`Piles`)."""
        self.guards = guards(self.fields, bits)
        self.ones = pack([1] * self.fields, bits)
        """A 1 in every field: peak + ones is the least count that passes the peak."""

    def split(self, amount: int) -> list[int]:
        """How many counters of each value make up ``amount``; an error if they cannot."""
        counts, rest = make_change(amount, self.values)
        if rest:
            raise ValueError(f"{rest} cannot be made from counters {self.values}")
        return counts

    def held(self, amounts: Iterable[int]) -> int:
        """The counters that make up every amount of ``amounts``, packed and added up."""
        return sum(map(self.change.__getitem__, amounts))

    def raise_peak(self, peak: int, amounts: Iterable[int]) -> int:
        """``peak`` (packed) with each value's count raised to what ``amounts`` need now,
        where that is more: one call, for the engines' hot paths."""
        held = sum(map(self.change.__getitem__, amounts))
        guard_bits = self.guards
        # with every guard set, a field keeps its guard exactly when it passed the peak
        if ((held | guard_bits) - peak - self.ones) & guard_bits:
            return larger(held, peak, guard_bits, self.bits)
        return peak

    def counts(self, packed: int) -> list[int]:
        """The count of each value (largest first) in a packed number of counters."""
        return unpack(packed, self.fields, self.bits)


_BANKS: dict[tuple[tuple[int, ...], int], Bank] = {}


def bank_for(values: tuple[int, ...], bits: int = FIELD_BITS) -> Bank:
    """The one kept :class:`Bank` for counters of ``values`` (largest first)."""
    bank = _BANKS.get((values, bits))
    if bank is None:
        bank = _BANKS[values, bits] = Bank(values, bits)
    return bank


class Piles:
    """The counters several piles (players' money, treasuries) need together, updated
    one pile at a time, and the most of each value ever needed at once.

    For an engine that knows which pile changed: setting a pile adjusts the running total
    by that pile's change instead of counting every pile again."""

    __slots__ = ("bank", "_top", "_below", "_guards", "_packs", "_needed", "_peak", "_over_peak")

    def __init__(self, bank: Bank, piles: int) -> None:
        self.bank = bank
        self._top, self._below, self._guards = bank.values[0], bank.below_top, bank.guards
        self._packs = [0] * piles
        """Packed counters of each pile as it stands."""
        self._needed = 0
        self._peak = 0
        self._over_peak = bank.ones
        """peak + 1 in every field: a needed count reaching it is a new peak."""

    def set(self, pile: int, amount: int) -> None:
        """Pile ``pile`` now holds ``amount``."""
        packs, top = self._packs, self._top
        pack_ = amount // top + self._below[amount % top]
        needed = self._needed = self._needed + pack_ - packs[pile]
        packs[pile] = pack_
        guard_bits = self._guards
        # with every guard set, a field keeps its guard exactly when it passed its peak
        if ((needed | guard_bits) - self._over_peak) & guard_bits:
            self._raise_peak()

    def set_two(self, pile: int, amount: int, other: int, other_amount: int) -> None:
        """``set(pile, amount)`` then ``set(other, other_amount)`` (a payment), in one call;
        the peak is checked after each, as two calls would."""
        packs, top, below, guard_bits = self._packs, self._top, self._below, self._guards
        pack_ = amount // top + below[amount % top]
        needed = self._needed = self._needed + pack_ - packs[pile]
        packs[pile] = pack_
        if ((needed | guard_bits) - self._over_peak) & guard_bits:
            self._raise_peak()
        pack_ = other_amount // top + below[other_amount % top]
        needed = self._needed = needed + pack_ - packs[other]
        packs[other] = pack_
        if ((needed | guard_bits) - self._over_peak) & guard_bits:
            self._raise_peak()

    def _raise_peak(self) -> None:
        """Some count passed its peak: the peak becomes the larger count of each field."""
        bank = self.bank
        raised = self._peak = larger(self._needed, self._peak, bank.guards, bank.bits)
        self._over_peak = raised + bank.ones

    @property
    def needed(self) -> list[int]:
        return self.bank.counts(self._needed)

    @property
    def peak(self) -> list[int]:
        return self.bank.counts(self._peak)

    def copy(self) -> Piles:
        other = Piles.__new__(Piles)
        other.bank, other._top, other._below = self.bank, self._top, self._below
        other._guards = self._guards
        other._packs = self._packs[:]
        other._needed, other._peak, other._over_peak = self._needed, self._peak, self._over_peak
        return other


__all__ = [
    "FIELD_BITS",
    "Bank",
    "Change",
    "Piles",
    "bank_for",
    "guards",
    "larger",
    "make_change",
    "pack",
    "unpack",
]
