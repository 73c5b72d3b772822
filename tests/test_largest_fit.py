"""largest_fit: the bound a counter's label search stops at (pnp.layout.chit_faces) must
never be below what set_text really gives, or a label would come out smaller."""

from __future__ import annotations

import pytest

from pnp._errors import LayoutError
from pnp.layout.textfit import largest_fit, set_text


@pytest.mark.parametrize("text", ["7", "Gold", "Mine shaft", "Three long words here"])
@pytest.mark.parametrize("size", [6.0, 12.5, 30.0])
def test_no_box_sets_the_text_larger_than_the_bound(text: str, size: float) -> None:
    for tenth in range(15, 160, 7):
        height = tenth / 10
        bound = largest_fit("Lato-Black", size, 6.0, height)
        try:
            block = set_text(text, "Lato-Black", size, 6.0, 1.1, (0, 0, 40.0, height))
        except LayoutError:
            continue
        assert bound is not None and block.size <= bound


def test_a_short_word_in_a_wide_box_reaches_the_bound() -> None:
    for height in (3.0, 5.5, 9.0):
        block = set_text("7", "Lato-Black", 30.0, 6.0, 1.1, (0, 0, 80.0, height))
        assert block.size == largest_fit("Lato-Black", 30.0, 6.0, height)


def test_no_size_fits_a_box_lower_than_the_smallest_line() -> None:
    assert largest_fit("Lato-Black", 12.0, 6.0, 1.0) is None
