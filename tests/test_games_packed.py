"""The shared bank (pnp/games/bank.py): packed counts, change-making and the peaks every
engine with counters keeps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.bank import bank_for, guards, larger, make_change, pack, unpack


@given(st.sampled_from([16, 32]), st.data())
def test_larger_is_the_larger_count_of_each_field(bits: int, data: st.DataObject) -> None:
    top = 2 ** (bits - 1) - 1  # counts stay below the guard bit
    pairs = data.draw(st.lists(st.tuples(st.integers(0, top), st.integers(0, top)), max_size=6))
    counts, peak = [a for a, _ in pairs], [b for _, b in pairs]
    assert unpack(pack(counts, bits), len(counts), bits) == counts
    both = larger(pack(counts, bits), pack(peak, bits), guards(len(pairs), bits), bits)
    assert unpack(both, len(pairs), bits) == [max(a, b) for a, b in pairs]


def test_packed_counts_add_field_by_field() -> None:
    # a table's counters are the sum of its piles' packed counts
    piles = [[3, 0, 2], [1, 4, 0], [0, 0, 7]]
    assert unpack(sum(pack(p) for p in piles), 3) == [4, 4, 9]


@given(st.integers(0, 10_000))
def test_a_bank_keeps_each_amount_under_its_own_key(amount: int) -> None:
    values = (100, 50, 25, 10, 5, 1)
    bank = bank_for(values, 32)
    greedy, rest = [], amount
    for v in values:
        k, rest = divmod(rest, v)
        greedy.append(k)
    assert unpack(bank.change[amount], len(values), 32) == greedy == bank.split(amount)
    assert bank.change[amount] == bank.change.get(amount)  # kept under the amount asked for
    assert bank_for(values, 32) is bank


@given(st.lists(st.lists(st.integers(0, 2_000), max_size=6), min_size=1, max_size=8))
def test_raise_peak_is_the_most_counters_ever_held_at_once(tables: list[list[int]]) -> None:
    # each list is every pile on the table at one moment
    values = (10, 5, 1)  # bigidea game.yaml money
    bank, peak, most = bank_for(values), 0, [0, 0, 0]
    for piles in tables:
        now = [sum(make_change(a, values)[0][i] for a in piles) for i in range(3)]
        most = [max(m, n) for m, n in zip(most, now, strict=True)]
        peak = bank.raise_peak(peak, piles)
        assert bank.counts(peak) == most


def test_a_bank_refuses_what_it_cannot_count() -> None:
    with pytest.raises(ValueError, match="largest first"):
        bank_for((1, 5, 10))  # greedy change needs the largest value first
    with pytest.raises(ValueError, match="3 cannot be made"):
        bank_for((10, 5)).split(23)
