"""What one game did, for the simulation report: which card designs each seat drew and
how often it played them, and which of the engine's listed rules came into play.

The runner turns card records into per-card statistics (pnp.sim.cards) and rule records
into rule coverage (games in which each rule was used, and how often); nothing else reads
them. So only
a game the runner plays keeps a log (``new_state(..., record=True)``, :func:`recorded`):
every other state, and a determinized copy a search bot plays out, carries ``None``, and
each call site's ``is not None`` check is all its play pays.

A rule is counted where the code carries it out, with ``playlog.used("rule-id")``; that
call is also the rule's mark in the code (tests/test_rule_coverage.py checks that every
listed rule has one and every call names a listed rule).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import NamedTuple, Protocol, TypeVar


class Rule(NamedTuple):
    """One rule of a game, as the engine plays it (each engine's ``decisions.RULES``)."""

    id: str
    rule: str
    """The rule in our own words."""
    source: str
    """Where in the source text it is stated, in our words."""


class PlayLog:
    """Per seat: the cards (indices into ``ids``) it drew and the times it played each;
    for the game: each use of a rule, in order.

    An event costs a store into a list made when the game starts: ``drawn[seat][card]``
    is 1 once the seat drew the card, ``played[seat][card]`` counts its plays, and
    ``used`` is the list ``uses``'s own ``append`` (as cheap as a set's ``add``; the
    uses are counted once, when the game is over).  A game nobody reads these of
    keeps no log at all (``new_state(..., record=False)``, the default)."""

    __slots__ = ("ids", "drawn", "played", "uses", "used")

    used: Callable[[str], None]
    """Count one use of the rule ``rule`` in this game."""

    def __init__(self, ids: Sequence[str], players: int) -> None:
        self.ids = ids
        """The design id of each card index (copies of one design share an id)."""
        cards = len(ids)
        self.drawn: list[bytearray] = [bytearray(cards) for _ in range(players)]
        self.played: list[list[int]] = [[0] * cards for _ in range(players)]
        self.uses: list[str] = []
        self.used = self.uses.append

    def draw(self, seat: int, card: int) -> None:
        self.drawn[seat][card] = 1

    def play(self, seat: int, card: int) -> None:
        """A card played counts as drawn too (a card played from the table, say)."""
        self.drawn[seat][card] = 1
        self.played[seat][card] += 1

    def copy(self) -> PlayLog:
        other = PlayLog.__new__(PlayLog)
        other.ids = self.ids
        other.drawn = [bytearray(d) for d in self.drawn]
        other.played = [p[:] for p in self.played]
        other.uses = self.uses[:]
        other.used = other.uses.append
        return other

    def rules(self) -> frozenset[str]:
        """The rules used at least once."""
        return frozenset(self.uses)

    def record(self) -> list[dict[str, int]]:
        """Per seat, each design it drew → the times it played that design, ids sorted."""
        ids, out = self.ids, []
        every = range(len(ids))
        for drawn, played in zip(self.drawn, self.played, strict=True):
            designs: dict[str, int] = {}
            for card in compress(every, drawn):
                design = ids[card]
                designs[design] = designs.get(design, 0) + played[card]
            out.append(dict(sorted(designs.items())))
        return out


class _Logged(Protocol):
    playlog: PlayLog | None


_S = TypeVar("_S", bound=_Logged)
