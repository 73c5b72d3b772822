"""Track sheets: rows of boxes and two-column tables, drawn from the game's data tables."""

from __future__ import annotations

from typing import Any

from pnp._errors import DataError, Location
from pnp.layout.ops import Shape, TextBlock
from pnp.layout.pages import Page
from pnp.layout.sheet import PAPERS_MM
from pnp.layout.textfit import PT_TO_MM, set_text
from pnp.layout.tokens import PAGE_MARGIN_MM, title_block
from pnp.spec.components import TrackComponent, TrackSection
from pnp.spec.load import Game
from pnp.text.template import evaluate, render_text

BOX_H_MM = 30.0
ROW_H_MM = 10.5
INK = "#141414"


def _rows(game: Game, section: TrackSection, where: Any) -> list[tuple[str, str]]:
    table = game.spec.tables.get(section.table)
    if not isinstance(table, list) or not table:
        raise DataError(f"no table {section.table!r} under tables:", where)
    out = []
    for i, row in enumerate(table):
        loop = {"index": i + 1, "index0": i, "first": i == 0, "last": i == len(table) - 1}
        ctx = {"row": row, "loop": loop, "tables": game.spec.tables}
        out.append(
            (
                evaluate(section.label, ctx, where, "label"),
                evaluate(section.value, ctx, where, "value"),
            )
        )
    return out


def _note(text: str, x: float, y: float, w: float, where: Location) -> tuple[TextBlock, float]:
    block = set_text(
        text, "Lato-Italic", 9, 9, 1.25, (x, y, w, 40), colour="#444444", who="note", where=where
    )
    return block, 9 * 1.25 * PT_TO_MM * len(block.lines)


def lay_out_track(
    game: Game, comp: TrackComponent, index: int, paper: str, margin: float
) -> list[Page]:
    """One page of the component's tracks and tables, kept inside the printer margin."""
    pw, ph = PAPERS_MM[paper]
    edge = max(PAGE_MARGIN_MM, margin)
    left, width = edge + 5, pw - 2 * (edge + 5)
    page = Page((pw, ph), decor=[title_block(comp.title, left, edge + 2, 16)])
    y = edge + 14
    for si, section in enumerate(comp.sections):
        where = game.spec_location("components", index, "sections", si)
        rows = _rows(game, section, where)
        needed = 8 + (BOX_H_MM if section.type == "track" else ROW_H_MM * len(rows)) + 12
        if y + needed > ph - edge:
            raise DataError(
                f"section {section.title!r} does not fit on the {paper} page "
                f"inside a {edge:g} mm margin",
                where,
            )
        page.decor.append(title_block(section.title, left, y, 12, "Lato-Bold"))
        y += 8
        if section.type == "track":
            bw = width / len(rows)
            for i, (label, value) in enumerate(rows):
                x = left + i * bw
                shade = "#f3efe4" if i % 2 == 0 else "#e6dfcc"
                page.decor.append(Shape("rect", x, y, bw, BOX_H_MM, shade, INK, 0.5, 0))
                page.decor.append(title_block(label, x, y + 4, 30, "Lato-Black", INK, bw, "center"))
                page.decor.append(
                    title_block(value, x, y + 20.5, 10, "Lato-Bold", INK, bw, "center")
                )
            y += BOX_H_MM
        else:
            col, top = width / 2, y
            for i, (label, value) in enumerate(rows):
                fill = "#f3efe4" if i % 2 == 0 else "#ffffff"
                ry = top + i * ROW_H_MM
                page.decor.append(Shape("rect", left, ry, width, ROW_H_MM, fill, "#9a9a9a", 0.2, 0))
                page.decor.append(
                    title_block(label, left, ry + 2.3, 13, "Lato-Black", INK, col, "center")
                )
                page.decor.append(
                    title_block(value, left + col, ry + 2.3, 13, "Lato-Bold", INK, col, "center")
                )
            y = top + ROW_H_MM * len(rows)
            page.decor.append(Shape("line", left + col, top, 0, y - top, None, "#9a9a9a", 0.2, 0))
        if section.note:
            note = render_text(section.note, {"tables": game.spec.tables}, where, "note")
            block, h = _note(note, left, y + 2.5, width, where)
            page.decor.append(block)
            y += h + 2.5
        y += 9
    return [page]
