"""The geometry of a counter's outline: where its words may go (inside the outline, a safe
distance from the cut) and the textures (``pattern:``) that tell counters apart in grey.

A counter's face is a ``d`` × ``d`` box, mm, y down from its top-left. Its outline is a
square, a circle, a triangle (apex up, base along the bottom) or a diamond, each touching
the box's sides; an outline *inset* by some mm is the same shape that far inside it all
round (for a triangle or a diamond, scaled about its incentre).
"""

from __future__ import annotations

import math

from pnp.layout.ops import Shape

PATTERNS = ("stripes", "dots", "checks", "hatch")
"""The textures a counter's `pattern:` may name (empty: plain)."""
PITCH_MM = 1.6
"""From one stripe to the next."""
SPOT_PITCH_MM = 2.0
"""From one dot or check to the next."""
STROKE_MM = 0.4
CIRCLE_SIDES = 48
"""A circle as a polygon, to clip a texture's lines to it (0.2 % short of the true radius
at 25 mm)."""
Point = tuple[float, float]


def inradius(kind: str, d: float) -> float:
    """How far the outline's centre lies from its nearest side."""
    if kind == "triangle":  # base d, height d: area d²/2 over half the perimeter
        return d / (1 + math.sqrt(5))
    if kind == "diamond":
        return d / (2 * math.sqrt(2))
    return d / 2


def centre(kind: str, d: float) -> Point:
    """The point an inset outline shrinks towards (the triangle's incentre)."""
    return (d / 2, d - inradius(kind, d)) if kind == "triangle" else (d / 2, d / 2)


def outline(kind: str, d: float, inset: float = 0.0) -> list[Point]:
    """The outline inset by ``inset`` mm (outset, when negative) as a convex polygon."""
    cx, cy = centre(kind, d)
    scale = (inradius(kind, d) - inset) / inradius(kind, d)
    if kind == "circle":
        r = d / 2 - inset
        turns = [2 * math.pi * i / CIRCLE_SIDES for i in range(CIRCLE_SIDES)]
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in turns]
    corners = {
        "square": [(0.0, 0.0), (d, 0.0), (d, d), (0.0, d)],
        "triangle": [(d / 2, 0.0), (d, d), (0.0, d)],
        "diamond": [(d / 2, 0.0), (d, d / 2), (d / 2, d), (0.0, d / 2)],
    }[kind]
    if kind == "square":
        return [(x + inset if x < d / 2 else x - inset, y + inset if y < d / 2 else y - inset)
                for x, y in corners]  # fmt: skip
    return [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in corners]


def box(points: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def span(points: list[Point], y0: float, y1: float) -> tuple[float, float] | None:
    """The widest x range inside the convex polygon all along the band y0..y1 (None when
    the band leaves it): the narrower of the ranges at the band's two edges."""
    ranges = [_across(points, y) for y in (y0, y1)]
    if None in ranges:
        return None
    lo = max(r[0] for r in ranges if r is not None)
    hi = min(r[1] for r in ranges if r is not None)
    return (lo, hi) if hi > lo else None


def _across(points: list[Point], y: float) -> tuple[float, float] | None:
    xs = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if min(y0, y1) - 1e-9 <= y <= max(y0, y1) + 1e-9:
            if abs(y1 - y0) < 1e-12:
                xs += [x0, x1]
            else:
                xs.append(x0 + (x1 - x0) * (y - y0) / (y1 - y0))
    return (min(xs), max(xs)) if xs else None


def texture(
    pattern: str, region: list[Point], colour: str, hole: list[Point] | None = None
) -> list[Shape]:
    """``pattern`` drawn in ``colour`` inside the convex polygon ``region`` and outside the
    convex ``hole`` (a plain plate covers it; nothing is drawn there that it would hide);
    nothing for an empty pattern."""
    if not pattern:
        return []
    x0, y0, x1, y1 = box(region)
    out: list[Shape] = []
    if pattern in ("stripes", "hatch"):
        slopes = (1.0, -1.0) if pattern == "hatch" else (1.0,)
        reach = (x1 - x0) + (y1 - y0)
        for slope in slopes:
            n = int(reach / (PITCH_MM * math.sqrt(2))) + 2
            for i in range(-n, n + 1):  # lines y = slope * (x - x0) + c
                c = (y0 + y1) / 2 + i * PITCH_MM * math.sqrt(2)
                a = (x0 - reach, c - slope * reach)
                b = (x1 + reach, c + slope * (x1 - x0 + reach))
                seg = clip_segment(a, b, region)
                for (ax, ay), (bx, by) in _outside(seg, hole):
                    out.append(Shape("line", ax, ay, bx - ax, by - ay, None, colour, STROKE_MM, 0))
        return out
    pitch = SPOT_PITCH_MM
    size = 0.7 if pattern == "dots" else pitch / 2
    kind = "ellipse" if pattern == "dots" else "rect"
    rows = int((y1 - y0) / pitch) + 2
    cols = int((x1 - x0) / pitch) + 2
    for r in range(rows):
        for c in range(cols):
            if pattern == "checks" and (r + c) % 2:
                continue
            x, y = x0 + c * pitch, y0 + r * pitch
            corners = [(x, y), (x + size, y), (x, y + size), (x + size, y + size)]
            hidden = hole is not None and all(_inside(p, hole) for p in corners)
            if all(_inside(p, region) for p in corners) and not hidden:
                out.append(Shape(kind, x, y, size, size, colour, None, 0, 0))
    return out


def _outside(
    seg: tuple[Point, Point] | None, hole: list[Point] | None
) -> list[tuple[Point, Point]]:
    """The parts of segment ``seg`` outside the convex ``hole``: none, one or two."""
    if seg is None:
        return []
    inner = clip_segment(*seg, hole) if hole is not None else None
    if inner is None:
        return [seg]
    parts = [(seg[0], inner[0]), (inner[1], seg[1])]
    return [(a, b) for a, b in parts if math.dist(a, b) > 1e-6]


def clip_segment(a: Point, b: Point, region: list[Point]) -> tuple[Point, Point] | None:
    """The part of segment a–b inside the convex polygon ``region`` (Cyrus–Beck)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    sign = _orientation(region)
    for (px, py), (qx, qy) in zip(region, region[1:] + region[:1], strict=True):
        nx, ny = sign * -(qy - py), sign * (qx - px)  # inward normal
        num = nx * (a[0] - px) + ny * (a[1] - py)
        den = nx * dx + ny * dy
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy)


def _orientation(region: list[Point]) -> float:
    area = sum(
        p[0] * q[1] - q[0] * p[1] for p, q in zip(region, region[1:] + region[:1], strict=True)
    )
    return 1.0 if area > 0 else -1.0


def _inside(p: Point, region: list[Point]) -> bool:
    sign = _orientation(region)
    for (px, py), (qx, qy) in zip(region, region[1:] + region[:1], strict=True):
        if sign * ((qx - px) * (p[1] - py) - (qy - py) * (p[0] - px)) < 0:
            return False
    return True
