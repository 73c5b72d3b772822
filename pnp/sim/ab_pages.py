"""The report's pages comparing a game with one of its expansions (`--compare EXPANSION`).

pnp.sim.ab_runs plays the base game and the game with the expansion on the same seeds and
hands over a :class:`Comparison`; these pages show its differences with their intervals —
seat win rates, length — the component peaks side by side, and the expansion's new cards
as a forest plot. A difference is called out when its 95 % interval leaves out zero.
"""

from __future__ import annotations

from typing import Protocol

from pnp.render.charts import Row, RowChart
from pnp.render.report_pdf import Section, Verdict
from pnp.sim.cards import CardStats
from pnp.sim.forest import card_forest
from pnp.sim.results import Report
from pnp.sim.verdicts import cards_verdict, change, listed, signed


class Comparison(Protocol):
    """What pnp.sim.ab_runs reports (its ``Comparison``, read by attribute only)."""

    @property
    def base(self) -> Report: ...
    @property
    def variant(self) -> Report: ...
    @property
    def expansion(self) -> str: ...
    @property
    def win_rates(self) -> list[tuple[float, float, float]]:
        """Per seat: the variant's win rate minus the base game's, and its interval."""

    @property
    def length(self) -> tuple[float, float, float]:
        """The difference of the mean lengths in rounds, and its interval."""

    @property
    def peaks(self) -> dict[str, dict[str, tuple[int, int]]]:
        """Group → item → (base peak, variant peak)."""

    @property
    def new_cards(self) -> dict[str, CardStats]: ...


def _moved(low: float, high: float) -> bool:
    return low > 0 or high < 0


def comparison_section(c: Comparison) -> list[Section]:
    """One section (a new page) of verdicts and charts; the new cards on a page of their own."""
    b = c.base
    head = (
        f"The base game and the game with {c.expansion}, {b.games:,} games each on the same "
        f"seeds, {b.players} players, bots {b.mix()}. Differences are the expansion's figure "
        "minus the base game's, with a 95 % interval."
    )
    charts = [seat_changes(c), length_change(c)]
    if c.peaks:
        charts.append(peaks_side_by_side(c))
    out = [Section(f"With {c.expansion}", (head,), tuple(verdicts(c)), tuple(charts))]
    if c.new_cards:
        forest = card_forest(c.new_cards, "Improvement when drawn")
        out.append(Section(f"New cards of {c.expansion}", charts=(forest,)))
    return out


def verdicts(c: Comparison) -> list[Verdict]:
    moved = [
        f"seat {seat + 1} {change(d)} ({change(lo)} to {change(hi)})"
        for seat, (d, lo, hi) in enumerate(c.win_rates)
        if _moved(lo, hi)
    ]
    seats = (
        Verdict(False, "Seat win rates", f"The expansion moves {listed(moved)}.")
        if moved
        else Verdict(True, "Seat win rates", "No seat's win rate moves beyond chance.")
    )
    d, lo, hi = c.length
    words = (
        f"{c.base.length_mean:.2f} rounds without it, {c.variant.length_mean:.2f} with it: "
        f"{signed(d)} ({signed(lo)} to {signed(hi)})."
    )
    out = [seats, Verdict(not _moved(lo, hi), "Length", words)]
    short = [
        f"{group} {item} ({peak} needed, {printed(c, group, item)} printed)"
        for group, items in c.peaks.items()
        for item, (_, peak) in items.items()
        if printed(c, group, item) is not None and peak > (printed(c, group, item) or 0)
    ]
    out.append(
        Verdict(False, "Components", f"With the expansion, more than printed: {listed(short)}.")
        if short
        else Verdict(True, "Components", "With the expansion every component still suffices.")
    )
    if c.new_cards:
        out.append(cards_verdict(c.new_cards, "new cards"))
    return out


def printed(c: Comparison, group: str, item: str) -> int | None:
    """The printed count of a component with the expansion, if the report has it."""
    use = c.variant.components.get(group, {}).get(item)
    return None if use is None else use.printed


def seat_changes(c: Comparison) -> RowChart:
    rows = tuple(
        Row(
            f"seat {seat + 1}",
            (d,),
            (lo, hi),
            flagged=_moved(lo, hi),
            note=f"{change(d)}  ({change(lo)} to {change(hi)})",
        )
        for seat, (d, lo, hi) in enumerate(c.win_rates)
    )
    return RowChart(
        "Change in seat win rates",
        f"Each seat's win rate with {c.expansion} minus without it; marked when the "
        "interval leaves out zero.",
        rows,
        dots=True,
        unit="change",
        reference=0.0,
        reference_label="no change",
    )


def length_change(c: Comparison) -> RowChart:
    d, lo, hi = c.length
    row = Row(
        "rounds",
        (d,),
        (lo, hi),
        flagged=_moved(lo, hi),
        note=f"{signed(d)}  ({signed(lo)} to {signed(hi)})",
    )
    return RowChart(
        "Change in game length",
        f"Mean rounds with {c.expansion} ({c.variant.length_mean:.2f}) minus without it "
        f"({c.base.length_mean:.2f}).",
        (row,),
        dots=True,
        reference=0.0,
        reference_label="no change",
    )


def peaks_side_by_side(c: Comparison) -> RowChart:
    rows = []
    for group, items in c.peaks.items():
        for item, (base, variant) in items.items():
            count = printed(c, group, item)
            rows.append(
                Row(
                    f"{group}: {item}",
                    (base, variant),
                    mark=count,
                    flagged=count is not None and variant > count,
                    note=f"{base} → {variant}" + (f" of {count}" if count is not None else ""),
                )
            )
    return RowChart(
        "Component peaks, without and with the expansion",
        "Most of each component needed at once in any game, without the expansion and with "
        "it, against the number printed with it (black mark).",
        tuple(rows),
        series=("base game", f"with {c.expansion}"),
        mark_label="printed",
    )
