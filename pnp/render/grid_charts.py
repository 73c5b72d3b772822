"""Charts of a grid of runs (`pnp sweep`), drawn like pnp.render.charts, from plain data:

- :class:`HeatMap`: a figure per cell of rows × columns (settings × player counts), each
  cell shaded from light (the lowest figure shown) to dark (the highest), its figure
  written in it; a marked cell has a thick dark frame and bold figures, which a
  greyscale print keeps;
- :class:`LineChart`: a figure with its interval along one dimension (a value swept, or
  the player counts), a point per step joined by a line; a marked point is a square.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.graphics.shapes import Circle, Group, Line, PolyLine, Rect
from reportlab.lib.colors import Color, white
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.render.chartkit import (
    BOLD,
    FLAG,
    FONT,
    GRID,
    INK,
    MUTED,
    SERIES,
    SMALL_PT,
    TEXT_PT,
    Top,
    Unit,
    fit,
    legend,
    nice_ticks,
    text_shape,
    tick_label,
)

CELL_PT = 18.0
"""Height of a heat map's row."""
PLOT_PT = 110.0
"""Height of a line chart's plot area (39 mm)."""


@dataclass(frozen=True)
class HeatMap:
    title: str
    caption: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    values: tuple[tuple[float | None, ...], ...]
    """Per row, per column: the figure that shades the cell (None: a cell not played)."""
    notes: tuple[tuple[str, ...], ...]
    """The figures written in each cell."""
    flagged: tuple[tuple[bool, ...], ...]
    row_title: str = ""
    column_title: str = ""


@dataclass(frozen=True)
class LineChart:
    title: str
    caption: str
    steps: tuple[str, ...]
    """The labels along the horizontal axis, in order."""
    points: tuple[tuple[float, float, float] | None, ...]
    """Per step: the figure and its interval (low, high); None where nothing was played."""
    flagged: tuple[bool, ...]
    step_title: str = ""
    unit: Unit = "number"
    reference: float | None = None
    reference_label: str = ""


LIGHTEST = 0.12
"""The share of the dark colour in the lightest cell: a tint, so it shows on white."""


def shade(t: float) -> Color:
    """A light tint at 0 to the first series' colour at 1."""
    dark = SERIES[0]
    t = LIGHTEST + (1 - LIGHTEST) * min(max(t, 0.0), 1.0)
    return Color(*(1 - t * (1 - c) for c in (dark.red, dark.green, dark.blue)))


def heat_map(top: Top, chart: HeatMap) -> None:
    shown = [v for row in chart.values for v in row if v is not None]
    lo, hi = min(shown, default=0.0), max(shown, default=1.0)
    entries: list[tuple[str, str | Color]] = [(f"lightest {_figure(lo)}", shade(0.0))]
    entries += [(f"darkest {_figure(hi)}", shade(1.0))]
    if any(f for row in chart.flagged for f in row):
        entries.append(("look: outside its band", FLAG))
    legend(top, entries)
    widest = max((stringWidth(r, FONT, TEXT_PT) for r in chart.rows), default=0)
    titled = stringWidth(chart.row_title, FONT, SMALL_PT)  # the column of labels names its param
    label_w = min(max(widest, titled) + 8, 0.4 * top.width)
    each = (top.width - label_w) / max(1, len(chart.columns))
    if chart.column_title:
        top.text(
            label_w + (top.width - label_w) / 2 - _half(chart.column_title), chart.column_title
        )
        top.y -= TEXT_PT + 3
    if chart.row_title:
        top.text(0, fit(chart.row_title, label_w - 8, FONT, SMALL_PT), SMALL_PT, color=MUTED)
    for k, name in enumerate(chart.columns):
        x = label_w + (k + 0.5) * each
        top.group.add(
            text_shape(x, top.y - TEXT_PT, fit(name, each - 4), TEXT_PT, BOLD, INK, "middle")
        )
    top.y -= TEXT_PT + 4
    frames = Group()
    for row, values, notes, flags in zip(
        chart.rows, chart.values, chart.notes, chart.flagged, strict=True
    ):
        y = top.y - CELL_PT
        top.group.add(text_shape(0, y + CELL_PT / 2 - 2.8, fit(row, label_w - 8), TEXT_PT))
        for k, (value, note, flagged) in enumerate(zip(values, notes, flags, strict=True)):
            x = label_w + k * each
            t = 0.5 if hi == lo else ((value or lo) - lo) / (hi - lo)
            fill = shade(t) if value is not None else white
            top.group.add(
                Rect(x, y, each, CELL_PT, fillColor=fill, strokeColor=white, strokeWidth=1)
            )
            ink = white if t > 0.55 and value is not None else INK
            font = BOLD if flagged else FONT
            middle = y + CELL_PT / 2 - 2.8
            top.group.add(
                text_shape(
                    x + each / 2, middle, fit(note, each - 6, font), TEXT_PT, font, ink, "middle"
                )
            )
            if flagged:
                frames.add(
                    Rect(
                        x + 1.2,
                        y + 1.2,
                        each - 2.4,
                        CELL_PT - 2.4,
                        fillColor=None,
                        strokeColor=FLAG,
                        strokeWidth=2.2,
                    )
                )
        top.y -= CELL_PT
    top.group.add(frames)
    top.y -= 6


def line_chart(top: Top, chart: LineChart) -> None:
    entries: list[tuple[str, str | Color]] = []
    entries += [(chart.reference_label, "reference")] if chart.reference_label else []
    if any(chart.flagged):
        entries.append(("look: outside its band", FLAG))
    legend(top, entries)
    played = [p for p in chart.points if p is not None]
    values = [v for p in played for v in p] + (
        [chart.reference] if chart.reference is not None else []
    )
    ticks = nice_ticks(min(values, default=0.0), max(values, default=1.0), 4)
    lo, hi = ticks[0], ticks[-1]
    axis_w = max(stringWidth(tick_label(t, chart.unit), FONT, SMALL_PT) for t in ticks) + 6
    x0, x1 = axis_w, top.width - 4
    slot = (x1 - x0) / max(1, len(chart.steps))
    base = top.y - PLOT_PT

    def y_of(v: float) -> float:
        return base + (v - lo) / (hi - lo) * (PLOT_PT - 6)

    for t in ticks:
        y = y_of(t)
        top.group.add(Line(x0, y, x1, y, strokeColor=GRID, strokeWidth=0.4))
        top.group.add(
            text_shape(x0 - 4, y - 2.5, tick_label(t, chart.unit), SMALL_PT, anchor="end")
        )
    if chart.reference is not None:
        y = y_of(chart.reference)
        top.group.add(Line(x0, y, x1, y, strokeColor=INK, strokeWidth=0.7, strokeDashArray=(2, 2)))
    marks, path = Group(), []
    every = max(1, round(40 / slot)) if slot < 40 else 1
    for i, (step, point, flagged) in enumerate(
        zip(chart.steps, chart.points, chart.flagged, strict=True)
    ):
        x = x0 + (i + 0.5) * slot
        if i % every == 0:
            label = fit(step, slot * every - 4, FONT, SMALL_PT)
            top.group.add(text_shape(x, base - SMALL_PT - 3, label, SMALL_PT, anchor="middle"))
        if point is None:
            continue
        value, low, high = point
        _vertical_whisker(marks, x, y_of(low), y_of(high))
        path += [x, y_of(value)]
        if flagged:
            marks.add(
                Rect(
                    x - 3.2,
                    y_of(value) - 3.2,
                    6.4,
                    6.4,
                    fillColor=FLAG,
                    strokeColor=INK,
                    strokeWidth=0.5,
                )
            )
        else:
            marks.add(Circle(x, y_of(value), 2.6, fillColor=SERIES[0], strokeColor=None))
    if len(path) >= 4:
        top.group.add(PolyLine(path, strokeColor=SERIES[0], strokeWidth=1.2))
    top.group.add(marks)
    top.group.add(Line(x0, base, x1, base, strokeColor=INK, strokeWidth=0.6))
    top.y = base - SMALL_PT - 6
    if chart.step_title:
        middle = (x0 + x1) / 2
        top.group.add(
            text_shape(
                middle, top.y - SMALL_PT, chart.step_title, SMALL_PT, color=MUTED, anchor="middle"
            )
        )
        top.y -= SMALL_PT + 4


def _vertical_whisker(shapes: Group, x: float, y0: float, y1: float) -> None:
    shapes.add(Line(x, y0, x, y1, strokeColor=INK, strokeWidth=0.8))
    for y in (y0, y1):
        shapes.add(Line(x - 2.5, y, x + 2.5, y, strokeColor=INK, strokeWidth=0.8))


def _half(text: str) -> float:
    return stringWidth(text, FONT, TEXT_PT) / 2


def _figure(value: float) -> str:
    return f"{value:,.3g}".replace("-", "−")


__all__ = ["HeatMap", "LineChart", "heat_map", "line_chart", "shade"]
