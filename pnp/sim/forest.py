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
    """Each card's improvement when drawn with its 95 % interval, largest first."""
    compared = {c: s for c, s in cards.items() if s.iwd is not None and s.iwd_ci95}
    shown = sorted(compared, key=lambda c: (not compared[c].outlier, -abs(_iwd(compared[c]))))
    shown = sorted(shown[:MOST_CARDS], key=lambda c: (-_iwd(compared[c]), c))
    caption = (
        "A seat's win rate in games it drew the card minus in games it did not, with a 95 % "
        "interval (Newcombe); marked when the interval, widened for the number of cards, "
        "leaves out zero."
    )
    if len(compared) > len(shown):
        caption += (
            f" The {len(shown)} of {len(compared)} cards farthest from zero are shown; the "
            "others lie nearer zero."
        )
    if len(cards) > len(compared):
        caption += f" {len(cards) - len(compared)} drawn in every game have nothing to compare."
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
    low, high = s.iwd_ci95 or (0.0, 0.0)
    return Row(
        card,
        (_iwd(s),),
        (low, high),
        flagged=s.outlier,
        note=f"{change(_iwd(s))}  ({change(low)} to {change(high)}), drawn {s.drawn:,}",
    )


def _iwd(s: CardStats) -> float:
    return s.iwd or 0.0
