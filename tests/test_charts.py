"""The report's charts put each number where its axis says (pnp.render.charts), in points."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from reportlab.graphics.shapes import Group, Line, Rect, String

from pnp.render.chartkit import FLAG, SERIES, nice_ticks, tick_label
from pnp.render.charts import Histogram, Row, RowChart, Side, draw_chart


def shapes(node: Any) -> Iterator[Any]:
    """Every shape under ``node``, groups opened."""
    for child in getattr(node, "contents", []):
        if isinstance(child, Group):
            yield from shapes(child)
        else:
            yield child


def bars(drawing: Any, fill: Any) -> list[Rect]:
    return [s for s in shapes(drawing) if isinstance(s, Rect) and s.fillColor == fill]


def test_bars_grow_from_zero_in_proportion_and_the_reference_sits_at_its_value() -> None:
    # win rates of 10 %, 20 % and 40 %: with 3 % headroom (0.412) the axis rounds up to
    # 0–50 % in steps of 10 %; widths go 1 : 2 : 4
    chart = RowChart(
        "t",
        "",
        (Row("a", (0.1,)), Row("b", (0.2,)), Row("c", (0.4,), flagged=True)),
        unit="share",
        reference=0.25,
        reference_label="even",
    )
    d = draw_chart(chart, 400)
    plain, flagged = bars(d, SERIES[0]), bars(d, FLAG)
    assert len(plain) == 2 and len(flagged) == 1
    a, b, c = sorted([*plain, *flagged], key=lambda r: r.width)
    assert a.x == b.x == c.x  # all from zero
    assert b.width == pytest.approx(2 * a.width) and c.width == pytest.approx(4 * a.width)
    assert flagged[0].strokeColor is not None  # outlined: tells in greyscale
    ticks = [s.text for s in shapes(d) if isinstance(s, String) and s.text.endswith(" %")]
    assert ticks == ["0 %", "10 %", "20 %", "30 %", "40 %", "50 %"]
    # the dashed reference at 25 %: halfway along the 0–50 % axis
    dashed = [s for s in shapes(d) if isinstance(s, Line) and s.strokeDashArray]
    plot = a.width / 0.1 * 0.5  # points for 0–50 %
    assert any(line.x1 == pytest.approx(a.x + plot / 2) for line in dashed)


def test_a_histogram_bar_is_as_tall_as_its_count() -> None:
    # 5 rounds: 10 games, 6 rounds: 30, 8 rounds: 20 (7 counts zero, drawn as no bar)
    d = draw_chart(Histogram("t", "", ((5, 10), (6, 30), (8, 20)), "rounds"), 300)
    heights = [r.height for r in bars(d, SERIES[0])]
    assert len(heights) == 4  # 5, 6, 7, 8
    assert heights[0] * 3 == pytest.approx(heights[1])
    assert heights[2] == 0 and heights[3] * 1.5 == pytest.approx(heights[1])
    labels = {s.text for s in shapes(d) if isinstance(s, String)}
    assert {"5", "6", "7", "8", "10", "30", "20", "rounds"} <= labels


def test_charts_side_by_side_line_up_their_plots() -> None:
    short = Histogram("a", "one line", ((1, 5),), "x")
    long = Histogram("b", "a caption long enough to need two lines " * 3, ((1, 5),), "x")
    d = draw_chart(Side((short, long)), 400)
    left, right = (r for r in bars(d, SERIES[0]))
    assert left.y == pytest.approx(right.y)  # same baseline despite the longer caption


def test_ticks_are_round_and_cover_the_range() -> None:
    assert nice_ticks(0, 0.41) == [0, 0.1, 0.2, 0.3, 0.4, 0.5]
    # a range of 0.149 in about 5 steps: 0.0298 a step, rounded up to 0.05 (1, 2, 2.5, 5, 10)
    assert nice_ticks(-0.074, 0.075) == [-0.1, -0.05, 0, 0.05, 0.1]
    assert nice_ticks(3, 3) == [3, 3.2, 3.4, 3.6, 3.8, 4]
    assert (tick_label(-0.05, "change"), tick_label(0.05, "change")) == ("−5 %", "+5 %")
    assert tick_label(-2, "number") == "−2"


def test_a_flagged_label_as_wide_as_its_column_is_not_cut() -> None:
    # the label column is the widest label plus a margin; "rounds" in bold measured a
    # rounding wider than that column less the margin and was drawn as "roun…"
    chart = RowChart("t", "", (Row("rounds", (-0.5,), (-0.7, -0.3), flagged=True),), dots=True)
    texts = [s.text for s in shapes(draw_chart(chart, 400)) if isinstance(s, String)]
    assert "rounds" in texts and not any(t.endswith("…") for t in texts)
