"""Bots for The Big Idea: ``bot(view, legal_actions, rng) -> action``.

``random`` picks uniformly.  ``heuristic`` values a share by the expected payout of the
next roll (:data:`SHARE_EV`) and invests when the gain beats the price plus what a chip
in hand is worth to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from pnp.games.bigidea.actions import INVEST, PASS, THROW
from pnp.games.bigidea.economy import SHARE_EV
from pnp.games.bigidea.rules import State, determinize
from pnp.games.bigidea.view import View
from pnp.games.kit import Action, blind
from pnp.games.playouts import Budget
from pnp.games.search import search_bot

Bot = Callable[[View, Sequence[Action], random.Random], Action]


@blind
def random_bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[int(rng.random() * len(legal))]


def chip_reserve(free: int) -> float:
    """Dollars a chip still in hand is worth keeping: little while several are free."""
    return 0.0 if free >= 3 else 0.4 if free == 2 else 0.9


_TOP = len(SHARE_EV) - 1
"""Index of the last entry of :data:`SHARE_EV`, which holds for any bigger stack."""
_LAST = SHARE_EV[_TOP]
_RESERVE = tuple(chip_reserve(free) for free in range(3))
""":func:`chip_reserve` for fewer than three free chips (from three on it is 0)."""


def _shares_gain(stack: int, mine: int) -> float:
    """What one more chip adds to the expected payout of ``mine`` chips in a stack of
    ``stack`` chips (see :data:`_SHARES_GAIN`)."""
    now, after = (SHARE_EV[stack], SHARE_EV[stack + 1]) if stack < _TOP else (_LAST, _LAST)
    return (mine + 1) * after - mine * now


_HELD = 64
"""Chips of one seat on one product, and chips in its stack, that :data:`_SHARES_GAIN`
covers (beyond, the heuristic asks :func:`_shares_gain`)."""
_SHARES_GAIN = tuple(
    tuple(_shares_gain(stack, mine) for mine in range(_HELD)) for stack in range(min(_TOP, _HELD))
) + (tuple(_shares_gain(_TOP, mine) for mine in range(_HELD)),) * max(_HELD - _TOP, 0)
"""``_SHARES_GAIN[stack][mine]``: what one more chip adds to the expected payout of the
``mine`` chips a seat holds in a stack of ``stack`` (one row for every stack from
``_TOP`` on), the same floating-point numbers as :func:`_shares_gain` gives, looked up
at every candidate."""


@lru_cache(maxsize=4096)
def _first_of_each_deck(hand_decks: tuple[int, ...]) -> int:
    """The Seed mask: one card of each deck (a word of each kind), else the first card;
    kept per pattern of card backs (a hand of the bundled game's six cards from two decks
    shows fewer than 128 patterns)."""
    mask, seen = 0, set()
    for i, deck in enumerate(hand_decks):
        if deck not in seen:
            seen.add(deck)
            mask |= 1 << i
    return mask or 1


def heuristic_bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Seed one card of each deck, keep every card, invest in its own product, and back
    the product with the best share gain if it beats :func:`chip_reserve`.

    A product's share gain is the expected dollars one more chip of the seat earns at
    the next roll (:data:`SHARE_EV` of the stack after, times the seat's chips after,
    less the same before) less the buy-in.  It is worked out in the loop, not by a
    function: the playouts ask it of every candidate of every Venture and Mezzanine
    decision."""
    phase = view.phase
    if phase == "seed":  # the Seed choices are every mask from 1, in order
        mask = _first_of_each_deck(view.hand_decks)
        pick = legal[mask - 1] if mask <= len(legal) else legal[0]
        return pick if pick.args == (mask,) else legal[0]
    if phase == "discard":  # mask 0, keep every card, comes first
        return legal[0]
    if phase == "pitch":
        return INVEST if INVEST in legal else THROW
    price = view.share_price if phase == "mezzanine" else 0
    seat, products, rnd = view.seat, view.products, rng.random
    free = view.free_chips[seat]
    best, best_gain = PASS, _RESERVE[free] if free < 3 else 0.0
    for action in legal:
        if not action.args:
            continue
        p = products[action.args[0]]
        shares = p.shares
        mine, players = shares[seat], sum(shares)
        stack = players + p.white
        try:
            gain = _SHARES_GAIN[stack][mine]
        except IndexError:  # a stack or a holding beyond the table
            gain = _shares_gain(stack, mine)
        gain = gain - price * (players - mine) + rnd() * 1e-6
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def worth(state: State) -> list[float]:
    """Each seat's cash plus its shares' expected earnings at the next roll of their
    products (:data:`SHARE_EV`), for a search playout cut off before the end."""
    out = [float(c) for c in state.cash]
    for product in state.table:
        stack = product.players + product.white  # product.stack(), inlined
        each = SHARE_EV[stack if stack < _TOP else _TOP]
        for seat, held in enumerate(product.shares):
            out[seat] += held * each
    return out


SEARCH_BUDGET = Budget(iterations=24, evidence=0.5, paired=8, paired_seats=6, widest=20, depth=15)
"""The dice decide most of a game, so single playouts are noisy: small choices compare
their candidates on the same sampled dice (raced paired rollouts) and leave the
heuristic's pick on half a standard error; card picks keep the tree, except at 6 players.
Playouts stop after 15 steps and score the table by ``worth``.  Over 40 games (seed 1),
raced paired rollouts for the card picks too finished above the heuristic in 30, below in
10 at 6 players (the tree 21/15), but 16/14 at 3 (where the tree wins).  At 6 players the
pick of cards to seed a product (63 candidates: 252 playouts a decision, 44 % of the
search's time) never left the heuristic's choice in 180 decisions, so choices wider than
the widest share purchase (18) are left to the heuristic: 41/18 and 39/20 of 60 games at
seeds 1 and 2 (every choice raced: 41/19 and 45/15), in 0.6 of the time."""

BOTS: dict[str, Bot] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "search": search_bot(determinize, heuristic_bot, SEARCH_BUDGET, evaluate=worth),
}
