"""Edge bands: what colour a cut that misses by up to a millimetre shows.

Butted cards share their cut lines, so a cut that wanders shows a sliver of the
neighbour; that is invisible only when every card on the sheet has the same colour in
its outer band. ``--layout auto`` uses this to choose a butted grid or gutters.
"""

from __future__ import annotations

from pnp._errors import LayoutError
from pnp.layout.ops import Face, FileInBox, Shape, TextBlock
from pnp.layout.textfit import PT_TO_MM
from pnp.text.fonts import load_font

BAND_MM = 1.5
"""How far in from the trim a cut may wander (1 mm) plus a margin for the eye."""

Box = tuple[float, float, float, float]


def _box(op: object) -> Box | None:
    """An op's extent in mm from the face's top-left (y down), generously for text."""
    if isinstance(op, Shape):
        pad = op.stroke_width / 2 if op.stroke else 0.0
        x0, x1 = sorted((op.x, op.x + op.w))
        y0, y1 = sorted((op.y, op.y + op.h))
        return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    if isinstance(op, TextBlock):
        box = _text_box(op)
        return _turned(box, op.centre, op.rotate) if box and op.rotate else box
    if isinstance(op, FileInBox):
        return (op.x, op.y, op.x + op.w, op.y + op.h)
    return None


def _text_box(op: TextBlock) -> Box | None:
    """Where the text's pieces reach: each from its left end to its measured width, from
    an em above its baseline to a third of one below."""
    em = op.size * PT_TO_MM
    pieces = [(r.x, r.y, r.font, r.text, r.w) for r in op.runs] or [
        (x, y, op.font, text, 0.0) for x, y, text in op.lines
    ]
    if not pieces:
        return None
    try:
        ends = [
            x + (w or load_font(font).width(text, op.size) * PT_TO_MM)
            for x, _, font, text, w in pieces
        ]
    except LayoutError:  # a font only the game's own folder has: assume the worst
        return None
    ys = [y for _, y, _, _, _ in pieces]
    return (min(p[0] for p in pieces), min(ys) - em, max(ends), max(ys) + em / 3)


def _turned(box: Box, centre: tuple[float, float], degrees: int) -> Box | None:
    """The box turned about ``centre``: exact for a half turn; for a quarter turn either
    way, the union of both (whichever way the text turns, it stays inside)."""
    cx, cy = centre
    x0, y0, x1, y1 = box
    if degrees % 360 == 180:
        return (2 * cx - x1, 2 * cy - y1, 2 * cx - x0, 2 * cy - y0)
    if degrees % 90:
        return None
    hw, hh = (x1 - x0) / 2, (y1 - y0) / 2
    dx, dy = (x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy
    spans = [(cx + sx * dy, cy + sy * dx) for sx, sy in ((-1, 1), (1, -1))]
    return (
        min(px for px, _ in spans) - hh,
        min(py for _, py in spans) - hw,
        max(px for px, _ in spans) + hh,
        max(py for _, py in spans) + hw,
    )


def _covers(box: Box, face: Face) -> bool:
    return box[0] <= 0 and box[1] <= 0 and box[2] >= face.width and box[3] >= face.height


def _in_band(box: Box, face: Face, band: float) -> bool:
    """Whether ``box`` reaches into the outer ``band`` of the face."""
    w, h = face.width, face.height
    x0, y0, x1, y1 = box
    if x1 <= 0 or y1 <= 0 or x0 >= w or y0 >= h:
        return False
    return x0 < band or y0 < band or x1 > w - band or y1 > h - band


def edge_colour(face: Face, band: float = BAND_MM) -> str | None:
    """The one colour of the face's outer ``band`` mm, or None when it has more than one
    (a frame line, text or art near the edge) or none (white paper)."""
    colour: str | None = None
    for op in face.ops:
        box = _box(op)
        if isinstance(op, Shape) and op.kind == "rect" and op.fill and op.stroke is None:
            if box is not None and op.radius == 0 and _covers(box, face):
                colour = op.fill  # a fill over the whole face: the band's colour from here on
                continue
            if op.fill == colour:
                continue  # more of the same colour cannot show
        if box is None or _in_band(box, face, band):
            return None
    return colour
