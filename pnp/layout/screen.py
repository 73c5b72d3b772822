"""Standing player screens: one landscape sheet each, printed on one side.

The sheet holds a strip of panels twice the standing height. Above the long fold is the
outside, in the player's colour and upside down (pnp.layout.screen_outside); below it the
inside, a player aid from the data. Folded in half (printed sides out), the outside reads
upright on the back; folded again at the panel lines, the screen stands. Both halves bleed
3 mm past the cut; words keep 4 mm inside it. No line crosses the art: each fold is marked
by dashed grey ticks in the margin, beyond the bleed, to score it from tick to tick; the
cut is marked by solid black crop marks that start where the bleed ends.
"""

from __future__ import annotations

from typing import Any

from pnp._errors import DataError, Location
from pnp.layout.board import PRINTER_MARGIN_MM, credit_block
from pnp.layout.labels import LABEL_BAND_MM
from pnp.layout.ops import Face, Shape
from pnp.layout.pages import Page, Placed
from pnp.layout.paper import PAPERS_MM
from pnp.layout.screen_outside import BLEED_MM, SAFE_MM, WRAP_MM, Op, outside_ops
from pnp.layout.sheet import MIN_MARK_MM, Rect, marks_around
from pnp.layout.textfit import set_text
from pnp.layout.tints import legible
from pnp.spec.components import ScreenComponent
from pnp.spec.game import Game
from pnp.text.template import render_colour, render_text

PANEL_MAX_MM = 100.0
MARK_MM = 4.0
"""Length of a crop mark or fold tick beyond the bleed, where the paper has room across
(panels narrow to keep it); down the sheet a tall screen may leave the marks only
``MIN_MARK_MM``, which is what fitted before screens had bleed."""
FOLD = "#8a8a8a"
FOLD_WIDTH_MM = 0.35
FOLD_DASH_MM = 3.0
INK = "#141414"
INSIDE = "#fbf8f0"
CREDIT_MM = 3.0
"""Height of the game's credit line at the foot of the inside's last panel."""
EDGE_MM = BLEED_MM + MIN_MARK_MM
"""Least room from a cut edge to the printer margin: the bleed, then the crop marks."""


def _rows(game: Game, comp: ScreenComponent, where: Location) -> list[dict[str, Any]]:
    if comp.each is None:
        return [{} for _ in range(comp.copies)]
    table = game.spec.tables.get(comp.each)
    if not isinstance(table, list) or not table or not all(isinstance(r, dict) for r in table):
        raise DataError(f"each: no table {comp.each!r} of rows under tables:", where)
    return table


def _inside(
    comp: ScreenComponent,
    ctx: dict[str, Any],
    pw: float,
    top: float,
    h: float,
    index: int,
    game: Game,
) -> list[Op]:
    """The aid below the fold, upright for the player behind the screen."""
    b, s = BLEED_MM, SAFE_MM
    w = pw * len(comp.panels)
    ops: list[Op] = [Shape("rect", -b, top, w + 2 * b, h + b, INSIDE, None, 0, 0)]
    where = game.spec_location("components", index)
    heading = legible(render_colour(comp.color, ctx, where, "color"), INSIDE)  # the player's
    for i, panel in enumerate(comp.panels):
        where = game.spec_location("components", index, "panels", i)
        x = i * pw + s
        title = render_text(panel.title, ctx, where, "title")
        ops.append(
            set_text(
                title, "Lato-Black", 12, 8, 1.0, (x, top + WRAP_MM + s, pw - 2 * s, 6),
                "left", "top", heading, who=f"panel {i + 1} title", where=where,
            )
        )  # fmt: skip
        body = render_text(panel.text, ctx, where, "text").strip()
        body_top = top + WRAP_MM + s + 8
        box = (x, body_top, pw - 2 * s, top + h - s - CREDIT_MM - 1 - body_top)
        ops.append(
            set_text(
                body, "Lato-Regular", 10, 6, 1.25, box, "left", "top", INK,
                who=f"panel {i + 1} text", where=where,
            )
        )  # fmt: skip
    credit = ctx.get("credit", "")
    if credit:
        last = (len(comp.panels) - 1) * pw  # inside the last panel, clear of the folds
        box = (last + s, top + h - s - CREDIT_MM, pw - 2 * s, CREDIT_MM)
        ops.append(credit_block(credit, box))
    return ops


def _fold_ticks(trim: Rect, panels: int, margin: float, page: tuple[float, float]) -> list[Rect]:
    """Each fold marked in the margin beyond the bleed, at both ends, so it can be lined up
    (and scored) from tick to tick: dashed grey, apart from the solid black crop marks."""
    x0, y0, x1, y1 = trim
    pw, mid, b = (x1 - x0) / panels, (y0 + y1) / 2, BLEED_MM
    ticks = [(x0 - b, mid, max(margin, x0 - b - MARK_MM), mid)]
    ticks.append((x1 + b, mid, min(page[0] - margin, x1 + b + MARK_MM), mid))
    for i in range(1, panels):
        x = x0 + i * pw
        ticks.append((x, y1 + b, x, min(page[1] - margin, y1 + b + MARK_MM)))
        ticks.append((x, y0 - b, x, max(margin, y0 - b - MARK_MM)))
    return ticks


def screen_size(comp: ScreenComponent, paper: str, margin: float) -> tuple[float, float]:
    """Width and height of the printed strip (trim) on a landscape sheet."""
    ph, pw = PAPERS_MM[paper]  # landscape
    room_w = pw - 2 * (margin + BLEED_MM + MARK_MM)
    if (ph - 2 * comp.height_mm) / 2 - margin - EDGE_MM < LABEL_BAND_MM:
        room_w -= 2 * LABEL_BAND_MM  # no room at the foot: the sheet label goes at a side
    return (min(PANEL_MAX_MM, room_w / len(comp.panels)) * len(comp.panels), 2 * comp.height_mm)


def lay_out_screens(
    game: Game,
    comp: ScreenComponent,
    index: int,
    paper: str,
    context: dict[str, Any],
    margin: float = PRINTER_MARGIN_MM,
) -> tuple[list[Page], dict[str, Face]]:
    """One landscape sheet per screen; ``context`` is what the panel templates see."""
    where = game.spec_location("components", index)
    page = (PAPERS_MM[paper][1], PAPERS_MM[paper][0])
    w, total_h = screen_size(comp, paper, margin)
    room_h = page[1] - 2 * (margin + EDGE_MM)
    if total_h > room_h + 1e-6:
        raise DataError(
            f"height_mm: a screen {comp.height_mm:g} mm tall needs {total_h:g} mm of {paper} "
            f"paper; at most {room_h / 2:.0f} mm fits",
            game.spec_location("components", index, "height_mm"),
        )
    h = comp.height_mm
    pw = w / len(comp.panels)
    pages: list[Page] = []
    faces: dict[str, Face] = {}
    b = BLEED_MM
    for n, row in enumerate(_rows(game, comp, where)):
        ctx = {**context, "row": row}
        ops = _inside(comp, ctx, pw, h, h, index, game)
        ops = ops[:1] + outside_ops(game, comp, ctx, w, h, where) + ops[1:]
        key = f"{comp.id}:{n}"
        faces[key] = Face(w, total_h, tuple(ops))
        x0, y0 = (page[0] - w) / 2, (page[1] - total_h) / 2
        trim = (x0, y0, x0 + w, y0 + total_h)
        clip = (x0 - b, y0 - b, x0 + w + b, y0 + total_h + b)
        sheet = Page(page, items=[Placed(f"{comp.id}-{n + 1}", comp.id, key, trim, clip)])
        sheet.bleed = b
        stops = (margin, margin, page[0] - margin, page[1] - margin)
        sheet.marks = marks_around([trim[0], trim[2]], [trim[1], trim[3]], clip, stops)
        sheet.folds = _fold_ticks(trim, len(comp.panels), margin, page)
        pages.append(sheet)
    return pages, faces
