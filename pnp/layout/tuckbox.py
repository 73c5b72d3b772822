"""A tuck box for the cards: its size from the deck, its net (the flat shape to cut, fold
and glue) and where the net lies on the paper. Pure geometry in mm; pnp.layout.boxart
prints the panels.

The box is a straight tuck end box: front, side, back, side in a row with a glue flap at
the end; the lid and the bottom hang from the back, each with a tuck flap, and each side
has a dust flap at both ends. Inside, it is as large as the cards and
:data:`CLEARANCE_MM`; as deep as the cards stacked (:data:`CARD_MM`, a card's thickness
bare or sleeved) and the clearance. When the whole net does not fit the paper, upright
or turned, it is cut in two: front and one side on one sheet, back and the other side on
the next, each with a glue flap for the other.

Coordinates: mm from the bottom-left of the net (y up) until placed on the page, then
from the page's bottom-left, as pnp.layout.pages keeps fold and cut lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp._errors import LayoutError
from pnp.layout.paper import PAPERS_MM
from pnp.layout.sheet import Rect

CARD_MM = {"bare": 0.3, "sleeved": 0.6}
"""Thickness of one card: printed on 250-300 g/m² card stock, and in a standard sleeve
(two layers of 60-100 micron film, a little air)."""
SLEEVE_MM = 3.0
"""A sleeve is this much wider and taller than its card (66×91 mm on a 63×88 mm card)."""
CLEARANCE_MM = (2.0, 2.0, 2.0)
"""Room inside the box beyond the cards: across, up and in depth, so the deck slides."""
GLUE_MM = 10.0
TUCK_MM = 15.0
"""How far a tuck flap reaches into the box."""
DUST_MOST_MM = 20.0
NOTCH_MM = 8.0
"""Radius of the thumb notch cut in the front's top edge."""
LABEL_ROOM_MM = 8.0
"""Kept free at the foot of the sheet for its label (pnp.layout.labels)."""

Point = tuple[float, float]


@dataclass(frozen=True)
class BoxSize:
    """Inside of the box, mm: across (``width``), up (``height``) and front to back."""

    width: float
    height: float
    depth: float


def box_size(card: tuple[float, float], count: int, sleeved: bool = False) -> BoxSize:
    """The box for ``count`` cards of size ``card`` (mm), bare or sleeved."""
    grow = SLEEVE_MM if sleeved else 0.0
    thick = CARD_MM["sleeved" if sleeved else "bare"]
    cw, ch, cd = CLEARANCE_MM
    return BoxSize(card[0] + grow + cw, card[1] + grow + ch, count * thick + cd)


@dataclass(frozen=True)
class Piece:
    """One flat part of the net: its role (front, back, side, lid, bottom, tuck, dust,
    glue) and outline (counter-clockwise)."""

    role: str
    points: tuple[Point, ...]

    @property
    def box(self) -> Rect:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


PANELS = ("front", "back", "side", "lid", "bottom")
"""The pieces seen outside the closed box (printed); the rest fold in."""


def _rect(role: str, x0: float, y0: float, x1: float, y1: float) -> Piece:
    return Piece(role, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def _flap(role: str, x0: float, x1: float, y: float, reach: float, inset: float) -> Piece:
    """A flap on the edge x0..x1 at height y, reaching ``reach`` up (down when negative),
    its far corners cut in by ``inset``."""
    far = y + reach
    return Piece(
        role, ((x0, y), (x1, y), (x1 - inset, far), (x0 + inset, far))[:: 1 if reach > 0 else -1]
    )


def _glue(x: float, y0: float, y1: float) -> Piece:
    cut = min(GLUE_MM * 0.4, (y1 - y0) / 4)
    return Piece("glue", ((x, y0), (x + GLUE_MM, y0 + cut), (x + GLUE_MM, y1 - cut), (x, y1)))


def _front(x0: float, x1: float, y0: float, y1: float) -> Piece:
    """The front, a thumb notch cut in the middle of its top edge."""
    r, mid = min(NOTCH_MM, (x1 - x0) / 4), (x0 + x1) / 2
    arc = [(mid + r * math.cos(a), y1 - r * math.sin(a)) for a in _angles(12)]
    return Piece("front", ((x0, y0), (x1, y0), (x1, y1), *arc, (x0, y1)))


def _angles(n: int) -> list[float]:
    """From 0 to pi in ``n`` steps (the notch is drawn right to left)."""
    return [math.pi * k / n for k in range(n + 1)]


def net(size: BoxSize, part: str = "whole") -> list[Piece]:
    """The pieces of the net, or of one ``part`` of a net cut in two ("front": the front,
    the side after it and a glue flap for the back; "back": the back with its lid and
    bottom, the other side and a glue flap for the front)."""
    w, h, d = size.width, size.height, size.depth
    tuck = min(TUCK_MM, h / 3)
    dust = min(DUST_MOST_MM, w / 2 - 2, d + tuck)
    y0, y1 = tuck + d, tuck + d + h  # the body's foot and top
    bevel = min(4.0, w / 6)
    columns = {"whole": ("front", "side", "back", "side"), "front": ("front", "side"),
               "back": ("back", "side")}[part]  # fmt: skip
    pieces: list[Piece] = []
    x = 0.0
    for role in columns:
        span = d if role == "side" else w
        if role == "front":
            pieces.append(_front(x, x + span, y0, y1))
        elif role == "back":
            pieces += [
                _rect("back", x, y0, x + span, y1),
                _rect("lid", x, y1, x + span, y1 + d),
                _flap("tuck", x, x + span, y1 + d, tuck, bevel),
                _rect("bottom", x, y0 - d, x + span, y0),
                _flap("tuck", x, x + span, y0 - d, -tuck, bevel),
            ]
        else:
            inset = min(2.0, span / 4)
            pieces += [
                _rect("side", x, y0, x + span, y1),
                _flap("dust", x, x + span, y1, dust, inset),
                _flap("dust", x, x + span, y0, -dust, inset),
            ]
        x += span
    pieces.append(_glue(x, y0, y1))
    return pieces


def _edges(piece: Piece) -> list[tuple[Point, Point]]:
    pts = piece.points
    return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]


def _key(a: Point, b: Point) -> tuple[Point, Point]:
    ra, rb = (round(a[0], 6), round(a[1], 6)), (round(b[0], 6), round(b[1], 6))
    return (ra, rb) if ra <= rb else (rb, ra)


def lines(pieces: list[Piece]) -> tuple[list[Rect], list[Rect]]:
    """Fold lines (an edge two pieces share) and cut lines (the outline), as segments."""
    count: dict[tuple[Point, Point], int] = {}
    for p in pieces:
        for a, b in _edges(p):
            count[_key(a, b)] = count.get(_key(a, b), 0) + 1
    folds = [(a[0], a[1], b[0], b[1]) for (a, b), n in count.items() if n > 1]
    cuts = [(a[0], a[1], b[0], b[1]) for (a, b), n in count.items() if n == 1]
    return folds, cuts


def extent(pieces: list[Piece]) -> tuple[float, float]:
    boxes = [p.box for p in pieces]
    return max(b[2] for b in boxes) - min(b[0] for b in boxes), max(b[3] for b in boxes)


@dataclass(frozen=True)
class Sheet:
    """One sheet of the box: the paper (upright or turned), the pieces on it, placed."""

    size: tuple[float, float]
    part: str
    pieces: list[Piece]


def box_sheets(size: BoxSize, paper: str, margin: float) -> list[Sheet]:
    """The box on ``paper``: the whole net on one sheet, upright or turned, else its two
    parts on a sheet each; inside ``margin`` and clear of the label's room at the foot.
    A LayoutError when even a part is too large."""
    pw, ph = PAPERS_MM[paper]
    for parts in (("whole",), ("front", "back")):
        sheets = []
        for part in parts:
            pieces = net(size, part)
            for page in ((pw, ph), (ph, pw)):
                placed = _placed(pieces, page, margin)
                if placed is not None:
                    sheets.append(Sheet(page, part, placed))
                    break
        if len(sheets) == len(parts):
            return sheets
    raise LayoutError(
        f"a box {size.width:.0f}×{size.height:.0f}×{size.depth:.0f} mm does not fit "
        f"{paper} even in two parts"
    )


def _placed(pieces: list[Piece], page: tuple[float, float], margin: float) -> list[Piece] | None:
    """``pieces`` centred across ``page`` and in the room above its label, or None."""
    w, h = extent(pieces)
    room_w, room_h = page[0] - 2 * margin, page[1] - 2 * margin - LABEL_ROOM_MM
    if w > room_w or h > room_h:
        return None
    dx = (page[0] - w) / 2
    dy = margin + LABEL_ROOM_MM + (room_h - h) / 2
    return [Piece(p.role, tuple((x + dx, y + dy) for x, y in p.points)) for p in pieces]
