"""`pnp simulate --report FILE.pdf`: a simulation report as charts a designer can act on.

The first page answers the designer's questions in words (:mod:`pnp.sim.verdicts`), then
come the charts: seat win rates with their intervals, game lengths, final scores, how
the lead moved, the choices the players had, component peaks against the printed
counts; a forest plot of every card's improvement when drawn; then the game-quality
measures, the rules used and the engine's own figures (:mod:`pnp.sim.quality_pages`).
With ``--compare`` a section compares the game with its expansion
(:mod:`pnp.sim.ab_pages`). This module only chooses what to show and writes the words
beside it; pnp.render.charts draws it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.plan.credits import credit_line
from pnp.plan.doc_text import doc_info
from pnp.render.charts import Boxes, Chart, Histogram, Row, RowChart, Side
from pnp.render.report_pdf import Section, SimDocument, write_sim_report
from pnp.sim.ab_pages import Comparison, comparison_section
from pnp.sim.forest import card_forest
from pnp.sim.quality_pages import measures_section, quality_section, rules_section
from pnp.sim.results import Report, mean_of
from pnp.sim.verdicts import report_verdicts, seat_intervals, seats_off, share

if TYPE_CHECKING:
    from pnp.spec.game import Game


def write_report(path: Path, run: Report | Comparison, game: Game) -> int:
    """Write the charted report of a run to ``path``; its pages. A comparison
    (``--compare``) gives its base run's charts, then the comparison's pages."""
    if isinstance(run, Report):
        return write_sim_report(path, report_document(run, game))
    return write_sim_report(path, report_document(run.base, game, run))


def report_document(
    report: Report, game: Game, comparison: Comparison | None = None
) -> SimDocument:
    """The report as words and chart data, ready to set."""
    spec = game.spec
    credit = credit_text(game)
    sections = [summary(report)]
    if report.cards:
        sections.append(
            Section("Cards", charts=(card_forest(report.cards, "Improvement when drawn"),))
        )
    sections += [
        s
        for s in (quality_section(report), rules_section(report), measures_section(report))
        if s is not None
    ]
    if comparison is not None:
        sections += comparison_section(comparison)
    return SimDocument(
        info=doc_info(spec, "simulation report"),
        title=f"{spec.name} — simulation report",
        credit=credit,
        footer=f"{spec.name} simulation report · {credit_line(spec)}",
        accent=spec.accent,
        sections=tuple(sections),
    )


def credit_text(game: Game) -> str:
    """Under a report's title: the original game's designer and copyright."""
    spec = game.spec
    return " ".join(
        f"{part.rstrip('.')}."
        for part in (
            f"Original game: {spec.credits.designer}" if spec.credits else "",
            spec.credits.copyright if spec.credits else "",
        )
        if part
    )


def run_line(r: Report) -> str:
    """What was played, in one sentence."""
    ended = f"{r.completed:,} ended by the rules" if r.timeouts else "all ended by the rules"
    return (
        f"{r.games:,} games at {r.players} players, seed {r.seed}, bots {r.mix()}; {ended}. "
        "Fine: no sign of trouble in this many games. Look: a figure to check. "
        "Intervals are 95 %."
    )


def summary(r: Report) -> Section:
    charts: list[Chart] = [win_rates(r), lengths(r)]
    if any(v not in (0.0, 1.0) for five in r.score_quantiles for v in five):
        charts.append(scores(r))  # not when the scores say no more than who won
    charts += [lead(r), options(r)]
    if r.components:
        charts.append(peaks(r))
    return Section("Summary", (run_line(r),), tuple(report_verdicts(r)), tuple(charts))


def win_rates(r: Report) -> RowChart:
    off, ci = set(seats_off(r)), seat_intervals(r)
    rows = tuple(
        Row(
            f"seat {seat + 1}",
            (rate,),
            ci[seat],
            flagged=seat in off,
            note=f"{share(rate)}  ({share(ci[seat][0])}–{share(ci[seat][1])})",
        )
        for seat, rate in enumerate(r.win_rates)
    )
    return RowChart(
        "Seat win rates",
        f"Share of the {r.completed:,} completed games each seat won (a tie splits the win), "
        f"with its 95 % Wilson interval; bots {r.mix()}. A seat is marked when its interval, "
        f"widened for {r.players} seats, leaves out the even share.",
        rows,
        unit="share",
        reference=1 / r.players,
        reference_label=f"even share {share(1 / r.players)}",
    )


def lengths(r: Report) -> Histogram:
    left_out = f" {r.timeouts:,} timed out and are left out." if r.timeouts else ""
    return Histogram(
        "Game length",
        f"Completed games by the rounds they lasted.{left_out}",
        tuple(r.lengths.items()),
        "rounds",
        reference=r.length_mean if r.lengths else None,
        reference_label=f"mean {r.length_mean:.2f} rounds",
    )


def _number(value: float) -> str:
    return f"{value:,.1f}".removesuffix(".0").replace("-", "−")


def scores(r: Report) -> Boxes:
    rows = [
        (f"seat {seat + 1}", tuple(five), f"median {_number(five[2])}")
        for seat, five in enumerate(r.score_quantiles)
    ]
    if r.spread_quantiles:
        spread = tuple(r.spread_quantiles)
        rows.append(("winner − last", spread, f"median {_number(spread[2])}"))
    return Boxes(
        "Final scores and score spread",
        "Each seat's final score over the completed games, and the winner's lead over the "
        "last player: the box holds the middle half, the thick line is the median, the "
        "whiskers reach the lowest and the highest.",
        tuple(rows),
    )


def lead(r: Report) -> Side:
    won = sum(r.led_from.values())
    caption = (
        f"Round after which the winner was never behind or level again, in the {won:,} "
        "games with one winner."
    )
    if set(r.lead_changes) == {0} and abs(mean_of(r.led_from) - r.length_mean) < 1e-9:
        caption += " The scores name no leader before the end, so the lead shows only there."
    return Side(
        (
            Histogram(
                "Lead changes",
                "Times the top score passed from one seat to another, looked at after every "
                "round (a tie holds no lead).",
                tuple(r.lead_changes.items()),
                "lead changes in a game",
                reference=mean_of(r.lead_changes) if r.lead_changes else None,
                reference_label=f"mean {mean_of(r.lead_changes):.2f}",
            ),
            Histogram(
                "Winner led for good from",
                caption,
                tuple(r.led_from.items()),
                "round",
                reference=mean_of(r.led_from) if r.led_from else None,
                reference_label=f"mean {mean_of(r.led_from):.2f}",
            ),
        )
    )


def options(r: Report) -> RowChart:
    rows = tuple(
        Row(
            f"seat {seat + 1}",
            (mean,),
            note=f"{mean:.1f} options; {share(r.decision_share[seat])} real choices",
        )
        for seat, mean in enumerate(r.options_per_decision)
    )
    return RowChart(
        "Legal options per decision",
        "Mean number of legal options a seat was offered per decision (a forced move counts "
        "one); beside it, the share of its decisions that had more than one option.",
        rows,
    )


def peaks(r: Report) -> RowChart:
    rows = tuple(
        Row(
            f"{group}: {item}",
            (use.peak,),
            mark=use.printed,
            flagged=use.short_games > 0,
            note=f"{use.peak} of {use.printed}"
            + (f", short in {use.short_games:,} games" if use.short_games else ""),
        )
        for group, items in r.components.items()
        for item, use in items.items()
    )
    return RowChart(
        "Component peaks",
        f"Most of each component needed at once in any of the {r.games:,} games (bar) "
        "against the number printed (black mark); marked where some game needed more.",
        rows,
        series=(),
        mark_label="printed",
    )
