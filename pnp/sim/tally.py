"""The figures a run of simulated games adds up, kept per game so that runs join exactly.

Besides what a finished state says of itself, the runner watches each game as it goes
(:func:`pnp.sim.runner.play_out`): the legal options each seat was offered, and each
seat's ``worth()`` and the leader after every round — the one seat whose worth is highest
when ``length()`` moves on (a tie is no leader) — and at the end the leader by
``returns()``, the winner by the rules. :func:`lead_story` turns those leaders into the two
figures a designer asks of a race: how often the lead changed hands, and from which round
the winner led for good (a game decided in its first rounds plays out the rest for
nothing); :mod:`pnp.sim.quality` measures the rest of the game's course.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.sim.quality import GameQuality, game_quality

if TYPE_CHECKING:
    from pnp.games import GameState
    from pnp.games.playlog import SeatDraws


@dataclass
class Tally:
    """What a run of games adds up to, per game in game order, so that tallies of
    consecutive runs joined in order equal the tally of one long run."""

    players: int
    asked: list[int]
    real: list[int]
    winners: list[tuple[int, ...]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    game_lengths: list[int | None] = field(default_factory=list)
    """Per game played, in order: its length, None for a timeout (games pair up by seed)."""
    spreads: list[float] = field(default_factory=list)
    peaks: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    measures: dict[str, list[float]] = field(default_factory=dict)
    dry: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    """Rule id → games (finished or not) in which it was used."""
    tables: list[tuple[str, ...]] = field(default_factory=list)
    """Per completed game: the bot in each seat."""
    scores: list[tuple[float, ...]] = field(default_factory=list)
    """Per completed game: each seat's final score (for bot strength)."""
    cards: list[list[dict[str, int]]] = field(default_factory=list)
    """Per completed game: per seat, each card design it drew → the times it played it."""
    options: list[int] = field(default_factory=list)
    """Per seat: legal options offered, summed over its decisions (``asked``)."""
    leads: list[tuple[int, int | None]] = field(default_factory=list)
    """Per completed game: lead changes, and the round from which the winner led for good
    (None when the game ended in a tie); see :func:`lead_story`."""
    played: int = 0
    interrupted: bool = False
    draws: list[list[SeatDraws]] = field(default_factory=list)
    """Per completed game: per seat, when it got each design it drew (its opening hand too)."""
    bot_seconds: dict[str, float] = field(default_factory=dict)
    """Bot kind → seconds spent inside its timed calls, when the run is timed."""
    bot_decisions: dict[str, int] = field(default_factory=dict)
    """Bot kind → its timed decisions (one in ``TIME_EVERY`` of each seat's, see
    :func:`pnp.sim.runner.play_out`)."""
    quality: list[GameQuality] = field(default_factory=list)
    """Per completed game: drama, decisiveness, uncertainty, branching (pnp.sim.quality)."""
    rule_uses: Counter[str] = field(default_factory=Counter)
    """Rule id → its uses, summed over the games (finished or not)."""

    @classmethod
    def empty(cls, players: int) -> Tally:
        return cls(players, [0] * players, [0] * players, options=[0] * players)

    def add(
        self,
        state: GameState,
        asked: list[int],
        real: list[int],
        table: tuple[str, ...] = (),
        options: list[int] | None = None,
        leaders: list[int | None] | None = None,
        worths: list[tuple[float, ...]] | None = None,
    ) -> None:
        """Count one finished (or timed-out) game; ``table`` names the bot in each seat,
        ``options``, ``leaders`` and ``worths`` are what :func:`pnp.sim.runner.play_out`
        watched."""
        self.played += 1
        for seat in range(self.players):
            self.asked[seat] += asked[seat]
            self.real[seat] += real[seat]
            self.options[seat] += options[seat] if options else 0
        for group, items in state.usage().items():
            for item, n in items.items():
                self.peaks.setdefault((group, item), []).append(n)
        for name, value in state.measures().items():
            self.measures.setdefault(name, []).append(value)
        self.dry.update(set(state.ran_out()))
        self.rules.update(state.rules_used())
        self.rule_uses.update(state.rule_uses())
        if not state.is_terminal():
            self.game_lengths.append(None)
            return
        self.lengths.append(state.length())
        self.game_lengths.append(self.lengths[-1])
        scores = state.returns()
        best = max(scores)
        self.winners.append(tuple(seat for seat, s in enumerate(scores) if s == best))
        self.spreads.append(best - min(scores))
        self.tables.append(table)
        self.scores.append(tuple(scores))
        self.cards.append(state.card_record())
        self.draws.append(state.draw_record())
        leaders = leaders or [leader(scores)]
        self.leads.append(lead_story(leaders))
        self.quality.append(
            game_quality(
                leaders,
                worths or [tuple(map(float, scores))],
                self.leads[-1][1],
                options or [0] * self.players,
                asked,
            )
        )

    def join(self, later: Tally) -> None:
        """Append the tally of the games that come after these."""
        self.played += later.played
        self.interrupted = self.interrupted or later.interrupted
        for seat in range(self.players):
            self.asked[seat] += later.asked[seat]
            self.real[seat] += later.real[seat]
            self.options[seat] += later.options[seat]
        self.winners += later.winners
        self.lengths += later.lengths
        self.game_lengths += later.game_lengths
        self.spreads += later.spreads
        for key, values in later.peaks.items():
            self.peaks.setdefault(key, []).extend(values)
        for name, measured in later.measures.items():
            self.measures.setdefault(name, []).extend(measured)
        self.dry.update(later.dry)
        self.rules.update(later.rules)
        self.tables += later.tables
        self.scores += later.scores
        self.cards += later.cards
        self.draws += later.draws
        self.leads += later.leads
        self.quality += later.quality
        self.rule_uses.update(later.rule_uses)
        for kind, seconds in later.bot_seconds.items():
            self.bot_seconds[kind] = self.bot_seconds.get(kind, 0.0) + seconds
        for kind, decisions in later.bot_decisions.items():
            self.bot_decisions[kind] = self.bot_decisions.get(kind, 0) + decisions

    def add_clock(self, table: Sequence[str], seconds: list[float], timed: list[int]) -> None:
        """Count one timed game: each seat's timed decisions and their seconds, by its bot."""
        for kind, decisions, spent in zip(table, timed, seconds, strict=True):
            self.bot_seconds[kind] = self.bot_seconds.get(kind, 0.0) + spent
            self.bot_decisions[kind] = self.bot_decisions.get(kind, 0) + decisions


def leader(scores: Sequence[float]) -> int | None:
    """The one seat with the highest score, or None when seats share it."""
    best = max(scores)
    top = [seat for seat, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def lead_story(leaders: Sequence[int | None]) -> tuple[int, int | None]:
    """Lead changes, and the round (from 1) from which the winner led for good.

    ``leaders`` holds the leader after each round, the last entry at the game's end (None:
    a tie). The lead changes when a seat leads that is not the last seat to have led; a tie
    between two leads holds no lead and passes nothing, so A, tie, A is no change and A,
    tie, B is one. The winner is the leader at the end; with a tie there, no one led for good.
    """
    changes, last = 0, None
    for seat in leaders:
        if seat is not None:
            if last is not None and seat != last:
                changes += 1
            last = seat
    winner = leaders[-1] if leaders else None
    if winner is None:
        return changes, None
    start = len(leaders)
    while start > 1 and leaders[start - 2] == winner:
        start -= 1
    return changes, start


__all__ = ["Tally", "lead_story", "leader"]
