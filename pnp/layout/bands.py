"""Bands of pieces and where they land on a sheet: the geometry of a planned sheet.

A band is a grid of pieces of one size, lying one way; its columns (and rows) come in runs
that butt on shared cut lines, a gutter between runs. A sheet holds one band, or several
one after another along one axis with a gap between them. pnp.layout.pack decides what
goes in which band; ``place`` works out where everything goes, in mm from the page's
bottom-left: gutters widened where the sheet has room, the bands centred.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnp.layout.sheet import MIN_MARK_MM, Rect

EPS = 1e-6
Size = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Rules:
    """The sheet and the print conventions (docs/architecture.md §5) a plan keeps, in mm."""

    page: Size
    margin: float
    """Nothing lies closer to the paper's edge: the printer margin (and registration room)."""
    band: float
    """Kept free between the outermost trims and the margin, for the crop marks."""
    least_gap: float
    """Narrowest gutter between pieces that may not butt."""
    most_gap: float
    """Gutters widen up to this where the sheet has room."""
    bleed: float
    """Art past the trim: on the outside, and into a gutter up to half of it."""
    exact: bool = False
    """The bleed was asked for: the outside gets exactly that much."""
    may_rotate: bool = True
    foot: float = 0.0
    """Kept free above the bottom margin besides ``band``: the sheet label's strip."""
    margin_y: float | None = None
    """The margin at the top and bottom when it differs from ``margin`` (registration
    marks: pnp.layout.sheet.registration_room)."""

    @property
    def my(self) -> float:
        return self.margin if self.margin_y is None else self.margin_y

    @property
    def room(self) -> Size:
        pw, ph = self.page
        return (pw - 2 * (self.margin + self.band), ph - 2 * (self.my + self.band) - self.foot)

    @property
    def apart(self) -> float:
        """Gap between two bands: a gutter, and room for the crop marks between them."""
        return max(self.least_gap, MIN_MARK_MM)


@dataclass(frozen=True, slots=True)
class Spot:
    piece: int
    """Index of the piece in the list given to ``pack``."""
    trim: Rect
    clip: Rect
    """How far its art may run: its trim plus its bleed on each side."""
    rotated: bool


@dataclass(frozen=True, slots=True)
class Packed:
    """One planned sheet, in mm from the page's bottom-left."""

    spots: tuple[Spot, ...]
    layout: str
    """grid (every piece butted), gutter (none butted) or grid+gutter."""
    gap: tuple[float, float]
    """Widest gutter across and down (0: none)."""
    bleed: float
    """Art past the outer cut lines."""


@dataclass(frozen=True, slots=True)
class Band:
    """Pieces of one size in a grid, by row and column; where it lies is ``place``'s work."""

    cell: Size
    """A piece's footprint as it lies (width × height)."""
    rotated: bool
    cols: tuple[int, ...]
    """Runs of butted columns, left to right (a gutter between runs)."""
    rows: tuple[int, ...]
    cells: tuple[tuple[int, int, int], ...]
    """(row, column, piece) of each placed piece."""
    blocks: int
    """Butted runs (column run × row run) holding pieces."""

    def extent(self, gx: float, gy: float) -> Size:
        w, h = self.cell
        return (
            sum(self.cols) * w + (len(self.cols) - 1) * gx,
            sum(self.rows) * h + (len(self.rows) - 1) * gy,
        )


@dataclass
class BandSheet:
    """A sheet being planned: its bands, in order along its axis."""

    group: str
    axis: str
    """v: bands one under another; h: side by side."""
    bands: list[Band] = field(default_factory=list)

    def used(self, rules: Rules) -> float:
        """Length of the sheet the bands take along the axis (their least gaps)."""
        along = [b.extent(rules.least_gap, rules.least_gap)[self.axis == "v"] for b in self.bands]
        return sum(along) + (len(along) - 1) * rules.apart

    def free(self, rules: Rules) -> Size:
        w, h = rules.room
        left = (h if self.axis == "v" else w) - self.used(rules) - rules.apart
        return (w, left) if self.axis == "v" else (left, h)


def _widen(slack: float, gutters: int, rules: Rules) -> float:
    """A gutter as wide as the slack allows, from the least to the most."""
    if gutters == 0:
        return 0.0
    return _floor(max(rules.least_gap, min(rules.most_gap, slack / gutters)))


def _floor(value: float) -> float:
    """Rounded down to 1/1000 mm, so that a rounded length never outgrows its room."""
    return math.floor(value * 1000 + 1e-9) / 1000


def place(sheet: BandSheet, rules: Rules) -> Packed:
    """Where each piece of the sheet goes: gutters widened where there is room, the bands
    centred across the sheet and together along it."""
    (pw, ph), (rw, rh) = rules.page, rules.room
    vertical, lone = sheet.axis == "v", len(sheet.bands) == 1
    gaps: list[tuple[float, float]] = []
    for b in sheet.bands:
        (cw, ch), kx, ky = b.cell, len(b.cols) - 1, len(b.rows) - 1
        gx = _widen(rw - sum(b.cols) * cw, kx, rules) if vertical or lone else rules.least_gap
        gy = _widen(rh - sum(b.rows) * ch, ky, rules) if not vertical or lone else rules.least_gap
        gaps.append((gx if kx else 0.0, gy if ky else 0.0))
    sizes = [b.extent(*g) for b, g in zip(sheet.bands, gaps, strict=True)]
    along = [s[vertical] for s in sizes]
    room_along = rh if vertical else rw
    between = 0.0
    if not lone:
        spare = (room_along - sum(along)) / (len(along) - 1)
        between = _floor(max(rules.apart, min(max(rules.most_gap, rules.apart), spare)))
    total = sum(along) + (len(along) - 1) * between
    # the pieces are centred in the page above the label's strip at the foot
    foot = rules.foot
    inner_w, inner_h = pw - 2 * rules.margin, ph - 2 * rules.my - foot
    room_band = min(
        (inner_h - total) / 2 if vertical else (inner_w - total) / 2,
        *(((inner_w - s[0]) if vertical else (inner_h - s[1])) / 2 for s in sizes),
    )
    outer = rules.bleed if rules.exact else _floor(min(rules.bleed, room_band))
    half = min(rules.bleed, between / 2)
    spots: list[Spot] = []
    pos = (ph + foot + total) / 2 if vertical else (pw - total) / 2
    for i, (b, (gx, gy), (bw, bh)) in enumerate(zip(sheet.bands, gaps, sizes, strict=True)):
        x0, top = ((pw - bw) / 2, pos) if vertical else (pos, (ph + foot + bh) / 2)
        before, after = (half if i > 0 else outer), (half if i < len(sheet.bands) - 1 else outer)
        ends = (outer, after, outer, before) if vertical else (before, outer, after, outer)
        spots += _spots(b, x0, top, gx, gy, ends, outer, rules)
        pos = pos - bh - between if vertical else pos + bw + between
    return Packed(tuple(spots), _layout(sheet), _widest(gaps, between, vertical), outer)


def _spots(
    b: Band,
    x0: float,
    top: float,
    gx: float,
    gy: float,
    ends: tuple[float, float, float, float],
    outer: float,
    rules: Rules,
) -> list[Spot]:
    """Trim and bleed of each piece of a band whose top-left is (x0, top); ``ends`` is the
    bleed at the band's left, bottom, right and top (outside, or into a gap)."""
    cw, ch = b.cell
    col_run, row_run = _runs(b.cols), _runs(b.rows)
    taken = {(r, c) for r, c, _ in b.cells}
    ncols, nrows = sum(b.cols), sum(b.rows)

    def side(r: int, c: int, dr: int, dc: int, end: float) -> float:
        nr, nc = r + dr, c + dc
        if not (0 <= nr < nrows and 0 <= nc < ncols):
            return end
        if (nr, nc) not in taken:
            return outer
        gutter = col_run[c] != col_run[nc] if dc else row_run[r] != row_run[nr]
        return min(rules.bleed, (gx if dc else gy) / 2) if gutter else 0.0

    out = []
    for r, c, piece in b.cells:
        x = x0 + c * cw + col_run[c] * gx
        y1 = top - r * ch - row_run[r] * gy
        trim = (x, y1 - ch, x + cw, y1)
        left, bottom, right, up = (
            side(r, c, 0, -1, ends[0]),
            side(r, c, 1, 0, ends[1]),
            side(r, c, 0, 1, ends[2]),
            side(r, c, -1, 0, ends[3]),
        )
        clip = (trim[0] - left, trim[1] - bottom, trim[2] + right, trim[3] + up)
        out.append(Spot(piece, trim, clip, b.rotated))
    return out


def _runs(parts: tuple[int, ...]) -> list[int]:
    """For each column (row), how many gutters lie before it."""
    return [i for i, n in enumerate(parts) for _ in range(n)]


def _layout(sheet: BandSheet) -> str:
    gutters = len(sheet.bands) > 1 or any(len(b.cols) > 1 or len(b.rows) > 1 for b in sheet.bands)
    butted = any(b.blocks < len(b.cells) for b in sheet.bands)
    return "grid+gutter" if gutters and butted else "gutter" if gutters else "grid"


def _widest(gaps: list[tuple[float, float]], between: float, vertical: bool) -> tuple[float, float]:
    gx, gy = max(g[0] for g in gaps), max(g[1] for g in gaps)
    return (gx, max(gy, between)) if vertical else (max(gx, between), gy)
