"""SVG icons as plain shapes, read by svglib once and then kept in the user's cache.

svglib brings reportlab's graphics and platypus packages and a CSS parser: importing it
and parsing an icon cost more than drawing a sheet of cards. An icon is turned into a
small tree of shapes (JSON: floats round-trip exactly), stored under a key made of the
file's path, size and modification time, and drawn with plain canvas calls, so the PDF
is the same whether the tree came from svglib or from the cache.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.spec.paths import store_atomically, user_cache

CACHE_VERSION = 1
Shape = dict[str, Any]
"""``{"kind": ..., "transform": [6 floats] | None, "children": [...], ...}``."""


@cache
def icon_shapes(path: str) -> tuple[float, float, Shape]:
    """Width, height and shape tree of the icon at ``path``."""
    st = os.stat(path)
    stamp = f"{os.path.abspath(path)}|{st.st_size}|{st.st_mtime_ns}|v{CACHE_VERSION}"
    cache_file = user_cache("icons") / f"{hashlib.sha256(stamp.encode()).hexdigest()[:24]}.json"
    try:
        body = json.loads(cache_file.read_text(encoding="utf-8"))
        return float(body["width"]), float(body["height"]), body["tree"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    width, height, tree = _read(path)
    store_atomically(
        cache_file, json.dumps({"width": width, "height": height, "tree": tree}).encode()
    )
    return width, height, tree


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
