"""Font metrics and glyph coverage from the TrueType files in ``fonts/`` (via fontTools).

Layout measures text with these metrics; render embeds the same files, so what is
measured is what prints.  A font is named by its file stem (``Lato-Bold``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont

from pnp._errors import LayoutError
from pnp.paths import fonts_root

logging.getLogger("fontTools").setLevel(logging.ERROR)


@dataclass(frozen=True, slots=True)
class FontMetrics:
    name: str
    path: Path
    advances: dict[int, float]
    """Advance width per code point, in em (1.0 = font size)."""
    ascent: float
    descent: float

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` points, in points."""
        adv = self.advances
        return sum(adv.get(ord(ch), 0.5) for ch in text) * size

    def missing(self, text: str) -> list[str]:
        adv = self.advances
        return sorted({ch for ch in text if ord(ch) not in adv and not ch.isspace()})


def font_dirs(extra: Path | None = None) -> list[Path]:
    return [p for p in (extra, fonts_root()) if p is not None]


@cache
def load_font(name: str, extra_dir: Path | None = None) -> FontMetrics:
    for folder in font_dirs(extra_dir):
        path = folder / f"{name}.ttf"
        if path.is_file():
            return _read(name, path)
    found = sorted(p.stem for d in font_dirs(extra_dir) if d.is_dir() for p in d.glob("*.ttf"))
    raise LayoutError(f"font {name!r} not found (fonts: {', '.join(found)})")


def _read(name: str, path: Path) -> FontMetrics:
    tt = TTFont(str(path), lazy=True)
    upm = tt["head"].unitsPerEm
    hmtx = tt["hmtx"].metrics
    cmap = tt.getBestCmap()
    advances = {cp: hmtx[glyph][0] / upm for cp, glyph in cmap.items()}
    hhea = tt["hhea"]
    return FontMetrics(name, path, advances, hhea.ascent / upm, -hhea.descent / upm)
