"""Lazy lists of priced moves: a few fixed actions, then one action per amount.

A bidder with a large debt room has dozens of bids, a settlement offer dozens of
amounts, and a bot reads one or two of them; :class:`PricedMoves` makes each
:class:`~pnp.games.bidness.state.Action` only when it is read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from pnp.games.bidness.state import Action, move


class PricedMoves(Sequence[Action]):
    """Reads like the tuple ``(*fixed, *(Action(verb, amount=a) for a in amounts))``:
    same length, same actions in the same order, the same membership, and equal to
    another ``PricedMoves`` or tuple of the same actions."""

    __slots__ = ("fixed", "verb", "amounts", "size")

    def __init__(self, fixed: tuple[Action, ...], verb: str, amounts: range) -> None:
        self.fixed, self.verb, self.amounts = fixed, verb, amounts
        self.size = len(fixed) + len(amounts)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        if i < 0:
            i += self.size
        fixed = self.fixed
        if 0 <= i < len(fixed):
            return fixed[i]
        if not 0 <= i < self.size:
            raise IndexError(f"{self.verb} move {i} out of range")
        return move(self.verb, -1, -1, self.amounts[i - len(fixed)])

    def __iter__(self) -> Iterator[Action]:
        yield from self.fixed
        verb = self.verb
        for amount in self.amounts:
            yield move(verb, -1, -1, amount)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, tuple) or len(action) != len(Action._fields):
            return False
        if action in self.fixed:
            return True
        return action == (self.verb, -1, -1, action[3]) and action[3] in self.amounts

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PricedMoves):
            return (self.fixed, self.verb, self.amounts) == (other.fixed, other.verb, other.amounts)
        return isinstance(other, tuple) and tuple(self) == other

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PricedMoves({self.fixed!r}, {self.verb!r}, {self.amounts!r})"
