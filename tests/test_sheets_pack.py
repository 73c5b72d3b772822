"""Sheets planned for the whole file: leftovers of every colour and size share
sheets, gutters only where edge bands differ, at most one sheet under half full; backs
mirrored, crop marks on every cut line and never inside a card, the margin held."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp._errors import LayoutError
from pnp.layout.cards import back_key, impose_cards, impose_copies, lay_out_faces
from pnp.layout.edges import edge_colour
from pnp.layout.labels import label_pages
from pnp.layout.ops import Face
from pnp.layout.pack import Piece, Rules, pack
from pnp.layout.pages import Page, Placed
from pnp.layout.paper import PAPERS_MM
from pnp.layout.sheet import DEFAULT_BLEED_MM, cut_marks, mirror, sheet_fill, sheets_lower_bound
from pnp.plan.outputs import plan_outputs, usable_margin
from pnp.plan.settings import BuildOptions
from pnp.spec.game import Game
from pnp.spec.load import list_games, load_game

EPS = 1e-6
GAMES = tuple(list_games())
CASES = [(g, p, reg) for g in GAMES for p in ("a4", "letter") for reg in (False, True)]
POKER = (63.5, 88.9)
TAROT = (70.0, 120.0)
SHEET_KINDS = frozenset({"cards", "tokens", "track", "aid", "board", "screen"})


@cache
def _game(name: str) -> tuple[Game, dict[str, Face]]:
    game = load_game(name)
    return game, lay_out_faces(game)


def _fronts(pages: list[Page]) -> list[Page]:
    return [p for p in pages if p.side == "front"]


@pytest.mark.parametrize(("game", "paper", "reg"), CASES)
def test_at_most_one_card_sheet_is_under_half_full(game: str, paper: str, reg: bool) -> None:
    # fill: the cards' trim area over the sheet's area inside the 6 mm printer margin (and
    # the registration marks' room: 13 mm across, 8.5 mm at the top and bottom, where only
    # a 0.5 mm arm of an L mark reaches in), as the build summary measures it
    g, faces = _game(game)
    options = BuildOptions(paper=paper, registration=reg)
    fronts = _fronts(impose_cards(g, options, faces))
    size, margin = PAPERS_MM[paper], usable_margin("cards", options)
    assert margin == ((13.0, 8.5) if reg else (6.0, 6.0))
    fills = [sheet_fill([it.trim for it in p.items], size, margin) for p in fronts]
    assert sum(f < 0.5 for f in fills) <= 1, [round(f, 2) for f in fills]
    sizes = [
        d.size_mm for c in g.cards for d in g.spec.decks if d.id == c.deck for _ in range(c.qty)
    ]
    assert len(fronts) >= sheets_lower_bound(sizes, size, margin)


def test_letter_with_registration_holds_eight_poker_cards() -> None:
    # poker cards on their side, 2 × 4: 4 × 63.5 = 254 mm down; Letter's 279.4 mm less
    # 8.5 mm top and bottom (printer margin, an L mark's 0.5 mm arm, 2 mm clear), 2 mm of
    # crop marks each end and the label's 3.5 mm above the bottom arm leaves 256.4 mm.
    # 13 mm all round left 249.4 mm: three rows, six cards.
    g, faces = _game("boom")
    options = BuildOptions(paper="letter", registration=True)
    counts = [len(p.items) for p in _fronts(impose_cards(g, options, faces))]
    assert max(counts) == 8 and counts.count(8) >= len(counts) - 2, counts


def test_gutters_let_every_card_bleed_3_mm() -> None:
    # Letter, gutters, poker cards on their side: 4 × 63.5 + 3 × 6 mm = 272 mm down does
    # not fit in 267.4 mm less 3 mm of bleed each end; three rows of two do, with the label
    # at the foot, and each card bleeds 3 mm on every side
    g, faces = _game("boom")
    options = BuildOptions(paper="letter", layout="gutter")
    fronts = _fronts(impose_cards(g, options, faces))
    assert max(len(p.items) for p in fronts) == 6
    label_pages(fronts, "Boom", "boom-cards.pdf", "(c) 2002", 6.0)
    assert {p.label.side for p in fronts if p.label} == {"bottom"}
    for p in fronts:
        for it in p.items:
            bleed = [it.trim[i] - it.clip[i] for i in (0, 1)]
            bleed += [it.clip[i] - it.trim[i] for i in (2, 3)]
            assert min(bleed) >= DEFAULT_BLEED_MM - EPS, bleed


@pytest.mark.parametrize(("game", "paper", "reg"), CASES)
def test_no_file_takes_fewer_sheets_than_its_lower_bound(game: str, paper: str, reg: bool) -> None:
    options = BuildOptions(paper=paper, registration=reg)
    for f in plan_outputs(_game(game)[0], options, SHEET_KINDS):
        bound = f.sheets_lower_bound(usable_margin(f.kind, options))
        assert 1 <= bound <= f.sheets, (f.path, bound, f.sheets)


@pytest.mark.parametrize(("game", "paper", "reg"), CASES)
def test_card_sheets_cut_clean(game: str, paper: str, reg: bool) -> None:
    g, faces = _game(game)
    options = BuildOptions(paper=paper, registration=reg)
    pages = impose_cards(g, options, faces)
    decks = {d.id: d for d in g.spec.decks}
    copies = sorted((c.id, 1) for c in g.cards for _ in range(c.qty))
    placed = sorted((it.id, 1) for p in _fronts(pages) for it in p.items)
    assert placed == copies  # every copy once
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert (front.side, back.side) == ("front", "back")
        _check_backs(front, back, decks)
        _check_margin(front, options.packed_margins)
        _check_registration(front)
        _check_neighbours(front, faces, decks)
        _check_marks(front)


def _check_backs(front: Page, back: Page, decks: dict) -> None:
    """Each back right behind its front, for a long-edge flip (docs/architecture.md §4)."""
    assert len(front.items) == len(back.items) and not back.marks
    w = front.size[0]
    for f, b in zip(front.items, back.items, strict=True):
        assert (b.id, b.face, b.side) == (f.id, back_key(decks[f.group]), "back")
        assert b.trim == pytest.approx(mirror(f.trim, w))
        assert b.clip == pytest.approx(mirror(f.clip, w))
        assert (f.rotate, b.rotate) in ((0, 0), (90, 270))


def _check_margin(page: Page, margin: float | tuple[float, float]) -> None:
    w, h = page.size
    mx, my = margin if isinstance(margin, tuple) else (margin, margin)
    for it in page.items:
        x0, y0, x1, y1 = it.clip
        assert x0 >= mx - EPS and y0 >= my - EPS, it.id
        assert x1 <= w - mx + EPS and y1 <= h - my + EPS, it.id
    for x0, y0, x1, y1 in page.marks:
        assert min(x0, x1) >= mx - EPS and max(x0, x1) <= w - mx + EPS
        assert min(y0, y1) >= my - EPS and max(y0, y1) <= h - my + EPS


def _check_registration(page: Page) -> None:
    """No art and no crop mark within 2 mm (REGISTRATION_CLEAR_MM) of a registration mark:
    the layout keeps the marks' own room, not a 7 mm band on every side."""
    for rx0, ry0, rx1, ry1 in page.registration:
        near = (rx0 - 2 + EPS, ry0 - 2 + EPS, rx1 + 2 - EPS, ry1 + 2 - EPS)
        for x0, y0, x1, y1 in [it.clip for it in page.items] + page.marks:
            box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            assert not _overlap(box, near), (box, (rx0, ry0, rx1, ry1))


def _facing(a: Placed, b: Placed) -> tuple[int, float] | None:
    """Which side of ``a`` faces ``b`` (0 left, 1 bottom, 2 right, 3 top) and the gap."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.trim, b.trim
    if min(ay1, by1) - max(ay0, by0) > EPS:  # side by side
        return (2, bx0 - ax1) if bx0 >= ax1 - EPS else (0, ax0 - bx1) if ax0 >= bx1 - EPS else None
    if min(ax1, bx1) - max(ax0, bx0) > EPS:  # one above the other
        return (3, by0 - ay1) if by0 >= ay1 - EPS else (1, ay0 - by1) if ay0 >= by1 - EPS else None
    return None


def _check_neighbours(page: Page, faces: dict[str, Face], decks: dict) -> None:
    """A cut that misses by 1 mm shows neither white nor a neighbour's colour: butted cards
    share their edge colours, front and back; elsewhere a card bleeds 3 mm (a gutter of
    6 mm between cards that do not butt)."""
    for a in page.items:
        bleed = [a.trim[0] - a.clip[0], a.trim[1] - a.clip[1]]
        bleed += [a.clip[2] - a.trim[2], a.clip[3] - a.trim[3]]
        butted = set()
        for b in page.items:
            facing = _facing(a, b) if b is not a else None
            if facing is None:
                continue
            side, gap = facing
            assert gap < EPS or gap >= 2 * DEFAULT_BLEED_MM - EPS, (a.id, b.id, gap)
            if gap < EPS:
                butted.add(side)
                for fa, fb in (
                    (a.face, b.face),
                    (back_key(decks[a.group]), back_key(decks[b.group])),
                ):
                    assert edge_colour(faces[fa]) == edge_colour(faces[fb]), (a.id, b.id)
            assert not _overlap(a.clip, b.trim), (a.id, b.id)  # no bleed on a neighbour
        for side in range(4):
            if side not in butted:
                assert bleed[side] >= DEFAULT_BLEED_MM - EPS, (a.id, side, bleed)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > EPS and min(a[3], b[3]) - max(a[1], b[1]) > EPS


def _check_marks(page: Page) -> None:
    """No crop mark inside a card; every edge of every card has one on its cut line, which
    the line reaches without crossing a card."""
    trims = [it.trim for it in page.items]
    for x0, y0, x1, y1 in page.marks:
        assert x0 == x1 or y0 == y1
        box = (min(x0, x1) - EPS, min(y0, y1) - EPS, max(x0, x1) + EPS, max(y0, y1) + EPS)
        for t in trims:
            inner = (t[0] + 2 * EPS, t[1] + 2 * EPS, t[2] - 2 * EPS, t[3] - 2 * EPS)
            assert not _overlap(box, inner), ((x0, y0, x1, y1), t)
    for t in trims:
        for vertical, a, lo, hi in (
            (True, t[0], t[1], t[3]),
            (True, t[2], t[1], t[3]),
            (False, t[1], t[0], t[2]),
            (False, t[3], t[0], t[2]),
        ):
            assert any(_reaches(m, vertical, a, lo, hi, trims) for m in page.marks), (t, a)


def _reaches(
    mark: tuple[float, ...], vertical: bool, a: float, lo: float, hi: float, trims: list
) -> bool:
    x0, y0, x1, y1 = mark
    on = abs(x0 - a) < 1e-4 and x0 == x1 if vertical else abs(y0 - a) < 1e-4 and y0 == y1
    if not on:
        return False
    m0, m1 = sorted((y0, y1) if vertical else (x0, x1))
    gap = (m1, lo) if m1 <= lo + EPS else (hi, m0) if m0 >= hi - EPS else (lo, lo)
    for t in trims:  # a card straddling the line between the edge and the mark
        a0, a1, b0, b1 = (t[0], t[2], t[1], t[3]) if vertical else (t[1], t[3], t[0], t[2])
        if a0 < a - EPS and a1 > a + EPS and b0 < gap[1] - EPS and b1 > gap[0] + EPS:
            return False
    return True


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_old_biddys_score_markers_fill_a_card_sheet(paper: str) -> None:
    # 36 poker cards and six 30 mm zero markers: A4 takes 9 poker cards a sheet, but gem
    # and character cards meet only across a 6 mm gutter between rows: the fifth sheet
    # holds the last character card and the markers; Letter takes 8, its fifth sheet
    # holds the last 4 cards and the markers below them (6 sheets before)
    g, faces = _game("oldbiddy")
    fronts = _fronts(impose_cards(g, BuildOptions(paper=paper), faces))
    assert len(fronts) == 5
    marker_sheets = [p for p in fronts if any(it.group == "zero" for it in p.items)]
    assert len(marker_sheets) == 1
    groups = {it.group for it in marker_sheets[0].items}
    assert groups == ({"zero", "character"} if paper == "a4" else {"zero", "gem", "character"})


def test_deck_per_sheet_keeps_every_deck_on_sheets_of_its_own() -> None:
    g, faces = _game("oldbiddy")
    options = BuildOptions(paper="letter", deck_per_sheet=True)
    fronts = _fronts(impose_cards(g, options, faces))
    assert all(len({it.group for it in p.items}) == 1 for p in fronts)
    # gems 30 (4 sheets), characters 6 (1), markers 6 (1)
    assert len(fronts) == 6


@pytest.mark.parametrize(("paper", "copies", "sheets"), [("a4", 6, 1), ("letter", 5, 1)])
def test_player_aids_lie_on_their_side_to_share_a_sheet(
    paper: str, copies: int, sheets: int, tmp_path: Path
) -> None:
    # tarot panels (70 × 120 mm): upright 2 × 2 on A4 (198 × 285 mm inside the margin);
    # four on their side take 4 × 70 = 280 mm down and 120 across, two upright beside
    # them 70 more: six. Letter (203.9 × 267.4): three on their side and two upright, five
    pages = impose_copies("aid", TAROT, copies, BuildOptions(paper=paper))
    assert len(pages) == sheets and len(pages[0].items) == copies
    assert {it.rotate for it in pages[0].items} == {0, 90}
    trims = [it.trim for it in pages[0].items]
    assert not any(_overlap(a, b) for i, a in enumerate(trims) for b in trims[i + 1 :])
    _check_margin(pages[0], 6.0)
    _check_marks(pages[0])
    # drawn: every letter of the aid lies inside a panel, upright or on its side
    from pnp.plan.doc_meta import DocInfo
    from pnp.render.aid import lay_out_aid
    from pnp.render.writers import write_aid

    pdf = tmp_path / "aid.pdf"
    layout = lay_out_aid("## Turn\n\n1. Draw a card.\n2. Play a card.\n", TAROT, "Aid", "#123456")
    write_aid(pdf, pages, layout, DocInfo("Aid"), "#123456")
    text = pdfium.PdfDocument(str(pdf))[0].get_textpage()
    pt = 72 / 25.4
    inside = [0] * len(trims)
    for i in range(text.count_chars()):
        left, bottom, right, top = (v / pt for v in text.get_charbox(i))
        if right - left < 0.01:
            continue
        hits = [k for k, t in enumerate(trims) if _overlap((left, bottom, right, top), t)]
        assert len(hits) == 1, (left, bottom)
        inside[hits[0]] += 1
    assert min(inside) > 10  # text in every panel


def test_six_aids_need_two_letter_sheets() -> None:
    pages = impose_copies("aid", TAROT, 6, BuildOptions(paper="letter"))
    assert [len(p.items) for p in pages] in ([5, 1], [4, 2])


def test_pieces_that_never_butt_get_gutters_and_an_asked_bleed_is_kept() -> None:
    rules = Rules(PAPERS_MM["a4"], 6.0, 2.0, 2.5, 6.0, 3.0)
    loners = pack([Piece(POKER, None)] * 8, rules)
    assert len(loners) == 1 and loners[0].layout == "gutter" and loners[0].gap == (6.0, 6.0)
    butted = pack([Piece(POKER, "a")] * 9, rules)
    assert butted[0].layout == "grid" and butted[0].gap == (0.0, 0.0)
    exact = Rules(PAPERS_MM["a4"], 6.0, 4.0, 8.0, 8.0, 4.0, exact=True)
    (sheet,) = pack([Piece(POKER, None)] * 4, exact)
    assert sheet.bleed == 4.0
    for s in sheet.spots:
        assert [s.trim[0] - s.clip[0], s.clip[2] - s.trim[2]] == pytest.approx([4.0, 4.0])
    with pytest.raises(LayoutError, match="does not fit"):
        pack([Piece((250.0, 300.0), "a")], rules)


def test_marks_between_bands_lie_in_the_gap() -> None:
    # a poker card above a 30 mm marker, 3 mm apart, lines not shared: each line gets
    # its marks outside both, the marker's upper ones in the gap
    card, marker = (20.0, 150.0, 83.5, 238.9), (30.0, 117.0, 60.0, 147.0)
    marks = cut_marks([card, marker], (6.0, 6.0, 204.0, 291.0))
    up = [m for m in marks if m[0] == m[2] and m[1] == 147.0]
    assert sorted(m[0] for m in up) == [30.0, 60.0]
    assert all(m[3] == 150.0 for m in up)  # to the card's edge, not into it


def test_the_same_file_plans_the_same_sheets() -> None:
    g, faces = _game("smallprint")
    options = BuildOptions(registration=True)
    assert impose_cards(g, options, faces) == impose_cards(g, options, dict(faces))
    other = dataclasses.replace(options, layout="gutter")
    assert impose_cards(g, other, faces) == impose_cards(g, other, faces)


@settings(max_examples=60, deadline=None)
@given(
    paper=st.sampled_from(["a4", "letter"]),
    sizes=st.lists(
        st.tuples(st.floats(15, 130), st.floats(15, 180), st.integers(1, 25), st.integers(0, 3)),
        min_size=1,
        max_size=4,
    ),
    margin=st.floats(4, 14),
)
def test_any_mix_of_pieces_is_packed_apart_inside_the_margin(
    paper: str, sizes: list[tuple[float, float, int, int]], margin: float
) -> None:
    """Pieces of up to four sizes (15–130 × 15–180 mm) and edges: each placed once, its
    size kept (turned or not), inside the margin with its bleed, apart from every other by
    a gutter unless they share an edge, crop marks on every cut line and none in a piece.
    (Fill is no property of any mix: eleven 60 × 90 mm pieces inside a 14 mm margin go
    four a sheet, 44 % each.)"""
    rules = Rules(PAPERS_MM[paper], margin, 2.0, 2.5, 6.0, 3.0)
    edges = ["a", "b", "c", None]
    pieces = [Piece((w, h), edges[e]) for w, h, n, e in sizes for _ in range(n)]
    sheets = pack(pieces, rules)
    assert sorted(s.piece for sheet in sheets for s in sheet.spots) == list(range(len(pieces)))
    for sheet in sheets:
        items = [
            Placed(str(s.piece), pieces[s.piece].edge or f"alone{s.piece}", "", s.trim, s.clip)
            for s in sheet.spots
        ]
        page = Page(rules.page, items=items)
        page.marks = cut_marks(
            [it.trim for it in items],
            (margin,) * 2 + (rules.page[0] - margin, rules.page[1] - margin),
        )
        _check_margin(page, margin)
        _check_marks(page)
        for s in sheet.spots:
            w, h = pieces[s.piece].size
            tw, th = s.trim[2] - s.trim[0], s.trim[3] - s.trim[1]
            assert (tw, th) == pytest.approx((h, w) if s.rotated else (w, h))
        for a in items:
            for b in items:
                facing = _facing(a, b) if b is not a else None
                if facing is None:
                    continue
                assert not _overlap(a.clip, b.trim)
                gap = facing[1]
                assert gap >= 2.5 - EPS or (gap < EPS and a.group == b.group), (a, b)
