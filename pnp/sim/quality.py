"""Game-quality measures of a simulated game, beside balance and length, and how often
each listed rule came up.

The runner reads each seat's *worth* after every round — the engine's own estimate of
what the seat has, on one scale across seats (``GameState.worth()``, docs/engines.md) —
and, once the game is over, who won by the rules (``returns()``). From those, per
completed game, after the measures of Browne's *Evolutionary Game Design* (2011: lead
change, drama, uncertainty, decisiveness) in the plain form a board game allows:

- **lead changes**: times the sole top worth passed from one seat to another, looked at
  after every round; a tie holds no lead (:func:`pnp.sim.tally.lead_story`). The leader
  at the end is the winner by the rules.
- **led from**: the round (from 1) from which the winner led for good.
- **drama**: how far behind the winner was at its worst, as a share of the leader's
  worth: the largest ``(leader − winner) / max(|leader|, |winner|)`` over the rounds
  before the end, 0 when the winner never trailed, at most 1 (a leader with nothing,
  or worths of opposite signs, count as the whole). A game with shared winners has none.
- **decisiveness**: the final margin between the first and the second worth, as a share
  of the larger: ``(first − second) / max(|first|, |second|)``, 0 for a level finish, 1
  when the second has nothing.
- **uncertainty**: how late the winner became the leader for good, as a share of the
  game: ``(led from − 1) / rounds`` — 0 when it led from the first round to the end,
  close to 1 when only the last round put it ahead. A game with shared winners has none.
- **branching**: legal options per decision in the game (a forced move counts one).

Each is summarised over the completed games that have it by its mean and the normal 95 %
interval of that mean (mean ± 1.96 × standard deviation / √games).

Rule coverage: a rule that came up in under :data:`RARE` of the games played is *rare*;
the verdicts and the charted report flag it beside the rules that never came up.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import NamedTuple

from pnp.sim.cards import Z95

RARE = 0.01
"""A listed rule used in fewer than this share of the games played is flagged."""


class GameQuality(NamedTuple):
    """The measures of one completed game that lead changes and led-from do not hold."""

    drama: float | None
    decisiveness: float
    uncertainty: float | None
    branching: float


def share_behind(ahead: float, behind: float) -> float:
    """How far ``behind`` trails ``ahead``, as a share of the larger worth, in [0, 1]."""
    gap = ahead - behind
    if gap <= 0:
        return 0.0
    return min(1.0, gap / max(abs(ahead), abs(behind)))


def drama(worths: Sequence[Sequence[float]], winner: int | None) -> float | None:
    """The winner's worst deficit behind the leader as a share of the leader's worth, over
    the rounds before the end (the last entry of ``worths``); None without one winner."""
    if winner is None:
        return None
    worst = 0.0
    for w in worths[:-1]:
        top, mine = max(w), w[winner]
        if top > mine:  # behind this round (the usual case needs no share worked out)
            worst = max(worst, share_behind(top, mine))
    return worst


def decisiveness(final: Sequence[float]) -> float:
    """The margin of the first worth over the second at the end, as a share of the first."""
    if len(final) < 2:
        return 1.0
    first, second = sorted(final, reverse=True)[:2]
    return share_behind(first, second)


def uncertainty(led_from: int | None, rounds: int) -> float | None:
    """How late the winner took the lead for good, as a share of the ``rounds`` looked at."""
    if led_from is None or rounds < 1:
        return None
    return (led_from - 1) / rounds


def branching(options: Sequence[int], asked: Sequence[int]) -> float:
    """Legal options per decision over every seat of one game."""
    decisions = sum(asked)
    return sum(options) / decisions if decisions else 0.0


def game_quality(
    leaders: Sequence[int | None],
    worths: Sequence[Sequence[float]],
    led_from: int | None,
    options: Sequence[int],
    asked: Sequence[int],
) -> GameQuality:
    """The measures of one completed game: ``leaders`` and ``worths`` after every round,
    the last entry at the end (the leader there is the winner by the rules, None for a
    tie); ``led_from`` from :func:`pnp.sim.tally.lead_story`. Worked out once a game
    played, so kept to plain loops."""
    return GameQuality(
        drama(worths, leaders[-1] if leaders else None),
        decisiveness(worths[-1]) if worths else 0.0,
        uncertainty(led_from, len(leaders)),
        branching(options, asked),
    )


def summary(values: Sequence[float]) -> dict[str, float]:
    """Games, mean and the normal 95 % interval of the mean (the mean alone for one game)."""
    n = len(values)
    if not n:
        return {"games": 0, "mean": 0.0, "low": 0.0, "high": 0.0}
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"games": n, "mean": mean, "low": mean - half, "high": mean + half}


QUALITY_NAMES = {
    "lead_changes": "lead changes",
    "led_from": "winner led for good from round",
    "drama": "drama",
    "decisiveness": "decisiveness",
    "uncertainty": "uncertainty",
    "branching": "branching",
}
"""Each measure's key in the report (and its JSON) → its name in words."""


def summarise(
    leads: Sequence[tuple[int, int | None]], games: Sequence[GameQuality]
) -> dict[str, dict[str, float]]:
    """Each measure over the completed games that have it (see the module notes)."""
    return {
        "lead_changes": summary([float(changes) for changes, _ in leads]),
        "led_from": summary([float(r) for _, r in leads if r is not None]),
        "drama": summary([g.drama for g in games if g.drama is not None]),
        "decisiveness": summary([g.decisiveness for g in games]),
        "uncertainty": summary([g.uncertainty for g in games if g.uncertainty is not None]),
        "branching": summary([g.branching for g in games]),
    }


def interval(quality: dict[str, dict[str, float]], key: str, digits: int) -> str:
    """``0.42 (0.38–0.46)``: a measure's mean and its 95 % interval."""
    s = quality[key]
    return f"{s['mean']:.{digits}f} ({s['low']:.{digits}f}–{s['high']:.{digits}f})"


def quality_lines(quality: dict[str, dict[str, float]]) -> list[str]:
    """A line for a terminal: drama, decisiveness, uncertainty and branching, each mean
    with its 95 % interval (the lead's figures are on the report's line about the lead)."""
    if not quality or not quality["decisiveness"]["games"]:
        return []
    shown = ["drama", "decisiveness"] + (["uncertainty"] if quality["uncertainty"]["games"] else [])
    parts = [f"{QUALITY_NAMES[key]} {interval(quality, key, 3)}" for key in shown]
    parts.append(f"branching {interval(quality, 'branching', 1)}")
    return [f"quality, mean (95 % interval): {'; '.join(parts)}"]


def rare_rules(rules: dict[str, int], games: int) -> list[str]:
    """The listed rules that came up, but in fewer than :data:`RARE` of ``games``."""
    return [rule for rule, used in rules.items() if 0 < used < RARE * games]


__all__ = [
    "QUALITY_NAMES",
    "RARE",
    "GameQuality",
    "decisiveness",
    "drama",
    "game_quality",
    "interval",
    "quality_lines",
    "rare_rules",
    "share_behind",
    "summarise",
    "summary",
    "uncertainty",
]
