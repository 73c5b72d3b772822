"""Break text into lines and shrink it until it fits its box."""

from __future__ import annotations

from pathlib import Path

from pnp._errors import LayoutError, Location
from pnp.fonts import FontMetrics, load_font
from pnp.layout.ops import TextBlock

PT_TO_MM = 25.4 / 72.0


def wrap(text: str, font: FontMetrics, size: float, width_pt: float) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than the box."""
    lines: list[str] = []
    space = font.width(" ", size)
    for paragraph in text.split("\n"):
        line: list[str] = []
        used = 0.0
        for word in paragraph.split():
            w = font.width(word, size)
            if w > width_pt:
                return None
            if line and used + space + w > width_pt:
                lines.append(" ".join(line))
                line, used = [word], w
            else:
                used = used + space + w if line else w
                line.append(word)
        lines.append(" ".join(line))
    return lines


def fit_text(
    text: str,
    font: FontMetrics,
    size: float,
    min_size: float,
    leading: float,
    width_mm: float,
    height_mm: float,
) -> tuple[float, list[str]] | None:
    """Largest size from ``size`` down to ``min_size`` (half-point steps) at which it fits."""
    width_pt, height_pt = width_mm / PT_TO_MM, height_mm / PT_TO_MM
    s = size
    while s >= min_size - 1e-9:
        lines = wrap(text, font, s, width_pt)
        if lines is not None and _height(len(lines), s, leading, font) <= height_pt + 1e-6:
            return s, lines
        s -= 0.5
    return None


def _height(n: int, size: float, leading: float, font: FontMetrics) -> float:
    return (font.ascent + font.descent) * size + (n - 1) * size * leading


def set_text(
    text: str,
    font_name: str,
    size: float,
    min_size: float,
    leading: float,
    box: tuple[float, float, float, float],
    align: str = "left",
    valign: str = "top",
    colour: str = "#000000",
    rotate: int = 0,
    who: str = "text",
    where: Location | None = None,
    font_dir: Path | None = None,
) -> TextBlock:
    """Fit ``text`` in ``box`` (x, y, w, h in mm from the top-left) and place its lines.

    Every character must exist in the font and the text must fit at ``min_size`` or
    larger; otherwise a LayoutError names ``who``.
    """
    font = load_font(font_name, font_dir)
    missing = font.missing(text)
    if missing:
        chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
        raise LayoutError(f"{who} uses {chars}, not in font {font_name}", where)
    x, y, bw, bh = box
    fitted = fit_text(text, font, size, min_size, leading, bw, bh)
    if fitted is None:
        raise LayoutError(
            f"{who} does not fit its {bw:g}×{bh:g} mm box even at {min_size:g} pt: {text!r}", where
        )
    size, lines = fitted
    step = size * leading * PT_TO_MM
    block_h = (font.ascent + font.descent) * size * PT_TO_MM + step * (len(lines) - 1)
    top = {"top": y, "middle": y + (bh - block_h) / 2, "bottom": y + bh - block_h}[valign]
    first = top + font.ascent * size * PT_TO_MM
    placed = []
    for i, line in enumerate(lines):
        lw = font.width(line, size) * PT_TO_MM
        lx = {"left": x, "center": x + (bw - lw) / 2, "right": x + bw - lw}[align]
        placed.append((lx, first + i * step, line))
    return TextBlock(font_name, size, colour, tuple(placed), rotate, (x + bw / 2, y + bh / 2))
