"""•Boom's fast paths give exactly what the plain rules give: lazy action lists, caches
and running counts are checked against a straightforward recomputation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.boom.actions import TERMS, TermsActions


def plain_terms(low: int, cash: int, most: int) -> list[tuple[int, ...]]:
    """The lead's terms spelled out: every whole price from ``low`` up, 1..``most`` shares,
    that the lead can pay (boom.txt: at least the minimum price, no upper limit)."""
    return [
        (TERMS, price, shares)
        for price in range(low, cash + 1)
        for shares in range(1, most + 1)
        if price * shares <= cash
    ]


@given(st.integers(1, 12), st.integers(0, 400), st.integers(1, 4))
def test_terms_are_every_affordable_price_and_share_count_in_order(
    low: int, cash: int, most: int
) -> None:
    lazy, plain = TermsActions(low, cash, most), plain_terms(low, cash, most)
    assert len(lazy) == len(plain)
    assert [lazy[i] for i in range(len(lazy))] == plain == list(lazy)
    assert [lazy[-i] for i in range(1, len(lazy) + 1)] == plain[::-1]
    assert lazy[1:5] == plain[1:5] and lazy == plain
    assert all(action in lazy for action in plain)
    assert (TERMS, low - 1, 1) not in lazy and (TERMS, cash + 1, 1) not in lazy
    assert (TERMS, low, most + 1) not in lazy


def test_terms_refuse_an_index_past_the_end() -> None:
    terms = TermsActions(5, 12, 2)  # $5m ×1..2, $6m ×1..2, $7m..$12m ×1: 10 terms
    assert len(terms) == 10 and terms[3] == (TERMS, 6, 2) and terms[4] == (TERMS, 7, 1)
    for index in (10, -11):
        with pytest.raises(IndexError):
            terms[index]
