"""How one counter looks: a gang-cut square carrying its shape as an emblem, or the shape
itself (a round for a punch, a triangle of a tessellated block, a diamond).

Every word keeps ``SAFE_MM`` inside the cut (inside the shape's outline, for a shaped
counter): a cut that misses by a millimetre clips none. Every text is set at 6 pt or more
(docs/architecture.md §5): a text that does not fit at 6 pt is an error naming the counter, to be
shortened in the data. A counter's ``pattern`` is a texture round its words, so counters
that differ in colour also differ in a greyscale print.
"""

from __future__ import annotations

from functools import lru_cache

from pnp._errors import LayoutError, Location
from pnp.layout.chit_shapes import box, outline, span, texture
from pnp.layout.chits import TOKEN_BLEED_MM
from pnp.layout.ops import Face, Icon, Shape, TextBlock
from pnp.layout.textfit import largest_fit, set_text
from pnp.layout.tints import mix

MIN_PT = 6.0
"""Smallest text on a counter (nothing under 6 pt on a printed piece)."""
PT_MM = 25.4 / 72
LINE_EM = 1.2
"""A line of Lato from its ascent to its descent, in ems."""
CUT_COLOUR = "#444444"
SAFE_MM = 2.0
"""Words keep this far inside the cut."""
EMBLEM = {"triangle": "triangle", "diamond": "diamond"}
"""The emblem a square chit carries for the shape it stands for. A round is shown by a
ring round its words instead: a small disc reads as a hole punched in the counter."""
RING_INSET_MM = 1.0
RING_MM = 0.35
EMBLEM_SHARE = 0.2
"""Emblem size as a share of the chit's side: 3 mm on a 15 mm gem, 4 mm on 20 mm."""
BADGE_SHARE = 0.46
"""An emblem that holds a symbol from the data: 8.7 mm on a 19 mm square marker."""
BADGE_ICON = {"diamond": 0.5, "triangle": 0.42}
"""The symbol's size inside a badge, as a share of the badge (what each outline leaves
room for)."""
ICON_SHARE = 0.3
"""A symbol from the data (``icon:``) as a share of the counter's side."""
PLATE_MM = 0.3
"""A pattern stops this far outside the words' room, which stays plain."""
TEXTURE_SHARE = 0.35
"""A pattern's colour: the fill moved this share of the way to the ink."""
FACES_KEPT = 1024
"""Counter faces a process keeps: a build lays a game's counters out for their sheet, the
cards they ride on and the rulebook's figures, the same faces each time (a face is
immutable, made from its arguments and the fonts, which a process loads once)."""


@lru_cache(maxsize=FACES_KEPT)
def square_face(
    label: str,
    sub: str,
    shape: str,
    d: float,
    fill: str,
    ink: str,
    who: str,
    where: Location,
    icon: str = "",
    pattern: str = "",
) -> Face:
    """A gang-cut square: colour to the edges (the crop marks show the cuts) and the shape
    it stands for, so the cue stays in greyscale and for a colour-blind player: a ring
    round the words for a round, an emblem at the top in the ink for a triangle or a
    diamond. ``icon`` (an SVG path), when the data gives one, sits inside an enlarged
    emblem (a badge), inside the ring, or above the words."""
    ops: list[Shape | TextBlock | Icon] = [Shape("rect", 0, 0, d, d, fill, None, 0, 0)]
    room = outline("square", d, SAFE_MM)
    top = SAFE_MM
    if shape == "circle":
        r0 = RING_INSET_MM
        ring = Shape("ellipse", r0, r0, d - 2 * r0, d - 2 * r0, None, ink, RING_MM, 0)
        room = outline("circle", d, SAFE_MM)
        ops += _texture(pattern, "square", d, fill, ink, -TOKEN_BLEED_MM, ("circle", r0))
        ops.append(ring)
        top = box(room)[1]
    else:
        plate = ("square", SAFE_MM - PLATE_MM)
        ops += _texture(pattern, "square", d, fill, ink, -TOKEN_BLEED_MM, plate)
    if shape in EMBLEM:
        e = (BADGE_SHARE if icon else EMBLEM_SHARE) * d
        y = max(0.06 * d, SAFE_MM - 0.6)
        ops.append(Shape(EMBLEM[shape], (d - e) / 2, y, e, e, ink, None, 0, 0))
        if icon:
            size = e * BADGE_ICON[shape]
            # a triangle's room is in its lower part; a diamond centres the symbol
            iy = y + (e * 0.58 - size / 2 if shape == "triangle" else (e - size) / 2)
            ops.append(Icon(icon, (d - size) / 2, iy, size, size, fill))
        top = y + e + 0.04 * d
    elif icon:
        size = ICON_SHARE * d
        ops.append(Icon(icon, (d - size) / 2, top, size, size, ink))
        top += size + 0.03 * d
    align = "top" if icon or shape in EMBLEM else "centre"  # the words right under a mark
    ops += _words(label, sub, d, ink, who, where, room, top, align)
    return Face(d, d, tuple(ops))


@lru_cache(maxsize=FACES_KEPT)
def shaped_face(
    label: str,
    sub: str,
    shape: str,
    d: float,
    fill: str,
    ink: str,
    who: str,
    where: Location,
    bleed: bool = True,
    icon: str = "",
    pattern: str = "",
) -> Face:
    """A round, triangle or diamond: with ``bleed`` (a piece on its own), colour past the
    outline and the outline to cut along; without (a triangle of a tessellated block),
    the shape alone, its neighbours and the block's crop marks around it. ``icon`` (an
    SVG path) is a symbol above the words."""
    kind = "ellipse" if shape == "circle" else shape
    b = TOKEN_BLEED_MM
    ops: list[Shape | TextBlock | Icon] = []
    if bleed:
        ops.append(Shape(kind, -b, -b, d + 2 * b, d + 2 * b, fill, None, 0, 0))
    else:
        ops.append(Shape(kind, 0, 0, d, d, fill, None, 0, 0))
    ops += _texture(pattern, shape, d, fill, ink, -b if bleed else 0.0, (shape, SAFE_MM - PLATE_MM))
    if bleed:
        ops.append(Shape(kind, 0, 0, d, d, None, CUT_COLOUR, 0.25, 0))
    room = outline(shape, d, SAFE_MM)
    top = box(room)[1]
    if icon:  # the symbol takes the upper part, the words move below it
        size = d * (0.26 if shape == "triangle" or sub else 0.32)
        y = top + (0.08 * d if shape == "triangle" else 0.0)
        ops.append(Icon(icon, (d - size) / 2, y, size, size, ink))
        top = y + size + d * 0.02
    # a triangle's room is low down; under a symbol the words follow it
    align = "bottom" if shape == "triangle" else "top" if icon else "centre"
    ops += _words(label, sub, d, ink, who, where, room, top, align)
    return Face(d, d, tuple(ops))


def _texture(
    pattern: str, shape: str, d: float, fill: str, ink: str, out: float, plate: tuple[str, float]
) -> list[Shape]:
    """The pattern inside ``shape``'s outline from ``out`` mm inside it (negative: past
    it, into the bleed), under a plain plate of the fill (its shape, and how far inside
    the counter's box it lies) that keeps the words clear."""
    if not pattern:
        return []
    under = outline(plate[0], d, plate[1] + PLATE_MM)  # what the plate hides for certain
    ops = texture(pattern, outline(shape, d, out), mix(fill, ink, TEXTURE_SHARE), under)
    x0, y0, x1, y1 = box(outline(plate[0], d, plate[1]))
    kind = {"circle": "ellipse", "square": "rect"}.get(plate[0], plate[0])
    return [*ops, Shape(kind, x0, y0, x1 - x0, y1 - y0, fill, None, 0, 0)]


def _words(
    label: str,
    sub: str,
    d: float,
    ink: str,
    who: str,
    where: Location,
    room: list[tuple[float, float]],
    top: float,
    align: str,
) -> list[Shape | TextBlock | Icon]:
    """Label and sub inside the polygon ``room``, below ``top``: the label as large as the
    room allows (its box tried at several heights), the sub at 8, 7 or 6 pt under it; the
    pair centred in the room, right under ``top`` (``align`` top: below a symbol) or at
    its foot (bottom, for a triangle)."""
    _, _, _, bottom = box(room)
    free = bottom - top
    least = MIN_PT * LINE_EM * PT_MM
    first = min(8.0, max(MIN_PT, d * 0.4)) if sub else 0.0
    best: tuple[tuple[float, float], list[Shape | TextBlock | Icon]] | None = None
    failure: LayoutError | None = None
    for sub_pt in [first - step for step in (0.0, 1.0, 2.0) if first - step >= MIN_PT] or [0.0]:
        sub_h = sub_pt * LINE_EM * PT_MM
        steps = int((free - sub_h - least) / 0.3) + 1
        for label_h in [free - sub_h - 0.3 * i for i in range(max(0, steps))]:
            bound = largest_fit("Lato-Black", max(MIN_PT, d * 1.6), MIN_PT, label_h)
            if best is not None and (bound is None or bound <= best[0][0]):
                break  # no lower box sets the label larger: none can be kept
            used = label_h + sub_h
            y = {"bottom": bottom - used, "top": top}.get(align, top + (free - used) / 2)
            try:
                label_block = _line(label, "Lato-Black", max(MIN_PT, d * 1.6), room, y, label_h,
                                    ink, f"{who}: label", where)  # fmt: skip
                out: list[Shape | TextBlock | Icon] = [label_block]
                if sub:
                    out.append(_line(sub, "Lato-Bold", sub_pt, room, y + label_h, sub_h, ink,
                                     f"{who}: sub", where))  # fmt: skip
            except LayoutError as exc:
                failure = exc  # the last: the smallest label, where the sub is the problem
                continue
            key = (label_block.size, sub_pt)
            if best is None or key > best[0]:
                best = (key, out)
    if best is None:
        raise failure or LayoutError(f"{who}: no room for its words on a {d:g} mm counter", where)
    return best[1]


def _line(
    text: str,
    font: str,
    size: float,
    room: list[tuple[float, float]],
    y: float,
    h: float,
    ink: str,
    who: str,
    where: Location,
) -> TextBlock:
    across = span(room, y, y + h)
    if across is None:
        raise LayoutError(f"{who} finds no room inside the counter's outline: {text!r}", where)
    x0, x1 = across
    box_ = (x0, y, x1 - x0, h)
    return set_text(text, font, size, MIN_PT, 1.1, box_, "center", "middle", ink, 0, who, where)
