"""Sheet geometry in millimetres (DESIGN.md §4 print conventions)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp._errors import LayoutError
from pnp.layout.sheet import MARGIN_MM, crop_marks, mirror, plan_grid

POKER = (63.5, 88.9)
EPS = 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_default_fits_nine_poker_cards(paper: str) -> None:
    grid = plan_grid(paper, POKER)
    assert (grid.cols, grid.rows) == (3, 3)


def test_a4_default_bleed_is_three_mm_with_small_gap() -> None:
    # DESIGN.md §4: nine poker cards fit on A4 only with a gap of at most 4.75 mm
    grid = plan_grid("a4", POKER)
    assert grid.bleed == 3.0
    assert grid.gap[0] <= 4.75
    assert grid.gap[0] == pytest.approx(1.75)  # (210 − 10 − 3×63.5 − 2×3) / 2


def test_letter_default_shrinks_bleed_to_keep_nine() -> None:
    # 279.4 − 10 − 3×88.9 = 2.7 mm of height to share: the bleed shrinks to 1.35 mm
    grid = plan_grid("letter", POKER)
    assert grid.bleed == pytest.approx(1.35)


def test_explicit_bleed_takes_fewer_cards_on_letter() -> None:
    grid = plan_grid("letter", POKER, bleed=3.0)
    assert (grid.cols, grid.rows) == (3, 2)


def test_card_larger_than_page_is_an_error() -> None:
    with pytest.raises(LayoutError, match="does not fit on a4"):
        plan_grid("a4", (250.0, 100.0))


@given(
    paper=st.sampled_from(["a4", "letter"]),
    w=st.floats(20, 200),
    h=st.floats(20, 280),
    bleed=st.one_of(st.none(), st.floats(0, 6)),
)
def test_every_card_and_its_bleed_stay_inside_the_printable_margin(
    paper: str, w: float, h: float, bleed: float | None
) -> None:
    try:
        grid = plan_grid(paper, (w, h), bleed)
    except LayoutError:
        return
    pw, ph = grid.page
    boxes = [grid.bleed_box(i) for i in range(grid.per_page)]
    for x0, y0, x1, y1 in boxes:
        assert x0 >= MARGIN_MM - EPS and y0 >= MARGIN_MM - EPS
        assert x1 <= pw - MARGIN_MM + EPS and y1 <= ph - MARGIN_MM + EPS
    trims = [grid.trim(i) for i in range(grid.per_page)]
    for i, a in enumerate(trims):  # no two trims overlap
        for b in trims[i + 1 :]:
            assert (
                a[2] <= b[0] + EPS or b[2] <= a[0] + EPS or a[3] <= b[1] + EPS or b[3] <= a[1] + EPS
            )
    # and no more cards would have fit in either direction
    assert (grid.cols + 1) * w + 2 * grid.bleed > pw - 2 * MARGIN_MM
    assert (grid.rows + 1) * h + 2 * grid.bleed > ph - 2 * MARGIN_MM


def test_crop_marks_lie_outside_the_grid_on_every_trim_line() -> None:
    grid = plan_grid("a4", POKER)
    marks = crop_marks(grid, 9)
    ex0, ey0, ex1, ey1 = grid.extent(9)
    for x0, y0, x1, y1 in marks:
        inside_x = ex0 < min(x0, x1) and max(x0, x1) < ex1
        inside_y = ey0 < min(y0, y1) and max(y0, y1) < ey1
        assert not (inside_x and inside_y)
    trim_xs = {round(v, 3) for i in range(9) for v in (grid.trim(i)[0], grid.trim(i)[2])}
    mark_xs = {round(m[0], 3) for m in marks if m[0] == m[2]}
    assert trim_xs == mark_xs  # 6 vertical trim lines: 3 columns, two edges each


def test_back_is_mirrored_for_long_edge_flip() -> None:
    # DESIGN.md §3: x0' = page_width − x1
    assert mirror((10.0, 20.0, 73.5, 108.9), 210.0) == (136.5, 20.0, 200.0, 108.9)
    assert mirror((10.0, 20.0, 73.5, 108.9), 210.0, (0.5, -0.3)) == pytest.approx(
        (137.0, 19.7, 200.5, 108.6)
    )
