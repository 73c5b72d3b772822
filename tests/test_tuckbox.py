"""The card box: a tuck box sized to the game's cards (bare or sleeved), its net cut,
folded and glued from the build's paper, inside the printer's margin; fold lines dashed
grey, the outline solid black, and no fold line through its words."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from pnp._errors import LayoutError
from pnp.cli.app import app
from pnp.layout.boxart import CUT_INK, INSET_MM, game_boxes
from pnp.layout.paper import MARGIN_MM, PAPERS_MM
from pnp.layout.tuckbox import CARD_MM, CLEARANCE_MM, SLEEVE_MM, box_sheets, box_size, lines, net
from pnp.plan.outputs import lay_out_sheet, sheet_plans
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game

POKER = (63.5, 88.9)
PT = 72 / 25.4
GAMES = ("boom", "bigidea", "bidness", "oldbiddy", "smallprint")


def test_the_box_is_the_cards_and_the_clearance() -> None:
    bare, sleeved = box_size(POKER, 72), box_size(POKER, 72, sleeved=True)
    cw, ch, cd = CLEARANCE_MM
    assert (bare.width, bare.height) == pytest.approx((63.5 + cw, 88.9 + ch))
    assert bare.depth == pytest.approx(72 * 0.3 + cd)  # •Boom's 72 cards: 23.6 mm
    assert CARD_MM == {"bare": 0.3, "sleeved": 0.6}
    assert (sleeved.width, sleeved.height) == pytest.approx(
        (63.5 + SLEEVE_MM + cw, 88.9 + SLEEVE_MM + ch)
    )
    assert sleeved.depth == pytest.approx(72 * 0.6 + cd)


def test_the_net_folds_into_the_box() -> None:
    size = box_size(POKER, 72)
    pieces = net(size)
    by_role = Counter(p.role for p in pieces)
    assert by_role == {"front": 1, "back": 1, "side": 2, "lid": 1, "bottom": 1, "tuck": 2,
                       "dust": 4, "glue": 1}  # fmt: skip
    for p in pieces:  # panels as wide as the box's faces
        x0, y0, x1, y1 = p.box
        if p.role in ("front", "back"):
            assert (x1 - x0, y1 - y0) == pytest.approx((size.width, size.height))
        if p.role == "side":
            assert (x1 - x0, y1 - y0) == pytest.approx((size.depth, size.height))
        if p.role in ("lid", "bottom"):
            assert (x1 - x0, y1 - y0) == pytest.approx((size.width, size.depth))
    folds, cuts = lines(pieces)
    # 4 folds round the body, lid and bottom on the back, their tucks, 4 dust flaps
    assert len(folds) == 4 + 2 + 2 + 4
    ends = Counter()  # the outline closes: every corner of it meets two cuts
    for x0, y0, x1, y1 in cuts:
        ends[(round(x0, 6), round(y0, 6))] += 1
        ends[(round(x1, 6), round(y1, 6))] += 1
    assert set(ends.values()) == {2}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("count", [6, 72, 137, 192])
@pytest.mark.parametrize("sleeved", [False, True])
def test_the_net_lies_inside_the_printer_margin(paper: str, count: int, sleeved: bool) -> None:
    size = box_size(POKER, count, sleeved)
    try:
        sheets = box_sheets(size, paper, MARGIN_MM)
    except Exception:  # too thick for one box: the build splits the cards (below)
        assert count * CARD_MM["sleeved" if sleeved else "bare"] > 50
        return
    for sheet in sheets:
        w, h = sheet.size
        assert sorted(sheet.size) == sorted(PAPERS_MM[paper])
        for p in sheet.pieces:
            x0, y0, x1, y1 = p.box
            assert min(x0, y0, w - x1, h - y1) >= MARGIN_MM - 1e-6
    assert [s.part for s in sheets] in (["whole"], ["front", "back"])


def test_a_thick_deck_is_cut_in_two_parts_and_split_over_boxes() -> None:
    # The Big Idea's 192 cards: 59.6 mm deep, too wide for A4 whole, so two parts;
    # sleeved (117 mm) not even that, so a box for each deck, each in two parts
    bare = game_boxes([("Big", POKER, 96), ("Idea", POKER, 96)], "The Big Idea", False, "a4", 6)
    assert [(c.name, c.count, [s.part for s in sheets]) for c, _, sheets in bare] == [
        ("The Big Idea", 192, ["front", "back"])
    ]
    sleeved = game_boxes([("Big", POKER, 96), ("Idea", POKER, 96)], "The Big Idea", True, "a4", 6)
    assert [(c.name, c.count) for c, _, _ in sleeved] == [("Big", 96), ("Idea", 96)]
    # 400 sleeved cards: a part of a box 100 cards deep (62 mm) is as tall as Letter allows
    huge = game_boxes([("Deck", POKER, 400)], "G", True, "letter", 6)
    assert [(c.name, c.count) for c, _, _ in huge] == [(f"Deck {k}/4", 100) for k in (1, 2, 3, 4)]
    with pytest.raises(LayoutError, match="too large for a box on a4"):
        game_boxes([("Maps", (200.0, 280.0), 2)], "G", False, "a4", 6)


def _box_pdf(game: str, paper: str, sleeved: bool, out: Path) -> dict[str, object]:
    args = ["build", game, "--only", "box", "--paper", paper, "--out", str(out), "--jobs", "1"]
    result = CliRunner().invoke(app, [*args, "--sleeved"] if sleeved else args)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    [entry] = [f for f in manifest["files"] if f["kind"] == "box"]  # beside the start-here
    assert entry["kind"] == "box" and entry["path"] == f"{game}-box.pdf"
    assert manifest["options"]["sleeved"] is sleeved
    return entry  # type: ignore[no-any-return]


@pytest.mark.parametrize(("game", "paper", "sleeved"), [
    ("oldbiddy", "a4", False), ("bigidea", "letter", False), ("boom", "a4", True),
])  # fmt: skip
def test_no_fold_line_crosses_the_boxs_words(
    game: str, paper: str, sleeved: bool, tmp_path: Path
) -> None:
    entry = _box_pdf(game, paper, sleeved, tmp_path)
    options = BuildOptions(paper=paper, sleeved=sleeved)
    [plan] = sheet_plans(load_game(game), options, frozenset({"box"}))
    pages, faces = lay_out_sheet(load_game(game), plan, options)
    assert len(pages) == len(entry["pages"])  # type: ignore[arg-type]
    doc = pdfium.PdfDocument(tmp_path / f"{game}-box.pdf")
    for page, pdf_page in zip(pages, doc, strict=True):
        assert page.folds, "fold lines"
        cut_lines = [op for op in page.decor if getattr(op, "kind", "") == "line"]
        assert cut_lines and {op.stroke for op in cut_lines} == {CUT_INK}
        text = pdf_page.get_textpage()
        boxes = [text.get_charbox(i) for i in range(text.count_chars())]
        words = [(x0 / PT, y0 / PT, x1 / PT, y1 / PT) for x0, y0, x1, y1 in boxes if x1 > x0]
        assert len(words) > 20
        for fx0, fy0, fx1, fy1 in page.folds:
            for x0, y0, x1, y1 in words:
                across = fx0 == fx1 and x0 < fx0 < x1 and y0 < max(fy0, fy1) and min(fy0, fy1) < y1
                along = fy0 == fy1 and y0 < fy0 < y1 and x0 < max(fx0, fx1) and min(fx0, fx1) < x1
                assert not (across or along), ((fx0, fy0, fx1, fy1), (x0, y0, x1, y1))
        for item in page.items:  # every panel's words keep inside it
            face = faces[item.face]
            for op in face.ops:
                for x, y, line in getattr(op, "lines", ()):
                    if not op.rotate:
                        assert x >= INSET_MM - 0.01 and y <= face.height, line


def test_every_game_builds_a_box_by_default(tmp_path: Path) -> None:
    from pnp.build.game import build_game

    game = load_game("smallprint")
    build_game(game, BuildOptions(), tmp_path, frozenset({"box", "cards"}), jobs=1)
    kinds = [f["kind"] for f in json.loads((tmp_path / "manifest.json").read_text())["files"]]
    assert kinds == ["cards", "box", "guide"]
    [plan] = [p for p in sheet_plans(game, BuildOptions()) if p.kind == "box"]
    pages, _ = lay_out_sheet(game, plan, BuildOptions())
    items = [it.id for p in pages for it in p.items]
    assert items == ["box1-front", "box1-side-1", "box1-back", "box1-lid", "box1-bottom",
                     "box1-side-2"]  # fmt: skip
