"""A forest plot of cards: each card's improvement when drawn with its interval.

Drawn for the game's cards and for an expansion's new cards alike; with more cards than
two pages hold, the ones farthest from zero (every flagged one among them) are shown.
"""

from __future__ import annotations

from pnp.render.charts import Row, RowChart
from pnp.sim.cards import CardStats
from pnp.sim.verdicts import change

MOST_CARDS = 100
"""Cards shown in a forest plot (two pages); beyond it, the ones farthest from zero."""


def card_forest(cards: dict[str, CardStats], title: str) -> RowChart:
    """Each card's improvement when drawn (or, for a card nearly every seat draws, its
    win rate when got early minus late) with its 95 % interval, largest first."""
    compared = {c: s for c, s in cards.items() if s.gain is not None and s.gain_ci95}
    shown = sorted(compared, key=lambda c: (not compared[c].flagged, -abs(_gain(compared[c]))))
    shown = sorted(shown[:MOST_CARDS], key=lambda c: (-_gain(compared[c]), c))
    caption = (
        "A seat's win rate in games it drew the card minus in games it did not, with a 95 % "
        "interval (Newcombe); marked when the interval, widened for the number of cards, "
        "leaves out zero. OH: win rate with the card in the opening hand; GP: when played."
    )
    if any(compared[c].late for c in shown):
        caption += (
            " A card drawn in 90 % of games or more (“late”) is compared by when it came "
            "instead: early minus late, late being after its median place, not in the "
            "opening hand."
        )
    if len(compared) > len(shown):
        caption += (
            f" The {len(shown)} of {len(compared)} cards farthest from zero are shown; the "
            "others lie nearer zero."
        )
    if len(cards) > len(compared):
        caption += (
            f" {len(cards) - len(compared)} have no second group to compare with (drawn "
            "in every game, and never late)."
        )
    rows = tuple(_card_row(card, compared[card]) for card in shown)
    return RowChart(
        title,
        caption,
        rows,
        dots=True,
        unit="change",
        reference=0.0,
        reference_label="no difference",
    )


def _card_row(card: str, s: CardStats) -> Row:
    low, high = s.gain_ci95 or (0.0, 0.0)
    rates = [
        f"{name} {r.win * 100:.0f}"
        for name, r in (("OH", s.in_opening), ("GP", s.when_played))
        if r.win is not None
    ]
    return Row(
        f"{card} (late)" if s.late else card,
        (_gain(s),),
        (low, high),
        flagged=s.flagged,
        note=f"{change(_gain(s))}  ({change(low)} to {change(high)}), drawn {s.drawn:,}"
        + "".join(f", {r} %" for r in rates),
    )


def _gain(s: CardStats) -> float:
    return s.gain or 0.0
