"""Less paper: decks of one size fill sheets together, --deck-per-sheet keeps
them apart, sheets used are reported per file; turned cards are drawn turned."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.cards import back_key, impose_cards, lay_out_faces
from pnp.layout.edges import edge_colour
from pnp.layout.ops import Face, Shape
from pnp.layout.pages import Placed
from pnp.plan.settings import BuildOptions
from pnp.render.pdf import FaceDrawer
from pnp.spec.load import load_game


def _copies(game: str) -> dict[str, int]:
    g = load_game(game)
    return {d.id: sum(c.qty for c in g.deck_cards(d.id)) for d in g.spec.decks}


@pytest.mark.parametrize("game", ["boom", "bigidea"])
def test_decks_of_one_size_share_sheets(game: str) -> None:
    per_deck = _copies(game)  # boom: 6 events + 66 play cards, all poker
    grid = BuildOptions(layout="grid")
    shared = impose_cards(load_game(game), grid)
    fronts = [p for p in shared if p.side == "front"]
    assert len(fronts) == math.ceil(sum(per_deck.values()) / 9)  # nine per A4 sheet
    apart = impose_cards(load_game(game), dataclasses.replace(grid, deck_per_sheet=True))
    assert len([p for p in apart if p.side == "front"]) == sum(
        math.ceil(n / 9) for n in per_deck.values()
    )
    for page in apart:  # kept apart: one deck per sheet
        assert len({it.group for it in page.items}) == 1


def test_auto_butts_cards_only_when_their_edge_bands_match(mini_cards: Path) -> None:
    # •Boom's card types have edge bands of different colours: cards of one type butt,
    # a 6 mm gutter parts the types (each bleeds 3 mm into it, so a cut that wanders shows
    # no other colour). A4 has room for such a gutter only between rows: a sheet holds one
    # type, nine cards, or two, six and three; •Boom's types come 1, 5, 13, ... of a kind,
    # so 72 cards take 9 sheets (lower bound 8), all but the last nearly full
    game = load_game("boom")
    faces = lay_out_faces(game)
    boom = impose_cards(game, BuildOptions(), faces)
    fronts = [p for p in boom if p.side == "front"]
    assert len(fronts) == 9 and [len(p.items) >= 8 for p in fronts].count(False) == 1
    assert "grid+gutter" in {p.layout for p in fronts}
    decks = {d.id: d for d in game.spec.decks}
    for page in fronts:
        for a, b in _butted(page.items):
            for face_a, face_b in ((a.face, b.face), _backs(a, b, decks)):
                assert edge_colour(faces[face_a]) == edge_colour(faces[face_b]), (a.id, b.id)
    assert edge_colour(faces["crash"]) == "#111111"  # its band: one colour
    assert edge_colour(faces["back:event"]) != edge_colour(faces["back:play"])
    # The Big Idea: each deck's cards and back share one band colour, the two decks
    # differ: each deck butts in a grid, 9 a sheet; where the decks meet on a sheet, a
    # gutter parts them. 192 cards on 22 sheets (all gutters: 24)
    big = [p for p in impose_cards(load_game("bigidea"), BuildOptions()) if p.side == "front"]
    assert len(big) == 22
    for p in big:
        assert p.layout == ("grid" if len({it.group for it in p.items}) == 1 else "grid+gutter")
    # the mini game's cards all share one band colour, and so do its backs: a grid
    mini = impose_cards(load_game("mini", mini_cards), BuildOptions())
    assert {p.layout for p in mini} == {"grid"}


def _butted(items: list[Placed]) -> list[tuple[Placed, Placed]]:
    """Pairs of items whose trims share a stretch of cut line."""
    pairs = []
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.trim, b.trim
            side = abs(ax1 - bx0) < 1e-6 or abs(bx1 - ax0) < 1e-6
            level = abs(ay1 - by0) < 1e-6 or abs(by1 - ay0) < 1e-6
            if (side and min(ay1, by1) - max(ay0, by0) > 1) or (
                level and min(ax1, bx1) - max(ax0, bx0) > 1
            ):
                pairs.append((a, b))
    return pairs


def _backs(a: Placed, b: Placed, decks: dict[str, Any]) -> tuple[str, str]:
    return back_key(decks[a.group]), back_key(decks[b.group])


def test_a_line_near_the_edge_leaves_no_single_edge_colour() -> None:
    fill = Shape("rect", 0, 0, 63.5, 88.9, "#112233", None, 0, 0)
    frame = Shape("rect", 1, 1, 61.5, 86.9, None, "#ffffff", 0.3, 2)
    inset = Shape("rect", 4, 4, 55.5, 80.9, "#ffffff", None, 0, 2)
    assert edge_colour(Face(63.5, 88.9, (fill, inset))) == "#112233"
    assert edge_colour(Face(63.5, 88.9, (fill, frame))) is None
    assert edge_colour(Face(63.5, 88.9, (inset,))) is None  # white paper at the edge


def test_a_shared_back_page_carries_each_cards_own_back() -> None:
    g = load_game("boom")
    pages = impose_cards(g, BuildOptions())
    shared = [i for i, p in enumerate(pages) if {it.group for it in p.items} == {"event", "play"}]
    front, back = pages[shared[0]], pages[shared[0] + 1]
    decks = {d.id: d for d in g.spec.decks}
    assert front.side == "front" and back.side == "back"
    for f, b in zip(front.items, back.items, strict=True):
        assert f.id == b.id and b.face == back_key(decks[f.group])
    assert len({it.face for it in back.items}) == 2


def test_sheets_per_file_in_manifest_and_build_summary(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "boom", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    sheets = {f["path"]: f["sheets"] for f in manifest["files"]}
    bounds = {f["path"]: f.get("sheets_lower_bound") for f in manifest["files"]}
    # 72 cards, fronts and backs on the same 9 sheets (the types part in rows); the lower
    # bound: A4's 198 × 285 mm inside the margin, 194 × 281 inside the crop marks, holds
    # 190.5 × 279.4 mm of poker cards, nine, so 8
    assert sheets["boom-cards.pdf"] == 9 and bounds["boom-cards.pdf"] == 8
    assert sheets["boom-ipo-track.pdf"] == 1 == bounds["boom-ipo-track.pdf"]
    assert bounds["boom-rulebook.pdf"] is None  # text flows: no packing to bound
    lines = {line.split()[0]: line for line in result.output.splitlines()[1:]}
    for path, n in sheets.items():
        s = "s" if n != 1 else ""
        bound = f" (lower bound {bounds[path]})" if bounds[path] is not None else ""
        said = f" on {n} sheet{s}{bound}"
        assert re.search(re.escape(said) + "(,|$)", lines[path]), lines[path]  # then the ink
    for path, bound in bounds.items():
        assert bound is None or bound <= sheets[path], path
    line = r"boom-cards\.pdf +18 pages on 9 sheets \(lower bound 8\)(,|$)"
    assert re.search(line, result.output, re.M)


@pytest.mark.parametrize(("paper", "per_sheet"), [("a4", 9), ("letter", 8)])
def test_cards_per_sheet_on_each_paper(paper: str, per_sheet: int) -> None:
    pages = impose_cards(load_game("boom"), BuildOptions(paper=paper, layout="grid"))
    assert len(pages[0].items) == per_sheet
    assert pages[0].layout == "grid" and pages[0].gutter == (0.0, 0.0) and pages[0].bleed == 3.0


class TurnCanvas:
    """Follows the transformations a placement makes: where a face's own point lands."""

    def __init__(self) -> None:
        self.m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a b c d e f, as in PDF

    def translate(self, tx: float, ty: float) -> None:
        a, b, c, d, e, f = self.m
        self.m = (a, b, c, d, e + a * tx + c * ty, f + b * tx + d * ty)

    def rotate(self, deg: float) -> None:
        a, b, c, d, e, f = self.m
        co, si = round(math.cos(math.radians(deg))), round(math.sin(math.radians(deg)))
        self.m = (a * co + c * si, b * co + d * si, -a * si + c * co, -b * si + d * co, e, f)

    def at(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.m
        return (round(a * x + c * y + e, 3), round(b * x + d * y + f, 3))

    def beginPath(self) -> Any:  # noqa: N802 (reportlab's name)
        return TurnCanvas()

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **kw: None


@pytest.mark.parametrize(
    ("turn", "top_left"),  # where the face's top-left corner lands (mm)
    [(0, (10.0, 108.9)), (90, (10.0, 20.0)), (270, (98.9, 83.5))],
)
def test_a_turned_face_fills_its_trim(turn: int, top_left: tuple[float, float]) -> None:
    # a 63.5 × 88.9 card lying in the trim (10, 20)–(98.9, 83.5) mm; upright in (10, 20)–
    # (73.5, 108.9). On its side (90°) the card's top is at the left; its back (270°) has
    # its top at the right, as a long-edge flip shows it.
    w, h = 63.5, 88.9
    trim = (10.0, 20.0, 98.9, 83.5) if turn else (10.0, 20.0, 73.5, 108.9)
    item = Placed("c", "d", "c", trim, trim, rotate=turn)
    canvas = TurnCanvas()
    FaceDrawer(canvas, {"c": Face(w, h, ())}, []).place(item)  # type: ignore[arg-type]
    pt = 72 / 25.4
    corners = {canvas.at(x * pt, y * pt) for x in (0, w) for y in (0, h)}
    expected = {(round(x * pt, 3), round(y * pt, 3)) for x in trim[::2] for y in trim[1::2]}
    assert corners == expected  # the face covers its trim exactly
    tx, ty = canvas.at(0, h * pt)
    assert (tx / pt, ty / pt) == pytest.approx(top_left, abs=0.01)
