"""Charts as plain data, drawn with reportlab's graphics shapes (no plotting library).

pnp.sim decides what a chart shows — its rows, intervals, captions and the figures
written beside each row — and this module only draws it, at a width it is given:

- :class:`RowChart`: one row per seat, card or component; a bar per series, or a dot
  (a forest plot) with its interval; a reference line (an even share, no difference) and
  a mark per row (the printed count) as needed;
- :class:`Histogram`: how many games took each whole value (rounds, lead changes);
- :class:`Boxes`: a box plot per row (minimum, quartiles, maximum);
- :class:`Side`: charts side by side.

The ink is black, two greys of the series colour and one highlight darker than the light
grey; a highlighted row also has a bold label and a square marker, so a greyscale print
tells it apart without the colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect
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
    ZEBRA,
    Top,
    Unit,
    axis,
    caption_lines,
    columns,
    dashed,
    fit,
    legend,
    nice_ticks,
    text_shape,
    whisker,
)
from pnp.render.grid_charts import HeatMap, LineChart, heat_map, line_chart
from pnp.render.pdf import ensure_font


@dataclass(frozen=True)
class Row:
    label: str
    values: tuple[float, ...]
    """One per series: the bar's length, or the dot's place in a forest plot."""
    interval: tuple[float, float] | None = None
    """An interval around the first value (95 %, say)."""
    mark: float | None = None
    """A value marked across the row (the printed count beside the peak needed)."""
    flagged: bool = False
    note: str = ""
    """The figures written at the row's right end."""


@dataclass(frozen=True)
class RowChart:
    title: str
    caption: str
    rows: tuple[Row, ...]
    dots: bool = False
    """A forest plot: a dot and its interval per row, no bar."""
    unit: Unit = "number"
    reference: float | None = None
    reference_label: str = ""
    series: tuple[str, ...] = ()
    """Legend names of the values of each row, when there are two."""
    mark_label: str = ""
    span: tuple[float, float] | None = None
    """The axis's range; from the data when None (kept when a long chart is split)."""

    def split(self, rows: int) -> tuple[RowChart, RowChart]:
        """The first ``rows`` rows, and the rest continued under the same axis."""
        fixed = replace(self, span=self.span or _span(self))
        return replace(fixed, rows=self.rows[:rows]), replace(
            fixed, title=f"{self.title} (continued)", caption="", rows=self.rows[rows:]
        )


@dataclass(frozen=True)
class Histogram:
    title: str
    caption: str
    counts: tuple[tuple[int, int], ...]
    """(value, games) pairs, values ascending; values between them count zero."""
    x_label: str
    reference: float | None = None
    reference_label: str = ""


@dataclass(frozen=True)
class Boxes:
    title: str
    caption: str
    rows: tuple[tuple[str, tuple[float, ...], str], ...]
    """Per row: its label, its five numbers (minimum, lower quartile, median, upper
    quartile, maximum) and the note written at its right end."""


@dataclass(frozen=True)
class Side:
    charts: tuple[RowChart | Histogram | Boxes | HeatMap | LineChart, ...]


Chart = RowChart | Histogram | Boxes | Side | HeatMap | LineChart
GAP_PT = 14.0
"""Between charts set side by side."""
PLOT_PT = 100.0
"""Height of a histogram's plot area (35 mm)."""
SLOT_PT = 36.0
"""Widest slot of one bar of a histogram (13 mm): one or two values make no wall."""


def draw_chart(chart: Chart, width: float, least_lines: int = 0) -> Drawing:
    """The chart as a reportlab Drawing ``width`` points wide, as tall as it needs (its
    caption given room for at least ``least_lines``, to line up charts side by side)."""
    ensure_font(FONT)
    ensure_font(BOLD)
    if isinstance(chart, Side):
        return _side(chart, width)
    top = Top(width)
    top.heading(chart.title, chart.caption, least_lines)
    if isinstance(chart, RowChart):
        _rows(top, chart)
    elif isinstance(chart, Histogram):
        _histogram(top, chart)
    elif isinstance(chart, HeatMap):
        heat_map(top, chart)
    elif isinstance(chart, LineChart):
        line_chart(top, chart)
    else:
        _boxes(top, chart)
    return top.drawing()


def row_height(chart: RowChart) -> float:
    """Height of one row: room for a bar per series, or for a dot."""
    return 13.0 if len(chart.series) < 2 else 7.0 * len(chart.series) + 5.0


def rows_fitting(chart: RowChart, width: float, height: float) -> int:
    """How many of the chart's rows fit in ``height`` points (headings and axis included)."""
    empty = draw_chart(replace(chart, rows=chart.rows[:1]), width).height
    return max(0, int((height - empty) // row_height(chart)) + 1)


def _span(chart: RowChart) -> tuple[float, float]:
    values = [v for row in chart.rows for v in row.values]
    values += [v for row in chart.rows if row.interval for v in row.interval]
    values += [row.mark for row in chart.rows if row.mark is not None]
    values += [chart.reference] if chart.reference is not None else []
    values += [] if chart.dots else [0.0]
    low, high = min(values, default=0.0), max(values, default=1.0)
    pad = (high - low) * 0.03  # a bar or mark at the axis's end would touch the notes
    ticks = nice_ticks(low - pad if low < 0 else low, high + pad if high > 0 else high)
    return ticks[0], ticks[-1]


def _row_legend(chart: RowChart) -> list[tuple[str, str | Color]]:
    entries: list[tuple[str, str | Color]] = [(n, SERIES[i]) for i, n in enumerate(chart.series)]
    entries += [(chart.mark_label, "mark")] if chart.mark_label else []
    return entries + ([(chart.reference_label, "reference")] if chart.reference_label else [])


def _rows(top: Top, chart: RowChart) -> None:
    legend(top, _row_legend(chart))
    lo, hi = chart.span or _span(chart)
    ticks = nice_ticks(lo, hi) if chart.span is None else [lo, *_inner(lo, hi), hi]
    lo, hi = ticks[0], ticks[-1]
    x0, x1 = columns([r.label for r in chart.rows], [r.note for r in chart.rows], top.width)

    def at(v: float) -> float:
        return x0 + (min(max(v, lo), hi) - lo) / (hi - lo) * (x1 - x0)

    rh, first = row_height(chart), top.y
    shapes = Group()
    for i, row in enumerate(chart.rows):
        y, mid = top.y - rh, top.y - rh / 2
        if i % 2 == 0:
            top.group.add(Rect(0, y, top.width, rh, fillColor=ZEBRA, strokeColor=None))
        font, colour = (BOLD, FLAG) if row.flagged else (FONT, INK)
        label = fit(row.label, x0 - 8, font)
        shapes.add(text_shape(0, mid - 2.8, label, TEXT_PT, font=font, color=colour))
        shapes.add(text_shape(top.width, mid - 2.8, row.note, TEXT_PT, font=font, anchor="end"))
        _row_marks(shapes, chart, row, at, y, mid, rh)
        top.y -= rh
    if chart.reference is not None and lo <= chart.reference <= hi:
        x = at(chart.reference)
        shapes.add(dashed(x, first, top.y))
    axis(top, x0, x1, first, ticks, chart.unit)
    top.group.add(shapes)


def _inner(lo: float, hi: float) -> list[float]:
    return [t for t in nice_ticks(lo, hi) if lo < t < hi]


def _row_marks(
    shapes: Group,
    chart: RowChart,
    row: Row,
    x_of: Callable[[float], float],
    y: float,
    mid: float,
    rh: float,
) -> None:
    """The bars or the dot, the interval and the mark of one row."""
    if chart.dots:
        if row.interval:
            whisker(shapes, x_of(row.interval[0]), x_of(row.interval[1]), mid, 3.0, 0.9)
        x = x_of(row.values[0])
        if row.flagged:
            shapes.add(Rect(x - 3, mid - 3, 6, 6, fillColor=FLAG, strokeColor=INK, strokeWidth=0.5))
        else:
            shapes.add(Circle(x, mid, 2.4, fillColor=MUTED, strokeColor=None))
    else:
        n = len(row.values)
        bar = (rh - 5) / n
        base = x_of(0.0)
        for k, v in enumerate(row.values):
            marked = row.flagged and k == n - 1  # outlined too, for a greyscale print
            left, low = min(base, x_of(v)), mid + (rh - 5) / 2 - (k + 1) * bar
            fill, edge = (FLAG, INK) if marked else (SERIES[min(k, 1)], None)
            width = abs(x_of(v) - base)
            shapes.add(Rect(left, low, width, bar, fillColor=fill, strokeColor=edge, strokeWidth=1))
        if row.interval:
            whisker(shapes, x_of(row.interval[0]), x_of(row.interval[1]), mid, 2.5, 0.8)
    if row.mark is not None:
        x = x_of(row.mark)
        shapes.add(Line(x, y + 1.5, x, y + rh - 1.5, strokeColor=INK, strokeWidth=1.6))


def _histogram(top: Top, chart: Histogram) -> None:
    counts = dict(chart.counts)
    if not counts:
        top.text(0, "no games to show", color=MUTED)
        top.y -= TEXT_PT + 4
        return
    values = list(range(min(counts), max(counts) + 1))
    reference: list[tuple[str, str | Color]] = [(chart.reference_label, "reference")]
    legend(top, reference if chart.reference is not None else [])
    top.text(0, "games", SMALL_PT, color=MUTED)
    top.y -= SMALL_PT + 4
    ticks = nice_ticks(0, max(counts.values()), 4)
    axis_w = max(stringWidth(f"{t:,.10g}", FONT, SMALL_PT) for t in ticks) + 6
    x0, x1 = axis_w, top.width
    slot = min((x1 - x0) / len(values), SLOT_PT)
    start = x0 + ((x1 - x0) - slot * len(values)) / 2  # a few wide bars stay centred
    base, height = top.y - PLOT_PT, PLOT_PT - 10  # room over the tallest bar for its count
    every = max(1, math.ceil(16 / slot))  # ~16 pt per value written under the axis
    counts_on_top = Group()
    for t in ticks:
        y = base + t / ticks[-1] * height
        top.group.add(Line(x0, y, x1, y, strokeColor=GRID, strokeWidth=0.4))
        top.group.add(text_shape(x0 - 4, y - 2.5, f"{t:,.10g}", SMALL_PT, anchor="end"))
    for i, v in enumerate(values):
        n = counts.get(v, 0)
        h, x = n / ticks[-1] * height, start + i * slot
        bar = Rect(x + slot * 0.12, base, slot * 0.76, h, fillColor=SERIES[0], strokeColor=None)
        top.group.add(bar)
        if n and slot >= 14:  # on a white patch: the mean's dashed line may cross here
            text = f"{n:,}"
            w = stringWidth(text, FONT, SMALL_PT) + 2
            left, y = x + (slot - w) / 2, base + h + 1
            counts_on_top.add(Rect(left, y, w, SMALL_PT, fillColor=white, strokeColor=None))
            counts_on_top.add(text_shape(left + w / 2, y + 1, text, SMALL_PT, anchor="middle"))
        if i % every == 0:
            label = text_shape(x + slot / 2, base - SMALL_PT - 3, str(v), SMALL_PT, anchor="middle")
            top.group.add(label)
    top.group.add(Line(x0, base, x1, base, strokeColor=INK, strokeWidth=0.6))
    if chart.reference is not None:
        x = start + (chart.reference - values[0] + 0.5) * slot
        top.group.add(dashed(x, base, base + height + 8))
    top.group.add(counts_on_top)
    top.y = base - SMALL_PT - 6
    middle = (x0 + x1) / 2
    x_name = text_shape(
        middle, top.y - SMALL_PT, chart.x_label, SMALL_PT, color=MUTED, anchor="middle"
    )
    top.group.add(x_name)
    top.y -= SMALL_PT + 4


def _boxes(top: Top, chart: Boxes) -> None:
    numbers = [v for _, five, _ in chart.rows for v in five]
    ticks = nice_ticks(min(numbers, default=0.0), max(numbers, default=1.0))
    lo, hi = ticks[0], ticks[-1]
    x0, x1 = columns([r[0] for r in chart.rows], [r[2] for r in chart.rows], top.width)

    def at(v: float) -> float:
        return x0 + (v - lo) / (hi - lo) * (x1 - x0)

    first, rh = top.y, 13.0
    shapes = Group()
    for i, (label, five, note) in enumerate(chart.rows):
        y, mid = top.y - rh, top.y - rh / 2
        if i % 2 == 0:
            top.group.add(Rect(0, y, top.width, rh, fillColor=ZEBRA, strokeColor=None))
        shapes.add(text_shape(0, mid - 2.8, fit(label, x0 - 8), TEXT_PT))
        shapes.add(text_shape(top.width, mid - 2.8, note, TEXT_PT, anchor="end"))
        low, q1, median, q3, high = five
        whisker(shapes, at(low), at(high), mid, 2.5, 0.7)
        shapes.add(
            Rect(
                at(q1),
                mid - 4,
                max(at(q3) - at(q1), 0.5),
                8,
                fillColor=SERIES[1],
                strokeColor=INK,
                strokeWidth=0.6,
            )
        )
        shapes.add(Line(at(median), mid - 4, at(median), mid + 4, strokeColor=INK, strokeWidth=1.8))
        top.y -= rh
    axis(top, x0, x1, first, ticks, "number")
    top.group.add(shapes)


def _side(chart: Side, width: float) -> Drawing:
    n = len(chart.charts)
    each = (width - GAP_PT * (n - 1)) / n
    lines = max(len(caption_lines(c.caption, each)) for c in chart.charts)
    parts = [draw_chart(c, each, lines) for c in chart.charts]
    height = max(p.height for p in parts)
    d = Drawing(width, height)
    for i, part in enumerate(parts):
        g = Group(*part.contents)
        g.translate(i * (each + GAP_PT), height - part.height)
        d.add(g)
    return d


__all__ = [
    "Boxes",
    "Chart",
    "Histogram",
    "Row",
    "RowChart",
    "Side",
    "draw_chart",
    "rows_fitting",
]
