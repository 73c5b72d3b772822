"""What every chart of pnp.render.charts is drawn with: ink, type, axes, legends, and
shapes laid from the top of a drawing down."""

from __future__ import annotations

import math
from typing import Literal

from reportlab.graphics.shapes import Drawing, Group, Line, Rect, String
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

FONT, BOLD = "Lato-Regular", "Lato-Bold"
TEXT_PT, SMALL_PT, TITLE_PT = 8.0, 7.0, 10.5
INK, MUTED, GRID = HexColor("#1a1a1a"), HexColor("#5c5c5c"), HexColor("#cfcfcf")
ZEBRA = HexColor("#f2f2f2")
SERIES = (HexColor("#4a6fa5"), HexColor("#b8c9e2"))
"""Bar fills of the first and second series: dark and light in greyscale too."""
FLAG = HexColor("#b3261e")
"""Highlighted rows (flagged cards, short components): darker than the light grey."""
Unit = Literal["share", "number", "change"]
"""Axis labels: a share in per cent, a plain number, or a signed share (a difference)."""


class Top:
    """Shapes laid from the top down; the drawing is made once its height is known."""

    def __init__(self, width: float) -> None:
        self.width, self.y, self.group = width, 0.0, Group()

    def text(
        self, x: float, text: str, size: float = TEXT_PT, font: str = FONT, color: Color = INK
    ) -> None:
        self.group.add(text_shape(x, self.y - size, text, size, font, color))

    def heading(self, title: str, caption: str, lines: int = 0) -> None:
        self.text(0, title, TITLE_PT, font=BOLD)
        self.y -= TITLE_PT + 5
        said = caption_lines(caption, self.width)
        for line in said:
            self.text(0, line, color=MUTED)
            self.y -= TEXT_PT + 2.5
        self.y -= 4 + max(0, lines - len(said)) * (TEXT_PT + 2.5)

    def drawing(self) -> Drawing:
        height = -self.y
        d = Drawing(self.width, height)
        self.group.translate(0, height)
        d.add(self.group)
        return d


def text_shape(
    x: float,
    y: float,
    text: str,
    size: float,
    font: str = FONT,
    color: Color = INK,
    anchor: str = "start",
) -> String:
    return String(x, y, text, fontName=font, fontSize=size, fillColor=color, textAnchor=anchor)


def fit(text: str, width: float, font: str = FONT, size: float = TEXT_PT) -> str:
    """``text`` cut with an ellipsis to ``width`` points."""
    # a width measured, then moved by a margin and back ((w + 8) - 8), may come back a
    # rounding below w: "rounds" in bold, 24.66 pt, was cut to "roun…"
    if stringWidth(text, font, size) <= width + 1e-6:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high], about ``count`` of them."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(k * power for k in (1, 2, 2.5, 5, 10) if k * power >= raw)
    first = math.floor(low / step + 1e-9) * step
    last = math.ceil(high / step - 1e-9) * step
    n = round((last - first) / step)
    return [round(first + i * step, 10) for i in range(n + 1)]


def tick_label(value: float, unit: Unit) -> str:
    """``12``, ``20 %`` or ``+5 %``, with a true minus sign."""
    if unit == "number":
        return f"{value:,.10g}".replace("-", "−")
    sign = "+" if unit == "change" and value > 0 else ""
    return f"{sign}{value * 100:.10g} %".replace("-", "−")


def legend(top: Top, entries: list[tuple[str, str | Color]]) -> None:
    """One line of swatches: a series' colour, ``"mark"`` or ``"reference"`` (dashed)."""
    if not entries:
        return
    x, mid = 0.0, top.y - SMALL_PT / 2 - 1
    for name, key in entries:
        if key == "mark":
            top.group.add(Line(x + 4, mid - 4, x + 4, mid + 4, strokeColor=INK, strokeWidth=1.6))
        elif key == "reference":
            top.group.add(dashed(x + 4, mid - 4, mid + 4))
        else:
            top.group.add(Rect(x, mid - 3.5, 9, 7, fillColor=key, strokeColor=None))
        top.group.add(text_shape(x + 12, mid - SMALL_PT / 2 + 1, name, SMALL_PT))
        x += 12 + stringWidth(name, FONT, SMALL_PT) + 14
    top.y -= SMALL_PT + 7


def columns(labels: list[str], notes: list[str], width: float) -> tuple[float, float]:
    """Left and right ends of the plot between the labels and the notes."""
    left = min(max((stringWidth(t, BOLD, TEXT_PT) for t in labels), default=0) + 8, 0.34 * width)
    right = min(max((stringWidth(t, BOLD, TEXT_PT) for t in notes), default=0) + 8, 0.34 * width)
    return left, width - right


def axis(top: Top, x0: float, x1: float, y0: float, ticks: list[float], unit: Unit) -> None:
    """Grid lines from the axis up to ``y0``, and the tick labels under the axis."""
    lo, hi = ticks[0], ticks[-1]
    for t in ticks:
        x = x0 + (t - lo) / (hi - lo) * (x1 - x0)
        top.group.add(Line(x, top.y, x, y0, strokeColor=GRID, strokeWidth=0.4))
        top.group.add(
            text_shape(x, top.y - SMALL_PT - 3, tick_label(t, unit), SMALL_PT, anchor="middle")
        )
    top.group.add(Line(x0, top.y, x1, top.y, strokeColor=INK, strokeWidth=0.6))
    top.y -= SMALL_PT + 6


def dashed(x: float, y0: float, y1: float) -> Line:
    return Line(x, y0, x, y1, strokeColor=INK, strokeWidth=0.7, strokeDashArray=(2, 2))


def whisker(shapes: Group, x0: float, x1: float, y: float, cap: float, width: float) -> None:
    shapes.add(Line(x0, y, x1, y, strokeColor=INK, strokeWidth=width))
    for x in (x0, x1):
        shapes.add(Line(x, y - cap, x, y + cap, strokeColor=INK, strokeWidth=width))


def caption_lines(caption: str, width: float) -> list[str]:
    return simpleSplit(caption, FONT, TEXT_PT, width) if caption else []
