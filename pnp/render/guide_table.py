"""The start-here sheet's table of files (one row each, split between pages with its
header repeated) and its list of what else to fetch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm

from pnp.render.guide_draw import (
    BOLD,
    GREY,
    INK,
    REGULAR,
    Block,
    checkbox,
    draw_lines,
    lines,
    rule,
    text_height,
)
from pnp.render.guide_files import TOOLS, FileRow
from pnp.render.guide_parts import Parts
from pnp.render.pdf import colour

TABLE_PT, NOTE_PT = 7.5, 6.5
COLUMNS = (("File", 0.25), ("Pages", 0.11), ("Print", 0.24), ("On", 0.16), ("Then", 0.24))
"""Each column's heading and share of the width."""
PAD = 1.2 * mm
HEAD_FILL = "#ecebe6"


def files_table(rows: list[FileRow], width: float, heading: Block) -> list[Block]:
    """The heading, the column heads and a block per row (a row that starts a page has
    the column heads drawn again above it)."""
    widths = [share * width for _, share in COLUMNS]
    head = _head(widths)
    heading.keep = head.keep = True
    head.gap = 0.0
    again = _head(widths)
    body = [_row(row, widths, again) for row in rows]
    for b in body[:-1]:
        b.gap = 0.0
    return [heading, head, *body]


def _head(widths: list[float]) -> Block:
    height = text_height(1, TABLE_PT) + 2 * PAD

    def draw(c: Any, x: float, top: float) -> None:
        c.setFillColor(colour(HEAD_FILL))
        c.rect(x, top - height, sum(widths), height, stroke=0, fill=1)
        for (title, _), w in zip(COLUMNS, widths, strict=True):
            draw_lines(c, [title], BOLD, TABLE_PT, x + PAD, top - PAD, INK)
            x += w

    return Block(height, draw)


def _row(row: FileRow, widths: list[float], again: Block) -> Block:
    inner = [w - 2 * PAD for w in widths]
    name = lines(row.name, BOLD, TABLE_PT, inner[0])
    what = row.what + (" (left by an earlier build)" if row.earlier else "")
    cells = [
        lines(row.pages, REGULAR, TABLE_PT, inner[1]),
        lines(row.printing, REGULAR, TABLE_PT, inner[2]),
        lines(row.stock, REGULAR, TABLE_PT, inner[3]),
        lines(row.then, REGULAR, TABLE_PT, inner[4]),
    ]
    note = lines(what, REGULAR, NOTE_PT, inner[0])
    first = text_height(len(name), TABLE_PT) + text_height(len(note), NOTE_PT)
    height = max(first, *(text_height(len(c), TABLE_PT) for c in cells)) + 2 * PAD

    def draw(c: Any, x: float, top: float) -> None:
        y = top - PAD - draw_lines(c, name, BOLD, TABLE_PT, x + PAD, top - PAD)
        draw_lines(c, note, REGULAR, NOTE_PT, x + PAD, y, GREY)
        cx = x + widths[0]
        for cell, w in zip(cells, widths[1:], strict=True):
            draw_lines(c, cell, REGULAR, TABLE_PT, cx + PAD, top - PAD)
            cx += w
        rule(c, x, top - height, sum(widths))

    return Block(height, draw, again=again)


@dataclass
class Needs:
    """The list of what else to fetch, drawn at a given top."""

    height: float
    items: list[list[str]]

    def draw(self, c: Any, x: float, top: float) -> None:
        for item in self.items:
            checkbox(c, x, top - 0.4 * mm, 2.6 * mm)
            top -= draw_lines(c, item, REGULAR, 8.0, x + 4.6 * mm, top) + 1.6 * mm


def needs_list(needs: list[str], parts: Parts, rows: list[FileRow], width: float) -> Needs:
    """The game's own ``needs:``, then the tools its files take, the sheets to print on,
    and the sleeves its cards fit."""
    said = list(needs) or ["nothing for the game itself: every piece is in these files"]
    tools = dict.fromkeys(t for row in rows for t in row.tools)
    said += [TOOLS[t] for t in tools]
    said += _stock(rows)
    for s in parts.sleeves:
        size = f"{s.size_mm[0]:g} × {s.size_mm[1]:g} mm"
        if s.sleeve is None:
            said.append(f"no common sleeve fits the {s.cards} cards of {size}")
        else:
            said.append(f"if you sleeve them: {s.cards} {s.sleeve.words} for the {size} cards")
    items = [lines(_capital(t), REGULAR, 8.0, width - 4.6 * mm) for t in said]
    height = sum(text_height(len(i), 8.0) + 1.6 * mm for i in items)
    return Needs(height, items)


def _stock(rows: list[FileRow]) -> list[str]:
    """Sheets of card and of paper to print on, by paper size."""
    totals: dict[tuple[bool, str], int] = {}
    for row in rows:
        if row.sheets:
            key = (row.card, row.paper.replace(" landscape", ""))
            totals[key] = totals.get(key, 0) + row.sheets
    return [
        f"{n} sheet{'s' if n != 1 else ''} of {paper} {'card' if card else 'paper'}"
        for (card, paper), n in sorted(totals.items(), key=lambda kv: (not kv[0][0], kv[0][1]))
    ]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["files_table", "needs_list"]
