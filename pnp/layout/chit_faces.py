"""How one counter looks: a gang-cut square carrying its shape as an emblem, or the shape
itself (a round for a punch, a triangle of a tessellated block, a diamond).

Every text on a counter is set at 6 pt or more (DESIGN.md §4): a text that does not fit
at 6 pt is an error naming the counter, to be shortened in the data.
"""

from __future__ import annotations

from pnp._errors import Location
from pnp.layout.chits import TOKEN_BLEED_MM
from pnp.layout.ops import Face, Icon, Shape, TextBlock
from pnp.layout.textfit import set_text

MIN_PT = 6.0
"""Smallest text on a counter (DESIGN.md §4: nothing under 6 pt on a printed piece)."""
CUT_COLOUR = "#444444"
EMBLEM = {"circle": "ellipse", "triangle": "triangle", "diamond": "diamond"}
"""The emblem a square chit carries for the shape it stands for (a square needs none)."""
SAFE = 0.14
"""The label keeps this share of the side from the cut lines (2.2 mm on a 16 mm chit): a
cut that misses by 1 mm clips no word."""
EMBLEM_SHARE = 0.2
"""Emblem size as a share of the chit's side: 2.4 mm on a 12 mm gem, 4 mm on 20 mm."""
BADGE_SHARE = 0.46
"""An emblem that holds a symbol from the data: 8.7 mm on a 19 mm round marker."""
BADGE_ICON = {"circle": 0.58, "diamond": 0.5, "triangle": 0.42}
"""The symbol's size inside a badge, as a share of the badge (what each outline leaves
room for)."""
ICON_SHARE = 0.36
"""A symbol from the data (``icon:``) as a share of the square's side."""


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
) -> Face:
    """A gang-cut square: colour to the edges (the crop marks show the cuts), its shape
    as an emblem centred at the top in the ink colour, so the cue stays in greyscale and
    for a colour-blind player; label and sub below it. ``icon`` (an SVG path), when the
    data gives one, sits inside an enlarged emblem in the counter's colour (a badge), so
    shape and symbol read as one designed mark rather than two stacked figures."""
    ops: list[Shape | TextBlock | Icon] = [Shape("rect", 0, 0, d, d, fill, None, 0, 0)]
    top = 0.16 * d
    if icon and shape in EMBLEM:
        e = BADGE_SHARE * d
        ops.append(Shape(EMBLEM[shape], (d - e) / 2, 0.06 * d, e, e, ink, None, 0, 0))
        size = e * BADGE_ICON[shape]
        # a triangle's room is in its lower part; the others centre the symbol
        y = 0.06 * d + (e * 0.58 - size / 2 if shape == "triangle" else (e - size) / 2)
        ops.append(Icon(icon, (d - size) / 2, y, size, size, fill))
        top = 0.06 * d + e + 0.04 * d
    elif shape in EMBLEM:
        e = EMBLEM_SHARE * d
        ops.append(Shape(EMBLEM[shape], (d - e) / 2, 0.07 * d, e, e, ink, None, 0, 0))
        top = 0.07 * d + e + 0.04 * d
    elif icon:  # a square needs no emblem: the symbol alone above the words
        size = ICON_SHARE * d
        ops.append(Icon(icon, (d - size) / 2, top, size, size, ink))
        top += size + 0.03 * d
    bottom = 0.9 * d
    label_h = (bottom - top) * (0.6 if sub else 1.0)
    label_box = (SAFE * d, top, (1 - 2 * SAFE) * d, label_h)
    sub_box = (0.08 * d, top + label_h, 0.84 * d, bottom - top - label_h)
    ops += _texts(label, sub, d, ink, who, where, label_box, sub_box)
    return Face(d, d, tuple(ops))


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
) -> Face:
    """A round, triangle or diamond: with ``bleed`` (a piece on its own), colour past the
    outline and the outline to cut along; without (a triangle of a tessellated block),
    the shape alone, its neighbours and the block's own lines around it. ``icon`` (an
    SVG path) is a symbol above the words."""
    kind = "ellipse" if shape == "circle" else shape
    b = TOKEN_BLEED_MM
    ops: list[Shape | TextBlock | Icon] = []
    if bleed:
        ops += [
            Shape(kind, -b, -b, d + 2 * b, d + 2 * b, fill, None, 0, 0),
            Shape(kind, 0, 0, d, d, fill, CUT_COLOUR, 0.25, 0),
        ]
    else:
        ops.append(Shape(kind, 0, 0, d, d, fill, None, 0, 0))
    label_h = d * (0.42 if sub else 0.55)
    top = d * (0.18 if sub else 0.22)
    if shape == "triangle":  # the words sit in the wide lower part
        label_h, top = d * (0.3 if sub else 0.36), d * (0.44 if sub else 0.5)
    if icon:  # the symbol takes the upper part, the words move below it
        size = d * (0.3 if shape == "triangle" or sub else 0.4)
        icon_top = d * (0.4 if shape == "triangle" else 0.14)
        ops.append(Icon(icon, (d - size) / 2, icon_top, size, size, ink))
        top = icon_top + size + d * 0.03
        label_h = d * (0.16 if sub else 0.22)
    ops += _texts(label, sub, d, ink, who, where, (d * 0.15, top, d * 0.7, label_h),
                  (d * 0.14, top + label_h, d * 0.72, d * 0.26))  # fmt: skip
    return Face(d, d, tuple(ops))


def _texts(
    label: str,
    sub: str,
    d: float,
    ink: str,
    who: str,
    where: Location,
    label_box: tuple[float, float, float, float],
    sub_box: tuple[float, float, float, float],
) -> list[Shape | TextBlock | Icon]:
    """The label as large as its box allows, the sub at 6 to 8 pt (two lines at most)."""
    out: list[Shape | TextBlock | Icon] = [
        set_text(
            label,
            "Lato-Black",
            max(MIN_PT, d * 1.6),
            MIN_PT,
            1.1,
            label_box,
            "center",
            "middle",
            ink,
            0,
            f"{who}: label",
            where,
        )  # fmt: skip
    ]
    if sub:
        size = min(8.0, max(MIN_PT, d * 0.4))
        out.append(
            set_text(
                sub,
                "Lato-Bold",
                size,
                MIN_PT,
                1.05,
                sub_box,
                "center",
                "middle",
                ink,
                0,
                f"{who}: sub",
                where,
            )  # fmt: skip
        )
    return out
