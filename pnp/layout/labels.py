"""Sheet labels: every printed sheet names its game, its file, "sheet k/n" and its side, and
carries the game's copyright line, in the band between the printer margin and the cut area.

A label is placed after a page is laid out, from what the page already holds: it keeps
clear of the art (every item's bleed, the page's own decor), the crop marks, fold lines and
registration marks, and of the printer margin. It goes on the first side that has room, in
this order: the foot of the sheet, its head, then standing along the right or left edge; on
each side as two lines (name, then credit), else side by side between the crop marks, else
with the credit broken over two lines, one under the other (never its halves apart); else
as one line along the foot (or head) below the crop marks, which stop short of it. A back
page gets a label of its own, placed on the back's own free room: its text reads on the
back, never mirrored.

All lengths in mm, origin at the page's bottom-left (as in PDF); the text blocks are set in
page decor's coordinates (y down from the top)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pnp._errors import LayoutError
from pnp.layout.ops import Icon, Picture, Shape, TextBlock
from pnp.layout.pages import Label, Page
from pnp.layout.sheet import MIN_MARK_MM, Rect
from pnp.text.fonts import FontMetrics, load_font

LABEL_FONT = "Lato-Regular"
LABEL_PT = 6.0
"""The name, file, sheet and side: the least text size on a printed piece."""
CREDIT_PT = 5.0
"""The copyright line: fine print, at the least size allowed for it."""
LABEL_INK = "#333333"
CLEAR_MM = 1.5
"""Room kept between a label and art, crop marks and fold lines (at 1 mm the words read
as touching a crop mark on the printed sheet)."""
AROUND_REGISTRATION_MM = 3.0
"""Room kept around registration marks (a mm more than layouts keep): a cutting machine's
sensor looks for them there."""
MM_PER_PT = 25.4 / 72.0
PIECE_GAP_MM = 4.0
"""Space between pieces of a label set side by side on one line."""
LABEL_BAND_MM = 6.0
"""Height a layout that fills its page to the margin leaves free at the foot for the
label: two lines (6 pt and 5 pt, 4.7 mm from ascent to descent) and the room kept
around them."""

SIDES = ("bottom", "top", "right", "left")
TURN = {"bottom": 0, "top": 0, "right": 90, "left": 270}
"""Degrees a label turns (counter-clockwise) on each side: along an edge it stands with its
foot towards the paper's edge, read with that edge held at the bottom."""


@dataclass(frozen=True, slots=True)
class _Line:
    text: str
    size: float

    def width(self, font: FontMetrics) -> float:
        return font.width(self.text, self.size) * MM_PER_PT

    def height(self, font: FontMetrics) -> float:
        """From the font's ascent to its descent: accents and descenders stay inside."""
        return (font.ascent + font.descent) * self.size * MM_PER_PT


def label_text(game: str, file: str, sheet: int, sheets: int, side: str) -> str:
    """The label's first line: ``•Boom · boom-cards.pdf · sheet 3/9 · front``."""
    where = "fronts and backs, fold on the dashed line" if side == "fold" else side
    return f"{game} · {file} · sheet {sheet}/{sheets} · {where}"


def label_pages(pages: list[Page], game: str, file: str, credit: str, margin: float) -> None:
    """Give every page of a sheet file its label; k/n counts sheets of paper in this file."""
    numbers = sheet_numbers(pages)
    sheets = sum(1 for p in pages if p.side != "back")
    for page, k in zip(pages, numbers, strict=True):
        text = label_text(game, file, k, sheets, page.side)
        page.label = place_label(page, text, credit, margin)


def sheet_numbers(pages: list[Page]) -> list[int]:
    """The sheet of paper each page is printed on, from 1. Fronts (and fold pages) are
    sheets in order; a back page goes on the first front not yet backed that holds the same
    items, which is the page before it in duplex order and the same front again when the
    backs follow all the fronts (``--no-duplex``)."""
    fronts: list[tuple[int, list[str]]] = []
    backed: set[int] = set()
    out = []
    for page in pages:
        ids = sorted(it.id for it in page.items)
        if page.side != "back":
            fronts.append((len(fronts) + 1, ids))
            out.append(len(fronts))
            continue
        k = next((k for k, f in fronts if k not in backed and f == ids), len(fronts) or 1)
        backed.add(k)
        out.append(k)
    return out


def place_label(page: Page, text: str, credit: str, margin: float) -> Label:
    """The label of ``page`` at the first place where it fits; a LayoutError names the
    page size and margin when none has room (a layout must leave the band free)."""
    font = load_font(LABEL_FONT)
    blocked = obstacles(page)
    for side in SIDES:
        band = _Band(page.size, side, margin)
        for rows in _forms(text, credit, font):
            spot = band.place(rows, font, blocked)
            if spot is not None:
                return _label(page.size, band, spot, text, credit, font)
    for side in ("bottom", "top"):
        found = _under_marks(page, _Band(page.size, side, margin), text, credit, font)
        if found is not None:
            return found
    w, h = page.size
    raise LayoutError(
        f"no room for the sheet label on a {w:g}×{h:g} mm page inside the {margin:g} mm "
        "printer margin: the layout fills every edge"
    )


def _forms(text: str, credit: str, font: FontMetrics) -> Iterator[list[list[_Line]]]:
    """Ways to set the label, best first: rows across the band, each a list of pieces
    placed side by side in free stretches (between crop marks)."""
    name = _Line(text, LABEL_PT)
    if not credit:
        yield [[name]]
        return
    fine = _Line(credit, CREDIT_PT)
    yield [[name], [fine]]
    yield [[name, fine]]
    halves = _halves(credit, font, CREDIT_PT)
    if halves:
        head, tail = _Line(halves[0], CREDIT_PT), _Line(halves[1], CREDIT_PT)
        yield [[name], [head], [tail]]  # never apart: whole, or two lines one under the other


def _under_marks(
    page: Page, band: _Band, text: str, credit: str, font: FontMetrics
) -> Label | None:
    """The label as one line along the margin, below (or above) the crop marks that run
    into the band: those stop short of it, a millimetre past the bleed or more. Where
    the marks part the band into stretches narrower than the credit (nine cards on A4),
    this keeps the credit whole rather than in pieces between the marks."""
    row = [_Line(text, LABEL_PT)] + ([_Line(credit, CREDIT_PT)] if credit else [])
    height = max(p.height(font) for p in row)
    reach = height + CLEAR_MM  # how far into the band a mark may not come
    ph = page.size[1]
    edge = band.margin + reach if band.side == "bottom" else ph - band.margin - reach
    marks = _stop_short(page.marks, band, edge, page.bleed)
    folds = _stop_short(page.folds, band, edge, page.bleed)
    if marks is None or folds is None:
        return None
    trial = Page(page.size, items=page.items, marks=marks, decor=page.decor, folds=folds)
    trial.cuts, trial.registration = page.cuts, page.registration
    spot = band.place([row], font, obstacles(trial))
    if spot is None:
        return None
    page.marks, page.folds = marks, folds
    return _label(page.size, band, spot, text, credit, font)


def _stop_short(lines: list[Rect], band: _Band, edge: float, bleed: float) -> list[Rect] | None:
    """``lines`` with those that stand across the band stopped at ``edge`` (None when one
    would keep less than ``MIN_MARK_MM / 2`` past the bleed)."""
    keep, stopped = [], []
    for mark in lines:
        x0, y0, x1, y1 = mark
        inner = max(y0, y1) if band.side == "bottom" else min(y0, y1)  # where it starts
        outer = min(y0, y1) if band.side == "bottom" else max(y0, y1)
        if x0 != x1 or (outer >= edge if band.side == "bottom" else outer <= edge):
            keep.append(mark)  # along the band, or clear of the line already
            continue
        if abs(inner - edge) < bleed + MIN_MARK_MM / 2:
            return None  # it would end on the bleed
        stopped.append((x0, inner, x1, edge))
    return keep + stopped


def _halves(credit: str, font: FontMetrics, size: float) -> tuple[str, str] | None:
    """The credit broken in two at the ' · ' nearest its middle width (at a space when it
    has no ' · ')."""
    best: tuple[float, str, str] | None = None
    total = font.width(credit, size)
    sep = " · " if " · " in credit else " "
    for i in (m.start() for m in re.finditer(re.escape(sep), credit)):
        head, tail = credit[:i], credit[i + len(sep) :]
        if not head or not tail:
            continue
        worse = abs(font.width(head, size) - total / 2)
        if best is None or worse < best[0]:
            best = (worse, head, tail)
    return None if best is None else (best[1], best[2])


@dataclass(frozen=True)
class _Band:
    """One side of the page, in its own frame: ``u`` along the edge (the reading direction),
    ``v`` inward from the printer margin."""

    page: tuple[float, float]
    side: str
    margin: float

    @property
    def length(self) -> float:
        w, h = self.page
        return (w if self.side in ("bottom", "top") else h) - 2 * self.margin

    def to_page(self, u0: float, v0: float, u1: float, v1: float) -> Rect:
        """A box in band coordinates (u, v from the printable corner) on the page."""
        w, h, m = *self.page, self.margin
        if self.side == "bottom":
            return (m + u0, m + v0, m + u1, m + v1)
        if self.side == "top":
            return (m + u0, h - m - v1, m + u1, h - m - v0)
        if self.side == "left":  # reads downward: u runs from the top
            return (m + v0, h - m - u1, m + v1, h - m - u0)
        return (w - m - v1, m + u0, w - m - v0, m + u1)  # right: reads upward

    def place(
        self, rows: list[list[_Line]], font: FontMetrics, blocked: list[Rect]
    ) -> list[tuple[_Line, float, float]] | None:
        """Where each piece of ``rows`` goes, as (piece, u of its left end, v of its
        foot), in reading order; the last row lies along the margin (the first, at the head
        of the page). None when a piece finds no room."""
        if all(len(row) == 1 for row in rows):  # lines stacked: one column, one centre
            return self._stack([row[0] for row in rows], font, blocked)
        placed: dict[int, list[tuple[_Line, float, float]]] = {}
        v = 0.0
        # the text's foot lies towards the margin, but at the head of the page it is upright
        order = range(len(rows)) if self.side == "top" else reversed(range(len(rows)))
        for r in order:
            row = rows[r]
            height = max(p.height(font) for p in row)
            free = _free(self, v, v + height, blocked)
            spots = _fit_row([p.width(font) for p in row], free, self.length / 2)
            if spots is None:
                return None
            placed[r] = [(p, u, v) for p, u in zip(row, spots, strict=True)]
            v += height
        return [spot for r in range(len(rows)) for spot in placed[r]]  # in reading order

    def _stack(
        self, lines: list[_Line], font: FontMetrics, blocked: list[Rect]
    ) -> list[tuple[_Line, float, float]] | None:
        """Lines one under the other, centred on one centre, in a stretch free across all
        of them (the first line furthest from the edge, except at the head of the page)."""
        heights = [line.height(font) for line in lines]
        widths = [line.width(font) for line in lines]
        free = _free(self, 0.0, sum(heights), blocked)
        spot = _fit_row([max(widths)], free, self.length / 2)
        if spot is None:
            return None
        centre = spot[0] + max(widths) / 2
        out, v = [], 0.0
        order = range(len(lines)) if self.side == "top" else reversed(range(len(lines)))
        feet = {}
        for i in order:
            feet[i] = v
            v += heights[i]
        for i, line in enumerate(lines):
            out.append((line, centre - widths[i] / 2, feet[i]))
        return out


def _free(band: _Band, v0: float, v1: float, blocked: list[Rect]) -> list[tuple[float, float]]:
    """Stretches of u along ``band`` whose strip v0..v1 touches nothing in ``blocked``."""
    strip = band.to_page(0.0, v0, band.length, v1)
    cuts: list[tuple[float, float]] = []
    for b in blocked:
        if b[0] < strip[2] and b[2] > strip[0] and b[1] < strip[3] and b[3] > strip[1]:
            lo, hi = _along(band, b)
            cuts.append((lo, hi))
    cuts.sort()
    free, at = [], 0.0
    for lo, hi in cuts:
        if lo > at:
            free.append((at, lo))
        at = max(at, hi)
    if at < band.length:
        free.append((at, band.length))
    return free


def _along(band: _Band, r: Rect) -> tuple[float, float]:
    """The stretch of u that rectangle ``r`` covers along ``band``."""
    h, m = band.page[1], band.margin
    if band.side in ("bottom", "top"):
        return (r[0] - m, r[2] - m)
    if band.side == "left":
        return (h - m - r[3], h - m - r[1])
    return (r[1] - m, r[3] - m)


def _fit_row(
    widths: list[float], free: list[tuple[float, float]], centre: float
) -> list[float] | None:
    """Left ends for pieces of ``widths``, in order along the band: together (``PIECE_GAP_MM``
    apart) centred on ``centre`` (the page's middle) where a free stretch allows it, else
    centred in the free stretch nearest it; None when no stretch holds them all."""
    together = sum(widths) + PIECE_GAP_MM * (len(widths) - 1)
    best: tuple[float, float] | None = None
    for lo, hi in free:
        if hi - lo >= together:
            u = centre - together / 2
            if u < lo or u + together > hi:  # not centred on the page: centred between marks
                u = (lo + hi - together) / 2
            off = abs(u + together / 2 - centre)
            if best is None or off < best[0]:
                best = (off, u)
    if best is None:
        return None  # the pieces of a row stand together, never parted by a crop mark
    spots, u = [], best[1]
    for width in widths:
        spots.append(u)
        u += width + PIECE_GAP_MM
    return spots


def _label(
    size: tuple[float, float],
    band: _Band,
    spots: list[tuple[_Line, float, float]],
    text: str,
    credit: str,
    font: FontMetrics,
) -> Label:
    """The placed pieces as text blocks (decor coordinates) and the box around them."""
    ph = size[1]
    turn = TURN[band.side]
    blocks, boxes = [], []
    for piece, u, v in spots:
        width, height = piece.width(font), piece.height(font)
        box = band.to_page(u, v, u + width, v + height)
        boxes.append(box)
        cx, cy = (box[0] + box[2]) / 2, ph - (box[1] + box[3]) / 2
        # set level, centred on the box's centre, then turned about it
        base = cy - height / 2 + font.ascent * piece.size * MM_PER_PT
        line = ((cx - width / 2, base, piece.text),)
        blocks.append(TextBlock(LABEL_FONT, piece.size, LABEL_INK, line, turn, (cx, cy)))
    box = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    return Label(text, credit, band.side, box, tuple(boxes), tuple(blocks))


def obstacles(page: Page) -> list[Rect]:
    """What a label keeps clear of, each grown by the room kept around it: the art of every
    item (its bleed), cut paths, the page's decor, crop marks, fold lines, registration."""
    ph = page.size[1]
    out = [_grow(it.clip, CLEAR_MM) for it in page.items]
    out += [_grow(c.rect, CLEAR_MM) for c in page.cuts]
    out += [_grow(r, CLEAR_MM) for r in (*page.marks, *page.folds)]
    out += [_grow(r, AROUND_REGISTRATION_MM) for r in page.registration]
    for op in page.decor:
        x0, top, x1, bottom = _decor_box(op)
        out.append(_grow((x0, ph - bottom, x1, ph - top), CLEAR_MM))
    return out


def _grow(r: Rect, by: float) -> Rect:
    x0, y0, x1, y1 = r
    return (min(x0, x1) - by, min(y0, y1) - by, max(x0, x1) + by, max(y0, y1) + by)


def _decor_box(op: Shape | TextBlock | Icon | Picture) -> Rect:
    """The box an op of page decor covers: x0, top, x1, bottom (mm, y down)."""
    if isinstance(op, Shape):
        half = op.stroke_width / 2 if op.stroke else 0.0
        xs, ys = (op.x, op.x + op.w), (op.y, op.y + op.h)
        return (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
    if isinstance(op, Icon | Picture):
        return (op.x, op.y, op.x + op.w, op.y + op.h)
    return _text_box(op)


def _text_box(t: TextBlock) -> Rect:
    font = load_font(t.font)
    up, down = font.ascent * t.size * MM_PER_PT, font.descent * t.size * MM_PER_PT
    boxes = [
        (r.x, r.y - up, r.x + (r.w or font.width(r.text, t.size) * MM_PER_PT), r.y + down)
        for r in t.runs
    ]
    boxes += [(x, y - up, x + font.width(s, t.size) * MM_PER_PT, y + down) for x, y, s in t.lines]
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    corners = [(b[i], b[j]) for b in boxes for i in (0, 2) for j in (1, 3)]
    if t.rotate % 360:
        corners = [_turn(p, t.centre, t.rotate) for p in corners]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def _turn(p: tuple[float, float], centre: tuple[float, float], degrees: int) -> tuple[float, float]:
    """Point ``p`` (y down) turned counter-clockwise on paper about ``centre``."""
    a = math.radians(degrees)
    dx, dy = p[0] - centre[0], centre[1] - p[1]  # y up
    x, y = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
    return (centre[0] + x, centre[1] - y)
