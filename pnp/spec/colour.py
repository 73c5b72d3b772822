"""One colour value: read once from any form a game's files may write (#rgb, #rrggbb, a
CSS colour name), and the sRGB maths everything else asks of it (WCAG luminance and
contrast, CIE lightness for greyscale, how heavily it inks, mixes and tints).

Laid-out ops carry colours as ``#rrggbb`` text; :meth:`Colour.of` reads that text back
(remembered, so a face drawn a thousand times parses its colours once)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

import webcolors

from pnp._errors import did_you_mean, shown

_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}\Z")
COLOR_NAMES = tuple(webcolors.names(webcolors.CSS3))
"""The 147 CSS colour names (CSS Color Module Level 3), as webcolors lists them."""


class Colour(NamedTuple):
    """An sRGB colour, each channel a whole number 0–255 (so ``#rrggbb`` round-trips)."""

    r: int
    g: int
    b: int

    @classmethod
    def from_text(cls, text: str) -> Colour:
        """``#rgb``, ``#rrggbb`` or a CSS colour name (any case, spaces around allowed);
        anything else is a ValueError that names the closest colour name."""
        return _read(text)

    @classmethod
    def of(cls, value: Colour | str) -> Colour:
        """``value`` itself, or the colour its text names."""
        return value if isinstance(value, Colour) else _read(value)

    @property
    def hex(self) -> str:
        """``#rrggbb`` in lowercase."""
        return f"#{self.r:02x}{self.g:02x}{self.b:02x}"

    def __str__(self) -> str:
        return self.hex

    @property
    def channels(self) -> tuple[float, float, float]:
        """Red, green and blue, 0–1."""
        return self.r / 255, self.g / 255, self.b / 255

    @property
    def luminance(self) -> float:
        """WCAG relative luminance: 0 black, 1 white."""
        r, g, b = (
            c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in self.channels
        )
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    @property
    def lightness(self) -> float:
        """CIE L* (0 black, 100 white): how light the colour prints in greyscale."""
        y = self.luminance
        return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y

    @property
    def ink(self) -> float:
        """How heavily the colour inks paper: its heaviest process ink, 1 − min(R, G, B):
        white 0, black (or full red, or full yellow) 1."""
        return 1.0 - min(self.channels)

    def contrast(self, other: Colour) -> float:
        """WCAG contrast ratio with ``other``, 1 to 21 (luminance alone, so it holds in
        greyscale too)."""
        hi, lo = sorted((self.luminance, other.luminance), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    def mix(self, other: Colour, share: float) -> Colour:
        """The colour ``share`` of the way from this one to ``other`` (0 this, 1 other)."""
        r, g, b = (round(x + (y - x) * share) for x, y in zip(self, other, strict=True))
        return Colour(r, g, b)

    def tint(self, keep: float) -> Colour:
        """Mixed with white, keeping ``keep`` of this colour."""
        r, g, b = (round((1 - keep * (1 - c)) * 255) for c in self.channels)
        return Colour(r, g, b)

    def shade(self, keep: float) -> Colour:
        """Darkened toward black, keeping ``keep`` of each channel."""
        r, g, b = (round(c * keep * 255) for c in self.channels)
        return Colour(r, g, b)


WHITE = Colour(255, 255, 255)
BLACK = Colour(0, 0, 0)


@lru_cache(maxsize=4096)
def _read(text: str) -> Colour:
    value = text.strip()
    if _HEX.match(value):
        digits = value[1:]
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        return Colour(int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
    try:
        return Colour(*webcolors.name_to_rgb(value.lower()))
    except ValueError:
        close = "" if value.startswith("#") else did_you_mean(value.lower(), COLOR_NAMES)
        hint = close.rstrip() if close else "e.g. #1f6f8b or teal"
        raise ValueError(
            f"colour {shown(text)} is not #rgb, #rrggbb or a CSS colour name ({hint})"
        ) from None


__all__ = ["BLACK", "COLOR_NAMES", "WHITE", "Colour"]
