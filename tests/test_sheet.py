"""Sheet geometry in millimetres (the print conventions of docs/architecture.md §5)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp._errors import LayoutError
from pnp.layout.paper import MARGIN_MM, PAPERS_MM
from pnp.layout.sheet import (
    MIN_MARK_MM,
    corner_radius,
    crop_marks,
    fold_lines,
    mirror,
    plan_grid,
    registration_marks,
)

POKER = (63.5, 88.9)
TAROT = (70.0, 120.0)
EPS = 1e-6


def test_default_margin_is_six_mm() -> None:
    assert MARGIN_MM == 6.0


def test_a4_holds_nine_butted_poker_cards_with_full_outer_bleed() -> None:
    # A4 inside 6 mm: 198 × 285 mm. 3 × 63.5 = 190.5 leaves 3.75 mm a side for the
    # outer bleed and the crop marks, so the bleed is the full 3 mm and cards butt.
    grid = plan_grid("a4", POKER)
    assert (grid.cols, grid.rows, grid.gap) == (3, 3, (0.0, 0.0))
    assert grid.bleed == 3.0
    assert grid.trim(0)[2] == pytest.approx(grid.trim(1)[0])  # shared cut line
    assert grid.trim(0)[0] == pytest.approx((210 - 190.5) / 2)


def test_letter_lays_poker_cards_on_their_side_unless_nine_fit_upright() -> None:
    # Letter inside 6 mm is 203.9 × 267.4 mm; 3 × 88.9 = 266.7 leaves 0.35 mm a side, no
    # room for a 2 mm crop mark, so upright only 3 × 2 fit. On their side (88.9 × 63.5)
    # 2 × 88.9 = 177.8 ≤ 199.9 and 4 × 63.5 = 254 ≤ 263.4: eight.
    side = plan_grid("letter", POKER)
    assert (side.cols, side.rows, side.rotated, side.card) == (2, 4, True, (88.9, 63.5))
    assert plan_grid("letter", POKER, may_rotate=False).per_page == 6
    # inside a 4 mm margin (271.4 mm) nine fit upright, nearly butted
    nine = plan_grid("letter", POKER, margin=4.0)
    assert (nine.cols, nine.rows, nine.rotated) == (3, 3, False)
    assert nine.bleed == pytest.approx((271.4 - 266.7) / 2, abs=0.001)  # 2.35 mm


def test_gutter_layout_gives_every_card_full_bleed() -> None:
    # A4 upright: 3 columns need 3 × 63.5 + 2 × 2.5 + 2 × 2 = 199.5 > 198, so 2 × 3.
    # On their side: 2 × 88.9 + 2.5 + 4 ≤ 198 and 4 × 63.5 + 3 × 2.5 + 4 ≤ 285: eight,
    # and the room left widens the gutters to the full 2 × 3 mm.
    assert plan_grid("a4", POKER, layout="gutter", may_rotate=False).per_page == 6
    grid = plan_grid("a4", POKER, layout="gutter")
    assert (grid.cols, grid.rows, grid.gap, grid.bleed) == (2, 4, (6.0, 6.0), 3.0)
    for i in range(grid.per_page):
        x0, y0, x1, y1 = grid.trim(i)
        assert grid.bleed_box(i) == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3))


def test_letter_gutters_narrow_to_keep_eight_cards() -> None:
    # Letter on their side: 4 × 63.5 = 254 of 267.4 − 2 × 2 = 263.4 mm leaves 9.4 mm for
    # 3 gutters: 3.133 mm each, 1.566 mm of bleed into each (a 1 mm miss stays clean)
    grid = plan_grid("letter", POKER, layout="gutter")
    assert (grid.cols, grid.rows) == (2, 4)
    assert grid.gap == (6.0, pytest.approx(3.133))
    assert grid.bleed == pytest.approx(2.0)  # what the crop-mark band leaves outside
    top, below = grid.bleed_box(0), grid.bleed_box(2)
    assert top[1] == pytest.approx(grid.trim(0)[1] - 3.133 / 2)
    assert top[1] >= below[3] - 1e-9  # neighbours' bleeds never overlap


def test_an_explicit_bleed_is_kept_and_costs_cards() -> None:
    grid = plan_grid("a4", POKER, bleed=5.0)
    assert grid.bleed == 5.0 and grid.cols == 2  # 190.5 + 2 × 5 > 198


def test_fold_layout_puts_each_back_beside_its_front() -> None:
    # upright a pair is 127 × 88.9 mm: 1 × 3 on A4; on their side 177.8 × 63.5: 1 × 4
    assert plan_grid("a4", POKER, layout="fold", may_rotate=False).per_page == 3
    grid = plan_grid("a4", POKER, layout="fold")
    assert (grid.cols, grid.rows, grid.rotated) == (1, 4, True)
    for i in range(grid.per_page):
        front, back = grid.trim(i), grid.fold_back(i)
        assert back[0] == pytest.approx(front[2]) == grid.fold_x(i)
        assert (back[1], back[3]) == (front[1], front[3])
        assert back[2] - back[0] == pytest.approx(88.9)
    (x0, _, x1, _), (fx, *_) = grid.extent(4), fold_lines(grid, 4)[0]
    assert fx == pytest.approx(grid.fold_x(0))
    # no crop mark on the fold, crop marks on both outer edges of the pair
    assert {round(m[0], 3) for m in crop_marks(grid, 4) if m[0] == m[2]} == {
        round(x0, 3),
        round(x1, 3),
    }


def test_bad_margin_paper_and_layout_are_errors() -> None:
    for margin in (-1.0, 28.0, math.nan, math.inf):  # 20 mm + 7 mm for registration marks
        with pytest.raises(LayoutError, match="margin"):
            plan_grid("a4", POKER, margin=margin)
    with pytest.raises(LayoutError, match="unknown layout 'zigzag'"):
        plan_grid("a4", POKER, layout="zigzag")
    with pytest.raises(LayoutError, match="does not fit on a4"):
        plan_grid("a4", (250.0, 300.0))


@given(
    paper=st.sampled_from(["a4", "letter"]),
    layout=st.sampled_from(["grid", "gutter", "fold"]),
    w=st.floats(20, 200),
    h=st.floats(20, 280),
    bleed=st.one_of(st.none(), st.floats(0, 6)),
    margin=st.floats(0, 20),
)
def test_cards_bleed_and_marks_stay_inside_the_margin(
    paper: str, layout: str, w: float, h: float, bleed: float | None, margin: float
) -> None:
    try:
        grid = plan_grid(paper, (w, h), bleed, margin, layout)
    except LayoutError:
        return
    pw, ph = PAPERS_MM[paper]
    m = margin - EPS
    boxes = [grid.bleed_box(i) for i in range(grid.per_page)]
    if layout == "fold":
        boxes += [grid.bleed_box(i, grid.fold_back(i)) for i in range(grid.per_page)]
    for x0, y0, x1, y1 in boxes:
        assert x0 >= m and y0 >= m and x1 <= pw - m and y1 <= ph - m
    for x0, y0, x1, y1 in crop_marks(grid, grid.per_page) + fold_lines(grid, grid.per_page):
        for x, y in ((x0, y0), (x1, y1)):
            assert m <= x <= pw - m and m <= y <= ph - m
    trims = [grid.trim(i) for i in range(grid.per_page)]
    if layout == "fold":
        trims += [grid.fold_back(i) for i in range(grid.per_page)]
    for i, a in enumerate(trims):  # no two trims overlap
        for b in trims[i + 1 :]:
            assert (
                a[2] <= b[0] + EPS or b[2] <= a[0] + EPS or a[3] <= b[1] + EPS or b[3] <= a[1] + EPS
            )
    # every crop mark is at least MIN_MARK_MM long; no more slots fit either way
    (sw, h), turned = grid.slot, (h, w) if not grid.rotated else (w, h)
    band = max(MIN_MARK_MM, grid.bleed if bleed is not None else 0)
    least = 0.0 if layout != "gutter" else 2 * (bleed if bleed is not None else 1.25)
    assert (grid.cols + 1) * sw + grid.cols * least + 2 * band > pw - 2 * margin - EPS
    assert (grid.rows + 1) * h + grid.rows * least + 2 * band > ph - 2 * margin - EPS
    if layout == "gutter":  # a cut that misses by 1 mm shows the card's own colour
        for i in range(grid.per_page):
            x0, y0, x1, y1 = grid.trim(i)
            bx0, by0, bx1, by1 = grid.bleed_box(i)
            least_bleed = min(1.25, grid.bleed) if bleed is None else bleed
            for d in (x0 - bx0, y0 - by0, bx1 - x1, by1 - y1):
                assert d >= least_bleed - 1e-3
    for x0, y0, x1, y1 in crop_marks(grid, grid.per_page):
        assert math.hypot(x1 - x0, y1 - y0) >= MIN_MARK_MM - EPS
    try:  # and the other orientation holds no more
        other = plan_grid(paper, turned, bleed, margin, layout, may_rotate=False)
    except LayoutError:
        return
    assert other.per_page <= grid.per_page


def test_crop_marks_run_from_each_cut_line_outward_to_the_margin() -> None:
    grid = plan_grid("a4", POKER)
    marks = crop_marks(grid, 9)
    ex0, ey0, ex1, ey1 = grid.extent(9)
    xs = {round(v, 3) for i in range(9) for v in (grid.trim(i)[0], grid.trim(i)[2])}
    ys = {round(v, 3) for i in range(9) for v in (grid.trim(i)[1], grid.trim(i)[3])}
    assert len(xs) == 4 and len(ys) == 4  # butted: 3 columns share 4 vertical cut lines
    assert len(marks) == 2 * (len(xs) + len(ys))
    for x0, y0, x1, y1 in marks:
        if x0 == x1:  # vertical: starts at the grid's top or bottom edge, ends at the margin
            assert round(x0, 3) in xs
            assert (y0, y1) in ((ey1, 297 - MARGIN_MM), (ey0, MARGIN_MM))
        else:
            assert round(y0, 3) in ys
            assert (x0, x1) in ((ex0, MARGIN_MM), (ex1, 210 - MARGIN_MM))


def test_a_partial_page_marks_only_the_lines_its_cards_use() -> None:
    grid = plan_grid("a4", POKER)
    marks = crop_marks(grid, 2)  # two cards in the top row: 3 vertical, 2 horizontal lines
    assert len([m for m in marks if m[0] == m[2]]) == 6
    assert len([m for m in marks if m[1] == m[3]]) == 4


def test_registration_marks_sit_in_the_printable_corners() -> None:
    marks = registration_marks(PAPERS_MM["a4"], 6.0)
    square = marks[0]
    assert square == (6.0, 297 - 11.0, 11.0, 291.0)  # 5 mm, top-left
    for x0, y0, x1, y1 in marks:
        assert 6.0 <= x0 < x1 <= 204.0 and 6.0 <= y0 < y1 <= 291.0
    # a layout asked for registration keeps 7 mm more clear, so nothing touches them
    grid = plan_grid("a4", POKER, margin=6.0 + 7.0)
    for x0, y0, x1, y1 in crop_marks(grid, grid.per_page):
        lo_x, hi_x, lo_y, hi_y = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
        for bx0, by0, bx1, by1 in marks:  # 2 mm clear of every registration mark
            c = 2 - EPS
            assert lo_x >= bx1 + c or hi_x <= bx0 - c or lo_y >= by1 + c or hi_y <= by0 - c


def test_corner_radius_follows_the_card_size() -> None:
    assert corner_radius(POKER) == 3.0
    assert corner_radius(TAROT) == pytest.approx(3.31)
    assert corner_radius((44.45, 63.5)) == pytest.approx(2.1)


def test_back_is_mirrored_for_long_edge_flip() -> None:
    # docs/architecture.md §4: x0' = page_width − x1
    assert mirror((10.0, 20.0, 73.5, 108.9), 210.0) == (136.5, 20.0, 200.0, 108.9)
    assert mirror((10.0, 20.0, 73.5, 108.9), 210.0, (0.5, -0.3)) == pytest.approx(
        (137.0, 19.7, 200.5, 108.6)
    )
