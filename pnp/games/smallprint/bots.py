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

from pnp.games.kit import blind
from pnp.games.playouts import Budget
from pnp.games.search import search_bot
from pnp.games.smallprint.actions import PASS, Paperwork, action_id
from pnp.games.smallprint.config import KINDS, SHARE, TOTAL, Business
from pnp.games.smallprint.payout import settle, settled
from pnp.games.smallprint.rules import State, determinize
from pnp.games.smallprint.view import View

Bot = Callable[[View, Sequence[Paperwork], random.Random], Paperwork]

BLUFF_RATE = 0.15
"""How often the heuristic bot puts a Total marker on a Share it places alone."""
CONTRACT_COST = (0.15, 1.0, 1.5, 2.5)
"""£m a card of each kind is worth keeping for a later round (share, small, big, total)."""


@blind
def random_bot(view: View, legal: Sequence[Paperwork], rng: random.Random) -> Paperwork:
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
    for card in pile:
        seat, kind, marker = card.seat, card.kind, card.marker
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
    cfg, cap = view.config, view.config.cap
    rounds = cfg.rounds[len(view.cash)]
    later = (rounds - view.round - 1) / rounds
    return [
        _gains_at(cfg.businesses[card], cap, *_read(view, business), later)
        for business, card in enumerate(view.row)
    ]


_HONEST: dict[int, tuple[tuple[Paperwork, ...], tuple[tuple[Paperwork, int, int], ...]]] = {}


def _honest(legal: tuple[Paperwork, ...]) -> tuple[tuple[Paperwork, int, int], ...]:
    """(action, business, kind) of each placement in ``legal`` whose marker tells the
    truth (a Share bare or a contract under its own marker), in order: the legal tuples
    a game offers are few and made once (actions.placements), so each is sorted once,
    found by identity rather than by hashing its actions."""
    hit = _HONEST.get(id(legal))
    if hit is not None and hit[0] is legal:
        return hit[1]
    out = []
    for action in legal:
        if not action.args:
            continue
        kind, business, marker = action.args
        if marker == kind or (kind == SHARE and marker == 0):
            out.append((action, business, kind))
    _HONEST[id(legal)] = (legal, tuple(out))
    return _HONEST[id(legal)][1]


def heuristic_bot(view: View, legal: Sequence[Paperwork], rng: random.Random) -> Paperwork:
    gains, draw = _gains(view), rng.random
    best, best_gain = PASS, 0.0
    honest = _honest(legal if isinstance(legal, tuple) else tuple(legal))
    for action, business, kind in honest:  # bluffs are chosen below
        value = gains[business][kind] + draw() * 1e-6
        if value > best_gain:
            best, best_gain = action, value
    if best is not PASS and rng.random() < BLUFF_RATE:
        kind, business, _ = best.args
        if kind == SHARE and not view.under[business]:
            per_round = view.config.per_round
            # the same Share with the Total marker on it
            bluff = view.config.actions[action_id(SHARE, business, TOTAL, per_round)]
            if bluff in legal:
                return bluff
    return best


def worth(state: State) -> list[float]:
    """Each seat's cash plus what the row would pay it if revealed now, for a search
    playout cut off before the end (the sampled state knows every card's kind)."""
    cfg, out = state.config, [float(c) for c in state.cash]
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
