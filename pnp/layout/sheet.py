"""Impose cards on sheets: how many fit, where each trim box goes, crop and fold marks.

All lengths in mm, origin at the page's bottom-left (as in PDF).

Three layouts (``--layout``):

- ``grid``: cards butt on shared cut lines, one cut frees two edges. Nothing of a
  neighbour can show on a cut that misses, as long as the edge bands of butted faces
  have one colour; the outer edges get full bleed.
- ``gutter``: a gutter between cards, each card bleeding into its half: at least
  2.5 mm (a cut that misses by 1 mm still shows the card's own colour), widened up to
  twice the 3 mm bleed where the sheet has room; with ``--bleed`` exactly twice it.
- ``fold``: gutter-fold for printers without duplex; each front beside its own back
  (mirrored about the fold line, as a long-edge flip would), pairs butted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar

from pnp._errors import LayoutError
from pnp.layout.paper import (  # the command line's choices, cheap to import
    MARGIN_MM,
    MAX_MARGIN_MM,
    PAPERS_MM,
    SHEET_LAYOUTS,
)

DEFAULT_BLEED_MM = 3.0
MIN_GUTTER_BLEED_MM = 1.25
"""Least bleed into a gutter: a cut that misses by 1 mm, and a little more."""
MIN_MARK_MM = 2.0
MAX_MARK_MM = 10.0
"""Crop marks run outward from the cards to the printer margin, but no longer than this."""
"""Shortest crop mark worth printing: the band between the cards and the margin."""
REGISTRATION_MM = 5.0
"""Side of the cutting machine's registration square; its L marks are a tenth as thick."""
REGISTRATION_ARM_MM = 20.0
REGISTRATION_CLEAR_MM = 2.0
"""Room kept between a registration mark and anything else printed."""

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
    """How far art runs past the grid's outer trims (and into a gutter, up to half of it)."""
    origin: tuple[float, float]
    """Top-left corner of the first slot's trim box."""
    margin: float
    """The printer margin (plus room for registration marks): marks stop here."""
    inner_bleed: float
    """Most art may run into a gutter (it takes half the gutter at most)."""
    layout: str = "grid"
    rotated: bool = False
    """Cards lie on their side (``card`` is then their footprint: height × width)."""

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def slot(self) -> tuple[float, float]:
        """What one place on the grid holds: a card, or a front and back pair when folding."""
        return (self.card[0] * (2 if self.layout == "fold" else 1), self.card[1])

    def _slot_trim(self, index: int) -> Rect:
        r, c = divmod(index, self.cols)
        sw, sh = self.slot
        x0 = self.origin[0] + c * (sw + self.gap[0])
        y1 = self.origin[1] - r * (sh + self.gap[1])
        return (x0, y1 - sh, x0 + sw, y1)

    def trim(self, index: int) -> Rect:
        """Trim box of the card (the front, when folding) at ``index``, row-major from top-left."""
        x0, y0, _, y1 = self._slot_trim(index)
        return (x0, y0, x0 + self.card[0], y1)

    def fold_back(self, index: int) -> Rect:
        """Trim box of the back beside the front at ``index`` (fold layout)."""
        _, y0, x1, y1 = self._slot_trim(index)
        return (x1 - self.card[0], y0, x1, y1)

    def fold_x(self, index: int) -> float:
        return self.trim(index)[2]

    def bleed_box(self, index: int, trim: Rect | None = None) -> Rect:
        """How far this card's art may extend: full bleed on the grid's outside, half the
        gap (nothing, when butted) towards a neighbour."""
        r, c = divmod(index, self.cols)
        x0, y0, x1, y1 = trim or self.trim(index)
        sx0, _, sx1, _ = self._slot_trim(index)
        inner_x = min(self.inner_bleed, self.gap[0] / 2)
        inner_y = min(self.inner_bleed, self.gap[1] / 2)
        return (
            x0 - ((self.bleed if c == 0 else inner_x) if x0 == sx0 else 0.0),
            y0 - (self.bleed if r == self.rows - 1 else inner_y),
            x1 + ((self.bleed if c == self.cols - 1 else inner_x) if x1 == sx1 else 0.0),
            y1 + (self.bleed if r == 0 else inner_y),
        )

    def extent(self, count: int) -> Rect:
        """Box around the trims of the first ``count`` slots on a page."""
        boxes = [self._slot_trim(i) for i in range(count)]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )


def _fit(room: float, slot: float, gap: float, band: float) -> int:
    return max(0, int((room - 2 * band + gap + 1e-9) // (slot + gap)))


def check_margin(margin: float, most: float = MAX_MARGIN_MM) -> float:
    if not math.isfinite(margin) or not 0 <= margin <= most:
        raise LayoutError(f"margin {margin} mm is outside 0–{most:g} mm")
    return margin


def layout_margin(margin: float, registration: bool) -> float:
    """Where the layout may start: the printer margin, plus the registration marks' room."""
    check_margin(margin)
    return margin + (REGISTRATION_MM + REGISTRATION_CLEAR_MM if registration else 0.0)


def registration_room(margin: float, registration: bool) -> tuple[float, float]:
    """Where a packed layout may start across (left and right) and down (top and bottom).

    The marks sit in three corners: the 5 mm square at the top left, the L marks (arms
    0.5 mm thick) at the top right and bottom left. Keeping the square's room at the left
    and right also clears the L marks' upright arms; what the layout then meets at the top
    and bottom is only a flat arm, so it keeps that arm's room there, not the square's
    (Letter: eight poker cards on their side, where 13 mm all round leaves room for six)."""
    side = layout_margin(margin, registration)
    end = margin + (REGISTRATION_MM / 10 + REGISTRATION_CLEAR_MM if registration else 0.0)
    return (side, end)


def plan_grid(
    paper: str,
    card_mm: tuple[float, float],
    bleed: float | None = None,
    margin: float = MARGIN_MM,
    layout: str = "grid",
    may_rotate: bool = True,
    foot: float = 0.0,
) -> Grid:
    """The grid with the most cards whose trims, bleed and crop marks (at least
    ``MIN_MARK_MM`` long) stay inside the printer margin; cards lie on their side when
    more fit that way (poker cards on Letter: 8 on their side, 6 upright).

    ``bleed=None`` means up to 3 mm: on the outside of a butted grid as much as the
    room left for the crop marks allows, in a gutter layout the full 3 mm. An explicit
    bleed is kept exactly and the grid takes fewer cards when it must. ``foot`` mm above
    the bottom margin are kept free besides (the sheet label's strip).
    """
    if paper not in PAPERS_MM:
        raise LayoutError(f"unknown paper {paper!r} (choose {', '.join(PAPERS_MM)})")
    if layout not in SHEET_LAYOUTS:
        raise LayoutError(f"unknown layout {layout!r} (choose {', '.join(SHEET_LAYOUTS)})")
    if bleed is not None and not (math.isfinite(bleed) and 0 <= bleed <= 10):
        raise LayoutError(f"bleed {bleed} mm is outside 0–10 mm")
    check_margin(margin, MAX_MARGIN_MM + REGISTRATION_MM + REGISTRATION_CLEAR_MM)
    upright = _plan(paper, card_mm, bleed, margin, layout, False, foot)
    if may_rotate and card_mm[0] != card_mm[1]:
        side = _plan(paper, card_mm, bleed, margin, layout, True, foot)
        if side and (not upright or side.per_page > upright.per_page):
            return side
    if upright is None:
        cw, ch = card_mm
        raise LayoutError(
            f"a {cw:g}×{ch:g} mm card does not fit on {paper} with its crop marks "
            f"inside the {margin:g} mm printer margin ({layout} layout)"
        )
    return upright


def _plan(
    paper: str,
    card_mm: tuple[float, float],
    bleed: float | None,
    margin: float,
    layout: str,
    rotated: bool,
    foot: float = 0.0,
) -> Grid | None:
    pw, ph = PAPERS_MM[paper]
    cw, ch = (card_mm[1], card_mm[0]) if rotated else card_mm
    sw = cw * (2 if layout == "fold" else 1)
    room_w, room_h = pw - 2 * margin, ph - 2 * margin - foot
    wanted = DEFAULT_BLEED_MM if bleed is None else bleed
    gutter = layout == "gutter"
    least_gap = (2 * MIN_GUTTER_BLEED_MM if bleed is None else 2 * wanted) if gutter else 0.0
    band = MIN_MARK_MM if bleed is None else max(MIN_MARK_MM, wanted)
    cols, rows = _fit(room_w, sw, least_gap, band), _fit(room_h, ch, least_gap, band)
    if cols == 0 or rows == 0:
        return None
    most_gap = 2 * wanted if gutter else 0.0
    gap_x, gap_y = (
        _widen(room_w - 2 * band - cols * sw, cols, least_gap, most_gap),
        _widen(room_h - 2 * band - rows * ch, rows, least_gap, most_gap),
    )
    grid_w, grid_h = cols * sw + (cols - 1) * gap_x, rows * ch + (rows - 1) * gap_y
    room_band = min(room_w - grid_w, room_h - grid_h) / 2
    outer = wanted if bleed is not None else min(wanted, room_band)
    origin = ((pw - grid_w) / 2, (ph + foot + grid_h) / 2)
    return Grid(
        (pw, ph),
        (cw, ch),
        cols,
        rows,
        (gap_x, gap_y),
        _floor(outer, 3),
        origin,
        margin,
        wanted,
        layout,
        rotated,
    )


def _widen(slack: float, n: int, least: float, most: float) -> float:
    """The gutter between ``n`` slots: as wide as the slack allows, from least to most."""
    if n < 2 or most <= 0:
        return 0.0
    return _floor(max(least, min(most, slack / (n - 1))), 3)


def _floor(value: float, places: int) -> float:
    """Round down, so a rounded length never makes the grid outgrow its room."""
    scale = 10**places
    return math.floor(value * scale + 1e-9) / scale


def corner_radius(card_mm: tuple[float, float]) -> float:
    """Rounded-corner radius of a cut card: 3 mm on a poker card, in proportion otherwise."""
    return round(3.0 * min(card_mm) / 63.5, 2)


def usable_area(page: tuple[float, float], margin: float | tuple[float, float]) -> float:
    """A sheet's area inside the margin its pieces keep (mm²; the printer margin, plus the
    registration marks' room for cards, counters and aids): what a sheet's fill and the
    lower bound on a file's sheets are measured against."""
    mx, my = margin if isinstance(margin, tuple) else (margin, margin)
    return (page[0] - 2 * mx) * (page[1] - 2 * my)


def sheet_fill(
    trims: list[Rect], page: tuple[float, float], margin: float | tuple[float, float]
) -> float:
    """How full a sheet is: the pieces' trim areas over its usable area (0 to 1)."""
    return sum((t[2] - t[0]) * (t[3] - t[1]) for t in trims) / usable_area(page, margin)


def sheets_lower_bound(
    sizes: list[tuple[float, float]],
    page: tuple[float, float],
    margin: float | tuple[float, float],
) -> int:
    """Fewest sheets these pieces could take, however they were packed. Every piece keeps
    ``MIN_MARK_MM`` inside the margin for its crop marks (a counter block its marks or its
    bleed), and any packing can be pushed to the left and down until each piece touches a
    neighbour or the edge: then every piece ends at a sum of piece sides, so the pieces
    lie within the longest such sums that fit across and down (poker cards on Letter,
    199.9 × 263.4 mm inside the marks: 190.5 × 254 mm, room for 8.6 cards, so 8; on A4,
    194 × 281: 190.5 × 279.4, 9). A sheet holds no more than that area of pieces, and no
    more pieces of one size than it holds whole ones; the larger of the two bounds. A
    true lower bound, as it leaves out the gutters and bleed a real sheet needs."""
    if not sizes:
        return 0
    mx, my = margin if isinstance(margin, tuple) else (margin, margin)
    room = (page[0] - 2 * (mx + MIN_MARK_MM), page[1] - 2 * (my + MIN_MARK_MM))
    counts: dict[tuple[float, float], int] = {}
    for w, h in sizes:
        key = (round(min(w, h), 3), round(max(w, h), 3))  # a piece on its side is one size
        counts[key] = counts.get(key, 0) + 1
    every = {v for key in counts for v in key}
    usable = _sums_within(room[0], every) * _sums_within(room[1], every)
    total = sum(w * h * n for (w, h), n in counts.items())
    bound = math.ceil(total / usable - 1e-9) if usable > 0 else len(sizes)
    for (w, h), n in counts.items():
        one = _sums_within(room[0], {w, h}) * _sums_within(room[1], {w, h})
        bound = max(bound, math.ceil(n / max(1, math.floor(one / (w * h) + 1e-9))))
    return bound


def _sums_within(length: float, sides: set[float]) -> float:
    """The longest sum of ``sides`` (each any number of times) that is at most ``length``."""
    reach = {0.0}
    frontier = [0.0]
    while frontier:
        nxt = []
        for at in frontier:
            for side in sides:
                v = round(at + side, 3)
                if side > 0 and v <= length + 1e-9 and v not in reach:
                    reach.add(v)
                    nxt.append(v)
        frontier = nxt
    return max(reach)


def paginate(items: list[T], per_page: int) -> list[list[T]]:
    return [items[i : i + per_page] for i in range(0, len(items), per_page)]


def mirror(rect: Rect, page_w: float, offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where a card's back goes for long-edge duplex: mirrored left↔right, then offset."""
    x0, y0, x1, y1 = rect
    dx, dy = offset
    return (page_w - x1 + dx, y0 + dy, page_w - x0 + dx, y1 + dy)


def trim_lines(trims: list[Rect]) -> tuple[list[float], list[float]]:
    """The distinct vertical (x) and horizontal (y) cut lines of some trim boxes."""
    xs = sorted({round(v, 4) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 4) for t in trims for v in (t[1], t[3])})
    return xs, ys


def marks_around(xs: list[float], ys: list[float], extent: Rect, stops: Rect) -> list[Rect]:
    """Crop marks on each cut line, from the outermost trim (``extent``) outward to
    ``stops`` (left x, bottom y, right x, top y): (x0, y0, x1, y1) segments, each
    starting where its cut line leaves the trims."""
    ex0, ey0, ex1, ey1 = extent
    left, bottom, right, top = stops
    most = MAX_MARK_MM  # on a half-empty sheet a mark need not cross the empty part
    marks: list[Rect] = []
    for x in xs:
        marks.append((x, ey1, x, min(top, ey1 + most)))
        marks.append((x, ey0, x, max(bottom, ey0 - most)))
    for y in ys:
        marks.append((ex0, y, max(left, ex0 - most), y))
        marks.append((ex1, y, min(right, ex1 + most), y))
    return marks


def cut_marks(trims: list[Rect], stops: Rect, most: float = MAX_MARK_MM) -> list[Rect]:
    """Crop marks for pieces laid out any way (a grid, bands of several sizes, gutters):
    each stretch of a cut line along the trims' edges that no trim crosses gets a mark at
    each end, running outward until it meets a trim, ``stops`` (left x, bottom y, right x,
    top y) or ``most`` mm. On a grid these are the marks of ``marks_around``; between bands
    they lie in the gap, so no mark is ever inside a piece."""
    marks: list[Rect] = []
    for vertical in (True, False):
        spans = [(t[0], t[2], t[1], t[3]) if vertical else (t[1], t[3], t[0], t[2]) for t in trims]
        lines: dict[float, list[tuple[float, float]]] = {}
        for a0, a1, b0, b1 in spans:
            for a in (a0, a1):
                lines.setdefault(round(a, 4), []).append((b0, b1))
        lo_stop, hi_stop = (stops[1], stops[3]) if vertical else (stops[0], stops[2])
        for a, edges in sorted(lines.items()):
            crossing = sorted((b0, b1) for a0, a1, b0, b1 in spans if a0 < a - 1e-6 < a + 1e-6 < a1)
            for lo, hi in _cut_runs(sorted(edges), crossing):
                below = max((c1 for _, c1 in crossing if c1 <= lo + 1e-6), default=lo_stop)
                above = min((c0 for c0, _ in crossing if c0 >= hi - 1e-6), default=hi_stop)
                for start, end in (
                    (hi, min(above, hi_stop, hi + most)),
                    (lo, max(below, lo_stop, lo - most)),
                ):
                    if abs(end - start) >= MIN_MARK_MM / 2:
                        marks.append((a, start, a, end) if vertical else (start, a, end, a))
    return marks


def _cut_runs(
    edges: list[tuple[float, float]], crossing: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """The edges on one cut line joined into stretches that no crossing trim interrupts."""
    runs: list[tuple[float, float]] = []
    for b0, b1 in edges:
        if runs and not any(runs[-1][1] - 1e-6 <= c0 and c1 <= b0 + 1e-6 for c0, c1 in crossing):
            runs[-1] = (runs[-1][0], max(runs[-1][1], b1))
        else:
            runs.append((b0, b1))
    return runs


def crop_marks(grid: Grid, count: int) -> list[Rect]:
    """Crop marks for the first ``count`` slots of a grid (none on a fold line)."""
    trims = [grid._slot_trim(i) for i in range(count)]
    xs, ys = trim_lines(trims)
    (pw, ph), m = grid.page, grid.margin
    return marks_around(xs, ys, grid.extent(count), (m, m, pw - m, ph - m))


def fold_lines(grid: Grid, count: int) -> list[Rect]:
    """Dashed fold guides of a fold layout: on each column's fold, outside the cards only
    (from the grid's top and bottom outward, as far as a crop mark runs), so no line
    crosses their art."""
    if grid.layout != "fold":
        return []
    ph, m = grid.page[1], grid.margin
    _, bottom, _, top = grid.extent(count)
    folds = sorted({round(grid.fold_x(i), 4) for i in range(count)})
    out: list[Rect] = []
    for x in folds:
        out.append((x, top, x, min(ph - m, top + MAX_MARK_MM)))
        out.append((x, bottom, x, max(m, bottom - MAX_MARK_MM)))
    return [f for f in out if abs(f[3] - f[1]) >= MIN_MARK_MM / 2]


def registration_marks(page: tuple[float, float], margin: float) -> list[Rect]:
    """Print-then-cut registration (as Silhouette's and Cricut's software expect): a filled
    square at the top-left corner of the printable area and L marks at the top-right and
    bottom-left, as filled rectangles kept inside the printer margin."""
    pw, ph = page
    s, arm, m = REGISTRATION_MM, REGISTRATION_ARM_MM, margin
    t = s / 10
    return [
        (m, ph - m - s, m + s, ph - m),
        (pw - m - arm, ph - m - t, pw - m, ph - m),
        (pw - m - t, ph - m - arm, pw - m, ph - m),
        (m, m, m + arm, m + t),
        (m, m, m + t, m + arm),
    ]
