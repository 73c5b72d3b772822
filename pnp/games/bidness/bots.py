"""Bots for Bidness: ``bot(view, legal_actions, rng) -> action``; they see only the view.

``random`` picks uniformly, except that in an auction it drops out or makes one of the
smallest raises (a random bidder that jumps to the debt limit is not a player).
``heuristic`` values employees and contracts by what they earn in the rounds a game
usually has left, pays back whenever salaries stay covered, sues when its dice are
better, and settles near the expected damages.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from pnp.games import blind
from pnp.games.bidness.auction import DROP
from pnp.games.bidness.config import (
    BONUS,
    CONTRACT,
    DIE_FACES,
    ENGINEER,
    HEADHUNTING,
    INTERN,
    LAWSUIT,
    LAWYER,
    LIBEL,
    MARKETER,
    NEGLIGENCE,
    PAYBACK,
    Config,
)
from pnp.games.bidness.rules import State, determinize
from pnp.games.bidness.state import Action
from pnp.games.bidness.view import View
from pnp.games.search import Budget, search_bot

Bot = Callable[[View, Sequence[Action], random.Random], Action]
EXPECTED_ROUNDS = 6
"""bidness.txt: a game typically lasts about five or six rounds."""
SMALL_RAISES = 4
BORROW_FOR_BIDS = 2
"""IOUs the heuristic bot will take on to win an auction."""
THREAT_PER_IOU = 15
BID_SHARE = 0.35
"""Share of a card's expected earnings the heuristic bot will bid: the rest is its profit."""


_DROP_VERB = DROP.verb


@blind
def random_bot(view: View | None, legal: Sequence[Action], rng: random.Random) -> Action:
    """Reads no view: an auction's legal moves are the only ones that start with a drop."""
    choices = len(legal)
    if legal[0].verb == _DROP_VERB:
        if rng.random() < 0.5 or choices == 1:
            return legal[0]
        return legal[1 + int(rng.random() * min(SMALL_RAISES, choices - 1))]
    return legal[int(rng.random() * choices)]


@lru_cache(maxsize=256)
def win_chance(mine: int, theirs: int) -> float:
    """Chance that ``mine`` dice roll a higher total than ``theirs`` (ties lose)."""

    def spread(dice: int) -> list[float]:
        dist = [1.0]
        for _ in range(dice):
            nxt = [0.0] * (len(dist) + DIE_FACES)
            for total, p in enumerate(dist):
                for face in range(1, DIE_FACES + 1):
                    nxt[total + face] += p / DIE_FACES
            dist = nxt
        return dist

    a, b = spread(mine), spread(theirs)
    below = 0.0
    win = 0.0
    for total, p in enumerate(a):
        win += p * below
        below += b[total] if total < len(b) else 0.0
    return win


def _count(view: View, seat: int, role: int) -> int:
    r = view.cat.role
    return sum(1 for c in view.staff[seat] if r[c] == role)


def _dice(view: View, seat: int) -> int:
    cat = view.cat
    return (
        cat.t["trial_dice"]
        + _count(view, seat, LAWYER)
        + sum(cat.trial_dice[c] for c in view.bonuses[seat])
    )


def _rounds_left(view: View) -> int:
    return max(1, EXPECTED_ROUNDS - view.round + 1)


def _price(view: View, seat: int) -> int:
    return view.cat.unit_price(view.tech[seat], view.tech_leader == seat)


def _salary(view: View, seat: int) -> int:
    return view.cat.salary(*(_count(view, seat, r) for r in range(3)))


def card_value(view: View, card: int) -> int:
    """Dollars a workplace card is worth to the viewing seat over the expected game."""
    cat, seat, left = view.cat, view.seat, _rounds_left(view)
    if cat.kind[card] == CONTRACT:
        return cat.t["contract_payment"] * left
    role = cat.role[card]
    if role == MARKETER:
        return (_price(view, seat) - cat.t["salary_marketer"]) * left
    if role == ENGINEER:
        units = _count(view, seat, MARKETER)
        gain = cat.t["tech_per_engineer"] * units * left * (left - 1) // 2
        return gain - cat.t["salary_engineer"] * left
    lawyers = _count(view, seat, LAWYER)
    return 20 - (cat.lawyer_salary(lawyers + 1) - cat.lawyer_salary(lawyers)) * left


def _damages_value(view: View, suit_card: int, cash_claim: int, loser: int) -> int:
    cat = view.cat
    if cat.suit[suit_card] == NEGLIGENCE:
        return cash_claim
    claim = cat.claim[suit_card]
    if cat.suit[suit_card] == LIBEL:
        return min(claim, _count(view, loser, MARKETER)) * _price(view, loser)
    return min(claim, view.tech[loser]) * max(1, _count(view, loser, MARKETER))


def _settle(view: View, legal: Sequence[Action]) -> Action:
    s = view.suit
    assert s is not None
    p_win = win_chance(_dice(view, s.plaintiff), _dice(view, s.defendant))
    stake = _damages_value(view, s.card, s.cash_claim, s.defendant)
    fair = p_win * stake - (1 - p_win) * _damages_value(view, s.card, s.cash_claim, s.plaintiff)
    offers = [a for a in legal if a.verb == "offer"]
    me_plaintiff = view.seat == s.plaintiff
    # What a trial costs the defendant on average: the plaintiff's damages when it loses
    # (a losing plaintiff pays the bank, not the defendant).
    exposure = p_win * stake
    if view.seat == s.defendant and s.ask and s.ask <= exposure:
        return Action("accept")
    # With the odds on its side a plaintiff holds out for most of that exposure, and
    # goes to trial for less; with the odds against it, anything above the trial's worth.
    floor = exposure * 0.9 if p_win > 0.5 else max(fair, 0) * 0.9
    if me_plaintiff and s.bid and s.bid >= floor:
        return Action("accept")
    if me_plaintiff and fair > 0 and max((a.amount for a in offers), default=0) < floor:
        return Action("trial")  # no cash the defendant can raise is worth the case
    if offers:
        target = exposure * 1.25 if me_plaintiff else min(fair, exposure) * 0.8
        return min(offers, key=lambda a: abs(a.amount - target))
    return Action("trial")


def _bid(view: View, legal: Sequence[Action]) -> Action:
    a = view.auction
    assert a is not None
    worth = int(card_value(view, a.card) * BID_SHARE)
    if a.seller == view.seat:
        worth = worth // 2
    room = view.cash[view.seat] + view.cat.t["iou_value"] * BORROW_FOR_BIDS
    for action in legal[1:]:
        if action.amount <= min(worth, room):
            return action
    return legal[0]


def _play_score(view: View, action: Action) -> float:
    cat, seat, verb, card = view.cat, view.seat, action.verb, action.card
    if verb == "pass":
        return 0.5
    if verb == "payback":
        cost = cat.t["payback_one_cost"] if action.amount == 1 else cat.t["payback_two_cost"]
        spare = view.cash[seat] - cost - _salary(view, seat)
        return 1000.0 + action.amount if spare >= 0 else -1.0
    if verb == "sell":
        if cat.kind[card] == PAYBACK:
            return -1.0
        return 5.0 if cat.kind[card] in (LAWSUIT, HEADHUNTING) and view.round == 1 else 1.0
    if verb == "auction":
        return 50.0
    kind = cat.kind[card]
    if kind in (BONUS, INTERN):
        if cat.units[card] > 0:
            return cat.units[card] * _price(view, seat) - cat.cost[card]
        if kind == INTERN:
            return -1.0
        return (
            -cat.units[card] * _price(view, action.target)
            - cat.cost[card]
            - view.ious[action.target]
        )
    if verb == "hire":
        worth = 30.0 + 10 * (action.amount != LAWYER)
        return worth - cat.cost[card] + _threat(view, action.target)
    p_win = win_chance(_dice(view, seat), _dice(view, action.target))
    stake = _damages_value(view, card, action.amount, action.target)
    risk = _damages_value(view, card, action.amount, seat)
    return p_win * stake - (1 - p_win) * risk + _threat(view, action.target)


def _threat(view: View, rival: int) -> float:
    """Dollars worth spending to slow a rival who is closer to paying off than we are."""
    ahead = view.ious[view.seat] - view.ious[rival] + view.paybacks_held[rival]
    return THREAT_PER_IOU * max(0, ahead)


def _discard(view: View, legal: Sequence[Action]) -> Action:
    cat = view.cat

    def keep(action: Action) -> float:
        kind = cat.kind[action.card]
        if kind == PAYBACK:
            return 100.0
        if kind in (LAWSUIT, HEADHUNTING):
            return 5.0 if view.round == 1 else 20.0
        if kind in (BONUS, INTERN):
            return 10.0
        return 50.0

    return min(legal, key=keep)


def _salary_move(view: View, legal: Sequence[Action]) -> Action:
    if any(a.verb == "pay" for a in legal):  # short before, covered now: restructure?
        return _restructure(view, legal)
    for action in legal:
        if action.verb == "layoff" and action.target == LAWYER:
            return action
    for action in legal:
        if action.verb == "borrow" and view.ious[view.seat] < view.cat.max_ious - 1:
            return action
    layoffs = [a for a in legal if a.verb == "layoff"]
    return layoffs[0] if layoffs else legal[0]


def _restructure(view: View, legal: Sequence[Action]) -> Action:
    """Lay off an employee who will cost more in salary than they bring in before the game
    is likely over; else pay."""
    seat, role = view.seat, view.cat.role
    for action in legal:
        if action.verb != "layoff":
            continue
        card = next(c for c in view.staff[seat] if role[c] == action.target)
        if card_value(view, card) < 0:
            return action
    return next(a for a in legal if a.verb == "pay")


def heuristic_bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    phase = view.phase
    if len(legal) == 1:
        return legal[0]
    if phase == "auction":
        return _bid(view, legal)
    if phase == "settlement":
        return _settle(view, legal)
    if phase == "discard":
        return _discard(view, legal)
    if phase == "salaries":
        return _salary_move(view, legal)
    return max(legal, key=lambda a: _play_score(view, a) + rng.random() * 1e-3)


def worth(state: State) -> list[float]:
    """Each seat's cash less its IOUs at face value, plus what its staff and contracts
    are worth to it over the expected rest of the game (:func:`card_value`, as that seat
    sees it), for a search playout cut off before the end: the game is won by paying the
    IOUs off, and a workplace earns the cash that pays them."""
    value = state.cat.t["iou_value"]
    out = []
    for seat in range(state.n):
        view = state.view(seat)
        held = [*state.staff[seat], *state.contracts[seat]]
        cards = sum(card_value(view, card) for card in held)
        out.append(float(state.cash[seat] - state.ious[seat] * value + cards))
    return out


SEARCH_BUDGET = Budget(iterations=16, depth=16, evidence=1.0)
"""16 playouts a decision, each stopped after 16 steps (under a round) and scored by
``worth``; the heuristic's pick stands unless another action beats it by a standard
error.  Against the heuristic (seed 1): 12 games of 12 above at 2 players, 5 of 6 at 6
(48 playouts of 40 steps took 134 s for those 6 games, this 23 s)."""

BOTS: dict[str, Bot] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "search": search_bot(determinize, heuristic_bot, SEARCH_BUDGET, evaluate=worth),
}
__all__ = ["BOTS", "Config", "card_value", "heuristic_bot", "random_bot", "win_chance"]
