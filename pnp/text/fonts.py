"""Font metrics and glyph coverage from the TrueType files in ``fonts/`` (via fontTools).

Layout measures text with these metrics; render embeds the same files, so what is
measured is what prints.  A font is named by its file stem (``Lato-Bold``).
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pnp._errors import DataError, LayoutError
from pnp.spec.cache_entry import digest, finite, read_entry, write_entry
from pnp.spec.paths import file_inside, fonts_root
from pnp.text.game_assets import Brought, why

CACHE_VERSION = 2
MAX_EM = 0xFFFF / 16
"""Largest advance, ascent or descent in em: 16-bit font units over the least units per em."""
FONT_BYTES = 30_000_000
"""Largest font file read (Lato-Regular is 0.66 MB; a full CJK TrueType font about 20 MB)."""
REPORTLAB_TABLES = ("head", "hhea", "hmtx", "cmap", "maxp", "name", "OS/2", "post", "loca", "glyf")
"""Tables reportlab's TrueType reader needs (reportlab.pdfbase.ttfonts): checked here, so a
font it would refuse at build time is an error in `pnp validate`."""


class _Advances(dict[str, float]):
    def __missing__(self, ch: str) -> float:
        return 0.5


@dataclass(frozen=True, slots=True)
class FontMetrics:
    name: str
    path: Path
    advances: dict[int, float]
    """Advance width per code point, in em (1.0 = font size)."""
    ascent: float
    descent: float

    by_char: _Advances = field(init=False, repr=False, compare=False)
    """``advances`` keyed by character: text is measured often."""

    def __post_init__(self) -> None:
        by_char = _Advances((chr(k), v) for k, v in self.advances.items())
        object.__setattr__(self, "by_char", by_char)

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` points, in points (an unknown character: ½ em)."""
        return sum(map(self.by_char.__getitem__, text)) * size

    def missing(self, text: str) -> list[str]:
        adv = self.advances
        return sorted({ch for ch in text if ord(ch) not in adv and not ch.isspace()})


def font_dirs(extra: Path | None = None) -> list[Path]:
    return [p for p in (extra, fonts_root()) if p is not None]


@cache
def load_font(name: str, extra_dir: Path | None = None) -> FontMetrics:
    allowed = [d.resolve() for d in font_dirs(extra_dir) if d.is_dir()]
    what = f"font {name!r}"
    for folder in font_dirs(extra_dir):
        path = folder / f"{name}.ttf"
        real = file_inside(path, allowed, what, None)
        if real is not None:
            size = real.stat().st_size
            if not 0 < size <= FONT_BYTES:
                raise Brought(what, path).error(
                    f"is {size:,} bytes; a font file has 1 to {FONT_BYTES:,}", None
                )
            return _metrics(name, real)
    found = sorted(p.stem for d in font_dirs(extra_dir) if d.is_dir() for p in d.glob("*.ttf"))
    raise LayoutError(f"font {name!r} not found (fonts: {', '.join(found)})")


@cache
def _metrics(name: str, path: Path) -> FontMetrics:
    """Metrics of one file; parsed once, then kept in the user's cache. The entry is keyed
    by the file's bytes, not its size and time: a font replaced by one of the same size
    and date, or an entry edited by hand, never gives metrics the file does not have."""
    data = path.read_bytes()  # at most FONT_BYTES (load_font); SHA-256 is a few ms of it
    key = digest("font metrics", str(CACHE_VERSION), data)
    entry = f"{digest(str(path))[:24]}-v{CACHE_VERSION}"
    found = read_entry("fonts", entry, key, _checked)
    if found is not None:
        return FontMetrics(name, path, *found)
    metrics = _read(name, path, data)
    advances = {str(point): advance for point, advance in metrics.advances.items()}
    body = {"advances": advances, "ascent": metrics.ascent, "descent": metrics.descent}
    write_entry("fonts", entry, key, body)
    return metrics


def _checked(body: Any) -> tuple[dict[int, float], float, float] | None:
    """A cached entry's advances, ascent and descent, if each is a number in bounds."""
    if not (isinstance(body, dict) and body.keys() == {"advances", "ascent", "descent"}):
        return None
    raw, ascent, descent = body["advances"], body["ascent"], body["descent"]
    if not (finite(ascent, -MAX_EM, MAX_EM) and finite(descent, -MAX_EM, MAX_EM)):
        return None
    if not (isinstance(raw, dict) and raw):
        return None
    advances = {}
    for point, advance in raw.items():
        if not (point.isascii() and point.isdigit() and len(point) <= 7):
            return None
        if int(point) > 0x10FFFF or not finite(advance, 0.0, MAX_EM):
            return None
        advances[int(point)] = float(advance)
    return advances, float(ascent), float(descent)


def _read(name: str, path: Path, data: bytes) -> FontMetrics:
    """Parse one font, refusing what reportlab could not embed. Errors carry no location:
    the layout element that names the font adds it (pnp.layout.face)."""
    from fontTools.ttLib import TTFont  # slow to import; only needed on a cache miss

    logging.getLogger("fontTools").setLevel(logging.ERROR)
    font = Brought(f"font {name!r}", path)
    try:
        tt = TTFont(io.BytesIO(data), lazy=True)  # the bytes the cache key was made of
        missing = [tag for tag in REPORTLAB_TABLES if tag not in tt]
        if missing:
            raise font.error(
                f"lacks the table(s) {', '.join(missing)}: the PDF writer embeds "
                "TrueType outlines only (a .ttf with glyf, not CFF)",
                None,
            )
        fs_type = tt["OS/2"].fsType  # reportlab refuses these when it cannot embed whole
        if (fs_type == 0x0002 or fs_type & 0x0300) and tt["maxp"].numGlyphs > 0xFF:
            raise font.error(f"forbids subsetting (OS/2 fsType {fs_type:#06x})", None)
        upm = tt["head"].unitsPerEm
        if not 16 <= upm <= 16384:  # the OpenType spec's range for unitsPerEm
            raise font.error(f"has {upm} units per em (16 to 16384)", None)
        hmtx = tt["hmtx"].metrics
        cmap = tt.getBestCmap() or {}
        advances = {cp: hmtx[glyph][0] / upm for cp, glyph in cmap.items()}
        hhea = tt["hhea"]
        ascent, descent = hhea.ascent / upm, -hhea.descent / upm
    except DataError:
        raise
    except Exception as exc:  # noqa: BLE001 - fontTools on hostile bytes raises anything
        raise font.error(f"is not a TrueType font pnp can read ({why(exc)})", None) from None
    if not advances:
        raise font.error("maps no characters to glyphs (an empty cmap)", None)
    return FontMetrics(name, path, advances, ascent, descent)
