"""`pnp sweep --report FILE`: a sweep as pages a designer can read at a glance.

The first page says what was played and the command that plays it again, the verdicts
over every cell, then the grid: with values swept at several player counts, a heat map
each of balance and length (settings down, player counts across); along one dimension
only, a line each. The next pages show every cell's balance, first-seat edge and length
with their intervals. This module only chooses what to show and writes the words beside
it; pnp.render draws it.
"""

from __future__ import annotations

from pathlib import Path

from pnp.plan.credits import credit_line
from pnp.plan.doc_text import doc_info
from pnp.render.charts import Chart, Row, RowChart, Side
from pnp.render.grid_charts import HeatMap, LineChart
from pnp.render.report_pdf import Section, SimDocument, write_sim_report
from pnp.sim.chart_report import credit_text
from pnp.sim.sweep import Cell, Sweep, balance_interval, first_seat_interval, length_interval
from pnp.sim.sweep_params import Setting, setting_label, settings_of, shown_value
from pnp.sim.verdicts import change
from pnp.spec.game import Game

HEAT_ROWS = 30
"""Settings in one heat map; more continue in another below it."""


def write_sweep_report(path: Path, sweep: Sweep, game: Game) -> int:
    """Write the sweep's report to ``path`` (atomically); its pages."""
    return write_sim_report(path, sweep_document(sweep, game))


def sweep_document(sweep: Sweep, game: Game) -> SimDocument:
    spec = game.spec
    read = (
        f"{sweep.headline()}. Fine: no sign of trouble in any cell. Look: a cell to check. "
        "Intervals are 95 %."
    )
    sections = [
        Section(
            "Summary",
            (f"Made by: {sweep.command}", read),
            tuple(sweep.verdicts()),
            tuple(overview(sweep)),
        )
    ]
    if sweep.cells:
        sections.append(Section("Every cell", charts=cell_charts(sweep.cells)))
    return SimDocument(
        info=doc_info(spec, "sweep report"),
        title=f"{spec.name} — sweep",
        credit=credit_text(game),
        footer=f"{spec.name} sweep report · {credit_line(spec)}",
        accent=spec.accent,
        sections=tuple(sections),
    )


def overview(sweep: Sweep) -> list[Chart]:
    """Heat maps for settings × player counts, else lines along the one that varies."""
    if not sweep.cells:
        return []
    settings = settings_of(sweep.params)
    found = {(c.setting, c.players): c for c in sweep.cells}
    if len(settings) > 1 and len(sweep.players) > 1:
        return [
            chart
            for start in range(0, len(settings), HEAT_ROWS)
            for chart in _heat_maps(sweep, settings[start : start + HEAT_ROWS], found, start > 0)
        ]
    if len(settings) > 1:
        steps = [(s, sweep.players[0]) for s in settings]
        one = len(sweep.params) == 1
        names = tuple(shown_value(s[0][1]) if one else setting_label(s) for s in settings)
        along = f"{' × '.join(p.path for p in sweep.params)}, at {sweep.players[0]} players"
    else:
        steps = [(settings[0], n) for n in sweep.players]
        names = tuple(str(n) for n in sweep.players)
        along = "players" + (f", with {setting_label(settings[0])}" if sweep.params else "")
    cells = [found.get(step) for step in steps]
    balance = LineChart(
        "Balance",
        "1 − the gap between the best and the worst seat's win rate, with the range the "
        "seats' intervals allow together.",
        names,
        tuple(balance_interval(c.report) if c else None for c in cells),
        tuple(bool(c and not c.balance_fine) for c in cells),
        along,
        reference=1.0,
        reference_label="even: 1",
    )
    length = LineChart(
        "Length",
        "Mean rounds of the completed games, with the 95 % interval of the mean.",
        names,
        tuple(length_interval(c.report) if c and c.report.completed else None for c in cells),
        tuple(bool(c and not c.length_fine) for c in cells),
        along,
    )
    return [Side((balance, length))]


def _heat_maps(
    sweep: Sweep, settings: list[Setting], found: dict[tuple[Setting, int], Cell], more: bool
) -> list[HeatMap]:
    one = len(sweep.params) == 1  # its values name the rows, its path heads them
    rows = tuple(shown_value(s[0][1]) if one else setting_label(s) for s in settings)
    columns = tuple(f"{n} players" for n in sweep.players)
    grid = [[found.get((s, n)) for n in sweep.players] for s in settings]
    swept = " × ".join(p.path for p in sweep.params)
    cont = " (continued)" if more else ""

    def balance_note(c: Cell) -> str:
        b, low, high = balance_interval(c.report)
        return f"{b:.2f} ({low:.2f}–{high:.2f})"

    def length_note(c: Cell) -> str:
        n, low, high = length_interval(c.report)
        return f"{n:.1f} ({low:.1f}–{high:.1f})" if c.report.completed else "none ended"

    return [
        HeatMap(
            f"Balance{cont}",
            ""
            if more
            else "1 − the gap between the best and the worst seat's win rate (1 = "
            "even), and in brackets the range the seats' intervals allow together; darker "
            "is more even. A framed cell has a seat outside chance of an even share.",
            rows,
            columns,
            tuple(tuple(c.report.balance if c else None for c in row) for row in grid),
            tuple(tuple(balance_note(c) if c else "not played" for c in row) for row in grid),
            tuple(tuple(bool(c and not c.balance_fine) for c in row) for row in grid),
            swept,
        ),
        HeatMap(
            f"Length{cont}",
            ""
            if more
            else "Mean rounds of the completed games, with its 95 % interval; "
            "darker is longer. A framed cell has games that hit the step cap.",
            rows,
            columns,
            tuple(
                tuple(c.report.length_mean if c and c.report.completed else None for c in row)
                for row in grid
            ),
            tuple(tuple(length_note(c) if c else "not played" for c in row) for row in grid),
            tuple(tuple(bool(c and not c.length_fine) for c in row) for row in grid),
            swept,
        ),
    ]


def cell_charts(cells: list[Cell]) -> tuple[RowChart, ...]:
    """Each cell's balance, first-seat edge and length, with their intervals."""
    balance, first, length = [], [], []
    for c in cells:
        b, f, n = (
            balance_interval(c.report),
            first_seat_interval(c.report),
            length_interval(c.report),
        )
        note = f"{b[0]:.3f} ({b[1]:.3f}–{b[2]:.3f})"
        balance.append(Row(c.label, (b[0],), (b[1], b[2]), flagged=not c.balance_fine, note=note))
        note = f"{change(f[0])} ({change(f[1])} to {change(f[2])})"
        first.append(Row(c.label, (f[0],), (f[1], f[2]), note=note))
        note = f"{n[0]:.2f} ({n[1]:.2f}–{n[2]:.2f})" + (
            f", {c.report.timeouts} timed out" if c.report.timeouts else ""
        )
        length.append(Row(c.label, (n[0],), (n[1], n[2]), flagged=not c.length_fine, note=note))
    return (
        RowChart(
            "Balance by cell",
            "1 − the gap between the best and the worst seat's win rate, with the range the "
            "seats' 95 % intervals, widened for the number of seats, allow together; marked "
            "where a seat's widened interval leaves out the even share.",
            tuple(balance),
            dots=True,
            span=(0.0, 1.0),
            reference=1.0,
            reference_label="even: 1",
        ),
        RowChart(
            "First-seat edge by cell",
            "Seat 1's win rate minus an even share, with its 95 % Wilson interval.",
            tuple(first),
            dots=True,
            unit="change",
            reference=0.0,
            reference_label="no edge",
        ),
        RowChart(
            "Length by cell",
            "Mean rounds of the completed games, with the 95 % interval of the mean; marked "
            "where games hit the step cap.",
            tuple(length),
            dots=True,
        ),
    )


__all__ = ["sweep_document", "write_sweep_report"]
