"""Rulebook figures drawn from SVG files, read by svglib once and then kept in the user's cache.

svglib brings an XML parser and a CSS engine: importing it costs more than typesetting a
rulebook. The reportlab drawing it makes from a figure is pickled under a key made of the
file's path, size and modification time and the svglib and reportlab versions, so the
next build unpickles the same drawing (reportlab's graphics alone) and prints the same
PDF.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from importlib.metadata import version
from typing import Any

from pnp._errors import LayoutError
from pnp.spec.paths import store_atomically, user_cache

CACHE_VERSION = 1


def svg_drawing(path: str) -> Any:
    """A fresh reportlab ``Drawing`` of the SVG file at ``path`` (the caller may scale it)."""
    st = os.stat(path)
    stamp = "|".join(
        [
            os.path.abspath(path),
            str(st.st_size),
            str(st.st_mtime_ns),
            _versions(),
            f"v{CACHE_VERSION}",
        ]
    )
    cache_file = user_cache("figures") / f"{hashlib.sha256(stamp.encode()).hexdigest()[:24]}.pickle"
    try:
        return pickle.loads(cache_file.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, ImportError):
        pass
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(path)
    if drawing is None:
        raise LayoutError(f"figure {path!r} is not an SVG drawing pnp can read")
    store_atomically(cache_file, pickle.dumps(drawing, pickle.HIGHEST_PROTOCOL))
    return drawing


def _versions() -> str:
    return f"svglib {version('svglib')} reportlab {version('reportlab')}"


__all__ = ["svg_drawing"]
