"""Counter sheets (issue 9 §2): squares gang-cut on shared lines with crop marks on every
line; round chips spaced for a punch or scissors, and the sheet says so."""

from __future__ import annotations

import math

import pytest

from pnp.layout.cards import SheetOptions
from pnp.layout.ops import TextBlock
from pnp.layout.pages import Page
from pnp.layout.tokens import GANG_MARK_MM, GAP_MM, TOKEN_BLEED_MM, lay_out_tokens
from pnp.spec.components import TokensComponent
from pnp.spec.load import load_game

EPS = 1e-6


def _pages(game: str, paper: str) -> list[Page]:
    g = load_game(game)
    (i, comp) = next(
        (i, c) for i, c in enumerate(g.spec.components) if isinstance(c, TokensComponent)
    )
    return lay_out_tokens(g, comp, i, SheetOptions(paper=paper))[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_money_squares_share_cut_lines_with_a_mark_on_every_line(paper: str) -> None:
    pages = _pages("bigidea", paper)  # The Big Idea's money: 140 squares of 22 mm
    squares = [c.rect for p in pages for c in p.cuts if not c.circle]
    assert len(squares) == 60 + 40 + 40
    for page in pages:
        rects = [c.rect for c in page.cuts if not c.circle]
        if not rects:
            continue
        assert "gang" in page.layout
        xs = {round(v, 3) for r in rects for v in (r[0], r[2])}
        ys = {round(v, 3) for r in rects for v in (r[1], r[3])}
        marked_x = {round(m[0], 3) for m in page.marks if m[0] == m[2]}
        marked_y = {round(m[1], 3) for m in page.marks if m[1] == m[3]}
        assert xs <= marked_x and ys <= marked_y  # crop marks for every line
        for a in rects:  # each square meets a neighbour edge to edge
            neighbours = [b for b in rects if b is not a and _touch(a, b)]
            assert neighbours or len(rects) == 1
        for it in page.items:  # colour runs past every edge with no square beyond it
            t, c = it.trim, it.clip
            if it.trim not in rects:
                continue
            d = t[2] - t[0]
            for side, (dx, dy) in enumerate([(-1, 0), (0, -1), (1, 0), (0, 1)]):
                beyond = (t[0] + dx * d, t[1] + dy * d, t[2] + dx * d, t[3] + dy * d)
                alone = not any(math.dist(beyond, r) < EPS for r in rects)
                assert abs(c[side] - t[side]) == pytest.approx(TOKEN_BLEED_MM if alone else 0)


def _touch(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    side = abs(a[2] - b[0]) < EPS or abs(b[2] - a[0]) < EPS
    level = abs(a[3] - b[1]) < EPS or abs(b[3] - a[1]) < EPS
    return (side and abs(a[1] - b[1]) < EPS) or (level and abs(a[0] - b[0]) < EPS)


@pytest.mark.parametrize("game", ["boom", "bigidea"])
def test_round_chips_leave_room_for_a_punch_and_say_so(game: str) -> None:
    pages = _pages(game, "a4")
    for page in pages:
        chips = [c.rect for c in page.cuts if c.circle]
        for i, a in enumerate(chips):
            for b in chips[i + 1 :]:
                gap = math.dist(_centre(a), _centre(b)) - (a[2] - a[0]) / 2 - (b[2] - b[0]) / 2
                assert gap >= GAP_MM - 1e-3, (a, b)
        if chips:
            assert "punch" in page.layout and page.bleed == TOKEN_BLEED_MM
    titles = [
        line[2] for p in pages for op in p.decor if isinstance(op, TextBlock) for line in op.lines
    ]
    assert any("punch or cut along the outline" in t for t in titles)


def _centre(r: tuple[float, ...]) -> tuple[float, float]:
    return ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2)


def test_boom_counters_fit_on_three_a4_sheets() -> None:
    # 95 stock + 165 money counters + 1 IPO marker: four sheets before gang-cutting
    pages = _pages("boom", "a4")
    assert len(pages) == 3
    assert sum(len(p.items) for p in pages) == 19 * 5 + 165 + 1


def test_small_blocks_stand_side_by_side() -> None:
    # Small Print: 12 contract markers, each its own one-square block (neighbours would
    # differ in colour), go six to a row; markers, chits and money take two A4 sheets
    pages = _pages("smallprint", "a4")
    assert len(pages) == 2
    first = [c.rect for c in pages[0].cuts if not c.circle][:12]
    assert len({round(r[1], 3) for r in first}) == 2  # two rows of blocks
    for a, b in zip(first, first[1:], strict=False):
        if a[1] == b[1]:  # same row: the next block starts 3 mm + two mark lengths on
            assert b[0] - a[2] == pytest.approx(GAP_MM + 2 * GANG_MARK_MM)


def test_each_old_biddy_gem_colour_has_its_own_chit_shape() -> None:
    # issue 10 §4: green triangle, blue square, red circle, as on the gem cards
    g = load_game("oldbiddy")
    (i, comp) = next((i, c) for i, c in enumerate(g.spec.components) if c.id == "gem-chits")
    shapes = [grp.token.shape for grp in comp.groups]
    assert shapes == [gem["shape"] for gem in g.spec.tables["gems"]]
    pages = lay_out_tokens(g, comp, i, SheetOptions())[0]
    cuts = [c for p in pages for c in p.cuts]
    triangles = [c for c in cuts if c.polygon == "triangle"]
    assert len(triangles) == g.spec.tables["gems_per_colour"]
    assert all(not c.circle for c in triangles)


def test_a_triangle_cut_path_is_inscribed_in_its_trim() -> None:
    from pnp.layout.cuts import PT_PER_MM, cut_path
    from pnp.layout.pages import Cut

    path = cut_path(Cut((10.0, 20.0, 24.0, 34.0), polygon="triangle"))
    points = [tuple(map(float, p.split(","))) for p in path[2:-2].split(" L ")]
    mm = [(x / PT_PER_MM, y / PT_PER_MM) for x, y in points]
    assert mm == [pytest.approx(p, abs=0.01) for p in [(10, 20), (24, 20), (17, 34)]]
