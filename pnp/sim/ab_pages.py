"""The report's pages comparing a game with one of its expansions (`--compare EXPANSION`).

pnp.sim.ab_runs plays the base game and the game with the expansion on the same seeds and
hands over a :class:`Comparison`; these pages lead with the expansion's own cards (the
headline, what the run could detect, how much pairing helped), then show its differences
with their intervals — seat win rates, length — the component peaks side by side, and the
expansion's cards as a forest plot beside what the run could detect of each. A difference
is called out when its 95 % interval leaves out zero.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from pnp.render.charts import Row, RowChart
from pnp.render.report_pdf import Section, Verdict
from pnp.sim.ab_cards import CardVerdict, points
from pnp.sim.ab_pairing import Pairing
from pnp.sim.cards import CardStats
from pnp.sim.forest import card_forest
from pnp.sim.results import Report
from pnp.sim.verdicts import change, listed, signed


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
    @property
    def cards(self) -> list[CardVerdict]:
        """The expansion's new, changed and removed designs, flagged ones first."""

    @property
    def pairing(self) -> Pairing | None: ...
    @property
    def effect(self) -> float: ...
    @property
    def headline(self) -> str: ...


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
    judged = {v.name: replace(v.stats, outlier=v.outlier) for v in c.cards if v.stats}
    if judged:
        forest = card_forest(judged, "Improvement when drawn")
        charts = [forest, power(c)] if any(v.detectable for v in c.cards) else [forest]
        out.append(Section(f"Cards of {c.expansion}", charts=tuple(charts)))
    return out


def verdicts(c: Comparison) -> list[Verdict]:
    """The headline first, then the power of the run, the pairing, seats, length and
    components."""
    flagged = any(v.outlier for v in c.cards)
    out = [Verdict(not flagged, "Cards", f"{c.headline}.")]
    rated = [v for v in c.cards if v.detectable is not None and v.games_needed is not None]
    if rated:
        words = "; ".join(
            f"{v.name} ±{points(v.detectable)} points (±{points(c.effect)}: about "
            f"{v.games_needed:,} games)"
            for v in rated
        )
        out.append(
            Verdict(
                True,
                "Power",
                f"With 80 % power, this run flags a card whose improvement when drawn is "
                f"beyond: {words}.",
            )
        )
    if c.pairing is not None:
        out.append(Verdict(True, "Pairing", f"{c.pairing.line().removeprefix('pairing: ')}."))
    return out + _differences(c)


def _differences(c: Comparison) -> list[Verdict]:
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


def power(c: Comparison) -> RowChart:
    """What the run could detect of each card, against the effect asked about."""
    rows = tuple(
        Row(
            v.name,
            (v.detectable or 0.0,),
            note=f"±{points(v.detectable)} points; ±{points(c.effect)}: about "
            f"{v.games_needed or 0:,} games",
        )
        for v in c.cards
        if v.detectable is not None
    )
    return RowChart(
        "What this run could detect",
        "The smallest improvement when drawn this run would flag for each card, with 80 % "
        "power (normal approximation at the win rate without the card), and the games that "
        f"would bring it down to ±{points(c.effect)} points (the line).",
        rows,
        unit="change",
        reference=c.effect,
        reference_label=f"±{points(c.effect)} points",
    )
