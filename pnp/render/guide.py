"""The start-here sheet every build writes (``GAME-start-here.pdf``, manifest kind
``guide``): the game's title, a picture of each piece, the checklist with counts, what else
to fetch, and every file in the folder with how to print, cut and fold it.

It is drawn last (pnp.build.output), told the manifest entries of the other files, so what
it says of them is read from them (pnp.render.guide_files), never typed: it stays true with
any option, and of files an earlier build left beside it. One or two pages on the build's
paper; every page labelled like a sheet; the designer credited."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.labels import label_pages
from pnp.layout.pages import Page, Placed
from pnp.layout.paper import PAPERS_MM
from pnp.plan.credits import copyright_line, credit_line
from pnp.plan.doc_text import doc_info
from pnp.plan.files import GUIDE_KIND, PT_PER_MM
from pnp.plan.outputs import BuildPlan, guide_name
from pnp.plan.settings import BuildOptions
from pnp.render.guide_draw import (
    BLACK,
    BOLD,
    GREY,
    INK,
    ITALIC,
    REGULAR,
    Block,
    checkbox,
    draw_lines,
    draw_picture,
    flow,
    fonts,
    ink_on,
    lines,
    picture_width,
    rule,
    text_height,
)
from pnp.render.guide_files import Entry, FileRow, file_rows
from pnp.render.guide_parts import Check, Parts, Piece, game_parts
from pnp.render.guide_table import files_table, needs_list
from pnp.render.pdf import colour, draw_label, new_canvas
from pnp.spec.game import Game

BODY_PT, SMALL_PT, CAPTION_PT = 8.5, 7.0, 6.5


def write_guide(target: Path, plan: BuildPlan, entries: list[Entry]) -> list[Page]:
    """Draw the sheet to ``target``, drawn after the build's other files: ``entries`` are
    their manifest entries (and those of earlier files that stay in the folder); it
    pictures the pieces of the files of sheets ``plan`` makes. Its pages, labelled (for
    the manifest)."""
    game, options = plan.game, plan.options
    fonts()
    size = PAPERS_MM[options.paper]
    parts = game_parts(plan)
    titles = {p.path: p.title for p in plan.sheets}
    for own, compact in ((1, False), (1, True), (2, False), (2, True)):  # the first that fits
        pages = _lay_out(game, options, entries, parts, titles, size, own, compact)
        if len(pages) <= own:
            break
    c = new_canvas(target, size, doc_info(game.spec, "start here"))
    out = []
    for k, placed in enumerate(pages, start=1):
        for block, top in placed:
            block.draw(c, _margin(options) * mm, top)
        page = _labelled(game, options, size, len(pages), k)
        draw_label(c, page)
        c.showPage()
        out.append(page)
    c.save()
    return out


def _margin(options: BuildOptions) -> float:
    """The sheet's own margin (mm): 12 mm, or the printer's plus 4 when that is more."""
    return max(12.0, options.margin + 4.0)


LABEL_ROOM_MM = 9.0
"""Room left at the foot of each page for its label."""


def _lay_out(
    game: Game,
    options: BuildOptions,
    entries: list[Entry],
    parts: Parts,
    titles: dict[str, str],
    size: tuple[float, float],
    own_pages: int,
    compact: bool,
) -> list[list[Any]]:
    """The blocks of the sheet flowed onto pages, its own row saying ``own_pages``."""
    m = _margin(options)
    width = (size[0] - 2 * m) * mm
    own: Entry = {
        "path": guide_name(game),
        "kind": GUIDE_KIND,
        "sheets": own_pages,
        "pages": [{"side": "front", "size_pt": [v * PT_PER_MM for v in size]}] * own_pages,
    }
    decks = {d.id: d.name for d in game.spec.decks}
    rows = file_rows([own, *entries], titles, decks, options.duplex)
    rows.append(
        FileRow(
            "manifest.json",
            "every page and cut box, for scripts and cutting machines",
            "",
            "not printed",
            "",
            "",
        )
    )
    blocks = [
        _header(game, width),
        _paragraph(_intro(game, options), REGULAR, BODY_PT, width),
        *_gallery(parts.pieces, width, game.root / "fonts", 15.0 if compact else 21.0),
        _checklist(game, parts, entries, rows, width),
        *files_table(rows, width, _heading("The files, and how to print them", width)),
        _paragraph(_credits(game), ITALIC, SMALL_PT, width, GREY),
    ]
    return flow(blocks, (size[1] - m) * mm, (m + LABEL_ROOM_MM) * mm)


def _labelled(
    game: Game, options: BuildOptions, size: tuple[float, float], pages: int, k: int
) -> Page:
    """Page ``k`` of the sheet with its label at the foot, below the content."""
    m = _margin(options)
    box = (m, m + LABEL_ROOM_MM, size[0] - m, size[1] - m)
    laid = [Page(size, items=[Placed("content", "", "", box, box)]) for _ in range(pages)]
    label_pages(laid, game.spec.name, guide_name(game), copyright_line(game.spec), options.margin)
    return Page(size, label=laid[k - 1].label)


def _header(game: Game, width: float) -> Block:
    spec = game.spec
    h = 26 * mm
    ink = ink_on(spec.accent)
    name = lines(spec.name, BLACK, 24, width * 0.68)[:2]
    tag = lines(spec.tagline, ITALIC, 9.5, width * 0.68)[:2]
    height = max(h, 9 * mm + text_height(len(name), 24) + text_height(len(tag), 9.5))

    def draw(c: Any, x: float, top: float) -> None:
        c.setFillColor(colour(spec.accent))
        c.roundRect(x, top - height, width, height, 2.5 * mm, stroke=0, fill=1)
        c.setFillColor(colour(ink))
        c.setFont(BLACK, 8.5)
        c.drawString(x + 6 * mm, top - 7 * mm, "START HERE", charSpace=1.6)
        y = top - 8.5 * mm
        y -= draw_lines(c, name, BLACK, 24, x + 6 * mm, y, ink)
        draw_lines(c, tag, ITALIC, 9.5, x + 6 * mm, y, ink)
        players = f"{spec.players.min}–{spec.players.max} players"
        if spec.players.min == spec.players.max:
            players = f"{spec.players.min} players"
        right = x + width - 6 * mm
        draw_lines(c, [players], BOLD, 10, right - 60 * mm, top - 9 * mm, ink, "right", 60 * mm)
        draw_lines(
            c,
            ["print-and-play edition"],
            REGULAR,
            8,
            right - 60 * mm,
            top - 14 * mm,
            ink,
            "right",
            60 * mm,
        )

    return Block(height, draw)


def _intro(game: Game, options: BuildOptions) -> str:
    text = (
        f"Everything to print and make {game.spec.name} is in this folder. Print every file "
        "at actual size (100 %, “no scaling”, not “fit to page”). Every sheet to cut names "
        "its file, its number and its side in the margin, so a mixed-up stack sorts again."
    )
    if options.back_offset != (0.0, 0.0):
        x, y = options.back_offset
        text += f" The back pages are shifted by {x:g}, {y:g} mm for your printer (--back-offset)."
    return text


def _paragraph(text: str, font: str, size: float, width: float, ink: str = INK) -> Block:
    rows = lines(text, font, size, width)

    def draw(c: Any, x: float, top: float) -> None:
        draw_lines(c, rows, font, size, x, top, ink)

    return Block(text_height(len(rows), size), draw)


def _heading(text: str, width: float) -> Block:
    def draw(c: Any, x: float, top: float) -> None:
        draw_lines(c, [text], BLACK, 11, x, top)
        rule(c, x, top - 11 * 1.22 - 0.8 * mm, width, INK, 0.6)

    return Block(11 * 1.22 + 1.2 * mm, draw, keep=True)


CELL_MIN_MM, CELL_GAP_MM, CAPTION_LINES = 19.0, 4.0, 3
COUNTER_SHARE = 0.72
"""A counter is drawn at its own size, up to this share of a row's height."""


def _gallery(pieces: list[Piece], width: float, font_dir: Path, pic_mm: float) -> list[Block]:
    """The pieces in rows: each picture above its caption (how many, and what)."""
    cells = []
    for p in pieces:
        h = pic_mm * mm
        if p.counter:  # at its own size, up to most of the row's height
            h = min(p.face.height if p.face else pic_mm, COUNTER_SHARE * pic_mm) * mm
        w = picture_width(p, h, 48 * mm)
        cell = max(w, CELL_MIN_MM * mm)
        words = f"{p.count} × {p.caption}" if p.count > 1 else p.caption
        cells.append((p, w, h, cell, lines(words, REGULAR, CAPTION_PT, cell)[:CAPTION_LINES]))
    rows: list[list[Any]] = [[]]
    used = 0.0
    for cell in cells:
        if rows[-1] and used + cell[3] > width:
            rows.append([])
            used = 0.0
        rows[-1].append(cell)
        used += cell[3] + CELL_GAP_MM * mm
    shown = [_gallery_row(row, pic_mm * mm, font_dir) for row in rows if row]
    return [_heading("What is in the game", width), *shown] if shown else []


def _gallery_row(row: list[Any], pic_h: float, font_dir: Path) -> Block:
    caption_h = max(text_height(len(c[4]), CAPTION_PT) for c in row)

    def draw(c: Any, x: float, top: float) -> None:
        for p, w, h, cell, words in row:
            draw_picture(c, p, x + (cell - w) / 2, top - pic_h, w, h, font_dir)
            draw_lines(
                c, words, REGULAR, CAPTION_PT, x, top - pic_h - 1.2 * mm, INK, "center", cell
            )
            x += cell + CELL_GAP_MM * mm

    return Block(pic_h + 1.2 * mm + caption_h, draw)


def _checklist(
    game: Game, parts: Parts, entries: list[Entry], rows: list[FileRow], width: float
) -> Block:
    """Two columns: the checklist of pieces (each with the file that prints it), and what
    else to fetch."""
    present = {str(e.get("path")): e for e in entries}
    checks = list(parts.checks)
    books = [e for e in entries if e.get("kind") == "rulebook" and isinstance(e.get("pages"), list)]
    if books:  # the flat one (a booklet holds the same rules)
        book = min(books, key=lambda e: len(str(e["path"])))
        checks.append(Check(1, "Rulebook", f"{len(book.get('pages', []))} pages", book["path"]))
    elif game.spec.rulebook:
        checks.append(Check(1, "Rulebook", "", f"{game.spec.id}-rulebook.pdf"))
    left_w, gap = width * 0.56, width * 0.05
    right_w = width - left_w - gap
    items = [_check_item(ch, present, left_w) for ch in checks]
    needs = needs_list(game.spec.needs, parts, rows, right_w)
    left_h = 11 * 1.22 + 2 * mm + sum(h for h, _ in items)
    height = max(left_h, 11 * 1.22 + 2 * mm + needs.height)

    def draw(c: Any, x: float, top: float) -> None:
        draw_lines(c, ["Checklist"], BLACK, 11, x, top)
        rule(c, x, top - 11 * 1.22 - 0.8 * mm, left_w, INK, 0.6)
        y = top - 11 * 1.22 - 2 * mm
        for h, fn in items:
            fn(c, x, y)
            y -= h
        draw_lines(c, ["You will also need"], BLACK, 11, x + left_w + gap, top)
        rule(c, x + left_w + gap, top - 11 * 1.22 - 0.8 * mm, right_w, INK, 0.6)
        needs.draw(c, x + left_w + gap, top - 11 * 1.22 - 2 * mm)

    return Block(height, draw)


def _check_item(check: Check, present: dict[str, Entry], width: float) -> tuple[float, Any]:
    """A checklist line: a box to tick, the count, what it is, then (beside it when there
    is room, else below) its size or parts and the file that prints it."""
    box, count_w = 2.6 * mm, 9 * mm
    text_w = width - box - count_w - 2 * mm
    head = lines(check.what, BOLD, BODY_PT, text_w)
    where = f"in {check.file}" if check.file in present else f"{check.file}: not in this folder"
    note = f"{check.detail} · {where}" if check.detail else where
    beside = stringWidth(head[-1], BOLD, BODY_PT) + 2 * mm if len(head) == 1 else 0.0
    if beside and beside + stringWidth(note, REGULAR, SMALL_PT) <= text_w:
        detail, dx = [note], beside
        height = text_height(1, BODY_PT) + 1.2 * mm
    else:
        detail, dx = lines(note, REGULAR, SMALL_PT, text_w), 0.0
        height = text_height(len(head), BODY_PT) + text_height(len(detail), SMALL_PT) + 1.4 * mm

    def draw(c: Any, x: float, top: float) -> None:
        checkbox(c, x, top - 0.4 * mm, box)
        draw_lines(c, [str(check.count)], BOLD, BODY_PT, x + box, top, INK, "right", count_w)
        tx = x + box + count_w + 2 * mm
        y = top - draw_lines(c, head, BOLD, BODY_PT, tx, top)
        if dx:  # on the head's line, on its baseline
            y = top - (BODY_PT - SMALL_PT) * 0.92
        draw_lines(c, detail, REGULAR, SMALL_PT, tx + dx, y, GREY)

    return height, draw


def _credits(game: Game) -> str:
    spec = game.spec
    who = f"{spec.name}: the original game by {spec.credits.designer}. " if spec.credits else ""
    return f"{who}{credit_line(spec).replace(chr(160), ' ')}."


__all__ = ["write_guide"]
