"""The parts of a board, drawn from the data in board mm (y down): tracks (rows of square
spaces), paths (round spaces spread evenly along a line), bands that mark a stretch of
either, boxes (a title strip with an icon), text and art.

Nothing here knows a game: every size, colour and word comes from the region's YAML.
``region_spaces`` gives the spaces' geometry alone, which the fit check (`fits:`) reads.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Location
from pnp.layout.ops import Art, Icon, Shape, TextBlock
from pnp.layout.textfit import set_text
from pnp.spec.components import BoardBand, BoardRegion
from pnp.spec.game import Game
from pnp.text.art import art_dirs, find_art
from pnp.text.icons import find_icon
from pnp.text.template import evaluate, render_colour, render_text

INK = "#141414"
PT_MM = 25.4 / 72
MIN_SPACE_MM = 5.0
"""Smallest space: below this no label is legible and no piece sits on it."""
TITLE_ABOVE_MM = 6.0
"""A track's caption sits in the strip this tall above it."""
Op = Shape | TextBlock | Icon
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Space:
    """One space: its box in board mm (x, y, w, h) and whether it is round."""

    x: float
    y: float
    w: float
    h: float
    round: bool = False


def space_context(game: Game, i: int, n: int) -> dict[str, Any]:
    return {
        "space": {"index0": i, "index": i + 1, "count": n, "first": i == 0, "last": i == n - 1},
        "tables": game.spec.tables,
        "game": {"name": game.spec.name, "id": game.spec.id, "tagline": game.spec.tagline},
    }


def _number(game: Game, expr: str, where: Location, what: str) -> float:
    text = evaluate(expr, space_context(game, 0, 0), where, what)
    try:
        value = float(text)
    except ValueError:
        raise DataError(f"{what}: {text[:40]!r} is not a number", where) from None
    if not math.isfinite(value):
        raise DataError(f"{what}: {text[:40]!r} is not a number", where)
    return value


def _count(game: Game, region: BoardRegion, where: Location) -> int:
    text = evaluate(region.spaces, space_context(game, 0, 0), where, "spaces")
    try:
        n = int(text)
    except ValueError:
        raise DataError(f"spaces: {text[:40]!r} is not a whole number", where) from None
    if not 1 <= n <= 200:
        raise DataError(f"spaces: {n} is outside 1–200", where)
    return n


def _track_spaces(game: Game, region: BoardRegion, where: Location) -> list[Space]:
    assert region.rect is not None
    x, y, w, h = region.rect
    n = _count(game, region, where)
    along = min(region.wrap or n, n)
    lines = math.ceil(n / along)
    across = region.direction == "across"
    cols, rows = (along, lines) if across else (lines, along)
    g = region.gap
    sw, sh = (w - g * (cols - 1)) / cols, (h - g * (rows - 1)) / rows
    if min(sw, sh) < MIN_SPACE_MM:
        raise DataError(
            f"{n} spaces of {sw:.1f}×{sh:.1f} mm are too small ({MIN_SPACE_MM:g} mm at least)",
            where,
        )
    out = []
    for i in range(n):
        line, k = divmod(i, along)
        c, r = (k, line) if across else (line, k)
        out.append(Space(x + c * (sw + g), y + r * (sh + g), sw, sh))
    return out


def _along(points: Sequence[tuple[float, float]], s: float) -> tuple[float, float]:
    """The point ``s`` mm along the polyline through ``points``."""
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        seg = math.hypot(bx - ax, by - ay)
        if s <= seg or (bx, by) == points[-1]:
            t = min(s / seg, 1.0) if seg else 0.0
            return (ax + (bx - ax) * t, ay + (by - ay) * t)
        s -= seg
    return points[-1]


def _path_spaces(game: Game, region: BoardRegion, where: Location) -> list[Space]:
    n = _count(game, region, where)
    d = _number(game, region.space_mm, where, "space_mm")
    if not MIN_SPACE_MM <= d <= 200:
        raise DataError(f"space_mm: {d:g} is outside {MIN_SPACE_MM:g}–200 mm", where)
    pts = [(float(px), float(py)) for px, py in region.points]
    length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False))
    centres = [_along(pts, length * i / max(n - 1, 1)) for i in range(n)]
    for i, (ax, ay) in enumerate(centres):  # neighbours across a bend may come too close
        for j in range(i + 1, n):
            gap = math.hypot(centres[j][0] - ax, centres[j][1] - ay)
            if gap < d + 0.5:
                raise DataError(
                    f"spaces {i + 1} and {j + 1} of the path overlap: their centres are "
                    f"{gap:.1f} mm apart, a space is {d:g} mm (lengthen the path or put a "
                    "point where a space lies at each bend)",
                    where,
                )
    return [Space(cx - d / 2, cy - d / 2, d, d, round=True) for cx, cy in centres]


def region_spaces(game: Game, region: BoardRegion, where: Location) -> list[Space]:
    """Where pieces go on the region: its spaces (track, path), or the box itself."""
    if region.kind == "track":
        return _track_spaces(game, region, where)
    if region.kind == "path":
        return _path_spaces(game, region, where)
    if region.kind == "box" and region.rect is not None:
        return [Space(*region.rect)]
    return []


def region_extent(game: Game, region: BoardRegion, where: Location) -> Box:
    """x0, y0, x1, y1 of everything the region draws (a track's caption above it too)."""
    if region.kind == "path":
        sp = _path_spaces(game, region, where)
        r = region.ribbon_mm / 2 if region.ribbon else 0.0  # the road's round ends
        xs = [c for s in sp for c in (s.x, s.x + s.w)] + [
            p[0] + e for p in region.points for e in (-r, r)
        ]
        ys = [c for s in sp for c in (s.y, s.y + s.h)] + [
            p[1] + e for p in region.points for e in (-r, r)
        ]
        return (min(xs), min(ys), max(xs), max(ys))
    assert region.rect is not None
    x, y, w, h = region.rect
    top = y - TITLE_ABOVE_MM if region.kind == "track" and region.title else y
    return (x, top, x + w, y + h)


Keys = tuple[str | int, ...]


def _bands(game: Game, region: BoardRegion, keys: Keys, n: int) -> list[BoardBand | None]:
    """Each space's band (the last that names it), counted from 1 as the YAML counts."""
    out: list[BoardBand | None] = [None] * n
    for bi, band in enumerate(region.bands):
        at = game.spec_location(*keys, "bands", bi)
        first = _number(game, band.first, at, "first")
        last = _number(game, band.last, at, "last")
        if not 1 <= first <= last <= n:
            raise DataError(f"band spaces {first:g}–{last:g} are not within 1–{n}", at)
        for i in range(int(first) - 1, int(last)):
            out[i] = band
    return out


def _truthy(text: str) -> bool:
    return text not in ("", "False", "false", "0", "None")


def _spaces_ops(game: Game, region: BoardRegion, keys: Keys, spaces: list[Space]) -> list[Op]:
    where = game.spec_location(*keys)
    n = len(spaces)
    bands = _bands(game, region, keys, n)
    ops: list[Op] = []
    if region.kind == "path" and region.ribbon:
        ops += _road(region.points, region.ribbon, region.ribbon_mm)
    for i, s in enumerate(spaces):
        ctx = space_context(game, i, n)
        band = bands[i]
        fill = band.fill if band else render_colour(region.fill, ctx, where, "fill")
        ink = band.ink if band else region.ink
        kind = "ellipse" if s.round else "rect"
        ops.append(Shape(kind, s.x, s.y, s.w, s.h, fill, region.stroke, 0.4, 0 if s.round else 1.0))
        label = evaluate(region.label, ctx, where, "label") if region.label else ""
        marked = bool(region.mark) and _truthy(evaluate(region.mark, ctx, where, "mark"))
        inner = 0.72 if s.round else 0.9  # the square inside a circle is 0.71 of it
        lx, lw = s.x + s.w * (1 - inner) / 2, s.w * inner
        ly, lh = s.y + s.h * (1 - inner) / 2, s.h * inner
        if label:
            box = (lx, ly, lw, lh * (0.6 if marked else 1.0))
            ops.append(
                set_text(
                    label,
                    "Lato-Black",
                    region.font_size,
                    6,
                    1.0,
                    box,
                    "center",
                    "middle",
                    ink,
                    who=f"space {i + 1}",
                    where=where,
                )  # fmt: skip
            )
        if marked:
            d = min(s.w, s.h) * 0.3
            cy = ly + lh * 0.8 if label else s.y + s.h / 2
            ops.append(
                Shape("ellipse", s.x + (s.w - d) / 2, cy - d / 2, d, d, "#ffffff", INK, 0.4, 0)
            )
    for bi, band in enumerate(region.bands):
        if band.label and band.label_rect:
            at = game.spec_location(*keys, "bands", bi)
            ops += _pill(band, render_text(band.label, space_context(game, 0, n), at), at, region)
    return ops


def _road(points: Sequence[tuple[float, float]], colour: str, width: float) -> list[Op]:
    """The line under a path's spaces, ``width`` mm wide, with round ends and bends."""
    pts = [(float(x), float(y)) for x, y in points]
    r = width / 2
    ops: list[Op] = [
        Shape("line", a[0], a[1], b[0] - a[0], b[1] - a[1], None, colour, width, 0)
        for a, b in zip(pts, pts[1:], strict=False)
    ]
    return ops + [Shape("ellipse", x - r, y - r, width, width, colour, None, 0, 0) for x, y in pts]


def _pill(band: BoardBand, text: str, where: Location, region: BoardRegion) -> list[Op]:
    """A band's label on a rounded patch of the band's colour, so it doubles as its key."""
    assert band.label_rect is not None
    x, y, w, h = band.label_rect
    return [
        Shape("rect", x, y, w, h, band.fill, region.stroke, 0.3, h / 2),
        set_text(
            text,
            "Lato-Bold",
            region.font_size,
            6,
            1.0,
            (x + h / 2, y, w - h, h),
            "center",
            "middle",
            band.ink,
            who="band label",
            where=where,
        ),  # fmt: skip
    ]


def _caption(game: Game, region: BoardRegion, where: Location, n: int) -> list[Op]:
    assert region.rect is not None
    x, y, w, _ = region.rect
    title = render_text(region.title, space_context(game, 0, n), where, "title")
    box = (x, y - TITLE_ABOVE_MM, w, TITLE_ABOVE_MM - 1.0)
    return [
        set_text(
            title,
            "Lato-Bold",
            10,
            6,
            1.0,
            box,
            "left",
            "bottom",
            region.ink,
            who="track title",
            where=where,
        )  # fmt: skip
    ]


def _box(game: Game, region: BoardRegion, where: Location, icons: Sequence[Path]) -> list[Op]:
    """A framed area (or words alone): a title, in a strip of `title_fill` with the icon
    before it when given, and the text under it."""
    assert region.rect is not None
    x, y, w, h = region.rect
    ctx = space_context(game, 0, 1)
    ops: list[Op] = []
    if region.kind == "box":
        fill = render_colour(region.fill, ctx, where, "fill")
        ops.append(Shape("rect", x, y, w, h, fill, region.stroke, 0.5, 2.0))
    top = y + 2.0
    if region.title:
        title = render_text(region.title, ctx, where, "title")
        size = region.font_size
        if region.title_fill:
            strip = size * PT_MM * 1.5 + 2.5
            ops.append(Shape("rect", x, y, w, strip, region.title_fill, region.stroke, 0.5, 2.0))
            ops.append(Shape("rect", x, y + strip / 2, w, strip / 2, region.title_fill, None, 0, 0))
            left = x + 3.0
            if region.icon:
                side = strip - 3.0
                path = find_icon(region.icon, icons, where)
                ops.append(Icon(str(path), left, y + 1.5, side, side, region.title_ink))
                left += side + 2.0
            box = (left, y + 1.0, x + w - 3.0 - left, strip - 2.0)
            ops.append(
                set_text(
                    title,
                    "Lato-Black",
                    size,
                    6,
                    1.0,
                    box,
                    "left",
                    "middle",
                    region.title_ink,
                    who="title",
                    where=where,
                )  # fmt: skip
            )
            top = y + strip + 1.0
        else:
            box = (
                region.rect if region.kind == "text" and not region.text else (x + 2, top, w - 4, 7)
            )
            ops.append(
                set_text(
                    title,
                    "Lato-Black",
                    size,
                    6,
                    1.0,
                    box,
                    "center",
                    "top",
                    region.ink,
                    who="title",
                    where=where,
                )  # fmt: skip
            )
            top += size * 0.5
    if region.text:
        body = render_text(region.text, ctx, where, "text")
        box = (x + 2.5, top + 1, w - 5, y + h - top - 2.5)
        if region.kind == "text" and not region.title:  # words alone: their whole rect
            box = region.rect
        ops.append(
            set_text(
                body,
                "Lato-Regular",
                region.font_size * 0.8,
                6,
                1.2,
                box,
                "center",
                "middle",
                region.ink,
                who="text",
                where=where,
            )  # fmt: skip
        )
    return ops


def region_ops(game: Game, region: BoardRegion, keys: Keys, icons: Sequence[Path]) -> list[Op]:
    """What one region draws, in board mm; ``keys`` lead to it in game.yaml."""
    where = game.spec_location(*keys)
    if region.kind == "art":
        assert region.rect is not None
        path = find_art(region.art.strip(), art_dirs(game.template_dirs()), where)
        return [Art(str(path), *region.rect, region.ink)]
    if region.kind in ("track", "path"):
        spaces = region_spaces(game, region, where)
        ops = _spaces_ops(game, region, keys, spaces)
        if region.title and region.kind == "track":
            ops += _caption(game, region, where, len(spaces))
        return ops
    return _box(game, region, where, icons)
