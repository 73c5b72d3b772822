"""The rulebook's figures show the pieces as they print: the setup figure draws each piece
from the face its sheet prints, in the shape it is cut to, under the build's --chits; the
card-anatomy figure prints the card at full size (its words 6 pt and up) and no leader
crosses a word."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from pnp.layout.anatomy import card_anatomy, op_box
from pnp.layout.cards import lay_out_faces
from pnp.layout.ink import save_ink
from pnp.layout.ops import Box, Face, Icon, PieceView, Shape, TableView, TextBlock
from pnp.layout.pages import Cut, Page
from pnp.layout.sheet import corner_radius
from pnp.plan.doc_text import (
    rulebook_figures,
    rulebook_markdown,
    template_context,
)
from pnp.plan.outputs import lay_out_sheet, sheet_plans
from pnp.plan.settings import BuildOptions
from pnp.render.anatomy_figure import MARK_PT, AnatomyFigure
from pnp.render.doc_layout import typeset_rulebook
from pnp.render.drawn_figure import LABEL_PT
from pnp.render.pdf import make_canvas
from pnp.render.pieces import Placed
from pnp.render.setup_figure import CAPTION_PT, SetupFigure
from pnp.spec.game import Game
from pnp.spec.load import load_game

GAMES = ("bidness", "bigidea", "boom", "oldbiddy", "smallprint")
COLUMNS_MM = (86.5, 89.45, 115.5)
"""A rulebook's column on A4 and Letter, and a booklet's."""


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    return load_game(request.param)


def _drawn(figure: AnatomyFigure | SetupFigure, width_mm: float = 86.5) -> None:
    """Draw ``figure`` (so that it records what it drew) on a throwaway canvas."""
    figure.wrap(width_mm * mm, 1e9)
    canvas = make_canvas(io.BytesIO(), pagesize=(210 * mm, 297 * mm))
    figure.drawOn(canvas, 0, 0)


def _setup(game: Game, chits: str, ink_saver: bool = False) -> SetupFigure:
    options = BuildOptions(chits=chits, ink_saver=ink_saver)
    table = rulebook_figures(game, "(pnp:setup)", options)["pnp:setup"]
    assert isinstance(table, TableView) and table.chits == chits
    figure = SetupFigure(table)
    _drawn(figure)
    return figure


def test_every_word_a_figure_sets_is_6_pt_or_more() -> None:
    assert min(LABEL_PT, CAPTION_PT, MARK_PT) >= 6.0


@pytest.mark.parametrize("column_mm", COLUMNS_MM)
def test_the_anatomy_card_prints_its_words_at_their_size(game: Game, column_mm: float) -> None:
    """The card is drawn at 100 % or more, so its smallest word is as large as printed
    (6 pt or more), and the figure fits the column."""
    anatomy = card_anatomy(game)
    assert anatomy is not None
    figure = AnatomyFigure(anatomy)
    width, _ = figure.wrap(column_mm * mm, 1e9)
    assert width <= column_mm * mm + 0.01
    sizes = [op.size for op in anatomy.face.ops if isinstance(op, TextBlock)]
    assert figure.k >= 1.0 and min(sizes) * figure.k >= 6.0
    assert len(figure.callouts) == len(anatomy.parts)  # every part is named


def _meets(seg: Box, box: Box) -> bool:
    """Whether segment ``seg`` (x0, y0, x1, y1) passes through rectangle ``box``
    (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


@pytest.mark.parametrize("column_mm", COLUMNS_MM)
def test_no_leader_crosses_a_word(game: Game, column_mm: float) -> None:
    """Every leader segment drawn misses every word of the figure: the card's own text
    blocks (measured here from the card's display list), the marks' numbers and the
    names listed under the card."""
    anatomy = card_anatomy(game)
    assert anatomy is not None
    figure = AnatomyFigure(anatomy)
    _drawn(figure, column_mm)
    words = [figure.text_boxes[i] for i in range(len(figure.text_boxes))]
    for op in anatomy.face.ops:
        if isinstance(op, TextBlock):
            x0, y0, x1, y1 = op_box(op)
            (a, b), (c, d) = figure.card_point(x0, y1), figure.card_point(x1, y0)
            words.append((a, b, c, d))
    assert figure.leaders
    crossing = [(s, w) for s in figure.leaders for w in words if _meets(s, w)]
    assert not crossing, crossing[:3]


def _printed(game: Game, options: BuildOptions) -> tuple[dict[str, Face], dict[str, str]]:
    """Every face the build prints (cards and backs by their piece key, counters, the
    sheets of boards and tracks), and how each counter is cut on its sheet."""
    faces: dict[str, Face] = {}
    cuts: dict[str, str] = {}
    for key, face in lay_out_faces(game).items():
        faces[key if key.startswith("back:") else f"card:{key}"] = face
    for plan in sheet_plans(game, options, frozenset({"tokens", "board", "track"})):
        pages, laid = lay_out_sheet(game, plan, options)
        faces.update(laid)
        for page in pages:
            faces[f"page:{plan.path}"] = Face(*page.size, tuple(page.decor))
            cuts.update(_cut_outlines(page))
    if options.ink_saver:  # what the build prints (pnp.plan.outputs)
        faces = {key: save_ink(face) for key, face in faces.items()}
    return faces, cuts


def _cut_outlines(page: Page) -> dict[str, str]:
    """The outline each counter of a counter sheet is cut along."""

    def outline(cut: Cut) -> str:
        if cut.circle:
            return "ellipse"
        return cut.polygon.replace("-down", "") or "rect"

    if not page.cuts or len(page.cuts) != len(page.items):
        return {}
    return {item.face: outline(cut) for item, cut in zip(page.items, page.cuts, strict=True)}


def _colours(face: Face) -> set[str]:
    """The fills and ink colours of a display list."""
    out: set[str] = set()
    for op in face.ops:
        if isinstance(op, Shape) and op.fill:
            out.add(op.fill.lower())
        elif isinstance(op, TextBlock | Icon):
            out.add(op.color.lower())
    return out


@pytest.mark.parametrize(("chits", "ink_saver"), [("square", False), ("shaped", False),
                                                  ("square", True)])  # fmt: skip
def test_every_piece_drawn_is_the_printed_piece(game: Game, chits: str, ink_saver: bool) -> None:
    """Each piece the setup figure drew, against the piece its sheet prints under the same
    --chits and --ink-saver: a card or counter has the same shapes and colours and is cut
    to the same outline; a board's or track's colours are the printed sheet's."""
    options = BuildOptions(chits=chits, ink_saver=ink_saver)
    faces, cuts = _printed(game, options)
    figure = _setup(game, chits, ink_saver)
    assert figure.drawn
    for pile, placed in figure.drawn:
        piece: PieceView = placed.piece
        kind = piece.key.split(":")[0]
        if kind == "component" and piece.key.split(":")[1] in _sheets(game, "screen", "aid"):
            continue  # a screen's outside and an aid in miniature: drawn from their data
        if kind == "component":
            sheet = [f for k, f in faces.items() if piece.key.split(":")[1] in k]
            assert sheet, piece.key
            printed = set().union(*(_colours(f) for f in sheet))
            assert _colours(piece.face) <= printed, (pile, _colours(piece.face) - printed)
            continue
        printed_face = faces[piece.key]
        assert [_kind(op) for op in piece.face.ops] == [_kind(op) for op in printed_face.ops]
        assert _colours(piece.face) == _colours(printed_face), pile
        if kind == "token":
            assert piece.outline == cuts[piece.key], (pile, piece.outline, cuts[piece.key])
        else:
            w, h = piece.size
            assert (piece.outline, piece.radius) == ("rect", corner_radius((w, h)))


def _kind(op: object) -> str:
    return op.kind if isinstance(op, Shape) else type(op).__name__


def _sheets(game: Game, *kinds: str) -> set[str]:
    return {c.id for c in game.spec.components if c.kind in kinds}


def _pieces(figure: SetupFigure, pile: str) -> list[PieceView]:
    return [p.piece for name, p in figure.drawn if name == pile]


def test_old_biddy_draws_its_markers_gems_and_board_as_printed() -> None:
    """The round marker is purple, the fake gems yellow (as printed, not the accent or
    white); the zero markers are their 30 mm squares; the market is the board itself,
    with the round marker and the start gems on their spaces; a Gold turn order marker is
    round with --chits shaped and square with its round mark by default."""
    game = load_game("oldbiddy")
    for chits, outline in (("square", "rect"), ("shaped", "ellipse")):
        figure = _setup(game, chits)
        fills = {n: _colours(p.face) for n, pl in figure.drawn for p in [pl.piece]}
        assert "#6b3f8f" in fills["round marker, on 1"] and "#ffffff" not in {
            next(op.fill for op in p.face.ops if isinstance(op, Shape))
            for p in _pieces(figure, "round marker, on 1")
        }
        assert "#f3d36b" in fills["large fake gems"]
        assert {p.size for p in _pieces(figure, "zero marker, face down")} == {(30.0, 30.0)}
        assert [p.size for p in _pieces(figure, "Old Biddy market board")] == [(250.0, 170.0)]
        on_board = [p for n, p in figure.drawn if n in ON_THE_MARKET]
        assert len(on_board) == len(ON_THE_MARKET)
        board = next(p for n, p in figure.drawn if n == "Old Biddy market board")
        assert all(_within(p, board) for p in on_board)
        marker = _pieces(figure, "turn order marker 2")[0]
        assert marker.outline == outline


ON_THE_MARKET = ("round marker, on 1", "green gem, on 9", "red gem, on 10", "blue gem, on 11",
                 "spare zero marker")  # fmt: skip


def _within(p: Placed, board: Placed) -> bool:
    w, h = board.piece.size
    return (
        board.x <= p.x <= board.x + w * mm * board.k
        and board.y <= p.y <= board.y + h * mm * board.k
    )


def test_boom_draws_its_ipo_track_upright_with_the_counter_on_its_start() -> None:
    game = load_game("boom")
    figure = _setup(game, "square")
    track = [p for n, p in figure.drawn if n == "IPO Card Limit track and IPO table"]
    counter = next(p for n, p in figure.drawn if n.startswith("IPO Limit counter"))
    sheet = track[0]
    assert _within(counter, sheet)
    w, h = sheet.piece.size
    assert h > w  # a column of spaces, as it prints
    assert counter.piece.key == "token:counters:2:0"
    # the counter lies in the upper part of the picture: the first space, 6
    assert counter.y > sheet.y + 0.6 * h * mm * sheet.k


def test_the_rulebook_says_how_the_markers_print() -> None:
    """Old Biddy's words about the turn order markers follow --chits."""
    game = load_game("oldbiddy")
    square = rulebook_markdown(game, template_context(game, "square"))
    shaped = rulebook_markdown(game, template_context(game, "shaped"))
    assert "Gold turn order markers are square with a dot and the Slate ones square" in square
    assert "Gold turn order markers are round and the Slate ones square" in shaped


def test_the_rulebook_depends_on_chits(tmp_path: Path) -> None:
    game = load_game("oldbiddy")
    books = []
    for chits in ("square", "shaped"):
        options = BuildOptions(chits=chits)
        text = rulebook_markdown(game, template_context(game, chits))
        path = tmp_path / f"{chits}.pdf"
        typeset_rulebook(game, text, (210.0, 297.0), path, options)
        books.append(path.read_bytes())
    assert books[0] != books[1]


def test_a_setup_figure_too_tall_for_its_column_splits_between_its_boxes() -> None:
    figure = _setup(load_game("oldbiddy"), "square")
    middle = figure.boxes[0].h
    parts = figure.split(86.5 * mm, middle + 1)
    assert len(parts) == 2
    assert [b.title for p in parts for b in p.boxes] == [b.title for b in figure.boxes]
    assert parts[0].wrap(86.5 * mm, 1e9)[1] == pytest.approx(middle)
