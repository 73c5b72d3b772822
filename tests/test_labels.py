"""Every printed sheet is labelled in its margin, outside the cut area (docs/architecture.md
§5): game, file, "sheet k/n", front or back, and the game's copyright line; at least 6 pt
(the copyright 5 pt); inside the page, outside the printer margin, clear of every
trim, bleed, cut path, crop mark and registration mark; on a back page readable, not
mirrored. Checked on the laid-out pages and in the drawn PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp._errors import LayoutError
from pnp.build.game import build_game
from pnp.layout.labels import CREDIT_PT, LABEL_PT, label_text, place_label
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import Rect
from pnp.plan.credits import copyright_line
from pnp.plan.outputs import plan_outputs
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game

SHEET_KINDS = frozenset({"cards", "tokens", "track", "aid", "board", "screen"})
MARK_CLEAR_MM = 1.25
"""Least gap between a label and a crop mark's line: past its white halo (1.5 pt wide,
0.26 mm each side of the line) and far enough that the words do not read as touching
the mark on paper (at 1 mm they did); pnp keeps 1.5 mm."""
OPTIONS = [
    ("a4", "auto", 6.0, False, True),
    ("letter", "auto", 6.0, False, True),
    ("a4", "gutter", 6.0, True, True),
    ("letter", "fold", 12.0, False, True),
    ("letter", "auto", 6.0, False, False),
]
"""(paper, layout, margin, registration, duplex): each paper, every layout, registration
marks, a wide margin, and backs fed by hand after the fronts (--no-duplex)."""


def _overlap(a: Rect, b: Rect, clear: float = 0.0) -> bool:
    """Whether ``a`` comes closer than ``clear`` to ``b`` (a segment is a thin rectangle)."""
    bx0, by0 = min(b[0], b[2]) - clear, min(b[1], b[3]) - clear
    bx1, by1 = max(b[0], b[2]) + clear, max(b[1], b[3]) + clear
    return a[0] < bx1 and a[2] > bx0 and a[1] < by1 and a[3] > by0


def _spots(page: Page, ids: set[str]) -> list[tuple[str, float, float]]:
    return sorted(
        (it.id, round(it.trim[0], 3), round(it.trim[1], 3)) for it in page.items if it.id in ids
    )


def _sheet_numbers(pages: list[Page]) -> list[int]:
    """The sheet of paper each page prints on, found from the pages' geometry: fronts (and
    fold pages) count 1, 2, …; a back is on the sheet whose front has its items where a
    long-edge flip puts them (x0' = page width − x1), the first such sheet not yet backed."""
    fronts = [p for p in pages if p.side != "back"]
    out: list[int] = []
    backed: set[int] = set()
    for page in pages:
        if page.side != "back":
            out.append(next(i for i, f in enumerate(fronts, 1) if f is page))
            continue
        w = page.size[0]
        flipped = sorted(
            (it.id, round(w - it.trim[2], 3), round(it.trim[1], 3)) for it in page.items
        )
        ids = {it.id for it in page.items}  # counters riding on a card sheet have no back
        match = [
            i for i, f in enumerate(fronts, 1) if i not in backed and _spots(f, ids) == flipped
        ]
        assert match, "a back matches a front"  # the first of equal sheets not yet backed
        backed.add(match[0])
        out.append(match[0])
    return out


@pytest.mark.parametrize("game_id", ["boom", "bidness", "oldbiddy", "smallprint"])
@pytest.mark.parametrize(("paper", "layout", "margin", "reg", "duplex"), OPTIONS)
def test_every_sheet_labelled_in_the_margin(
    game_id: str, paper: str, layout: str, margin: float, reg: bool, duplex: bool
) -> None:
    game = load_game(game_id)
    options = BuildOptions(
        paper=paper, layout=layout, margin=margin, registration=reg, duplex=duplex
    )
    credit = copyright_line(game.spec)
    assert credit.startswith(game.spec.credits.copyright)  # type: ignore[union-attr]
    for f in plan_outputs(game, options, SHEET_KINDS):
        sheets = sum(p.side != "back" for p in f.pages)
        for n, (page, k) in enumerate(zip(f.pages, _sheet_numbers(f.pages), strict=True), 1):
            where = f"{f.path} page {n}"
            label = page.label
            assert label is not None, where
            side = "fronts and backs, fold on the dashed line" if page.side == "fold" else page.side
            assert label.text == f"{game.spec.name} · {f.path} · sheet {k}/{sheets} · {side}"
            assert label.credit == credit
            # the credit in one piece or two, each at 5 pt; the rest at 6 pt
            text_sizes = {b.lines[0][2]: b.size for b in label.blocks}
            assert text_sizes[label.text] >= LABEL_PT >= 6.0, where
            fine = [s for t, s in text_sizes.items() if t != label.text]
            assert fine and all(s >= CREDIT_PT >= 5.0 for s in fine), where
            assert " · ".join(t for t in text_sizes if t != label.text) == credit, where
            w, h = page.size
            for box in label.boxes:
                assert margin - 1e-6 <= box[0] < box[2] <= w - margin + 1e-6, (where, box)
                assert margin - 1e-6 <= box[1] < box[3] <= h - margin + 1e-6, (where, box)
                for it in page.items:
                    assert not _overlap(box, it.clip), (where, "art", it.id)
                    assert not _overlap(box, it.trim), (where, "trim", it.id)
                for cut in page.cuts:
                    assert not _overlap(box, cut.rect), (where, "cut")
                for mark in (*page.marks, *page.folds):
                    assert not _overlap(box, mark, MARK_CLEAR_MM), (where, "mark", mark)
                for reg_mark in page.registration:
                    # the 2 mm pnp keeps clear around them for everything (REGISTRATION_CLEAR_MM)
                    assert not _overlap(box, reg_mark, 2.0), (where, "registration")


def _page(marks: list[Rect], items: list[Placed] = ()) -> Page:  # type: ignore[assignment]
    return Page((210.0, 297.0), marks=marks, items=list(items))


def test_label_lies_between_crop_marks_at_the_foot() -> None:
    """Cards from 16 mm above the foot of an A4 sheet, crop marks down to the 6 mm margin
    at x = 30, 90, 150, 180: the label's two lines (38 mm and 41 mm wide) cannot be centred
    on the page (105 mm: they would cross the mark at 90), so they are centred between the
    two marks whose stretch lies nearest the middle, 90 and 150."""
    card = Placed("c", "d", "f", (30.0, 16.0, 180.0, 280.0), (27.0, 13.0, 183.0, 283.0))
    marks = [(x, 13.0, x, 6.0) for x in (30.0, 90.0, 150.0, 180.0)]
    label = place_label(
        _page(marks, [card]),
        "Game · game-cards.pdf · sheet 1/1 · front",
        "© 2026 Someone · Copy for personal use",
        6.0,
    )
    assert label.side == "bottom"
    assert len(label.blocks) == 2
    for box in label.boxes:
        assert box[0] >= 90.0 + 1.0 and box[2] <= 150.0 - 1.0  # the stretch between marks
        assert box[1] >= 6.0 and box[3] <= 13.0 - 1.0  # below the art, above the margin
        assert abs((box[0] + box[2]) / 2 - 120.0) < 0.01  # centred between the marks
    name, fine = label.boxes
    assert name[1] >= fine[3] - 1e-9  # the name above the copyright, both upright


def test_label_goes_to_a_side_with_room() -> None:
    """Art from 8 mm to the top and bottom margin band (2 mm: too low for a 6 pt line) but
    20 mm free on the right: the label stands along the right edge, turned a quarter."""
    card = Placed("c", "d", "f", (20.0, 8.0, 190.0, 289.0), (20.0, 8.0, 190.0, 289.0))
    label = place_label(_page([], [card]), "Game · f.pdf · sheet 1/1 · back", "© Someone", 6.0)
    assert label.side == "right"
    assert all(b.rotate == 90 for b in label.blocks)
    for box in label.boxes:
        assert box[0] >= 191.0 and box[2] <= 204.0
        assert box[3] - box[1] > box[2] - box[0]  # standing: longer than wide


def test_no_room_is_an_error_that_says_so() -> None:
    card = Placed("c", "d", "f", (7.0, 7.0, 203.0, 290.0), (7.0, 7.0, 203.0, 290.0))
    with pytest.raises(LayoutError, match="no room for the sheet label on a 210×297 mm page"):
        place_label(_page([], [card]), label_text("G", "g.pdf", 1, 1, "front"), "©", 6.0)


def _char_boxes(tp: pdfium.PdfTextPage, text: str) -> list[tuple[float, float, float, float]]:
    searcher = tp.search(text, match_case=True)
    found = searcher.get_next()
    assert found, f"{text!r} is not on the page"
    start, count = found
    return [tp.get_charbox(i) for i in range(start, start + count)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_labels_drawn_where_the_manifest_says_and_read_forwards(paper: str, tmp_path: Path) -> None:
    """In the PDF, every sheet's label text is on its page, inside the box the manifest gives,
    outside the 6 mm margin, and its letters run forwards (a back's label is not mirrored)."""
    build_game(load_game("oldbiddy"), BuildOptions(paper=paper), tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    pt = 72 / 25.4
    seen = set()
    for f in manifest["files"]:
        if f["kind"] in ("rulebook", "cut"):
            continue
        doc = pdfium.PdfDocument(tmp_path / f["path"])
        for entry in f["pages"]:
            label = entry["label"]
            page = doc[entry["number"] - 1]
            w, h = page.get_size()
            tp = page.get_textpage()
            chars = _char_boxes(tp, label["text"])
            boxes = label["boxes_pt"]
            for x0, y0, x1, y1 in chars:
                assert 6 * pt - 0.1 <= x0 and x1 <= w - 6 * pt + 0.1
                assert 6 * pt - 0.1 <= y0 and y1 <= h - 6 * pt + 0.1
                assert any(
                    b[0] - 0.3 <= x0 and x1 <= b[2] + 0.3 and b[1] - 0.3 <= y0 and y1 <= b[3] + 0.3
                    for b in boxes
                ), (f["path"], entry["number"])
            edge = label["edge"]
            starts = [
                (c[0] + c[2]) / 2 if edge in ("bottom", "top") else (c[1] + c[3]) / 2
                for c in chars
                if c[2] > c[0]
            ]
            forwards = all(b > a for a, b in zip(starts, starts[1:], strict=False))
            backwards = all(b < a for a, b in zip(starts, starts[1:], strict=False))
            assert forwards if edge != "left" else backwards, (f["path"], entry["number"], edge)
            seen.add(entry["side"])
            # no other text of the page (a track's, a screen's, a counter's) in the label
            ours = set()
            credit = label["credit"]  # in one piece, or split at a " · " (so may the text)
            pieces = [label["text"], credit, *credit.split(" · "), *label["text"].split(" · ")]
            for piece in pieces:
                searcher = tp.search(piece, match_case=True)  # a board carries its own credit
                while found := searcher.get_next():
                    ours |= set(range(found[0], found[0] + found[1]))
            for i in range(tp.count_chars()):
                c = tp.get_charbox(i)
                if i not in ours and c[2] > c[0]:
                    assert not any(_overlap(c, b) for b in boxes), (f["path"], entry["number"])
    assert {"front", "back"} <= seen
