"""Standing player screens: one landscape sheet each, printed on one side.

The sheet holds a strip of panels twice the standing height. Above the long fold is the
outside, in the player's colour and upside down; below it the inside, a player aid from
the data. Folded in half (printed sides out), the outside reads upright on the back;
folded again at the panel lines, the screen stands. Fold lines are dashed grey, the cut
line is marked by black crop marks outside it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnp._errors import DataError, Location
from pnp.layout.board import MARK_ROOM_MM, PRINTER_MARGIN_MM, credit_block, crop_marks_around
from pnp.layout.ops import Face, Shape, TextBlock
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import PAPERS_MM
from pnp.layout.textfit import set_text
from pnp.spec.components import ScreenComponent
from pnp.spec.load import Game
from pnp.text.template import render_colour, render_text

PANEL_MAX_MM = 100.0
FOLD = "#8a8a8a"
INK = "#141414"
INSIDE = "#fbf8f0"
PAD_MM = 4.0
CREDIT_MM = 3.5
"""Room at the foot of a screen's inside for the game's credit line."""


def _rows(game: Game, comp: ScreenComponent, where: Location) -> list[dict[str, Any]]:
    if comp.each is None:
        return [{} for _ in range(comp.copies)]
    table = game.spec.tables.get(comp.each)
    if not isinstance(table, list) or not table or not all(isinstance(r, dict) for r in table):
        raise DataError(f"each: no table {comp.each!r} of rows under tables:", where)
    return table


def _outside(
    comp: ScreenComponent, ctx: dict[str, Any], w: float, h: float, where: Location
) -> list[Shape | TextBlock]:
    """The outside half (top of the strip), drawn upside down."""
    fill = render_colour(comp.color, ctx, where, "color")
    ink = render_colour(comp.ink, ctx, where, "ink")
    ops: list[Shape | TextBlock] = [Shape("rect", 0, 0, w, h, fill, None, 0, 0)]
    label = render_text(comp.label, ctx, where, "label")
    box = (PAD_MM, h * 0.25, w - 2 * PAD_MM, h * 0.3)
    ops.append(
        _turned(
            set_text(
                label,
                "Lato-Black",
                40,
                10,
                1.0,
                box,
                "center",
                "middle",
                ink,
                who="label",
                where=where,
            )
        )
    )
    if comp.sub:
        sub = render_text(comp.sub, ctx, where, "sub")
        box = (PAD_MM, h * 0.58, w - 2 * PAD_MM, h * 0.16)
        ops.append(
            _turned(
                set_text(
                    sub,
                    "Lato-Bold",
                    18,
                    8,
                    1.0,
                    box,
                    "center",
                    "middle",
                    ink,
                    who="sub",
                    where=where,
                )
            )
        )
    return ops


def _turned(block: TextBlock) -> TextBlock:
    """Half a turn about its box's centre, so it reads upright once folded over."""
    return replace(block, rotate=180)


def _inside(
    comp: ScreenComponent,
    ctx: dict[str, Any],
    pw: float,
    top: float,
    h: float,
    index: int,
    game: Game,
) -> list[Shape | TextBlock]:
    ops: list[Shape | TextBlock] = [
        Shape("rect", 0, top, pw * len(comp.panels), h, INSIDE, None, 0, 0)
    ]
    for i, panel in enumerate(comp.panels):
        where = game.spec_location("components", index, "panels", i)
        x = i * pw + PAD_MM
        title = render_text(panel.title, ctx, where, "title")
        ops.append(
            set_text(
                title,
                "Lato-Black",
                12,
                8,
                1.0,
                (x, top + PAD_MM, pw - 2 * PAD_MM, 6),
                "left",
                "top",
                INK,
                who=f"panel {i + 1} title",
                where=where,
            )
        )
        body = render_text(panel.text, ctx, where, "text").strip()
        box = (x, top + PAD_MM + 8, pw - 2 * PAD_MM, h - 2 * PAD_MM - 8 - CREDIT_MM)
        ops.append(
            set_text(
                body,
                "Lato-Regular",
                10,
                6,
                1.25,
                box,
                "left",
                "top",
                INK,
                who=f"panel {i + 1} text",
                where=where,
            )
        )
    credit = ctx.get("credit", "")
    if credit:
        last = (len(comp.panels) - 1) * pw  # inside the last panel, clear of the folds
        box = (last + PAD_MM, top + h - PAD_MM - CREDIT_MM + 1, pw - 2 * PAD_MM, 3)
        ops.append(credit_block(credit, box))
    return ops


def screen_size(comp: ScreenComponent, paper: str, margin: float) -> tuple[float, float]:
    """Width and height of the printed strip on a landscape sheet."""
    ph, pw = PAPERS_MM[paper]  # landscape
    room_w = pw - 2 * (margin + MARK_ROOM_MM)
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
    room_h = page[1] - 2 * (margin + MARK_ROOM_MM)
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
    for n, row in enumerate(_rows(game, comp, where)):
        ctx = {**context, "row": row}
        ops = _outside(comp, ctx, w, h, where) + _inside(comp, ctx, pw, h, h, index, game)
        ops.append(Shape("line", 0, h, w, 0, None, FOLD, 0.35, 0, 3.0))
        ops += [
            Shape("line", i * pw, 0, 0, total_h, None, FOLD, 0.35, 0, 3.0)
            for i in range(1, len(comp.panels))
        ]
        key = f"{comp.id}:{n}"
        faces[key] = Face(w, total_h, tuple(ops))
        x0, y0 = (page[0] - w) / 2, (page[1] - total_h) / 2
        trim = (x0, y0, x0 + w, y0 + total_h)
        sheet = Page(page, items=[Placed(f"{comp.id}-{n + 1}", comp.id, key, trim, trim)])
        sheet.marks = crop_marks_around(trim, margin, page)
        pages.append(sheet)
    return pages, faces
