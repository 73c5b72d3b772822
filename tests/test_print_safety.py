"""What a print shop checks, in millimetres: words well inside the cut (3 mm on cards, 2 mm
on counters, square or shaped), colour past every cut that a trimmer can miss (3 mm on card
sheets, the counters' own colour a millimetre and more past theirs), aids bled to the edge
with their border 3 mm inside, at most one sheet of a file under half full and none more
than a sheet over its lower bound, the credit whole under its sheet's crop marks, and
every documented option building for every game on A4 and on Letter."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from functools import cache

import pytest

from pnp.build.output import OutputFile
from pnp.layout.cards import lay_out_faces
from pnp.layout.chit_shapes import outline
from pnp.layout.chits import TOKEN_BLEED_MM
from pnp.layout.ops import Face, TextBlock
from pnp.layout.pages import Page
from pnp.layout.paper import LAYOUTS, PAPERS_MM
from pnp.layout.sheet import DEFAULT_BLEED_MM, sheet_fill, sheets_lower_bound
from pnp.layout.tokens import lay_out_tokens
from pnp.plan.outputs import plan_outputs, usable_margin
from pnp.plan.settings import BuildOptions
from pnp.render.aid import FRAME_MM, INSET_MM
from pnp.spec.components import TokensComponent
from pnp.spec.game import Game
from pnp.spec.load import load_game
from pnp.text.fonts import load_font

GAMES = ["boom", "bidness", "bigidea", "oldbiddy", "smallprint"]
PAPERS = list(PAPERS_MM)
CHITS = ["square", "shaped"]
PT_MM = 25.4 / 72
EPS = 1e-6
CARD_SAFE_MM = 3.0
CHIT_SAFE_MM = 2.0
SHEETS = frozenset({"cards", "tokens", "aid", "screen", "board", "track"})
"""Every kind of file but the rulebook, which is typeset as it is drawn."""


@cache
def _game(game: str) -> Game:
    return load_game(game)


def _text_boxes(op: TextBlock) -> Iterator[tuple[float, float, float, float]]:
    """Each line's (or run's) box from ascent to descent, mm from the face's top-left,
    turned as the block is."""
    font = load_font(op.font)
    up, down = font.ascent * op.size * PT_MM, font.descent * op.size * PT_MM
    if op.runs:
        boxes = [
            (r.x, r.y - up, r.x + (r.w or load_font(r.font or op.font).width(r.text, op.size)
                                   * PT_MM), r.y + down)
            for r in op.runs
        ]  # fmt: skip
    else:
        boxes = [(x, y - up, x + font.width(t, op.size) * PT_MM, y + down) for x, y, t in op.lines]
    for x0, y0, x1, y1 in boxes:
        corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        if op.rotate % 360:
            a, (cx, cy) = math.radians(op.rotate), op.centre
            corners = [
                (cx + (x - cx) * math.cos(a) + (y - cy) * math.sin(a),
                 cy - (x - cx) * math.sin(a) + (y - cy) * math.cos(a))
                for x, y in corners
            ]  # fmt: skip
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        yield (min(xs), min(ys), max(xs), max(ys))


def _inside_by(point: tuple[float, float], polygon: list[tuple[float, float]]) -> float:
    """How far ``point`` lies inside the convex ``polygon`` (negative: outside)."""
    pairs = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    area = sum(p[0] * q[1] - q[0] * p[1] for p, q in pairs)
    sign = 1.0 if area > 0 else -1.0
    least = math.inf
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        least = min(
            least, sign * ((x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)) / length
        )
    return least


def _counters(
    game: str, chits: str, paper: str = "a4"
) -> Iterator[tuple[list[Page], dict[str, Face]]]:
    g = _game(game)
    for i, comp in enumerate(g.spec.components):
        if isinstance(comp, TokensComponent):
            yield lay_out_tokens(g, comp, i, BuildOptions(paper=paper, chits=chits))


@pytest.mark.parametrize("chits", CHITS)
@pytest.mark.parametrize("game", GAMES)
def test_counter_words_keep_2_mm_inside_the_cut(game: str, chits: str) -> None:
    """Inside the square's cut, or inside the round, triangle or diamond itself (Old
    Biddy's 12 mm gems had their words 1.4 mm from the cut, and across the shaped
    triangle's edge)."""
    for pages, faces in _counters(game, chits):
        shapes = {}
        for page in pages:
            for it, cut in zip(page.items, page.cuts, strict=True):
                kind = cut.polygon.replace("-down", "") or ("circle" if cut.circle else "square")
                shapes[it.face] = kind
        for key, face in faces.items():
            region = outline(shapes[key], face.width)  # a circle as an inscribed polygon
            texts = [op for op in face.ops if isinstance(op, TextBlock)]
            assert texts, key
            for op in texts:
                for x0, y0, x1, y1 in _text_boxes(op):
                    for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                        inside = _inside_by(corner, region)
                        assert inside >= CHIT_SAFE_MM - EPS, (key, op.lines, round(inside, 2))


@pytest.mark.parametrize("game", GAMES)
def test_card_words_keep_3_mm_inside_the_trim(game: str) -> None:
    for key, face in lay_out_faces(_game(game)).items():
        for op in face.ops:
            if isinstance(op, TextBlock):
                for x0, y0, x1, y1 in _text_boxes(op):
                    least = min(x0, y0, face.width - x1, face.height - y1)
                    assert least >= CARD_SAFE_MM - EPS, (key, op.lines[:1], round(least, 2))


@pytest.mark.parametrize("chits", CHITS)
@pytest.mark.parametrize("game", GAMES)
def test_counters_bleed_so_a_1_mm_miscut_shows_their_own_colour(game: str, chits: str) -> None:
    """Past every cut with no counter of the same colour beyond it, 1.5 mm of colour."""
    assert TOKEN_BLEED_MM >= 1.5
    for pages, _ in _counters(game, chits):
        for page in pages:
            for it in page.items:
                bleed = [it.trim[0] - it.clip[0], it.trim[1] - it.clip[1]]
                bleed += [it.clip[2] - it.trim[2], it.clip[3] - it.trim[3]]
                butted = [b for b in bleed if b < EPS]  # a gang-cut neighbour of its colour
                assert all(b >= TOKEN_BLEED_MM - EPS for b in bleed if b not in butted)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_card_sheets_bleed_3_mm_where_cards_do_not_butt(game: str, paper: str) -> None:
    """On sheets that mix types too (•Boom p11, Bidness p27, The Big Idea p41 had 2 mm):
    each card bleeds 3 mm past every edge that no card of its colours shares."""
    (cards,) = plan_outputs(_game(game), BuildOptions(paper=paper), frozenset({"cards"}))
    for page in cards.pages:
        trims = [it.trim for it in page.items if ":" not in it.id]  # not riding counters
        for it in page.items:
            if ":" in it.id:
                continue
            t, c = it.trim, it.clip
            sides = [t[0] - c[0], t[1] - c[1], c[2] - t[2], c[3] - t[3]]
            for side, bleed in enumerate(sides):
                if not _butted(t, side, trims):
                    assert bleed >= DEFAULT_BLEED_MM - EPS, (it.id, side, sides)


def _butted(t: tuple[float, ...], side: int, trims: list[tuple[float, ...]]) -> bool:
    edge = t[side]
    for o in trims:
        if o is t:
            continue
        if side in (0, 2) and abs(o[2 - side] - edge) < EPS and o[1] < t[3] and t[1] < o[3]:
            return True
        if side in (1, 3) and abs(o[4 - side] - edge) < EPS and o[0] < t[2] and t[0] < o[2]:
            return True
    return False


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_aids_bleed_and_keep_their_border_3_mm_inside_the_trim(game: str, paper: str) -> None:
    assert FRAME_MM >= 3.0 and INSET_MM > FRAME_MM
    for f in plan_outputs(_game(game), BuildOptions(paper=paper), frozenset({"aid"})):
        for page in f.pages:
            trims = [it.trim for it in page.items]
            for it in page.items:  # past every edge no other panel shares
                t, c = it.trim, it.clip
                sides = [t[0] - c[0], t[1] - c[1], c[2] - t[2], c[3] - t[3]]
                for side, bleed in enumerate(sides):
                    if not _butted(t, side, trims):
                        assert bleed >= 1.0 - EPS, (f.path, it.id, sides)


def _fills(f: OutputFile, options: BuildOptions) -> tuple[list[float], int]:
    margin = usable_margin(f.kind, options)
    fronts = [p for p in f.pages if p.side != "back"]
    fills = [sheet_fill([it.trim for it in p.items], p.size, margin) for p in fronts]
    sizes = [(t[2] - t[0], t[3] - t[1]) for p in fronts for t in (it.trim for it in p.items)]
    return fills, sheets_lower_bound(sizes, fronts[0].size, margin)


@pytest.mark.parametrize(("paper", "registration"), list(itertools.product(PAPERS, (False, True))))
@pytest.mark.parametrize("game", GAMES)
def test_card_and_counter_files_leave_one_sheet_under_half_full_at_most(
    game: str, paper: str, registration: bool
) -> None:
    """And take no more than a sheet over their lower bound (square counters here; both
    kinds in test_sheets_tokens)."""
    options = BuildOptions(paper=paper, registration=registration)
    for f in plan_outputs(_game(game), options, frozenset({"cards", "tokens"})):
        fills, bound = _fills(f, options)
        assert sum(x < 0.5 for x in fills) <= 1, (f.path, [round(x, 2) for x in fills])
        assert len(fills) <= bound + 1, (f.path, len(fills), bound)


def test_old_biddys_markers_share_the_last_card_sheet() -> None:
    """The six zero markers had an A4 card sheet to themselves (10 % full) and the other
    markers a sheet of their own (15 %): now one sheet holds both, 6 sheets in all."""
    files = plan_outputs(_game("oldbiddy"), BuildOptions(), frozenset({"cards", "tokens"}))
    assert [f.path for f in files] == ["oldbiddy-cards.pdf", "oldbiddy-gem-chits.pdf"]
    assert sum(f.sheets for f in files) == 6
    last = [p for p in files[0].pages if p.side == "front"][-1]
    groups = {it.group for it in last.items}
    assert "zero" in groups and len(groups) > 2  # zero markers, and the markers' groups


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_credit_stays_whole_or_in_two_lines_one_under_the_other(game: str, paper: str) -> None:
    """It broke into pieces between crop marks (Bidness cards p29, Old Biddy p7; on
    Letter, Bidness p33 printed its halves far apart)."""
    for f in plan_outputs(_game(game), BuildOptions(paper=paper), SHEETS):
        for n, page in enumerate(f.pages, start=1):
            label = page.label
            assert label is not None, (f.path, n)
            texts = [b.lines[0][2] for b in label.blocks]
            if label.credit in texts or not label.credit:
                continue  # whole, on a line of its own or beside the name
            head, tail = label.boxes[-2], label.boxes[-1]  # two lines, one under the other
            turned = label.side in ("left", "right")
            a, b = (0, 2) if not turned else (1, 3)
            centre = ((head[a] + head[b]) / 2, (tail[a] + tail[b]) / 2)
            assert centre[0] == pytest.approx(centre[1], abs=0.01), (f.path, n)
            lo, hi = (1, 3) if not turned else (0, 2)  # across the lines
            gap = max(head[lo], tail[lo]) - min(head[hi], tail[hi])
            assert -EPS <= gap <= 0.5, (f.path, n, head, tail)  # adjacent, not overlapping


FAST = [
    ("fold", "letter", "square", False, True),  # failed on every game: no room for the label
    ("gutter", "a4", "shaped", True, False),
    ("grid", "letter", "shaped", True, True),
    ("auto", "a4", "square", False, False),
]
"""Each value of each option once at least, the combinations that failed among them."""
COMBINATIONS = [
    pytest.param(*c, marks=[] if c in FAST else [pytest.mark.slow])
    for c in itertools.product(LAYOUTS, PAPERS, CHITS, (False, True), (True, False))
]
"""Every combination: the ones in FAST run each time, the others with the slow tests."""


@pytest.mark.parametrize(("layout", "paper", "chits", "reg", "duplex"), COMBINATIONS)
@pytest.mark.parametrize("game", GAMES)
def test_every_option_builds(
    game: str, layout: str, paper: str, chits: str, reg: bool, duplex: bool
) -> None:
    options = BuildOptions(paper=paper, layout=layout, chits=chits, registration=reg, duplex=duplex)
    files = plan_outputs(_game(game), options, SHEETS)
    assert files and all(f.pages for f in files)
    for f in files:
        assert all(p.label is not None for p in f.pages), f.path
