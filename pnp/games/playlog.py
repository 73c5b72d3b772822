"""What one game did, for the simulation report: which card designs each seat drew and
how often it played them, and which of the engine's listed rules came into play.

The runner turns card records into per-card statistics (pnp.sim.cards) and rule records
into rule coverage (games in which each rule was used, and how often); nothing else reads
them. So only a game the runner plays keeps a log (``new_state(..., record=True)``): every
other state, and a determinized copy a search bot plays out, carries ``None``, and
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


class SeatDraws(NamedTuple):
    """When one seat of one game got each card (:meth:`PlayLog.draws`): the log's own
    bytes, copied whole, so that a game's end costs no loop over its cards."""

    opening: int
    """Cards the seat held when the game was set up, before anyone's first decision."""
    places: bytes
    """Per card index: 0 if the seat never got it, else its place in the order the seat
    got its cards (its n-th distinct card; 255 stands for 255 or later). The card was in
    the opening hand when its place is at most ``opening``."""
    ids: Sequence[str]
    """The design id of each card index."""
    got: int = 0
    """The seat's latest place: the distinct cards it got (saturating at 255)."""

    def first(self) -> dict[str, int]:
        """Each design the seat got → the place of its earliest copy, ids sorted."""
        out: dict[str, int] = {}
        for design, place in zip(self.ids, self.places, strict=True):
            if place and place < out.get(design, LAST_PLACE + 1):
                out[design] = place
        return dict(sorted(out.items()))

    @classmethod
    def of(cls, opening: int, first: dict[str, int]) -> SeatDraws:
        """The record of a seat that got each design of ``first`` at its place (one
        card per design; for examples and tests)."""
        return cls(opening, bytes(first.values()), list(first), max(first.values(), default=0))


LAST_PLACE = 255
"""The place kept for a seat's 255th card and every later one (a byte holds it)."""


class PlayLog:
    """Per seat: the cards (indices into ``ids``) it drew, in the order it got them, and
    the times it played each; for the game: each use of a rule, in order.

    An event costs a store into a list made when the game starts: ``drawn[seat][card]``
    is 0 until the seat gets the card, then its place among the seat's distinct cards (1
    for the first, saturating at :data:`LAST_PLACE`); ``played[seat][card]`` counts its
    plays, and ``used`` is the list ``uses``'s own ``append`` (as cheap as a set's ``add``;
    the uses are counted once, when the game is over).  :meth:`close_opening`, called once
    the game is set up (the kit's ``new_state``), marks the cards each seat got so far as
    its opening hand.  A game nobody reads these of keeps no log at all
    (``new_state(..., record=False)``, the default)."""

    __slots__ = ("ids", "drawn", "played", "uses", "used", "got", "opening")

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
        self.got = [0] * players
        """Per seat: distinct cards it got so far (saturating at ``LAST_PLACE``)."""
        self.opening: tuple[int, ...] = (0,) * players
        """Per seat: cards in its opening hand (none until :meth:`close_opening`)."""

    def draw(self, seat: int, card: int) -> None:
        drawn = self.drawn[seat]
        if not drawn[card]:
            got = self.got
            place = got[seat]
            if place < LAST_PLACE:
                place = got[seat] = place + 1
            drawn[card] = place

    def play(self, seat: int, card: int) -> None:
        """A card played counts as drawn too (a card played from the table, say)."""
        if not self.drawn[seat][card]:
            self.draw(seat, card)
        self.played[seat][card] += 1

    def close_opening(self) -> None:
        """The game is set up: what each seat holds now is its opening hand."""
        self.opening = tuple(self.got)

    def copy(self) -> PlayLog:
        other = PlayLog.__new__(PlayLog)
        other.ids = self.ids
        other.drawn = [bytearray(d) for d in self.drawn]
        other.played = [p[:] for p in self.played]
        other.uses = self.uses[:]
        other.used = other.uses.append
        other.got = self.got[:]
        other.opening = self.opening
        return other

    def rules(self) -> frozenset[str]:
        """The rules used at least once."""
        return frozenset(self.uses)

    def record(self) -> list[dict[str, int]]:
        """Per seat, each design it drew → the times it played that design, ids sorted."""
        ids, out = self.ids, []
        in_order, single = _shape(ids)
        every = range(len(ids))
        for drawn, played in zip(self.drawn, self.played, strict=True):
            if single:  # one card per design: the drawn cards' pairs are the record, built in C
                got = zip(compress(ids, drawn), compress(played, drawn), strict=True)
                out.append(dict(got if in_order else sorted(got)))
                continue
            designs: dict[str, int] = {}
            for card in compress(every, drawn):
                design = ids[card]
                designs[design] = designs.get(design, 0) + played[card]
            out.append(dict(sorted(designs.items())))
        return out

    def draws(self) -> list[SeatDraws]:
        """Per seat, its opening hand's size and the place of each card it got."""
        ids = self.ids
        return [
            SeatDraws(opening, bytes(drawn), ids, got)
            for drawn, opening, got in zip(self.drawn, self.opening, self.got, strict=True)
        ]


_SHAPES: dict[int, tuple[Sequence[str], tuple[bool, bool]]] = {}
_KEPT_SHAPES = 64


def _shape(ids: Sequence[str]) -> tuple[bool, bool]:
    """Whether ``ids`` is sorted, and whether each design has one card: worked out once per
    ids sequence (an engine's config holds one for all its games)."""
    hit = _SHAPES.get(id(ids))
    if hit is not None and hit[0] is ids:
        return hit[1]
    shape = list(ids) == sorted(ids), len(set(ids)) == len(ids)
    if len(_SHAPES) >= _KEPT_SHAPES:  # a long-lived process (the workbench) reloads games
        _SHAPES.clear()
    _SHAPES[id(ids)] = (ids, shape)
    return shape


class _Logged(Protocol):
    playlog: PlayLog | None


_S = TypeVar("_S", bound=_Logged)
