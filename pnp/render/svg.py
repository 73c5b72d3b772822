"""SVG icons as plain shapes, read by svglib once and then kept in the user's cache.

svglib brings reportlab's graphics and platypus packages and a CSS parser: importing it
and parsing an icon cost more than drawing a sheet of cards. An icon is turned into a
small tree of shapes (JSON: floats round-trip exactly), stored under a key made of the
file's bytes (pnp.spec.cache_entry; every node is checked when read), and drawn with
plain canvas calls, so the PDF is the same whether the tree came from svglib or from the
cache.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.spec.cache_entry import digest, finite, read_entry, write_entry

CACHE_VERSION = 2
CACHED_DEPTH = 100
"""Deepest tree of shapes taken from the cache (the bundled icons nest 4 deep)."""
CACHED_EXTENT = 1e9
"""Largest coordinate, size or transform factor taken from the cache, in points."""
Shape = dict[str, Any]
"""``{"kind": ..., "transform": [6 floats] | None, "children": [...], ...}``."""


@cache
def icon_shapes(path: str) -> tuple[float, float, Shape]:
    """Width, height and shape tree of the icon at ``path``."""
    key = digest("icon shapes", str(CACHE_VERSION), Path(path).read_bytes())
    entry = f"{digest(os.path.abspath(path))[:24]}-v{CACHE_VERSION}"
    found = read_entry("icons", entry, key, _checked)
    if found is not None:
        return found
    width, height, tree = _read(path)
    write_entry("icons", entry, key, {"width": width, "height": height, "tree": tree})
    return width, height, tree


_NUMBERS = {"circle": ("box", 3), "ellipse": ("box", 4), "rect": ("box", 4)}
_FILL_MODES = (0, 1)
"""reportlab's FILL_EVEN_ODD and FILL_NON_ZERO."""
_POINTS_TAKEN = {0: 2, 1: 2, 2: 6, 3: 0}
"""Coordinates each path operator takes (move, line, curve, close), as draw_shape reads."""


def _checked(body: Any) -> tuple[float, float, Shape] | None:
    """A cached icon, if its size and every node are what draw_shape can draw."""
    if not (isinstance(body, dict) and body.keys() == {"width", "height", "tree"}):
        return None
    width, height, tree = body["width"], body["height"], body["tree"]
    if not (finite(width, 0.0, CACHED_EXTENT) and finite(height, 0.0, CACHED_EXTENT)):
        return None
    nodes = [(tree, 1)]
    while nodes:
        node, depth = nodes.pop()
        if depth > CACHED_DEPTH or not _drawable(node):
            return None
        nodes += [(child, depth + 1) for child in node["children"]]
    return float(width), float(height), tree


def _drawable(node: Any) -> bool:
    """One node of the kinds _shape makes, with the numbers draw_shape takes from it."""
    if not (isinstance(node, dict) and isinstance(node.get("children"), list)):
        return False
    transform, kind = node.get("transform"), node.get("kind")
    if transform is not None and not _numbers(transform, 6):
        return False
    fields = node.keys() - {"kind", "transform", "children"}
    if kind == "group":
        return not fields
    if kind in _NUMBERS:
        name, count = _NUMBERS[kind]
        return fields == {name} and _numbers(node[name], count)
    if kind == "polygon" and fields == {"points"}:
        points = node["points"]
        return _numbers(points) and len(points) % 2 == 0 < len(points)
    if kind == "path" and fields == {"points", "operators", "fill_mode"}:
        ops, points = node["operators"], node["points"]
        if not (isinstance(ops, list) and all(type(op) is int for op in ops)):
            return False
        if not all(op in _POINTS_TAKEN for op in ops) or node["fill_mode"] not in _FILL_MODES:
            return False
        return _numbers(points) and sum(_POINTS_TAKEN[op] for op in ops) <= len(points)
    return False


def _numbers(values: Any, count: int | None = None) -> bool:
    """A list of ``count`` (any number when None) coordinates in bounds."""
    if not isinstance(values, list) or (count is not None and len(values) != count):
        return False
    return all(finite(v, -CACHED_EXTENT, CACHED_EXTENT) for v in values)


def _read(path: str) -> tuple[float, float, Shape]:
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(path)
    if drawing is None:
        raise OSError(f"{path} is not an SVG drawing")
    return float(drawing.width), float(drawing.height), _shape(drawing)


def _shape(node: Any) -> Shape:
    from reportlab.graphics import shapes

    transform = getattr(node, "transform", None)
    out: Shape = {"kind": "group", "transform": list(transform) if transform is not None else None}
    if isinstance(node, shapes.Path):
        out.update(
            kind="path",
            points=list(node.points),
            operators=list(node.operators),
            fill_mode=node.fillMode,
        )
    elif isinstance(node, shapes.Circle):
        out.update(kind="circle", box=[node.cx, node.cy, node.r])
    elif isinstance(node, shapes.Ellipse):
        out.update(kind="ellipse", box=[node.cx, node.cy, node.rx, node.ry])
    elif isinstance(node, shapes.Rect):
        out.update(kind="rect", box=[node.x, node.y, node.width, node.height])
    elif isinstance(node, shapes.Polygon):
        out.update(kind="polygon", points=list(node.points))
    out["children"] = [_shape(child) for child in getattr(node, "contents", ())]
    return out


def draw_shape(c: Canvas, node: Shape) -> None:
    """Fill one shape, and its children, in the current colour."""
    c.saveState()
    if node["transform"] is not None:
        c.transform(*node["transform"])
    kind = node["kind"]
    if kind == "path":
        path, pts, i = c.beginPath(), node["points"], 0
        for op in node["operators"]:
            if op == 0:
                path.moveTo(*pts[i : i + 2])
            elif op == 1:
                path.lineTo(*pts[i : i + 2])
            elif op == 2:
                path.curveTo(*pts[i : i + 6])
            else:
                path.close()
            i += {0: 2, 1: 2, 2: 6}.get(op, 0)
        c.drawPath(path, stroke=0, fill=1, fillMode=node["fill_mode"])
    elif kind == "circle":
        cx, cy, r = node["box"]
        c.circle(cx, cy, r, stroke=0, fill=1)
    elif kind == "ellipse":
        cx, cy, rx, ry = node["box"]
        c.ellipse(cx - rx, cy - ry, cx + rx, cy + ry, 0, 1)
    elif kind == "rect":
        c.rect(*node["box"], stroke=0, fill=1)
    elif kind == "polygon":
        path, pts = c.beginPath(), node["points"]
        path.moveTo(pts[0], pts[1])
        for k in range(2, len(pts), 2):
            path.lineTo(pts[k], pts[k + 1])
        path.close()
        c.drawPath(path, stroke=0, fill=1)
    for child in node["children"]:
        draw_shape(c, child)
    c.restoreState()


__all__ = ["draw_shape", "icon_shapes"]
