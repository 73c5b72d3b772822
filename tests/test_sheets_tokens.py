"""Counter sheets: by default every counter is a gang-cut square
(neighbours share cut lines, a crop mark on every line) carrying its shape as an emblem;
``--chits shaped`` gives rounds at standard punch sizes and tessellated triangles. Groups
carried to a new page repeat their heading; text is 6 pt or more."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from pnp.layout.chit_faces import EMBLEM
from pnp.layout.ops import Face, Icon, Shape, TextBlock
from pnp.layout.pages import Page
from pnp.layout.sheet import sheet_fill, sheets_lower_bound
from pnp.layout.tokens import (
    CONTINUED,
    GANG_MARK_MM,
    GAP_MM,
    PUNCHES_MM,
    TOKEN_BLEED_MM,
    lay_out_tokens,
)
from pnp.plan.outputs import usable_margin
from pnp.plan.settings import BuildOptions
from pnp.spec.components import TokensComponent
from pnp.spec.load import load_game

EPS = 1e-6
GAMES = ["boom", "bidness", "bigidea", "oldbiddy", "smallprint"]
PAPERS = ["a4", "letter"]
MODES = ["square", "shaped"]


def _files(
    game: str, paper: str = "a4", chits: str = "square", registration: bool = False
) -> Iterator[tuple[TokensComponent, list[Page], dict[str, Face]]]:
    g = load_game(game)
    options = BuildOptions(paper=paper, chits=chits, registration=registration)
    for i, comp in enumerate(g.spec.components):
        if isinstance(comp, TokensComponent):
            pages, faces = lay_out_tokens(g, comp, i, options)
            yield comp, pages, faces


def _pages(game: str, paper: str = "a4", chits: str = "square") -> list[Page]:
    return next(_files(game, paper, chits))[1]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_by_default_every_counter_is_a_gang_cut_square_with_a_mark_on_every_line(
    game: str, paper: str
) -> None:
    for _, pages, _ in _files(game, paper):
        for page in pages:
            rects = [c.rect for c in page.cuts]
            assert all(not c.circle and not c.polygon for c in page.cuts)
            assert page.layout == "gang"
            xs = {round(v, 3) for r in rects for v in (r[0], r[2])}
            ys = {round(v, 3) for r in rects for v in (r[1], r[3])}
            marked_x = {round(m[0], 3) for m in page.marks if m[0] == m[2]}
            marked_y = {round(m[1], 3) for m in page.marks if m[1] == m[3]}
            assert xs <= marked_x and ys <= marked_y  # a crop mark on every cut line
            for it in page.items:  # square, and colour past every edge with no square beyond
                t, c = it.trim, it.clip
                d = t[2] - t[0]
                assert t[3] - t[1] == pytest.approx(d)
                for side, (dx, dy) in enumerate([(-1, 0), (0, -1), (1, 0), (0, 1)]):
                    beyond = (t[0] + dx * d, t[1] + dy * d, t[2] + dx * d, t[3] + dy * d)
                    alone = not any(math.dist(beyond, r) < EPS for r in rects)
                    assert abs(c[side] - t[side]) == pytest.approx(TOKEN_BLEED_MM if alone else 0)


def test_a_block_butts_its_squares_and_holds_one_colour() -> None:
    # •Boom: 19 stock counters per firm in five colours, 165 money counters in five sizes
    comp, pages, faces = next(_files("boom"))
    colour = {key: face.ops[0].fill for key, face in faces.items()}  # type: ignore[union-attr]
    for page in pages:
        for a in page.items:
            for b in page.items:
                if a is not b and _touch(a.trim, b.trim):
                    assert colour[a.face] == colour[b.face]  # a miscut shows no other colour
                    assert a.trim[2] - a.trim[0] == pytest.approx(b.trim[2] - b.trim[0])
        squares = [it.trim for it in page.items]
        lonely = [a for a in squares if not any(_touch(a, b) for b in squares if b is not a)]
        assert len(lonely) <= 1  # only the single IPO Limit counter stands alone
    # blocks of one colour stand GAP_MM + two mark lengths apart, so each mark shows
    for page in pages:
        for a in page.items:
            for b in page.items:
                if colour[a.face] != colour[b.face] and _overlap(a.trim[1::2], b.trim[1::2]):
                    gap = max(b.trim[0] - a.trim[2], a.trim[0] - b.trim[2])
                    assert gap >= GAP_MM + 2 * GANG_MARK_MM - EPS or gap < 0


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[1] - EPS and b[0] < a[1] - EPS


def _touch(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    side = abs(a[2] - b[0]) < EPS or abs(b[2] - a[0]) < EPS
    level = abs(a[3] - b[1]) < EPS or abs(b[3] - a[1]) < EPS
    return (side and abs(a[1] - b[1]) < EPS) or (level and abs(a[0] - b[0]) < EPS)


@pytest.mark.parametrize("game", GAMES)
def test_a_square_chit_carries_its_shape_in_its_ink(game: str) -> None:
    """A round is shown by a ring round the words, a triangle or a diamond by an emblem
    at the top, in the ink, which stands apart from the fill in grey."""
    for comp, _, faces in _files(game):
        for gi, group in enumerate(comp.groups):
            for key, face in faces.items():
                if not key.startswith(f"token:{comp.id}:{gi}:"):
                    continue
                shapes = [op for op in face.ops if isinstance(op, Shape)]
                ink = next(op.color for op in face.ops if isinstance(op, TextBlock))
                fill = shapes[0].fill
                marks = [sh for sh in shapes[1:] if ink in (sh.fill, sh.stroke)]
                shape = group.token.shape
                if shape == "circle":
                    (ring,) = marks
                    assert ring.kind == "ellipse" and ring.fill is None and ring.stroke == ink
                    assert ring.w >= 0.8 * face.width, key  # round the words, not a dot
                else:
                    assert [m.kind for m in marks] == ([EMBLEM[shape]] if shape in EMBLEM else [])
                assert ink != fill


@pytest.mark.parametrize("chits", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_no_counter_prints_a_dot_that_reads_as_a_punched_hole(game: str, chits: str) -> None:
    """A filled disc much smaller than the counter, in another colour than its own, reads
    as a hole punched in it (•Boom's stock counters had a white one, its money a black one)."""
    for _, _, faces in _files(game, chits=chits):
        for key, face in faces.items():
            fill = next(op.fill for op in face.ops if isinstance(op, Shape))
            for op in face.ops:
                if isinstance(op, Shape) and op.kind == "ellipse" and op.fill not in (None, fill):
                    assert op.w >= 0.8 * face.width or op.w <= 1.0, (key, op)  # or a texture's dot


def test_a_symbol_sits_inside_the_ring_of_a_round_counter() -> None:
    """Old Biddy's round marker (a circle with the data's hourglass), printed square: the
    hourglass is drawn inside the ring, in the ink, over the counter's own colour."""
    comp, _, faces = next(f for f in _files("oldbiddy") if f[0].id == "markers")
    gi = next(i for i, grp in enumerate(comp.groups) if grp.token.icon)
    face = next(f for k, f in faces.items() if k.startswith(f"token:markers:{gi}:"))
    fill, ring = [op for op in face.ops if isinstance(op, Shape)]
    (icon,) = [op for op in face.ops if isinstance(op, Icon)]
    assert ring.kind == "ellipse" and ring.fill is None
    assert ring.x < icon.x and icon.x + icon.w < ring.x + ring.w
    assert ring.y < icon.y and icon.y + icon.h < ring.y + ring.h
    assert icon.color == ring.stroke != fill.fill


def test_old_biddy_gems_stay_three_shapes_in_both_modes() -> None:
    # Old Biddy's gems: green triangle, blue square, red circle, as on the gem cards
    g = load_game("oldbiddy")
    comp = next(c for c in g.spec.components if c.id == "gem-chits")
    assert [grp.token.shape for grp in comp.groups] == [r["shape"] for r in g.spec.tables["gems"]]
    square = [f for c, _, f in _files("oldbiddy") if c.id == "gem-chits"][0]
    kinds = [{s.kind for s in f.ops if isinstance(s, Shape)} for f in square.values()]
    assert kinds == [{"rect", "triangle"}, {"rect"}, {"rect", "ellipse"}]
    assert {f.width for f in square.values()} == {15.0}  # pieces of one set, one size
    shaped = [p for c, p, _ in _files("oldbiddy", chits="shaped") if c.id == "gem-chits"][0]
    polygons = [c.polygon or ("circle" if c.circle else "square") for p in shaped for c in p.cuts]
    assert polygons.count("triangle") + polygons.count("triangle-down") == 60
    assert polygons.count("square") == polygons.count("circle") == 60


@pytest.mark.parametrize("game", GAMES)
def test_shaped_rounds_are_the_punch_the_data_records(game: str) -> None:
    for _, pages, _ in _files(game, chits="shaped"):
        for page in pages:
            chips = [c.rect for c in page.cuts if c.circle]
            for a in chips:
                d = round(a[2] - a[0], 3)
                assert a[3] - a[1] == pytest.approx(d)
                assert d in PUNCHES_MM or (game, d) == ("oldbiddy", 15.0)  # gems fit spaces
            for i, a in enumerate(chips):  # room for a punch's rim or scissors
                for b in chips[i + 1 :]:
                    gap = math.dist(_centre(a), _centre(b)) - (a[2] - a[0] + b[2] - b[0]) / 2
                    assert gap >= GAP_MM - 1e-3, (a, b)
            if chips:
                assert "punch" in page.layout and page.bleed == TOKEN_BLEED_MM


def test_boom_rounds_take_the_nearest_standard_punch() -> None:
    # stock drawn at 20 mm takes the 19 mm punch; money 16/18/20/22/24 -> 16/19/19/25/25
    diameters = sorted({round(c.rect[2] - c.rect[0], 2) for p in _pages("boom", chits="shaped")
                        for c in p.cuts if c.circle})  # fmt: skip
    assert diameters == [16.0, 19.0, 25.0]


def _centre(r: tuple[float, ...]) -> tuple[float, float]:
    return ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2)


@pytest.mark.parametrize("paper", PAPERS)
def test_shaped_triangles_tessellate_so_straight_lines_free_them(paper: str) -> None:
    # Old Biddy's 60 green gems: up and down alternate in a row, each row starting
    # opposite to the one above; neighbours share an edge; the block's lines are marked
    pages = [p for c, p, _ in _files("oldbiddy", paper, "shaped") if c.id == "gem-chits"][0]
    page = pages[0]
    tri = [c for c in page.cuts if c.polygon.startswith("triangle")]
    rows: dict[float, list] = {}
    for c in tri:
        rows.setdefault(round(c.rect[1], 3), []).append(c)
    d = tri[0].rect[2] - tri[0].rect[0]
    for row in rows.values():
        row.sort(key=lambda c: c.rect[0])
        for a, b in zip(row, row[1:], strict=False):
            assert b.rect[0] - a.rect[0] == pytest.approx(d / 2)  # half a triangle on
            assert {a.polygon, b.polygon} == {"triangle", "triangle-down"}
    tops = [rows[k][0].polygon for k in sorted(rows)]
    assert all(a != b for a, b in zip(tops, tops[1:], strict=False))
    lines = [op for op in page.decor if isinstance(op, Shape) and op.kind == "line"]
    assert not lines  # no cut line drawn across the triangles' art
    slanted = [m for m in page.marks if m[0] != m[2] and m[1] != m[3]]
    slants = {round(abs((m[2] - m[0]) / (m[3] - m[1])), 3) for m in slanted}
    assert slants == {0.5}  # crop marks continue both slanted families beyond the block
    assert len(page.marks) < 2 * len(tri)  # a mark at each end of a line, not of a triangle


@pytest.mark.parametrize("chits", MODES)
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_a_group_carried_over_repeats_its_heading(game: str, paper: str, chits: str) -> None:
    for _, pages, _ in _files(game, paper, chits):
        seen: set[str] = set()
        for page in pages:
            heads = {line[2] for op in page.decor if isinstance(op, TextBlock) for line in op.lines}
            for group in {it.group for it in page.items}:
                mine = [h for h in heads if h.startswith(group)]
                assert mine, (group, heads)  # every group on a page is named on it
                if group in seen:
                    assert any(h.endswith(CONTINUED) for h in mine)
            seen |= {it.group for it in page.items}


FILES = [(g, p, c, r) for g in GAMES for p in PAPERS for c in MODES for r in (False, True)]


@pytest.mark.parametrize(("game", "paper", "chits", "registration"), FILES)
def test_at_most_one_sheet_of_a_counters_file_is_under_half_full(
    game: str, paper: str, chits: str, registration: bool
) -> None:
    """Measured where counters may lie (inside the printer margin and the registration
    marks' room); and no file takes more than one sheet over its lower bound."""
    options = BuildOptions(paper=paper, chits=chits, registration=registration)
    margin = usable_margin("tokens", options)
    for _, pages, _ in _files(game, paper, chits, registration):
        fill = [sheet_fill([it.trim for it in p.items], p.size, margin) for p in pages]
        assert sum(f < 0.5 for f in fill) <= 1, fill
        sizes = [(t[2] - t[0], t[3] - t[1]) for p in pages for t in (i.trim for i in p.items)]
        assert len(pages) <= sheets_lower_bound(sizes, pages[0].size, margin) + 1, fill


def test_boom_counters_on_letter_take_three_sheets_not_four() -> None:
    # page 4 once held the IPO Limit counter alone
    for paper in PAPERS:
        pages = _pages("boom", paper)
        assert len(pages) == 3
        assert sum(len(p.items) for p in pages) == 19 * 5 + 165 + 1


def _area(r: tuple[float, ...]) -> float:
    return (r[2] - r[0]) * (r[3] - r[1])


@pytest.mark.parametrize("chits", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_no_counter_text_is_under_6_pt(game: str, chits: str) -> None:
    for _, _, faces in _files(game, chits=chits):
        for key, face in faces.items():
            sizes = [op.size for op in face.ops if isinstance(op, TextBlock)]
            assert sizes and min(sizes) >= 6.0, key


def test_a_triangle_cut_path_is_inscribed_in_its_trim() -> None:
    from pnp.layout.cuts import PT_PER_MM, cut_path
    from pnp.layout.pages import Cut

    path = cut_path(Cut((10.0, 20.0, 24.0, 34.0), polygon="triangle"))
    points = [tuple(map(float, p.split(","))) for p in path[2:-2].split(" L ")]
    mm = [(x / PT_PER_MM, y / PT_PER_MM) for x, y in points]
    assert mm == [pytest.approx(p, abs=0.01) for p in [(10, 20), (24, 20), (17, 34)]]
