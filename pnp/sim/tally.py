"""The figures a run of simulated games adds up, kept per game so that runs join exactly."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.games import GameState


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
    played: int = 0
    interrupted: bool = False

    @classmethod
    def empty(cls, players: int) -> Tally:
        return cls(players, [0] * players, [0] * players)

    def add(
        self, state: GameState, asked: list[int], real: list[int], table: tuple[str, ...] = ()
    ) -> None:
        """Count one finished (or timed-out) game; ``table`` names the bot in each seat."""
        self.played += 1
        for seat in range(self.players):
            self.asked[seat] += asked[seat]
            self.real[seat] += real[seat]
        for group, items in state.usage().items():
            for item, n in items.items():
                self.peaks.setdefault((group, item), []).append(n)
        for name, value in state.measures().items():
            self.measures.setdefault(name, []).append(value)
        self.dry.update(set(state.ran_out()))
        self.rules.update(state.rules_used())
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

    def join(self, later: Tally) -> None:
        """Append the tally of the games that come after these."""
        self.played += later.played
        self.interrupted = self.interrupted or later.interrupted
        for seat in range(self.players):
            self.asked[seat] += later.asked[seat]
            self.real[seat] += later.real[seat]
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


__all__ = ["Tally"]
