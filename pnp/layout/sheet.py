"""Impose cards on sheets: how many fit, where each trim box goes, crop marks, mirrored backs.

All lengths in mm, origin at the page's bottom-left (as in PDF).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar

from pnp._errors import LayoutError

PAPERS_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 5.0
DEFAULT_BLEED_MM = 3.0
MARK_GAP_MM = 1.0
MARK_LEN_MM = 4.0

T = TypeVar("T")
Rect = tuple[float, float, float, float]
"""x0, y0, x1, y1."""


@dataclass(frozen=True, slots=True)
class Grid:
    page: tuple[float, float]
    card: tuple[float, float]
    cols: int
    rows: int
    gap: tuple[float, float]
    bleed: float
    """Outer bleed around the grid; between cards each bleeds into half the gap."""
    origin: tuple[float, float]
    """Top-left corner of the first card's trim box."""

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def trim(self, index: int) -> Rect:
        """Trim box of the card at ``index`` (row-major from the top-left)."""
        r, c = divmod(index, self.cols)
        x0 = self.origin[0] + c * (self.card[0] + self.gap[0])
        y1 = self.origin[1] - r * (self.card[1] + self.gap[1])
        return (x0, y1 - self.card[1], x0 + self.card[0], y1)

    def bleed_box(self, index: int) -> Rect:
        """How far this card's art may extend: full bleed outside, half the gap inside."""
        r, c = divmod(index, self.cols)
        x0, y0, x1, y1 = self.trim(index)
        inner_x, inner_y = min(self.bleed, self.gap[0] / 2), min(self.bleed, self.gap[1] / 2)
        return (
            x0 - (self.bleed if c == 0 else inner_x),
            y0 - (self.bleed if r == self.rows - 1 else inner_y),
            x1 + (self.bleed if c == self.cols - 1 else inner_x),
            y1 + (self.bleed if r == 0 else inner_y),
        )

    def extent(self, count: int) -> Rect:
        """Box around the bleed of the first ``count`` cards on a page."""
        boxes = [self.bleed_box(i) for i in range(count)]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )


def _fit(room: float, card: float, bleed: float) -> int:
    return max(0, int((room - 2 * bleed + 1e-9) // card))


def plan_grid(
    paper: str, card_mm: tuple[float, float], bleed: float | None = None, margin: float = MARGIN_MM
) -> Grid:
    """The grid with the most cards whose trims and bleed stay inside the printable margin.

    ``bleed=None`` means up to 3 mm, as much as fits without losing a card per page
    (3 mm on A4; 1.35 mm around nine poker cards on Letter).  An explicit bleed is kept
    exactly and the grid takes fewer cards when it must.
    """
    if paper not in PAPERS_MM:
        raise LayoutError(f"unknown paper {paper!r} (choose {', '.join(PAPERS_MM)})")
    pw, ph = PAPERS_MM[paper]
    cw, ch = card_mm
    room_w, room_h = pw - 2 * margin, ph - 2 * margin
    if bleed is None:
        cols, rows = _fit(room_w, cw, 0), _fit(room_h, ch, 0)
        slack = min(room_w - cols * cw, room_h - rows * ch) / 2
        bleed = max(0.0, min(DEFAULT_BLEED_MM, _floor(slack, 2)))
    if bleed < 0 or bleed > 10:
        raise LayoutError(f"bleed {bleed} mm is outside 0–10 mm")
    cols, rows = _fit(room_w, cw, bleed), _fit(room_h, ch, bleed)
    if cols == 0 or rows == 0:
        raise LayoutError(
            f"a {cw}×{ch} mm card with {bleed} mm bleed does not fit on {paper} "
            f"inside the {margin} mm printable margin"
        )
    gap_x = _gap(room_w - 2 * bleed - cols * cw, cols, bleed)
    gap_y = _gap(room_h - 2 * bleed - rows * ch, rows, bleed)
    grid_w = cols * cw + (cols - 1) * gap_x
    grid_h = rows * ch + (rows - 1) * gap_y
    origin = ((pw - grid_w) / 2, (ph + grid_h) / 2)
    return Grid((pw, ph), card_mm, cols, rows, (gap_x, gap_y), bleed, origin)


def _gap(slack: float, n: int, bleed: float) -> float:
    """Room between cards: enough for each card's full bleed when there is space."""
    if n < 2:
        return 0.0
    return _floor(max(0.0, min(2 * bleed, slack / (n - 1))), 3)


def _floor(value: float, places: int) -> float:
    """Round down, so a rounded length never makes the grid outgrow its room."""
    scale = 10**places
    return math.floor(value * scale + 1e-9) / scale


def paginate(items: list[T], per_page: int) -> list[list[T]]:
    return [items[i : i + per_page] for i in range(0, len(items), per_page)]


def mirror(rect: Rect, page_w: float, offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where a card's back goes for long-edge duplex: mirrored left↔right, then offset."""
    x0, y0, x1, y1 = rect
    dx, dy = offset
    return (page_w - x1 + dx, y0 + dy, page_w - x0 + dx, y1 + dy)


def crop_marks(grid: Grid, count: int) -> list[Rect]:
    """Short lines outside the grid on every trim line: (x0, y0, x1, y1) segments."""
    trims = [grid.trim(i) for i in range(count)]
    ex0, ey0, ex1, ey1 = grid.extent(count)
    pw, ph = grid.page
    xs = sorted({round(v, 4) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 4) for t in trims for v in (t[1], t[3])})
    marks: list[Rect] = []
    top, bottom = ey1 + MARK_GAP_MM, ey0 - MARK_GAP_MM
    left, right = ex0 - MARK_GAP_MM, ex1 + MARK_GAP_MM
    for x in xs:
        marks.append((x, top, x, min(ph - 1.0, top + MARK_LEN_MM)))
        marks.append((x, bottom, x, max(1.0, bottom - MARK_LEN_MM)))
    for y in ys:
        marks.append((left, y, max(1.0, left - MARK_LEN_MM), y))
        marks.append((right, y, min(pw - 1.0, right + MARK_LEN_MM), y))
    return marks
