"""The Big Idea's actions, each a :class:`pnp.games.kit.Action` made once and handed out
as the same object every time:

* Seed: ``seed <mask>``, a bitmask over the seat's hand (bit i = hand card i), not 0;
* Pitch: ``invest`` (one own chip on the revealed product) or ``throw`` (discard it);
* Venture: ``pass`` or ``venture <pos>``, another seat's product new this round;
* Mezzanine: ``pass`` or ``buy <pos>``, any product the seat can afford;
* Discard: ``discard <mask>``, the cards to throw away (0 keeps them all).
"""

from __future__ import annotations

from functools import cache, lru_cache

from pnp.games.kit import Action

PASS = Action("pass")
THROW = Action("throw")
INVEST = Action("invest")
PITCHES = (THROW, INVEST)
"""A Pitch's choices, in the order the engine has always offered them."""
THROW_ONLY = (THROW,)


@cache
def seeds(hand: int) -> tuple[Action, ...]:
    """Every product a hand of ``hand`` cards can lay, by mask from 1 (``seeds(h)[m - 1]``
    lays mask ``m``)."""
    # decision product-cards
    return tuple(Action("seed", (mask,)) for mask in range(1, 1 << hand))


@cache
def discards(hand: int) -> tuple[Action, ...]:
    """Every discard from a hand of ``hand`` cards, by mask from 0 (keep them all)."""
    return tuple(Action("discard", (mask,)) for mask in range(1 << hand))


@cache
def _on(verb: str, pos: int) -> Action:
    return Action(verb, (pos,))


@lru_cache(maxsize=1 << 14)
def offers(verb: str, picks: tuple[int, ...]) -> tuple[Action, ...]:
    """``PASS``, then ``verb`` on each table position of ``picks`` (``venture`` or
    ``buy``); made once for each set of positions."""
    return (PASS, *[_on(verb, pos) for pos in picks])


__all__ = ["INVEST", "PASS", "PITCHES", "THROW", "THROW_ONLY", "discards", "offers", "seeds"]
