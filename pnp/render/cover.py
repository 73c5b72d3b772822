"""The rulebook's title art: a cover page for a booklet, a title band across the top of a
sheet rulebook's first page.

Both are a panel in the game's accent colour with its art and what the rulebook says
before its first section (the title, tagline and who plays, set in the panel's ink),
followed by the facts a box states (players, playing time, designer). The panel and the
art are drawn with the page (``on_page``); the words are the rulebook's own paragraphs,
flowed into a frame inside the panel (:func:`cover_frame`, :func:`band_frame`), so the
record of the book holds them like any other block.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, PageTemplate

from pnp.layout.page_formats import BookFormat, back_panel, band_panel, cover_panel
from pnp.layout.titleart import TitleArt
from pnp.render.blocks import Block, Group, stack_height
from pnp.render.markdown import styles
from pnp.render.pdf import colour, draw_icon

PAD_MM = 9.0
"""Room between the panel's edge and its words."""
ART_GAP_MM = 7.0
"""Between the cover's art and the title under it."""
COVER_ART_MM = (28.0, 84.0)
"""The cover's art: at least this wide (else it is left out), at most this."""
BAND_ART_MM = 34.0
"""The art of a sheet rulebook's title band: a square at its right."""
BAND_PAD_MM = 6.0
BACK_ART_MM = 50.0
"""The back cover's art, smaller than the front's."""
COVER_TITLE_PT, BAND_TITLE_PT = 34.0, 26.0
CREDIT_PT = 6.5
LABEL_PT = 10.0
LABEL_ROOM_MM = 10.0
"""Kept at the foot of the cover's panel for its label."""
CORNER_MM = 2.5
TITLE_GAP_MM = 4.0
"""Space between the title band and the columns below it."""
COVER_LABEL = "RULES"
"""Spaced out at the foot of a booklet's cover."""


@dataclass(frozen=True)
class Panel:
    """Where the title art goes on its page, in points from the bottom-left: the panel,
    the art's square (empty without art) and the frame the words flow into."""

    panel: tuple[float, float, float, float]
    art: tuple[float, float, float, float] | None
    words: tuple[float, float, float, float]
    """x, y, width, height of the frame."""


def dress(head: list[Flowable], art: TitleArt, scale: float, cover: bool) -> list[Flowable]:
    """The head's paragraphs set anew in the panel's ink (the title larger; centred on a
    cover), and the facts line after them."""
    body = styles(scale, art.accent)["body"]
    ink = colour(art.ink)
    align = TA_CENTER if cover else body.alignment

    def again(f: Flowable) -> Flowable:
        if isinstance(f, Group):
            return Group([again(m) for m in f.members])
        if not isinstance(f, Block):
            return f
        size = (COVER_TITLE_PT if cover else BAND_TITLE_PT) * scale if f.kind == "h1" else 0
        extra = {"fontSize": size, "leading": size * 1.12, "spaceAfter": 6 * scale} if size else {}
        style = ParagraphStyle(
            f"{f.style.name}-title", f.style, textColor=ink, alignment=align,
            leftIndent=0 if cover else f.style.leftIndent, **extra,
        )  # fmt: skip
        return Block(f.source, style, f.kind, bulletText=f.bullet)

    out = [again(f) for f in head]
    if art.facts:
        style = ParagraphStyle(
            "facts", body, fontName="Lato-Bold", fontSize=9 * scale, leading=12 * scale,
            textColor=ink, alignment=align, spaceBefore=4 * scale, spaceAfter=0,
        )  # fmt: skip
        out.append(Block(escape("  ·  ".join(art.facts)), style, "lead"))
    return out


def cover_frame(fmt: BookFormat, words: list[Flowable], art: TitleArt) -> Panel:
    """The cover page's panel: the art above the words, the two centred together a little
    above the middle of the room over the label; the art as large as the words allow."""
    x0, y0, x1, y1 = (v * mm for v in cover_panel(fmt))
    pad = PAD_MM * mm
    width = x1 - x0 - 2 * pad
    words_h = stack_height(words, width) + 4  # points of slack: the frame holds it exactly
    room = y1 - y0 - 2 * pad - LABEL_ROOM_MM * mm
    least, most = (v * mm for v in COVER_ART_MM)
    side = min(most, width, room - words_h - ART_GAP_MM * mm) if art.art else 0.0
    if side < least:
        side = 0.0
    block = side + (ART_GAP_MM * mm if side else 0.0) + words_h
    top = y1 - pad - max(room - block, 0.0) * 0.42
    square = ((x0 + x1 - side) / 2, top - side, side, side) if side else None
    return Panel((x0, y0, x1, y1), square, (x0 + pad, top - block, width, words_h))


def band_words_width(fmt: BookFormat, art: TitleArt) -> float:
    """Width in points of the words in a sheet rulebook's title band."""
    room = fmt.text_width - 2 * BAND_PAD_MM
    return (room - (BAND_ART_MM + BAND_PAD_MM if art.art else 0.0)) * mm


def band_frame(fmt: BookFormat, words: list[Flowable], art: TitleArt) -> Panel:
    """The title band across the top of page 1: the words at its left, the art square at
    its right, the band as tall as the taller."""
    width = band_words_width(fmt, art)
    words_h = stack_height(words, width) + 4
    pad = BAND_PAD_MM * mm
    art_side = BAND_ART_MM * mm if art.art else 0.0
    height = max(words_h, art_side) + 2 * pad
    x0, y0, x1, y1 = (v * mm for v in band_panel(fmt, height / mm))
    square = (x1 - pad - art_side, y1 - pad - art_side, art_side, art_side) if art.art else None
    words_y = y1 - pad - (height - 2 * pad + words_h) / 2
    return Panel((x0, y0, x1, y1), square, (x0 + pad, words_y, width, words_h))


def draw_panel(c: Canvas, panel: Panel, art: TitleArt, label: str = "") -> None:
    """The accent panel and the art on it; ``label`` spaced out at its foot (a cover's
    "RULES")."""
    x0, y0, x1, y1 = panel.panel
    c.saveState()
    c.setFillColor(colour(art.accent))
    c.roundRect(x0, y0, x1 - x0, y1 - y0, CORNER_MM * mm, stroke=0, fill=1)
    if panel.art is not None:
        draw_icon(c, art.art, *panel.art, art.art_ink)
    if label:
        spacing = LABEL_PT * 0.3
        width = stringWidth(label, "Lato-Black", LABEL_PT) + spacing * (len(label) - 1)
        text = c.beginText((x0 + x1 - width) / 2, y0 + PAD_MM * mm)
        text.setFont("Lato-Black", LABEL_PT)
        text.setCharSpace(spacing)
        text.setFillColor(colour(art.art_ink))
        text.textOut(label)
        c.drawText(text)
    c.restoreState()


def draw_cover_credit(c: Canvas, panel: Panel, art: TitleArt) -> None:
    """The copyright line under the cover's panel, centred, in fine grey print."""
    if not art.credit:
        return
    x0, y0, x1, _ = panel.panel
    c.saveState()
    c.setFont("Lato-Italic", CREDIT_PT)
    c.setFillColor(colour("#555555"))
    for i, line in enumerate(simpleSplit(art.credit, "Lato-Italic", CREDIT_PT, x1 - x0)):
        c.drawCentredString((x0 + x1) / 2, y0 - 4.5 * mm - i * CREDIT_PT * 1.25, line)
    c.restoreState()


def first_page(
    fmt: BookFormat,
    panel: Panel | None,
    art: TitleArt,
    on_page: Callable[[Canvas, Any], None],
    columns: Callable[[float | None], list[Frame]],
) -> PageTemplate:
    """Page 1's template: a cover (the panel alone: no rule, no footer), or the title band
    over the ``columns`` (from a top, in points; by default the page's)."""
    if panel is None:
        return PageTemplate("first", columns(None), on_page, autoNextPageTemplate="even")
    x, y, w, h = panel.words
    title = Frame(x, y, w, h, 0, 0, 0, 0, id="title")

    def decor(canvas: Canvas, doc: Any) -> None:
        if not fmt.cover:
            on_page(canvas, doc)
        draw_panel(canvas, panel, art, COVER_LABEL if fmt.cover else "")
        if fmt.cover:
            draw_cover_credit(canvas, panel, art)

    frames = [title] if fmt.cover else [title, *columns(panel.panel[1] - TITLE_GAP_MM * mm)]
    return PageTemplate("first", frames, decor, autoNextPageTemplate="even")


def draw_back_cover(c: Canvas, fmt: BookFormat, art: TitleArt) -> None:
    """A booklet's back cover (its last page, when the text leaves it free): the panel with
    the art smaller, the title, tagline and facts under it, the copyright under the panel."""
    x0, y0, x1, y1 = (v * mm for v in back_panel(fmt))
    side = min(BACK_ART_MM * mm, (x1 - x0) / 2) if art.art else 0.0
    cx, top = (x0 + x1) / 2, y1 - (y1 - y0) * 0.22
    square = (cx - side / 2, top - side, side, side) if side else None
    panel = Panel((x0, y0, x1, y1), square, (x0, y0, 0.0, 0.0))
    draw_panel(c, panel, art)
    c.saveState()
    c.setFillColor(colour(art.ink))
    y = top - side - 12 * mm
    width = x1 - x0 - 2 * PAD_MM * mm
    for text, font, size in ((art.title, "Lato-Black", 22.0), (art.tagline, "Lato-Italic", 10.0),
                             ("  ·  ".join(art.facts), "Lato-Bold", 8.5)):  # fmt: skip
        c.setFont(font, size)
        for line in simpleSplit(text, font, size, width) if text else []:
            c.drawCentredString(cx, y, line)
            y -= size * 1.25
        y -= size * 0.6
    c.restoreState()
    draw_cover_credit(c, panel, art)
