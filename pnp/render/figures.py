"""Rulebook figures drawn from SVG files (svglib makes the reportlab drawing).

No copy is kept between builds: svglib's drawing is a tree of reportlab objects, and
pickling another library's objects into the user's cache ties the cache to their
private layout. None of the bundled games has an SVG figure; a game that has one pays
for importing svglib (about 0.25 s) once a build, in the process that typesets.
"""

from __future__ import annotations

from typing import Any

from pnp._errors import LayoutError


def svg_drawing(path: str) -> Any:
    """A fresh reportlab ``Drawing`` of the SVG file at ``path`` (the caller may scale it)."""
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(path)
    if drawing is None:
        raise LayoutError(f"figure {path!r} is not an SVG drawing pnp can read")
    return drawing


__all__ = ["svg_drawing"]
