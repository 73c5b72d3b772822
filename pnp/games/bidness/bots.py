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
from functools import lru_cache, partial

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


def _roles(cat: Config, staff: Sequence[int]) -> list[int]:
    """The role of each employee in ``staff``, in order (counted with ``.count``)."""
    return list(map(cat.role.__getitem__, staff))


def _count(view: View, seat: int, role: int) -> int:
    return _roles(view.cat, view.staff[seat]).count(role)


def _dice(view: View, seat: int) -> int:
    cat = view.cat
    extra = cat.trial_dice
    return (
        cat.t["trial_dice"]
        + _count(view, seat, LAWYER)
        + sum([extra[c] for c in view.bonuses[seat]])
    )


def _rounds_left(view: View) -> int:
    return max(1, EXPECTED_ROUNDS - view.round + 1)


def _price(view: View, seat: int) -> int:
    return view.cat.unit_price(view.tech[seat], view.tech_leader == seat)


def _salary(view: View, seat: int) -> int:
    roles = _roles(view.cat, view.staff[seat])
    return view.cat.salary(roles.count(ENGINEER), roles.count(MARKETER), roles.count(LAWYER))


def card_value(view: View, card: int) -> int:
    """Dollars a workplace card is worth to the viewing seat over the expected game."""
    cat, seat, left = view.cat, view.seat, _rounds_left(view)
    if cat.kind[card] == CONTRACT:
        return cat.t["contract_payment"] * left
    role = cat.role[card]
    if role == MARKETER:
        return _marketer_value(cat, _price(view, seat), left)
    if role == ENGINEER:
        return _engineer_value(cat, _count(view, seat, MARKETER), left)
    return _lawyer_value(cat, _count(view, seat, LAWYER), left)


def _marketer_value(cat: Config, price: int, left: int) -> int:
    return (price - cat.t["salary_marketer"]) * left


def _engineer_value(cat: Config, marketers: int, left: int) -> int:
    gain = cat.t["tech_per_engineer"] * marketers * left * (left - 1) // 2
    return gain - cat.t["salary_engineer"] * left


def _lawyer_value(cat: Config, lawyers: int, left: int) -> int:
    """What one more Lawyer is worth (any employee neither Marketer nor Engineer)."""
    return 20 - (cat.lawyer_salary(lawyers + 1) - cat.lawyer_salary(lawyers)) * left


def _damages_value(view: View, suit_card: int, cash_claim: int, loser: int) -> int:
    return _damages(
        view, suit_card, cash_claim, loser, _count(view, loser, MARKETER), partial(_price, view)
    )


def _damages(
    view: View,
    suit_card: int,
    cash_claim: int,
    loser: int,
    marketers: int,
    price: Callable[[int], int],
) -> int:
    """What the loser of a suit pays: the Negligence claim, its Marketers (Libel) at its
    unit ``price``, or tech points (Patent) worth one per Marketer, at least one."""
    cat = view.cat
    if cat.suit[suit_card] == NEGLIGENCE:
        return cash_claim
    claim = cat.claim[suit_card]
    if cat.suit[suit_card] == LIBEL:
        return min(claim, marketers) * price(loser)
    return min(claim, view.tech[loser]) * max(1, marketers)


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
    """The smallest bid if it is within the card's worth and the cash at hand, else drop.

    After the drop, bids come in rising order (``auction_decision``; the search hands
    over a subsequence of them), so the smallest is ``legal[1]``: when it is over the
    limit, every later one is too."""
    a = view.auction
    assert a is not None
    worth = int(card_value(view, a.card) * BID_SHARE)
    if a.seller == view.seat:
        worth = worth // 2
    room = view.cash[view.seat] + view.cat.t["iou_value"] * BORROW_FOR_BIDS
    if len(legal) > 1 and legal[1].amount <= min(worth, room):
        return legal[1]
    return legal[0]


def _play(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Card Play: the best-scored move; a tiny random amount, drawn for every move in
    order, breaks ties (the first best move wins, as with ``max``)."""
    score, rnd = _CardPlay(view).score, rng.random
    best, top = legal[0], score(legal[0]) + rnd() * 1e-3
    for action in legal[1:]:
        value = score(action) + rnd() * 1e-3
        if value > top:
            best, top = action, value
    return best


class _CardPlay:
    """The scores of one Card Play decision's moves.  What many moves share (a seat's
    trial dice, unit price and Marketers, the odds of a suit against a rival, the
    seat's salaries) is worked out on first use and kept for the decision: a hand with
    a Negligence suit offers one move per claim amount and rival."""

    __slots__ = ("view", "cat", "seat", "salary", "dice", "price", "marketers", "odds")

    def __init__(self, view: View) -> None:
        self.view, self.cat, self.seat = view, view.cat, view.seat
        n = len(view.cash)
        self.salary = -1
        self.dice, self.price, self.marketers = [-1] * n, [-1] * n, [-1] * n
        self.odds = [-1.0] * n
        """By rival: the chance the viewing seat wins a trial against it."""

    def score(self, action: Action) -> float:
        cat, seat, verb, card = self.cat, self.seat, action.verb, action.card
        if verb == "sell":
            if cat.kind[card] == PAYBACK:
                return -1.0
            return 5.0 if cat.kind[card] in (LAWSUIT, HEADHUNTING) and self.view.round == 1 else 1.0
        if verb == "auction":
            return 50.0
        if verb == "pass":
            return 0.5
        if verb == "payback":
            cost = cat.t["payback_one_cost"] if action.amount == 1 else cat.t["payback_two_cost"]
            if self.salary < 0:
                self.salary = _salary(self.view, seat)
            spare = self.view.cash[seat] - cost - self.salary
            return 1000.0 + action.amount if spare >= 0 else -1.0
        kind = cat.kind[card]
        if kind in (BONUS, INTERN):
            if cat.units[card] > 0:
                return cat.units[card] * self.unit_price(seat) - cat.cost[card]
            if kind == INTERN:
                return -1.0
            return (
                -cat.units[card] * self.unit_price(action.target)
                - cat.cost[card]
                - self.view.ious[action.target]
            )
        if verb == "hire":
            worth = 30.0 + 10 * (action.amount != LAWYER)
            return worth - cat.cost[card] + _threat(self.view, action.target)
        rival = action.target
        p_win = self.odds[rival]
        if p_win < 0:
            p_win = self.odds[rival] = win_chance(self.trial_dice(seat), self.trial_dice(rival))
        stake = self.damages(card, action.amount, rival)
        risk = self.damages(card, action.amount, seat)
        return p_win * stake - (1 - p_win) * risk + _threat(self.view, rival)

    def trial_dice(self, seat: int) -> int:
        if self.dice[seat] < 0:
            self.dice[seat] = _dice(self.view, seat)
        return self.dice[seat]

    def unit_price(self, seat: int) -> int:
        if self.price[seat] < 0:
            self.price[seat] = _price(self.view, seat)
        return self.price[seat]

    def damages(self, suit_card: int, cash_claim: int, loser: int) -> int:
        """:func:`_damages_value`, from the kept counts."""
        if self.marketers[loser] < 0:
            self.marketers[loser] = _count(self.view, loser, MARKETER)
        return _damages(
            self.view, suit_card, cash_claim, loser, self.marketers[loser], self.unit_price
        )


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
    return _play(view, legal, rng)


def worth(state: State) -> list[float]:
    """Each seat's cash less its IOUs at face value, plus what its staff and contracts
    are worth to it over the expected rest of the game (:func:`card_value`, as that seat
    sees it), for a search playout cut off before the end: the game is won by paying the
    IOUs off, and a workplace earns the cash that pays them."""
    cat, value = state.cat, state.cat.t["iou_value"]
    left = max(1, EXPECTED_ROUNDS - state.round + 1)  # _rounds_left, read off the state
    contract = cat.t["contract_payment"] * left
    out = []
    for seat in range(state.n):  # card_value of each card held, grouped by role
        staff = state.staff[seat]
        roles = _roles(cat, staff)
        marketers, engineers = roles.count(MARKETER), roles.count(ENGINEER)
        price = cat.unit_price(state.tech[seat], state.tech_leader == seat)
        cards = (
            contract * len(state.contracts[seat])
            + _marketer_value(cat, price, left) * marketers
            + _engineer_value(cat, marketers, left) * engineers
            + _lawyer_value(cat, roles.count(LAWYER), left) * (len(staff) - marketers - engineers)
        )
        out.append(float(state.cash[seat] - state.ious[seat] * value + cards))
    return out


SEARCH_BUDGET = Budget(depth=40, evidence=1.0)
"""Playouts stop after 40 steps (a round or two) and score the table by ``worth``; the
heuristic's pick stands unless another action beats it by a standard error (at 6 players
the search alone finished below the heuristic in 6 games of 6)."""

BOTS: dict[str, Bot] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "search": search_bot(determinize, heuristic_bot, SEARCH_BUDGET, evaluate=worth),
}
__all__ = ["BOTS", "Config", "card_value", "heuristic_bot", "random_bot", "win_chance"]
