"""The expansion's own cards in a comparison (`--compare`): what each one does, and what the
run could have seen.

An expansion's question is its cards: which ones are new, which ones it changes (the
same id with other card data: type, deck, count, name, text or fields) and which ones it
takes out. For each, the run with the expansion gives its statistics (:mod:`pnp.sim.cards`:
improvement when drawn, win when drawn, play rate, seat-games that drew it). A card is
flagged when its 95 % interval, widened for the number of the expansion's cards compared
(Bonferroni), leaves out zero: the question is about these cards only, so the correction
counts them and not every card of the game, as the whole run's card figures do.

**Power.** A run that flags nothing may be too small to see anything. For each card the
smallest improvement when drawn the run could detect (at the flag's level, 95 % widened
as above, with 80 % power) and the games needed to detect a given one, both from the
normal approximation for a difference of two proportions at the observed base rate p
(the win rate of the seat-games that did not draw it), with n₁ seat-games drawing the card
and n₂ not: δ = (z + z₈₀) · √(p(1 − p)(1/n₁ + 1/n₂)). For a given δ the seat-games needed
follow from the same formula with the card's drawn share f of seat-games, N = (z + z₈₀)² ·
p(1 − p) · (1/f + 1/(1 − f)) / δ², and the games are N over the seats. It is an estimate:
the variance is taken at the base rate alone, and seats of one game are not independent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Any, NamedTuple

from pnp.sim.cards import Z95, CardStats, newcombe
from pnp.sim.results import Report
from pnp.spec.game import Card, Game

Z80 = NormalDist().inv_cdf(0.8)
"""The normal quantile for 80 % power."""
DEFAULT_EFFECT = 0.05
"""The effect (improvement when drawn, 5 points) whose games needed are reported."""


class Changed(NamedTuple):
    """One card design the expansion brings, changes or takes out."""

    id: str
    name: str
    """The card's name; with its id when another of the game's designs shares the name."""
    change: str
    """``new``, ``changed`` or ``removed``."""


@dataclass(frozen=True)
class CardVerdict:
    """One of the expansion's cards with the variant run's figures about it."""

    id: str
    name: str
    change: str
    stats: CardStats | None
    """With the expansion; None for a removed card or one no seat drew."""
    outlier: bool
    """The interval, widened for the expansion's cards compared, leaves out zero."""
    detectable: float | None
    """The smallest improvement when drawn this run could detect (None: nothing to compare)."""
    games_needed: int | None
    """Games to detect the comparison's ``effect`` with the card drawn as often as here."""

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["stats"] = None if self.stats is None else asdict(self.stats)
        return out

    def line(self, effect: float) -> str:
        """The card in one line of text."""
        head = f"  {self.name} ({self.change})"
        s = self.stats
        if self.change == "removed":
            return f"{head}: no longer in the game"
        if s is None:
            return f"{head}: no seat drew it"
        if s.iwd is None or s.iwd_ci95 is None:
            return f"{head}: drawn in every seat-game ({s.drawn:,}), nothing to compare"
        low, high = s.iwd_ci95
        flag = " FLAGGED" if self.outlier else ""
        return (
            f"{head}{flag}: improvement when drawn {s.iwd:+.1%} [{low:+.1%}, {high:+.1%}], "
            f"win when drawn {s.win_when_drawn:.1%}, played {s.play_rate:.2f} a draw, "
            f"drawn {s.drawn:,} seat-games; this run detects ±{points(self.detectable)} "
            f"points, ±{points(effect)} points needs about {self.games_needed:,} games"
        )


def points(share: float | None) -> str:
    """A difference of shares in percentage points: ``5``, ``7.9``."""
    return "?" if share is None else f"{share * 100:.1f}".removesuffix(".0")


def card_changes(base: Game, variant: Game) -> list[Changed]:
    """The designs the variant adds or changes, in its order, then those it takes out."""
    before = {c.id: c for c in base.cards}
    after = {c.id: c for c in variant.cards}
    named: dict[str, int] = {}
    for card in [*variant.cards, *(c for c in base.cards if c.id not in after)]:
        named[card.name] = named.get(card.name, 0) + 1

    def name(card: Card) -> str:
        return card.name if named[card.name] == 1 or not card.name else f"{card.name} ({card.id})"

    out = [
        Changed(c.id, name(c), "new" if c.id not in before else "changed")
        for c in variant.cards
        if c.id not in before or _data(c) != _data(before[c.id])
    ]
    return out + [Changed(c.id, name(c), "removed") for c in base.cards if c.id not in after]


def _data(card: Card) -> tuple[Any, ...]:
    """What a card is, leaving out where it is written and its set mark."""
    return card.type, card.deck, card.qty, card.name, card.text, card.fields


def detectable_effect(
    drawn: int, not_drawn: int, rate: float, z: float = Z95, z_power: float = Z80
) -> float:
    """The smallest improvement when drawn a two-sided test at ``z`` detects with 80 %
    power (``z_power``), with ``drawn`` and ``not_drawn`` seat-games at base rate ``rate``:
    the normal approximation for a difference of two proportions."""
    return (z + z_power) * math.sqrt(rate * (1 - rate) * (1 / drawn + 1 / not_drawn))


def games_needed(
    effect: float,
    drawn_share: float,
    players: int,
    rate: float,
    z: float = Z95,
    z_power: float = Z80,
) -> int:
    """Games for :func:`detectable_effect` to come down to ``effect`` when the card is
    drawn in ``drawn_share`` of the seat-games (same approximation), rounded up."""
    spread = rate * (1 - rate) * (1 / drawn_share + 1 / (1 - drawn_share))
    seat_games = (z + z_power) ** 2 * spread / effect**2
    return math.ceil(seat_games / players)


def judge_cards(
    changes: Sequence[Changed], variant: Report, effect: float = DEFAULT_EFFECT
) -> list[CardVerdict]:
    """Each changed card with the variant run's figures: flagged ones first, then by the
    size of the improvement when drawn, then those with nothing to compare, removed last."""
    seat_games = variant.completed * variant.players
    compared = [
        ch for ch in changes if ch.change != "removed" and _comparable(variant.cards.get(ch.id))
    ]
    z = NormalDist().inv_cdf(1 - 0.025 / max(1, len(compared)))
    out = []
    for ch in changes:
        stats = None if ch.change == "removed" else variant.cards.get(ch.id)
        outlier, detectable, needed = False, None, None
        if ch in compared and stats is not None and stats.win_when_not_drawn is not None:
            rest = seat_games - stats.drawn
            rate = stats.win_when_not_drawn
            wide = newcombe(
                (stats.win_when_drawn or 0.0) * stats.drawn, stats.drawn, rate * rest, rest, z
            )
            outlier = wide[0] > 0 or wide[1] < 0
            detectable = detectable_effect(stats.drawn, rest, rate, z)
            needed = games_needed(effect, stats.drawn / seat_games, variant.players, rate, z)
        out.append(CardVerdict(ch.id, ch.name, ch.change, stats, outlier, detectable, needed))

    def order(v: CardVerdict) -> tuple[int, float, str]:
        rank = 3 if v.change == "removed" else 2 if v.detectable is None else int(not v.outlier)
        return rank, -abs(v.stats.iwd or 0.0) if v.stats else 0.0, v.name

    return sorted(out, key=order)


def _comparable(stats: CardStats | None) -> bool:
    return stats is not None and stats.iwd is not None and stats.drawn > 0


def headline(cards: Sequence[CardVerdict], expansion: str, games: int, effect: float) -> str:
    """The comparison in one line: the flagged card that matters most, or what the run
    could and could not see."""
    flagged = [v for v in cards if v.outlier and v.stats is not None]
    if flagged:
        top, s = flagged[0], flagged[0].stats
        assert s is not None and s.iwd is not None and s.iwd_ci95 is not None
        low, high = s.iwd_ci95
        more = "; also flagged: " + ", ".join(v.name for v in flagged[1:]) if flagged[1:] else ""
        return (
            f"{top.name} is too {'strong' if s.iwd > 0 else 'weak'}: {_pct(s.iwd)} % when "
            f"drawn ({_pct(low)} to {_pct(high)}), {s.drawn:,} seat-games{more}"
        )
    rated = [v for v in cards if v.detectable is not None]
    played = f"{games:,} game{'' if games == 1 else 's'}"
    if not rated:
        return f"No seat drew a card of {expansion} in {played}: nothing to judge them by"
    widest = max(rated, key=lambda v: v.detectable or 0.0)
    suspect = max(rated, key=lambda v: abs(v.stats.iwd or 0.0) if v.stats else 0.0)
    return (
        f"No card of {expansion} stands out in {played}, but this run detects only "
        f"effects beyond ±{points(widest.detectable)} points ({widest.name}); to detect "
        f"±{points(effect)} points on {suspect.name}: about {suspect.games_needed:,} games"
    )


def _pct(value: float) -> str:
    return f"{value * 100:+.1f}"


__all__ = [
    "DEFAULT_EFFECT",
    "CardVerdict",
    "Changed",
    "card_changes",
    "detectable_effect",
    "games_needed",
    "headline",
    "judge_cards",
]
