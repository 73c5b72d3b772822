"""Which card designs each seat drew and how often it played them, over one game.

The simulation runner turns these records into per-card statistics (pnp.sim.cards). Only
the real game keeps a log: a determinized copy a search bot plays out carries ``None``,
so the search pays nothing for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


class CardLog:
    """Per seat: the cards (indices into ``ids``) it drew, and the times it played each."""

    __slots__ = ("ids", "drawn", "played")

    def __init__(self, ids: Sequence[str], players: int) -> None:
        self.ids = ids
        """The design id of each card index (copies of one design share an id)."""
        self.drawn: list[set[int]] = [set() for _ in range(players)]
        self.played: list[Counter[int]] = [Counter() for _ in range(players)]

    def draw(self, seat: int, card: int) -> None:
        self.drawn[seat].add(card)

    def play(self, seat: int, card: int) -> None:
        """A card played counts as drawn too (a card played from the table, say)."""
        self.drawn[seat].add(card)
        self.played[seat][card] += 1

    def copy(self) -> CardLog:
        other = CardLog(self.ids, 0)
        other.drawn = [set(d) for d in self.drawn]
        other.played = [Counter(p) for p in self.played]
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
