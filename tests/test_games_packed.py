"""Packed counts (pnp/games/packed.py): what the engines' counter peaks are made of."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pnp.games.packed import change_table, guards, larger, pack, unpack


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
def test_a_change_table_keeps_each_amount_under_its_own_key(amount: int) -> None:
    values = (100, 50, 25, 10, 5, 1)
    table = change_table(values, 32)
    greedy, rest = [], amount
    for v in values:
        k, rest = divmod(rest, v)
        greedy.append(k)
    assert unpack(table[amount], len(values), 32) == greedy
    assert table[amount] == table.get(amount)  # kept under the amount asked for
    assert change_table(values, 32) is table
