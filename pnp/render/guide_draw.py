"""Drawing the start-here sheet: wrapped text, blocks flowed down pages, and the pictures
of pieces (drawn by the sheets' own face drawing, pnp.render.pdf.draw_face).

Lengths are in points, y up from the page's foot, as reportlab draws."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit

from pnp.layout.textfit import legible_at
from pnp.render.guide_parts import Piece
from pnp.render.pdf import colour, draw_face, ensure_font
from pnp.spec.colour import Colour

REGULAR, BOLD, ITALIC, BLACK = "Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black"
INK, GREY, RULE = "#1a1a1a", "#5a5a5a", "#c8c8c8"
LEADING = 1.22
"""Line height as a share of the type size."""
OUTLINE = "#9a9a9a"


def fonts() -> None:
    """Register the sheet's faces (embedded TrueType subsets)."""
    for name in (REGULAR, BOLD, ITALIC, BLACK):
        ensure_font(name)


def lines(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines ``width`` points wide (a word longer than that stays
    whole on a line of its own)."""
    return simpleSplit(text, font, size, width) if text else []


def text_height(n: int, size: float) -> float:
    return n * size * LEADING


def draw_lines(
    c: Any,
    rows: list[str],
    font: str,
    size: float,
    x: float,
    top: float,
    ink: str = INK,
    align: str = "left",
    width: float = 0.0,
) -> float:
    """Draw ``rows`` from ``top`` down; the height they took."""
    c.setFont(font, size)
    c.setFillColor(colour(ink))
    for i, row in enumerate(rows):
        y = top - size * (0.92 + LEADING * i)
        if align == "right":
            c.drawRightString(x + width, y, row)
        elif align == "center":
            c.drawCentredString(x + width / 2, y, row)
        else:
            c.drawString(x, y, row)
    return text_height(len(rows), size)


@dataclass
class Block:
    """Something drawn across the content's width: ``height`` tall, drawn with its top
    at ``top`` by ``draw(c, x, top)``. ``keep`` keeps it on the page of the next block
    (a heading); ``again`` is drawn above it when it starts a page (a table row: the
    table's column heads)."""

    height: float
    draw: Callable[[Any, float, float], None]
    keep: bool = False
    again: Block | None = None
    gap: float = 2.5 * mm
    """Space below it, before the next block on its page."""


GAP = 2.5 * mm
"""Space between blocks."""


def flow(blocks: list[Block], top: float, bottom: float) -> list[list[Any]]:
    """Blocks placed down pages from ``top``, none below ``bottom``: each page a list of
    (block, its top)."""
    pages: list[list[Any]] = [[]]
    y = top
    i = 0
    while i < len(blocks):
        run = [blocks[i]]
        while run[-1].keep and i + len(run) < len(blocks):
            run.append(blocks[i + len(run)])
        height = sum(b.height + b.gap for b in run[:-1]) + run[-1].height
        if y - height < bottom and pages[-1]:
            pages.append([])
            y = top
            if run[0].again is not None:
                pages[-1].append((run[0].again, y))
                y -= run[0].again.height
        for b in run:
            pages[-1].append((b, y))
            y -= b.height + b.gap
        i += len(run)
    return pages


def _aid_pictogram(c: Any) -> None:
    """A piece with no face of its own to show (an aid, typeset apart): a card of text
    lines, centred on the origin, outlined so it reads in greyscale."""
    w, h = 7.3 * mm, 5.2 * mm
    c.setStrokeColor(colour("#1a1a1a"))
    c.setFillColor(colour("#ffffff"))
    c.setLineWidth(0.5)
    c.roundRect(-w / 2, -h / 2, w, h, 0.6 * mm, stroke=1, fill=1)
    for i in range(3):
        c.line(-w / 2 + 1 * mm, (1 - i) * 1.2 * mm, w / 2 - 1 * mm, (1 - i) * 1.2 * mm)


def draw_picture(c: Any, p: Piece, x: float, y: float, w: float, h: float, font_dir: Path) -> None:
    """The piece's picture in the box x, y (its bottom-left), w × h points: its face
    scaled into the box and clipped to its trim, outlined thinly like a cut piece."""
    if p.face is None:
        k = min(w / (8.2 * mm), h / (7.3 * mm))  # the pictogram's own size
        c.saveState()
        c.translate(x + w / 2, y + h / 2)
        c.scale(k, k)
        _aid_pictogram(c)
        c.restoreState()
        return
    face = p.face
    k = min(w / (face.width * mm), h / (face.height * mm))
    fw, fh = face.width * mm * k, face.height * mm * k
    x, y = x + (w - fw) / 2, y
    radius = p.radius * mm * k
    c.saveState()
    c.translate(x, y)
    clip = c.beginPath()
    clip.roundRect(0, 0, fw, fh, radius)
    c.clipPath(clip, stroke=0, fill=0)
    if p.sheet:
        c.setFillColor(colour("#ffffff"))
        c.rect(0, 0, fw, fh, stroke=0, fill=1)
    c.scale(k, k)
    draw_face(c, legible_at(face, k), font_dir)
    c.restoreState()
    c.setStrokeColor(colour(OUTLINE))
    c.setLineWidth(0.35)
    c.roundRect(x, y, fw, fh, radius, stroke=1, fill=0)


def picture_width(p: Piece, h: float, most: float) -> float:
    """How wide the piece's picture is at height ``h`` (at most ``most``)."""
    if p.face is None:
        return min(h * 8.2 / 7.3, most)
    return min(p.face.width / p.face.height * h, most)


def checkbox(c: Any, x: float, top: float, size: float) -> None:
    """An empty box to tick, its top at ``top``."""
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.6)
    c.rect(x, top - size, size, size, stroke=1, fill=0)


def rule(c: Any, x: float, y: float, width: float, ink: str = RULE, weight: float = 0.5) -> None:
    c.setStrokeColor(colour(ink))
    c.setLineWidth(weight)
    c.line(x, y, x + width, y)


def ink_on(fill: Colour | str) -> str:
    """Dark or white text, whichever reads on ``fill``."""
    r, g, b = Colour.of(fill).channels
    # luma of the encoded channels, not WCAG luminance: the guides' ink has always been
    # chosen this way, and changing it would change their pages
    return INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 else "#ffffff"


__all__ = [
    "BLACK",
    "BOLD",
    "GAP",
    "GREY",
    "INK",
    "ITALIC",
    "REGULAR",
    "Block",
    "checkbox",
    "draw_lines",
    "draw_picture",
    "flow",
    "fonts",
    "ink_on",
    "lines",
    "picture_width",
    "rule",
    "text_height",
]
