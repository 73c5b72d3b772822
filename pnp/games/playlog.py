"""What one game did, for the simulation report: which card designs each seat drew and
how often it played them, and which of the engine's listed rules came into play.

The runner turns card records into per-card statistics (pnp.sim.cards) and rule records
into rule coverage (games in which each rule was used). Only the real game keeps a log:
a determinized copy a search bot plays out carries ``None``, so the search pays nothing.

A rule is counted where the code carries it out, with ``playlog.used("rule-id")``; that
call is also the rule's mark in the code (tests/test_rule_coverage.py checks that every
listed rule has one and every call names a listed rule).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple


class Rule(NamedTuple):
    """One rule of a game, as the engine plays it (each engine's ``decisions.RULES``)."""

    id: str
    rule: str
    """The rule in our own words."""
    source: str
    """Where in the source text it is stated, in our words."""


class PlayLog:
    """Per seat: the cards (indices into ``ids``) it drew and the times it played each;
    for the game: the rules used."""

    __slots__ = ("ids", "drawn", "played", "rules")

    def __init__(self, ids: Sequence[str], players: int) -> None:
        self.ids = ids
        """The design id of each card index (copies of one design share an id)."""
        self.drawn: list[set[int]] = [set() for _ in range(players)]
        self.played: list[Counter[int]] = [Counter() for _ in range(players)]
        self.rules: set[str] = set()

    def draw(self, seat: int, card: int) -> None:
        self.drawn[seat].add(card)

    def play(self, seat: int, card: int) -> None:
        """A card played counts as drawn too (a card played from the table, say)."""
        self.drawn[seat].add(card)
        self.played[seat][card] += 1

    def used(self, rule: str) -> None:
        self.rules.add(rule)

    def copy(self) -> PlayLog:
        other = PlayLog(self.ids, 0)
        other.drawn = [set(d) for d in self.drawn]
        other.played = [Counter(p) for p in self.played]
        other.rules = set(self.rules)
        return other

    def record(self) -> list[dict[str, int]]:
        """Per seat, each design it drew → the times it played that design, ids sorted."""
        out = []
        for drawn, played in zip(self.drawn, self.played, strict=True):
            designs: Counter[str] = Counter({self.ids[card]: 0 for card in drawn})
            for card, times in played.items():
                designs[self.ids[card]] += times
            out.append(dict(sorted(designs.items())))
        return out
