"""Ink: how much of each page a file inks, and `--ink-saver`, which turns large solid
areas into light tints while every cue (bands, letters, icons, small colour fills) stays.

Coverage is measured on the laid-out ops, not on the PDF, so it costs a few milliseconds
and can be given for both settings from one layout: each face is painted on a grid of
GRID_MM cells in drawing order (a later fill hides what is under it), each cell holding
the ink of its colour; text adds its glyphs' share of its line box. The ink of a colour
is that of its heaviest process ink, 1 − min(R, G, B): white is 0, black, full red or
full yellow 1. A page's coverage is its inked area over its whole area.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from pnp.layout.ops import POLYGONS, Art, Face, Icon, Picture, Shape, TextBlock
from pnp.layout.pages import Page
from pnp.layout.tints import mix
from pnp.spec.colour import WHITE, Colour

GRID_MM = 1.5
"""Cell size of the coverage grid: finer than any band or chit that matters to the sum…"""
GRID_MOST = 80
"""…with at most this many cells along a side (a 250 mm board: 3.1 mm cells)."""
TEXT_INK = 0.3
"""Share of a line's box (½ em a character by the font size) that its glyphs ink: against
pypdfium2 renders of the bundled card faces at 4 px/mm, the text alone of a face inks
0.22–0.4 of it (regular to black weights)."""
ICON_INK = 0.35
"""Share of an icon's box that its shape inks (the same renders: 0.3–0.4)."""
PICTURE_INK = 0.5
"""A picture's ink is not looked at: counted as a mid tone over its box."""

LARGE_FILL_MM2 = 1200.0
"""A fill at least this large (about 35×35 mm)…"""
LARGE_FILL_SHARE = 0.2
"""…and at least this share of its face is a large solid area that --ink-saver lightens."""
TINT = 0.15
"""--ink-saver keeps this much of a large fill's colour (mixed with white)."""
OUTLINE_MM = 0.4
"""--ink-saver outlines a lightened fill that stops short of the trim in its own colour."""
LIGHT = 0.5
"""Relative luminance above which a colour reads as light (white or pale text, which
needs the dark fill under it)."""
ART_INK = 0.25
"""Share of the square an art's icon is fitted in that it covers: the bundled icons cover
0.13 to 0.59 of it, most of them under 0.29 (the median)."""
ART_KEPT = 0.5
"""--ink-saver keeps this much of a watermark's colour over its lightened panel."""
ILLUSTRATION = 3.0
"""Art lighter than its fill that stands this far from it is drawn to be seen, not a faint
pattern: --ink-saver keeps it visible (WCAG's least contrast for graphics)."""


def ink(colour: Colour | str | None) -> float:
    """How heavily a colour inks the paper: its heaviest process ink, 0 (white) to 1."""
    return Colour.of(colour).ink if colour else 0.0


READABLE = 4.5
"""Contrast a text keeps on its lightened fill (WCAG AA for body text)."""


def readable_on(colour: Colour | str, background: Colour | str) -> str:
    """``colour``, darkened toward black just enough to reach READABLE on ``background``."""
    base, ground = Colour.of(colour), Colour.of(background)
    for step in range(11):
        shade = base.shade(1 - step / 10)
        if shade.contrast(ground) >= READABLE:
            return shade.hex
    return "#000000"


def tint(colour: Colour | str, share: float = TINT) -> str:
    """``colour`` mixed with white, keeping ``share`` of it."""
    return Colour.of(colour).tint(share).hex


# --- --ink-saver ---------------------------------------------------------------------------


def _area(s: Shape) -> float:
    if s.kind == "ellipse":
        return math.pi / 4 * s.w * s.h
    if s.kind in POLYGONS:
        return s.w * s.h / 2
    return s.w * s.h


def is_large_fill(s: Shape, face: Face) -> bool:
    """A solid fill big enough to spend real ink: a background, a disc, a panel."""
    if s.kind == "line" or not s.fill or ink(s.fill) == 0:
        return False
    area = _area(s)
    return area >= LARGE_FILL_MM2 and area >= LARGE_FILL_SHARE * face.width * face.height


def _reaches_trim(s: Shape, face: Face) -> bool:
    return s.x <= 0 or s.y <= 0 or s.x + s.w >= face.width or s.y + s.h >= face.height


def _inside(op: TextBlock | Icon, s: Shape) -> bool:
    if isinstance(op, TextBlock):
        cx, cy = op.centre
    else:
        cx, cy = op.x + op.w / 2, op.y + op.h / 2
    return s.x <= cx <= s.x + s.w and s.y <= cy <= s.y + s.h


def save_ink(face: Face) -> Face:
    """The face with each large solid fill turned into a light tint of its colour (and
    outlined in it, unless it runs to the trim: a back keeps no line near its edge). Light
    text and icons whose topmost fill is such a fill take the fill's colour, so they still
    read; everything smaller (bands, chits, letters, icons, rules) is left as it is."""
    fills: list[tuple[Shape, bool]] = []  # every fill so far, and whether it was lightened
    ops: list[Shape | TextBlock | Icon | Picture] = []
    changed = False
    for op in face.ops:
        if isinstance(op, Shape) and op.fill and op.kind != "line":
            large = is_large_fill(op, face)
            fills.append((op, large))
            if large:
                changed = True
                op = _lightened(op, None if _reaches_trim(op, face) else op.fill)
        elif isinstance(op, Art):
            under = next((f for f in reversed(fills) if _inside(op, f[0])), None)
            if under is not None and under[1] and under[0].fill:
                op = replace(op, color=_saved_art(op.color, under[0].fill))
        elif isinstance(op, TextBlock | Icon) and fills and _fades(op):
            under = next((f for f in reversed(fills) if _inside(op, f[0])), None)
            if under is not None and under[1] and under[0].fill:
                op = replace(op, color=readable_on(under[0].fill, tint(under[0].fill)))
        ops.append(op)
    return Face(face.width, face.height, tuple(ops)) if changed else face


def _fades(op: TextBlock | Icon) -> bool:
    """Text or an icon that would not read on a pale tint: light, or (text) a grey that
    keeps under READABLE on white, like a board's credit line picked for its dark ground."""
    colour = Colour.of(op.color)
    if colour.luminance > LIGHT:
        return True
    return isinstance(op, TextBlock) and colour.contrast(WHITE) < READABLE


def _saved_art(colour: str, ground: str) -> str:
    """Art on a fill that --ink-saver lightens: art lighter than its fill is lightened as
    the fill is when it is a faint pattern (a deck back's), and drawn in the fill's colour
    like light text when it stands out (ILLUSTRATION: a board's emblem); darker art (a
    watermark on a pale panel) keeps part of its colour over the lightened fill."""
    art, fill = Colour.of(colour), Colour.of(ground)
    if art.luminance > fill.luminance:
        if art.contrast(fill) >= ILLUSTRATION:
            return readable_on(ground, tint(ground))
        return tint(colour)
    return mix(tint(ground), colour, ART_KEPT)


def _lightened(s: Shape, outline: str | None) -> Shape:
    assert s.fill is not None
    stroke, width = (s.stroke, s.stroke_width) if s.stroke or not outline else (outline, OUTLINE_MM)
    return Shape(s.kind, s.x, s.y, s.w, s.h, tint(s.fill), stroke, width, s.radius, s.dash)


def save_ink_pages(pages: list[Page]) -> list[Page]:
    """Pages whose own decor (titles, boxes, tables drawn on the page) has its large fills
    lightened as faces do."""
    out = []
    for page in pages:
        if page.decor:
            saved = save_ink(Face(page.size[0], page.size[1], tuple(page.decor)))
            page = replace(
                page, decor=[op for op in saved.ops if isinstance(op, Shape | TextBlock)]
            )
        out.append(page)
    return out


# --- coverage ------------------------------------------------------------------------------


def face_coverage(face: Face) -> float:
    """The share of the face's trim that ink covers (0–1), painted in drawing order."""
    shapes = tuple(op for op in face.ops if isinstance(op, Shape))
    extra = 0.0  # strokes, text, icons and pictures, in mm² of full ink, over the fills
    for i, op in enumerate(face.ops):
        if isinstance(op, Shape):
            if op.stroke and op.stroke_width:
                extra += ink(op.stroke) * op.stroke_width * _outline(op)
        elif isinstance(op, TextBlock):
            extra += ink(op.color) * TEXT_INK * _text_area(op)
        elif isinstance(op, Art):
            extra += _art_ink(op, face.ops[:i], face.ops[i + 1 :])
        elif isinstance(op, Icon):
            extra += ink(op.color) * ICON_INK * op.w * op.h
        else:
            extra += PICTURE_INK * op.w * op.h
    painted = _painted(shapes, face.width, face.height)
    return min(1.0, (painted + extra) / (face.width * face.height))


def _art_ink(art: Art, before: Sequence[object], after: Sequence[object]) -> float:
    """The ink (mm² of full ink) art adds to the fill it lies on: a tint of that fill, it
    changes the ink by the difference only, and nothing where a later fill hides it."""
    fills = [f for f in before if isinstance(f, Shape) and f.fill and f.kind != "line"]
    if any(isinstance(f, Shape) and f.fill and f.kind != "line" and _inside(art, f) for f in after):
        return 0.0
    ground = next((f.fill for f in reversed(fills) if _inside(art, f)), None)
    return (ink(art.color) - ink(ground or "")) * ART_INK * min(art.w, art.h) ** 2


@lru_cache(maxsize=256)
def _painted(shapes: tuple[Shape, ...], width: float, height: float) -> float:
    """Inked area (mm²) of the fills, later ones hiding earlier ones. Kept per set of
    shapes: the cards of a type differ in their text, not in their fills."""
    cell = max(GRID_MM, max(width, height) / GRID_MOST)
    cols, rows = max(1, round(width / cell)), max(1, round(height / cell))
    cw, ch = width / cols, height / rows
    grid = [[0.0] * cols for _ in range(rows)]
    for op in shapes:
        if op.fill and op.kind != "line":
            _paint(grid, op, cw, ch, ink(op.fill))
    return sum(map(sum, grid)) * cw * ch


def _paint(grid: list[list[float]], s: Shape, cw: float, ch: float, value: float) -> None:
    rows, cols = len(grid), len(grid[0])
    r0, r1 = max(0, math.floor(s.y / ch)), min(rows, math.ceil((s.y + s.h) / ch))
    for r in range(r0, r1):
        v = ((r + 0.5) * ch - s.y) / s.h if s.h else 0.5  # 0 at the top, 1 at the foot
        if not 0 <= v <= 1:
            continue
        if s.kind == "ellipse":
            half = math.sqrt(max(0.0, 0.25 - (v - 0.5) ** 2))
            a, b = s.x + s.w * (0.5 - half), s.x + s.w * (0.5 + half)
        elif s.kind == "triangle":  # apex at the top (unit box y up: apex at y = 1)
            a, b = s.x + s.w * (0.5 - v / 2), s.x + s.w * (0.5 + v / 2)
        elif s.kind == "diamond":
            half = 0.5 - abs(v - 0.5)
            a, b = s.x + s.w * (0.5 - half), s.x + s.w * (0.5 + half)
        else:
            a, b = s.x, s.x + s.w
        c0, c1 = max(0, round(a / cw)), min(cols, round(b / cw))
        if c1 > c0:
            grid[r][c0:c1] = [value] * (c1 - c0)


def _outline(s: Shape) -> float:
    if s.kind == "line":
        return math.hypot(s.w, s.h)
    if s.kind == "ellipse":
        return math.pi * (s.w + s.h) / 2
    return 2 * (s.w + s.h)


PT_MM = 25.4 / 72


def _text_area(t: TextBlock) -> float:
    """The boxes of the block's lines: each line's width (½ em a character, Lato's mean
    advance) by the font size, in mm²."""
    size = t.size * PT_MM
    return sum(0.5 * size * len(line) * size for _, _, line in t.lines)


def page_coverage(
    page: Page, faces: dict[str, Face], memo: dict[int, tuple[float, float]] | None = None
) -> tuple[float, float]:
    """The share of the page ``page`` inks, as drawn and as --ink-saver draws it: its
    faces over their clip boxes (trim and bleed), its decor over the page. ``memo`` keeps
    each face's pair by identity (a back or a counter is placed many times)."""
    memo = {} if memo is None else memo
    area = page.size[0] * page.size[1]
    plain = saved = 0.0
    for item in page.items:
        face = faces.get(item.face)
        if face is None:
            continue
        pair = memo.get(id(face))
        if pair is None:
            pair = memo[id(face)] = _both(face)
        x0, y0, x1, y1 = item.clip
        plain += pair[0] * (x1 - x0) * (y1 - y0)
        saved += pair[1] * (x1 - x0) * (y1 - y0)
    if page.decor:
        a, b = _both(Face(page.size[0], page.size[1], tuple(page.decor)))
        plain, saved = plain + a * area, saved + b * area
    return min(1.0, plain / area), min(1.0, saved / area)


def _both(face: Face) -> tuple[float, float]:
    plain = face_coverage(face)
    lightened = save_ink(face)
    return plain, plain if lightened is face else face_coverage(lightened)


def file_coverage(pages: list[Page], faces: dict[str, Face]) -> tuple[float, float]:
    """Mean coverage of a file's pages as drawn, and as --ink-saver draws them (the faces
    as laid out, before --ink-saver touches them)."""
    if not pages:
        return 0.0, 0.0
    memo: dict[int, tuple[float, float]] = {}
    pairs = [page_coverage(p, faces, memo) for p in pages]
    return sum(a for a, _ in pairs) / len(pages), sum(b for _, b in pairs) / len(pages)


__all__ = [
    "face_coverage",
    "file_coverage",
    "ink",
    "is_large_fill",
    "page_coverage",
    "save_ink",
    "save_ink_pages",
    "tint",
]
