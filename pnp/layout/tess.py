"""Tessellated triangles: the lines a block of them is cut along, and the colour around it.

Triangles of one block alternate up and down, each row starting opposite to the row
above, so every edge lies on a straight line across the whole block: a trimmer frees
them by cutting the rows apart, then each strip along its slanted lines. The block's
own lines are drawn once each, in the cut colour, with a crop mark where each leaves
the block; colour runs past the block's outline (its ragged ends included) so a cut
that misses by 1 mm shows no white.
"""

from __future__ import annotations

from pnp.layout.chits import GANG_MARK_MM, TOKEN_BLEED_MM
from pnp.layout.ops import Shape

OVERLAP_MM = 0.2
"""The bands of bleed reach this far over the block's edge: no hairline seam between fills
(the cut lines are drawn over them)."""
Slot = tuple[float, float, bool]
"""Top-left of a triangle's box (mm, y down from the page top) and whether it points down."""
Segment = tuple[float, float, float, float]

WEDGES = {
    ("left", False): "wedge-tl",
    ("left", True): "wedge-bl",
    ("right", False): "wedge-tr",
    ("right", True): "wedge-br",
}
"""The half-triangle beyond a row's end, named by where its right angle lies."""


def edges(x: float, y: float, d: float, down: bool) -> list[Segment]:
    """A triangle's three edges (mm, y down), each from its upper end."""
    if down:
        return [(x, y, x + d, y), (x, y, x + d / 2, y + d), (x + d, y, x + d / 2, y + d)]
    return [(x + d / 2, y, x, y + d), (x + d / 2, y, x + d, y + d), (x, y + d, x + d, y + d)]


def lines(slots: list[Slot], d: float) -> list[Segment]:
    """The block's cut lines: collinear edges joined, each line from end to end."""
    spans: dict[tuple[float, float], list[float]] = {}
    for x, y, down in slots:
        for x0, y0, x1, y1 in edges(x, y, d, down):
            if y0 == y1:  # across: keyed by its y, spanning x
                key, a, b = (0.0, round(y0, 4)), x0, x1
            else:  # slanted: keyed by slope and where it meets y = 0, spanning y
                slope = (x1 - x0) / (y1 - y0)
                key, a, b = (round(slope, 4), round(x0 - slope * y0, 4)), y0, y1
            span = spans.setdefault(key, [a, b])
            span[0], span[1] = min(span[0], a, b), max(span[1], a, b)
    out = []
    for (slope, at), (lo, hi) in sorted(spans.items()):
        if slope == 0.0:  # slanted edges run half across for each step down, never 0
            out.append((lo, at, hi, at))
        else:
            out.append((at + slope * lo, lo, at + slope * hi, hi))
    return out


def surround(slots: list[Slot], d: float, fill: str) -> list[Shape]:
    """Colour around the block: the half-triangles at each row's ends and a band of
    bleed past its outline (y down, page mm)."""
    b, o = TOKEN_BLEED_MM, OVERLAP_MM
    rows: dict[float, list[Slot]] = {}
    for s in slots:
        rows.setdefault(round(s[1], 4), []).append(s)
    shapes: list[Shape] = []
    ordered = [sorted(rows[k]) for k in sorted(rows)]
    for i, row in enumerate(ordered):
        (x0, y, down0), (xl, _, downl) = row[0], row[-1]
        end = xl + d
        shapes.append(Shape(WEDGES["left", down0], x0, y, d / 2, d, fill, None, 0, 0))
        shapes.append(Shape(WEDGES["right", downl], xl + d / 2, y, d / 2, d, fill, None, 0, 0))
        shapes.append(Shape("rect", x0 - b, y - b, b + o, d + 2 * b, fill, None, 0, 0))
        shapes.append(Shape("rect", end - o, y - b, b + o, d + 2 * b, fill, None, 0, 0))
        above = ordered[i - 1][-1][0] + d if i else x0
        if i == 0 or above < end:
            start = x0 if i == 0 else above
            band = Shape("rect", start - b, y - b, end - start + 2 * b, b + o, fill, None, 0, 0)
            shapes.append(band)
        below = ordered[i + 1][-1][0] + d if i + 1 < len(ordered) else x0
        if below < end:
            start = x0 if i + 1 == len(ordered) else below
            shapes.append(
                Shape("rect", start - b, y + d - o, end - start + 2 * b, b + o, fill, None, 0, 0)
            )
    return shapes


def marks(cut_lines: list[Segment], page_h: float) -> list[Segment]:
    """A crop mark where each line leaves the block, continuing it outward (y up)."""
    m = GANG_MARK_MM
    out: list[Segment] = []
    for x0, y0, x1, y1 in cut_lines:
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        out.append((x0, page_h - y0, x0 - ux * m, page_h - (y0 - uy * m)))
        out.append((x1, page_h - y1, x1 + ux * m, page_h - (y1 + uy * m)))
    return out
