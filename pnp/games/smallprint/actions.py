"""Small Print's actions: ``PASS``, or one card placed under one business with an optional
marker on it, each a :class:`pnp.games.kit.Action` built once per row length."""

from __future__ import annotations

from functools import cache

from pnp.games.kit import Action

KINDS = ("share", "small", "big", "total")
"""Paperwork kinds, in the order the engine numbers them (0 = share)."""
SHARE, SMALL, BIG, TOTAL = range(4)
MARKERS = 4
"""0: no marker, then the Small, Big and Total markers (numbered like the kinds)."""


class Paperwork(Action):
    """``Paperwork("place", (kind, business, marker))`` or ``Paperwork("pass")``, named in
    the game's words: kind and marker by ``KINDS``, the business by its place in the row."""

    __slots__ = ()

    @property
    def name(self) -> str:
        if not self.args:
            return self.verb
        kind, business, marker = self.args
        shown = f" with the {KINDS[marker].title()} marker" if marker else ""
        return f"place a {KINDS[kind].title()} under business {business + 1}{shown}"


PASS = Paperwork("pass")


def action_id(kind: int, business: int, marker: int, per_round: int) -> int:
    """Where a placement sits in :func:`action_table` (``PASS`` is 0)."""
    return 1 + (kind * per_round + business) * MARKERS + marker


@cache
def action_table(per_round: int) -> tuple[Paperwork, ...]:
    """Every action of a game with rows of ``per_round`` businesses, indexed by
    :func:`action_id`: made once, and the only action objects the rules hand out."""
    return (PASS,) + tuple(
        Paperwork("place", (kind, business, marker))
        for kind in range(len(KINDS))
        for business in range(per_round)
        for marker in range(MARKERS)
    )


@cache
def placements(
    in_hand: tuple[bool, ...], markers: tuple[bool, ...], row: int, per_round: int
) -> tuple[Paperwork, ...]:
    """``PASS``, then each kind of card in hand under each business of the row, bare or
    with a marker still free; made once for each hand, set of markers and row length."""
    table = action_table(per_round)
    free = [0] + [m + 1 for m, left in enumerate(markers) if left]
    return (PASS,) + tuple(
        table[action_id(kind, b, m, per_round)]
        for kind, held in enumerate(in_hand)
        if held
        for b in range(row)
        for m in free
    )


@cache
def offer(
    in_hand: tuple[bool, ...], markers: tuple[bool, ...], row: int, per_round: int
) -> tuple[tuple[Paperwork, ...], frozenset[int]]:
    """:func:`placements` and the ``id`` of each of its actions, made once: ``apply``
    checks an action by identity in that set (comparing named tuples one by one in the
    legal tuple cost more than the rest of a move)."""
    legal = placements(in_hand, markers, row, per_round)
    return legal, frozenset(map(id, legal))
