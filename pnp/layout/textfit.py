"""Break text into lines and shrink it until it fits its box."""

from __future__ import annotations

from pnp.fonts import FontMetrics

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
