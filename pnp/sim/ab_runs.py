"""Expansion A/B: the base game and the game with one expansion more, on the same seeds.

Both runs play the same game seeds (:func:`pnp.sim.runner.game_seeds`) with the same bots
in the same seats at the same player count, so game *i* of the base run and game *i* of
the variant start from the same seed, and the comparison pairs them: it looks at the seeds
on which both games ended by the rules (all of them, unless some timed out). Pairing helps
as far as a seed keeps its winner: an expansion that changes nothing the rules read (The
Big Idea's More Cards only adds words) gives the same winners on every seed, and its
paired seat intervals are a fraction of unpaired ones (±1.2 % against ±5 % on 500 games
at 6 seats); one that changes play sends most seeds another way (one new •Boom card kept
the winner on 114 of 300 seeds), and pairing narrows the seat intervals by 5–15 % only.
:class:`Pairing` measures it on each comparison. Each figure, with 95 %:

- **Win rate per seat**, variant − base, with Newcombe's square-and-add interval for
  paired shares (Newcombe 1998, *Stat Med* 17:2635, method 10): the two Wilson intervals
  of :func:`pnp.sim.cards.newcombe`, joined with the correlation of the pairs (φ, with
  Newcombe's continuity correction); with φ = 0 it is the unpaired interval. A tie splits
  a win, so the 2×2 table holds sums of shares rather than counts. Over the paired
  games: without timeouts, exactly the difference of the two reports' win rates.
- **Length**, the mean of the per-seed differences (variant − base, in rounds) ± 1.96 s/√n:
  the normal interval of a mean of paired differences, s their sample standard deviation.
- **Component peaks**: the most of each printed component needed at once in any game,
  base against variant (0 for a component one of the two games does not print).
- **The expansion's cards**: new, changed and removed designs with the variant's
  per-card statistics, flagged among themselves, and the power of the run
  (:mod:`pnp.sim.ab_cards`); the headline names a flagged card when there is one.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pnp._errors import UsageError, unknown
from pnp.sim.ab_cards import (
    DEFAULT_EFFECT,
    CardVerdict,
    Changed,
    card_changes,
    headline,
    judge_cards,
    points,
)
from pnp.sim.ab_pairing import Pairing, measure_pairing
from pnp.sim.cards import Z95, CardStats, wilson
from pnp.sim.results import Report
from pnp.sim.runner import check_players
from pnp.spec.game import Game
from pnp.spec.load import list_expansions, load_game

Interval = tuple[float, float, float]
"""A difference and its 95 % interval: (difference, low, high)."""

Play = Callable[[Game, int], Report]
"""Plays one run of a game at a number of seats (the caller fixes games, seed, bots)."""


@dataclass
class Comparison:
    """The base game's report, the variant's (base + ``expansion``), and their differences."""

    base: Report
    variant: Report
    expansion: str
    win_rates: list[Interval]
    """Per seat: variant − base win rate over the paired games, 95 % low, high."""
    length: Interval
    """Mean length difference in rounds over paired games, 95 % low, high (normal)."""
    peaks: dict[str, dict[str, tuple[int, int]]]
    """Component group → item → (base peak, variant peak)."""
    new_cards: dict[str, CardStats]
    """The variant's statistics for the designs the expansion adds or replaces (those drawn)."""
    cards: list[CardVerdict] = field(default_factory=list)
    """The expansion's new, changed and removed designs, flagged ones first (pnp.sim.ab_cards)."""
    pairing: Pairing | None = None
    effect: float = DEFAULT_EFFECT
    """The improvement when drawn whose games needed are given for each card."""

    @property
    def headline(self) -> str:
        """The comparison in a line: a flagged card of the expansion, or what the run saw."""
        return headline(self.cards, self.expansion, self.variant.completed, self.effect)

    @property
    def paired_games(self) -> int:
        """Seeds on which both games ended by the rules: the length difference's sample."""
        return len(_paired_games(self.base, self.variant))

    @property
    def interrupted(self) -> bool:
        return self.base.interrupted or self.variant.interrupted

    def status(self) -> str:
        """What was cut short by Ctrl-C, or ``""``."""
        return self.variant.status() and f"with {self.expansion}: {self.variant.status()}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "headline": self.headline,
            "expansion": self.expansion,
            "cards": [card.to_dict() for card in self.cards],
            "effect": self.effect,
            "pairing": None if self.pairing is None else asdict(self.pairing),
            "win_rates": [
                {
                    "seat": seat,
                    "base": base,
                    "variant": variant,
                    "difference": diff,
                    "ci95": [low, high],
                }
                for seat, (base, variant, (diff, low, high)) in enumerate(
                    zip(self.base.win_rates, self.variant.win_rates, self.win_rates, strict=True),
                    1,
                )
            ],
            "length": {
                "base": self.base.length_mean,
                "variant": self.variant.length_mean,
                "difference": self.length[0],
                "ci95": [self.length[1], self.length[2]],
                "paired_games": self.paired_games,
            },
            "peaks": {
                group: {item: list(pair) for item, pair in items.items()}
                for group, items in self.peaks.items()
            },
            "new_cards": {card: asdict(stats) for card, stats in self.new_cards.items()},
            "base": self.base.to_dict(),
            "variant": self.variant.to_dict(),
        }

    def lines(self) -> list[str]:
        """The comparison as short lines of text for a terminal."""
        b, v, pct = self.base, self.variant, "{:+.1%}".format
        seats = ", ".join(
            f"{seat} {pct(d)} [{pct(low)}, {pct(high)}]"
            for seat, (d, low, high) in enumerate(self.win_rates, 1)
        )
        d, low, high = self.length
        pairs = self.paired_games
        each = f"{b.games} games each" if b.games == v.games else f"{b.games} and {v.games} games"
        out = [
            self.headline,
            *self.card_lines(),
            f"{b.engine}: without and with {self.expansion}, {each}, {b.players} players, "
            f"seed {b.seed}, bots {b.mix()}",
            f"completion {b.completion:.1%} → {v.completion:.1%}, "
            f"timeouts {b.timeouts} → {v.timeouts}",
            f"length {b.length_mean:.2f} → {v.length_mean:.2f} rounds; paired difference "
            + (
                f"{d:+.2f} [{low:+.2f}, {high:+.2f}] over {pairs} games"
                if pairs > 1
                else f"{d:+.2f} over {pairs} game(s), too few for an interval"
            ),
            f"win rates by seat, change [95 %]: {seats}",
            *([self.pairing.line()] if self.pairing else []),
            f"balance {b.balance:.3f} → {v.balance:.3f}; "
            f"score spread {b.score_spread:.1f} → {v.score_spread:.1f}",
        ]
        for group, items in self.peaks.items():
            uses = ", ".join(f"{item} {old}→{new}" for item, (old, new) in items.items())
            out.append(f"{group} (peak without→with): {uses}")
        for name in [n for n in b.measures if n in v.measures]:
            out.append(
                f"{name} (mean): {b.measures[name]['mean']:.2f} → {v.measures[name]['mean']:.2f}"
            )
        out.extend(f"ran out with {self.expansion}: {line}" for line in v.ran_out)
        return [*out, self.status()] if self.interrupted else out

    def card_lines(self) -> list[str]:
        """The expansion's cards, flagged ones first, each with its figures and power."""
        if not self.cards:
            return [f"cards of {self.expansion}: none new, changed or removed"]
        kinds = [v.change for v in self.cards]
        compared = sum(v.detectable is not None for v in self.cards)
        flagged = sum(v.outlier for v in self.cards)
        summary = (
            f"cards of {self.expansion}: {kinds.count('new')} new, "
            f"{kinds.count('changed')} changed, {kinds.count('removed')} removed; "
            f"{flagged} of {compared} compared flagged"
        )
        return [summary, *(v.line(self.effect) for v in self.cards)]

    def legend(self) -> list[str]:
        """What each figure of :meth:`lines` means, one line each."""
        return [
            f"a → b: without → with {self.expansion}, on the same seeds, bots and seats",
            "length: mean rounds of completed games; the paired difference is the mean of "
            "(with − without) over the seeds on which both games ended, with its 95 % "
            "normal interval",
            "win rates by seat: change in the share of games each seat won, seat 1 first, "
            "over the seeds on which both games ended, with its 95 % interval (Newcombe, "
            "paired)",
            "peak: most of a component needed at once in any game, without → with",
            "cards: the expansion's new, changed (same id, other data) and removed designs, "
            "with the figures of the run with it; improvement when drawn = a seat's win rate "
            "in games it drew the card minus in games it did not [95 %]; FLAGGED when its "
            "interval, widened for the expansion's cards compared, leaves out zero",
            "detects ±d points: the smallest improvement when drawn this run would flag with "
            f"80 % power, and the games that would bring it down to ±{points(self.effect)} "
            "points (--effect): normal approximation at the win rate without the card",
            "pairing: seeds with the same winners in both runs, and how much narrower the "
            "paired intervals are than unpaired ones on the same games",
            "pnp simulate GAME --compare EXPANSION --json has both full reports",
        ]


def compare(
    base: Report,
    variant: Report,
    expansion: str,
    added: set[str],
    changes: list[Changed] | None = None,
    effect: float = DEFAULT_EFFECT,
) -> Comparison:
    """The differences between two runs on the same seeds; ``added`` names the designs
    the expansion brings (their statistics are taken from ``variant``), ``changes`` its
    new, changed and removed designs (by default, ``added`` as new ones by id)."""
    if base.players != variant.players:
        raise ValueError(f"runs at {base.players} and {variant.players} seats do not compare")
    games = _paired_games(base, variant)
    per_seat = [
        [(_share(b, seat), _share(v, seat)) for (_, b), (_, v) in games]
        for seat in range(base.players)
    ]
    win_rates = [paired_share_change(pairs) for pairs in per_seat]
    lengths = [(b, v) for (b, _), (v, _) in games]
    length = paired_difference(lengths)
    if changes is None:
        changes = [Changed(card, card, "new") for card in sorted(added)]
    return Comparison(
        base=base,
        variant=variant,
        expansion=expansion,
        win_rates=win_rates,
        length=length,
        peaks=_peaks(base, variant),
        new_cards={card: variant.cards[card] for card in sorted(added) if card in variant.cards},
        cards=judge_cards(changes, variant, effect),
        pairing=measure_pairing(
            sum(b == v for (_, b), (_, v) in games), per_seat, win_rates, lengths, length
        ),
        effect=effect,
    )


def paired_share_change(pairs: list[tuple[float, float]], z: float = Z95) -> Interval:
    """Variant − base share over paired games, each pair (base share, variant share) in
    [0, 1], with Newcombe's square-and-add interval for paired data; [-1, 1] without pairs."""
    n = len(pairs)
    if not n:
        return 0.0, -1.0, 1.0
    both = sum(b * v for b, v in pairs)
    base_only = sum(b * (1 - v) for b, v in pairs)
    variant_only = sum((1 - b) * v for b, v in pairs)
    neither = n - both - base_only - variant_only
    wins_b, wins_v = both + base_only, both + variant_only
    p_b, p_v = wins_b / n, wins_v / n
    low_b, high_b = wilson(wins_b, n, z)
    low_v, high_v = wilson(wins_v, n, z)
    spread = wins_b * (n - wins_b) * wins_v * (n - wins_v)
    cross = both * neither - base_only * variant_only
    # Newcombe's continuity correction: a positive cross product within n/2 counts as none
    kept = cross - n / 2 if cross > n / 2 else min(cross, 0.0)
    phi = kept / math.sqrt(spread) if spread > 0 else 0.0
    down_v, up_b = p_v - low_v, high_b - p_b
    up_v, down_b = high_v - p_v, p_b - low_b
    d = p_v - p_b
    low = d - math.sqrt(max(0.0, down_v**2 + up_b**2 - 2 * phi * down_v * up_b))
    high = d + math.sqrt(max(0.0, up_v**2 + down_b**2 - 2 * phi * up_v * down_b))
    return d, max(-1.0, low), min(1.0, high)


def paired_difference(pairs: list[tuple[int, int]]) -> Interval:
    """Mean of (variant − base) over paired games ± 1.96 standard errors (the normal
    interval); with fewer than two pairs there is no spread, so the interval is the point."""
    diffs = [v - b for b, v in pairs]
    if not diffs:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return mean, mean, mean
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean, mean - half, mean + half


Result = tuple[int, tuple[int, ...]]
"""A completed game: its length and its winning seats."""


def _paired_games(base: Report, variant: Report) -> list[tuple[Result, Result]]:
    """(base, variant) result of each seed on which both games ended by the rules; a run
    cut short by Ctrl-C pairs only the seeds it reached."""

    def results(report: Report) -> list[Result | None]:
        won = iter(report.winners)
        return [None if n is None else (n, next(won)) for n in report.game_lengths]

    paired = zip(results(base), results(variant), strict=False)
    return [(b, v) for b, v in paired if b is not None and v is not None]


def _share(winners: tuple[int, ...], seat: int) -> float:
    """The seat's share of a game's win: a tie splits it."""
    return 1 / len(winners) if seat in winners else 0.0


def _peaks(base: Report, variant: Report) -> dict[str, dict[str, tuple[int, int]]]:
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for group in dict.fromkeys([*base.components, *variant.components]):
        old, new = base.components.get(group, {}), variant.components.get(group, {})
        out[group] = {
            item: (old[item].peak if item in old else 0, new[item].peak if item in new else 0)
            for item in dict.fromkeys([*old, *new])
        }
    return out


def with_expansion(game: Game, expansion: str, cards: Path | None) -> Game:
    """``game`` with ``expansion`` merged after those it already has; a usage error for an
    expansion the game does not have or has merged already (-x)."""
    if expansion in [e.id for e in game.expansions]:
        raise UsageError(
            f"--compare {expansion} with -x {expansion} compares the game with itself: "
            f"drop {expansion} from -x"
        )
    found = list_expansions(game.root)
    if expansion not in found:
        raise UsageError(f"{game.id}: {unknown('expansion', expansion, found)}")
    return load_game(game.id, cards, [*(e.id for e in game.expansions), expansion])


def added_designs(base: Game, variant: Game) -> set[str]:
    """The card ids the variant's last expansion brings: new ids and those it replaces."""
    ids = {c.id for c in base.cards}
    return {c.id for c in variant.cards if c.id not in ids} | set(
        variant.expansions[-1].spec.replace
    )


def compare_expansion(
    play: Play,
    game: Game,
    expansion: str,
    players: int | None,
    cards: Path | None,
    effect: float = DEFAULT_EFFECT,
) -> Comparison:
    """Play ``game`` and ``game`` + ``expansion`` with ``play`` at the same seats, and
    compare. Ctrl-C during the base run leaves nothing to compare, so it ends the command;
    during the variant's run, the seeds reached are compared."""
    variant_game = with_expansion(game, expansion, cards)
    seats = check_players(game, players)
    check_players(variant_game, seats)
    base = play(game, seats)
    if base.interrupted:
        raise KeyboardInterrupt
    variant = play(variant_game, seats)
    changes = card_changes(game, variant_game)
    return compare(base, variant, expansion, added_designs(game, variant_game), changes, effect)


__all__ = [
    "Comparison",
    "Pairing",
    "compare",
    "compare_expansion",
    "paired_difference",
    "paired_share_change",
]
