"""Nothing needed for cutting or reading lies in the printer's margin (docs/architecture.md
§5), on A4 and Letter, for every component of every bundled game, in every layout: checked
on the laid-out pages and on the drawing operations of the marks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.build.game import build_game
from pnp.layout.ops import TextBlock
from pnp.layout.pages import Page
from pnp.layout.sheet import MAX_MARK_MM
from pnp.plan.outputs import plan_outputs
from pnp.plan.settings import BuildOptions
from pnp.render.pdf import draw_marks, ensure_font
from pnp.spec.load import list_games, load_game

PT = 72 / 25.4
EPS = 1e-6
GAMES = tuple(list_games())
SHEET_KINDS = frozenset({"cards", "tokens", "track", "aid", "board", "screen"})
"""Every kind of output but the rulebook (which platypus flows inside its own margins)."""
CASES = [
    (g, p, layout, margin, reg)
    for g in GAMES
    for p in ("a4", "letter")
    for layout, margin, reg in (("grid", 6.0, False), ("gutter", 6.0, True), ("fold", 12.0, False))
]


class RecordingCanvas:
    """Stands in for a reportlab canvas: keeps every line and rectangle drawn (points)."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, float, float, float]] = []
        self.rects: list[tuple[float, float, float, float]] = []

    def line(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.lines.append((x0, y0, x1, y1))

    def rect(self, x: float, y: float, w: float, h: float, **kw: Any) -> None:
        self.rects.append((x, y, x + w, y + h))

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **kw: None  # colours, widths, dashes, save/restore


def _pages(game: str, paper: str, layout: str, margin: float, reg: bool) -> list[tuple[str, Page]]:
    options = BuildOptions(paper=paper, margin=margin, layout=layout, registration=reg)
    game_data = load_game(game)
    files = plan_outputs(game_data, options, SHEET_KINDS)
    kinds = {c.kind for c in game_data.spec.components} | {"cards"}
    assert {f.kind for f in files} == kinds  # a file for every component
    return [(f"{f.path} p{n}", p) for f in files for n, p in enumerate(f.pages, start=1)]


def _inside(box: tuple[float, float, float, float], page: Page, margin: float) -> bool:
    x0, y0, x1, y1 = box
    w, h = page.size
    lo, hx, hy = margin - EPS, w - margin + EPS, h - margin + EPS
    return min(x0, x1) >= lo and min(y0, y1) >= lo and max(x0, x1) <= hx and max(y0, y1) <= hy


def _text_boxes(page: Page) -> list[tuple[float, float, float, float]]:
    """Each line of page text as a box in mm, origin bottom-left (ascent to descent)."""
    boxes = []
    for op in page.decor:
        if isinstance(op, TextBlock):
            size_mm = op.size / mm
            for x, y, line in op.lines:
                width = stringWidth(line, ensure_font(op.font), op.size) / mm
                base = page.size[1] - y
                boxes.append((x, base - 0.25 * size_mm, x + width, base + 0.8 * size_mm))
    return boxes


@pytest.mark.parametrize(("game", "paper", "layout", "margin", "reg"), CASES)
def test_every_mark_text_and_item_keeps_out_of_the_margin(
    game: str, paper: str, layout: str, margin: float, reg: bool
) -> None:
    for where, page in _pages(game, paper, layout, margin, reg):
        for item in page.items:  # trims and everything drawn (the clip of its bleed)
            assert _inside(item.clip, page, margin), (where, item.id, item.clip)
        for text in _text_boxes(page):
            assert _inside(text, page, margin), (where, text)
        canvas = RecordingCanvas()
        draw_marks(canvas, page)  # type: ignore[arg-type]
        assert len(canvas.lines) == 2 * len(page.marks) + len(page.folds)  # halo + mark
        assert len(canvas.rects) == len(page.registration)
        if reg and page.cuts:  # every sheet a cutting machine cuts
            assert len(page.registration) == 5, where
        for x0, y0, x1, y1 in canvas.lines + canvas.rects:
            assert _inside((x0 / PT, y0 / PT, x1 / PT, y1 / PT), page, margin), where


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_crop_marks_run_from_a_cut_line_to_the_margin(paper: str) -> None:
    for where, page in _pages("boom", paper, "grid", 6.0, False):
        if page.layout != "grid" or not page.marks:
            continue
        w, h = page.size
        xs = {round(v, 3) for it in page.items for v in (it.trim[0], it.trim[2])}
        ys = {round(v, 3) for it in page.items for v in (it.trim[1], it.trim[3])}
        ex = [min(it.trim[0] for it in page.items), min(it.trim[1] for it in page.items)]
        ex += [max(it.trim[2] for it in page.items), max(it.trim[3] for it in page.items)]
        for x0, y0, x1, y1 in page.marks:
            # from the cut line outward, to the margin or MAX_MARK_MM, whichever is nearer
            if x0 == x1:
                end = min(y0 - 6.0, MAX_MARK_MM) if y0 == ex[1] else min(h - 6.0 - y0, MAX_MARK_MM)
                assert round(x0, 3) in xs and y0 in (ex[1], ex[3]), where
                assert abs(y1 - y0) == pytest.approx(abs(end)), where
            else:
                end = min(x0 - 6.0, MAX_MARK_MM) if x0 == ex[0] else min(w - 6.0 - x0, MAX_MARK_MM)
                assert round(y0, 3) in ys and x0 in (ex[0], ex[2]), where
                assert abs(x1 - x0) == pytest.approx(abs(end)), where


@pytest.fixture(
    scope="module",
    params=[(g, p) for g in GAMES for p in ("a4", "letter")],
    ids=lambda v: f"{v[0]}-{v[1]}",
)
def manifest(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    game, paper = request.param
    out: Path = tmp_path_factory.mktemp(f"{game}-{paper}")
    build_game(load_game(game), BuildOptions(paper=paper), out)
    return json.loads((out / "manifest.json").read_text())


def test_every_item_and_its_bleed_is_inside_the_printable_area(manifest: dict) -> None:
    margin = manifest["options"]["margin_mm"] * PT
    assert manifest["options"]["margin_mm"] == 6.0
    for f in manifest["files"]:
        for page in f["pages"]:
            w, h = page["size_pt"]
            extra = page.get("bleed_mm", 0.0) * PT
            for item in page["items"]:
                x0, y0, x1, y1 = item["trim_pt"]
                where = f"{f['path']} p{page['number']} {item['id']}"
                assert x0 - extra >= margin - 0.02 and y0 - extra >= margin - 0.02, where
                assert x1 + extra <= w - margin + 0.02, where
                assert y1 + extra <= h - margin + 0.02, where


def test_items_on_a_page_never_overlap(manifest: dict) -> None:
    for f in manifest["files"]:
        for page in f["pages"]:
            boxes = [it["trim_pt"] for it in page["items"]]
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    apart = a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01
                    assert apart or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01, (f["path"], a, b)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rendered_sheets_are_blank_in_the_margin(paper: str, tmp_path: Path) -> None:
    """The same, on the pixels: every sheet rendered, its outer 6 mm pure white."""
    import pypdfium2 as pdfium

    options = BuildOptions(paper=paper, registration=True)
    build_game(load_game("boom"), options, tmp_path, frozenset({"cards", "tokens", "track", "aid"}))
    dpi = 50
    band = int(6 / 25.4 * dpi) - 1  # whole pixels inside the margin
    for pdf in sorted(tmp_path.glob("*.pdf")):
        for n, page in enumerate(pdfium.PdfDocument(pdf)):
            img = page.render(scale=dpi / 72).to_pil().convert("L")
            w, h = img.size
            for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
                assert img.crop(box).getextrema() == (255, 255), (pdf.name, n + 1, box)
