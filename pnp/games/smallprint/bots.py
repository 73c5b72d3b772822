"""Bots for Small Print: ``bot(view, legal_actions, rng) -> action``.

``random`` picks uniformly. ``heuristic`` takes the markers on other seats' face-down
cards at their word (no marker: a Share) unless it remembers that seat has used that
contract already, works out what each placement would pay if the
round ended now, charges a contract for the later rounds it could have served, marks its
contracts honestly to keep others away, and now and then bluffs a Total on a Share.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from pnp.games import blind
from pnp.games.playouts import Budget
from pnp.games.search import search_bot
from pnp.games.smallprint.actions import PASS, decode
from pnp.games.smallprint.config import KINDS, SHARE, TOTAL, Business
from pnp.games.smallprint.payout import settle, settled
from pnp.games.smallprint.rules import State, determinize
from pnp.games.smallprint.view import View

Bot = Callable[[View, Sequence[int], random.Random], int]

BLUFF_RATE = 0.15
"""How often the heuristic bot puts a Total marker on a Share it places alone."""
CONTRACT_COST = (0.15, 1.0, 1.5, 2.5)
"""£m a card of each kind is worth keeping for a later round (share, small, big, total)."""


@blind
def random_bot(view: View, legal: Sequence[int], rng: random.Random) -> int:
    return legal[int(rng.random() * len(legal))]


_NONE = (0,) * len(KINDS)


def _read(view: View, business: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards under a business as the bot reads them, counted by kind: all of them,
    and its own.  Its own are what they are, others' what their markers claim (no
    marker: a Share), unless that seat has already used the contract it claims (every
    used contract was revealed, so the bot remembers)."""
    pile = view.under[business]
    if not pile:
        return _NONE, _NONE
    holding, me = view.holding, view.seat
    every, mine = [0] * len(KINDS), [0] * len(KINDS)
    for seat, kind, marker in pile:
        if kind is None:
            kind = marker if marker and holding[seat][marker] else SHARE
        every[kind] += 1
        if seat == me:
            mine[kind] += 1
    return tuple(every), tuple(mine)


@lru_cache(maxsize=1 << 12)
def _rises(
    card: Business, cap: int, every: tuple[int, ...], mine: tuple[int, ...]
) -> tuple[int, ...]:
    """How much more the bot would be paid with one more card of each kind under a
    business holding ``every`` cards of each kind, ``mine`` of them its own.

    ``settle`` pays a card by its kind and the kinds under the business alone, never by
    whose it is or when it came, so the bot's cards stand as seat 0 and the others' as
    seat 1: the few counts a game shows are worked out once (checked against ``settle``
    on the real seats in tests/test_smallprint_speed.py)."""
    kinds = range(len(KINDS))
    cards = [(0, k) for k in kinds for _ in range(mine[k])]
    cards += [(1, k) for k in kinds for _ in range(every[k] - mine[k])]
    before = settle(card, cards, cap).paid.get(0, 0)
    return tuple(settle(card, [*cards, (0, k)], cap).paid.get(0, 0) - before for k in kinds)


@lru_cache(maxsize=1 << 12)
def _gains_at(
    card: Business, cap: int, every: tuple[int, ...], mine: tuple[int, ...], later: float
) -> tuple[float, ...]:
    """``_rises`` less what keeping a card of each kind is worth with ``later`` of the
    game's rounds still to come."""
    rises = _rises(card, cap, every, mine)
    return tuple([rise - cost * later for rise, cost in zip(rises, CONTRACT_COST, strict=True)])


def _gains(view: View) -> list[tuple[float, ...]]:
    """``gains[business][kind]``: what placing a card of ``kind`` under ``business``
    would add to the bot's pay if the round ended now, less what keeping the card for a
    later round is worth; each business read once per decision, not once per candidate."""
    cfg, cap = view.cfg, view.cfg.cap
    rounds = cfg.rounds[len(view.cash)]
    later = (rounds - view.round - 1) / rounds
    return [
        _gains_at(cfg.businesses[card], cap, *_read(view, business), later)
        for business, card in enumerate(view.row)
    ]


@lru_cache(maxsize=4096)
def _honest(legal: tuple[int, ...], row: int) -> tuple[tuple[int, int, int], ...]:
    """(action, business, kind) of each placement in ``legal`` whose marker tells the
    truth (a Share bare or a contract under its own marker), in order: the few legal
    tuples a game offers recur, so they are sorted once."""
    out = []
    for action in legal:
        if action == PASS:
            continue
        p = decode(action, row)
        if p.marker == p.kind or (p.kind == SHARE and p.marker == 0):
            out.append((action, p.business, p.kind))
    return tuple(out)


def heuristic_bot(view: View, legal: Sequence[int], rng: random.Random) -> int:
    row = len(view.row)
    gains, draw = _gains(view), rng.random
    best, best_gain = PASS, 0.0
    for action, business, kind in _honest(tuple(legal), row):  # bluffs are chosen below
        value = gains[business][kind] + draw() * 1e-6
        if value > best_gain:
            best, best_gain = action, value
    if best != PASS and rng.random() < BLUFF_RATE:
        p = decode(best, row)
        if p.kind == SHARE and not view.under[p.business]:
            bluff = best + TOTAL  # the same Share with the Total marker on it
            if bluff in legal:
                return bluff
    return best


def worth(state: State) -> list[float]:
    """Each seat's cash plus what the row would pay it if revealed now, for a search
    playout cut off before the end (the sampled state knows every card's kind)."""
    cfg, out = state.cfg, [float(c) for c in state.cash]
    for b, pile in zip(state.row, state.under, strict=True):
        cards = tuple((p.seat, p.kind) for p in pile)
        for seat in {p.seat for p in pile}:
            out[seat] += settled(cfg.businesses[b], cards, cfg.cap).paid.get(seat, 0)
    return out


SEARCH_BUDGET = Budget(iterations=16, depth=8, evidence=1.0)
"""16 playouts a decision, each stopped after 8 steps (most of a round's placements at 2
players, half of one at 4) and scored by ``worth``; the heuristic's pick stands unless
another action beats it by a standard error (at 4 players the search alone played worse
than it).  Against the heuristic over 60 games (seed 1): above in 42, below in 16 at 2
players; 38 and 7 at 4 (24 playouts did no better: 39/20 and 37/12)."""

BOTS: dict[str, Bot] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "search": search_bot(determinize, heuristic_bot, SEARCH_BUDGET, evaluate=worth),
}
