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

from pnp.games.bidness.actions import ACCEPT, DROP, TRIAL, Action
from pnp.games.bidness.appraise import (
    EXPECTED_ROUNDS,
    best_play,
    card_value,
    damages_value,
    dice_of,
    engineer_value,
    lawyer_value,
    marketer_value,
    roles,
    win_chance,
)
from pnp.games.bidness.config import (
    BONUS,
    ENGINEER,
    HEADHUNTING,
    INTERN,
    LAWSUIT,
    LAWYER,
    MARKETER,
    PAYBACK,
    Config,
)
from pnp.games.bidness.rules import State, determinize
from pnp.games.bidness.view import View
from pnp.games.kit import blind
from pnp.games.playouts import Budget
from pnp.games.search import search_bot

Bot = Callable[[View, Sequence[Action], random.Random], Action]
SMALL_RAISES = 4
BORROW_FOR_BIDS = 2
"""IOUs the heuristic bot will take on to win an auction."""
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


def _settle(view: View, legal: Sequence[Action]) -> Action:
    s = view.suit
    assert s is not None
    p_win = win_chance(dice_of(view, s.plaintiff), dice_of(view, s.defendant))
    stake = damages_value(view, s.card, s.cash_claim, s.defendant)
    fair = p_win * stake - (1 - p_win) * damages_value(view, s.card, s.cash_claim, s.plaintiff)
    offers = [a for a in legal if a.verb == "offer"]
    me_plaintiff = view.seat == s.plaintiff
    # What a trial costs the defendant on average: the plaintiff's damages when it loses
    # (a losing plaintiff pays the bank, not the defendant).
    exposure = p_win * stake
    if view.seat == s.defendant and s.ask and s.ask <= exposure:
        return ACCEPT
    # With the odds on its side a plaintiff holds out for most of that exposure, and
    # goes to trial for less; with the odds against it, anything above the trial's worth.
    floor = exposure * 0.9 if p_win > 0.5 else max(fair, 0) * 0.9
    if me_plaintiff and s.bid and s.bid >= floor:
        return ACCEPT
    if me_plaintiff and fair > 0 and max((a.args[0] for a in offers), default=0) < floor:
        return TRIAL  # no cash the defendant can raise is worth the case
    if offers:
        target = exposure * 1.25 if me_plaintiff else min(fair, exposure) * 0.8
        return min(offers, key=lambda a: abs(a.args[0] - target))
    return TRIAL


def _bid(view: View, legal: Sequence[Action]) -> Action:
    """The smallest bid if it is within the card's worth and the cash at hand, else drop.

    After the drop, bids come in rising order (``auction_decision``; the search hands
    over a subsequence of them), so the smallest is ``legal[1]``: when it is over the
    limit, every later one is too."""
    a = view.auction
    assert a is not None
    if len(legal) < 2:
        return legal[0]
    room = view.cash[view.seat] + view.config.t.iou_value * BORROW_FOR_BIDS
    (lowest,) = legal[1].args
    if lowest > room:  # over the cash at hand: the card's worth need not be asked
        return legal[0]
    worth = int(card_value(view, a.card) * BID_SHARE)
    if a.seller == view.seat:
        worth = worth // 2
    return legal[1] if lowest <= worth else legal[0]


def _discard(view: View, legal: Sequence[Action]) -> Action:
    config = view.config

    def keep(action: Action) -> float:
        kind = config.kind[action.args[0]]
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
        if action.verb == "layoff" and action.args == (LAWYER,):
            return action
    for action in legal:
        if action.verb == "borrow" and view.ious[view.seat] < view.config.max_ious - 1:
            return action
    layoffs = [a for a in legal if a.verb == "layoff"]
    return layoffs[0] if layoffs else legal[0]


def _restructure(view: View, legal: Sequence[Action]) -> Action:
    """Lay off an employee who will cost more in salary than they bring in before the game
    is likely over; else pay."""
    seat, role = view.seat, view.config.role
    for action in legal:
        if action.verb != "layoff":
            continue
        card = next(c for c in view.staff[seat] if role[c] == action.args[0])
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
    return best_play(view, legal, rng)


def worth(state: State) -> list[float]:
    """Each seat's cash less its IOUs at face value, plus what its staff and contracts
    are worth to it over the expected rest of the game (:func:`card_value`, as that seat
    sees it), for a search playout cut off before the end: the game is won by paying the
    IOUs off, and a workplace earns the cash that pays them."""
    config, value = state.config, state.config.t.iou_value
    left = max(1, EXPECTED_ROUNDS - state.round + 1)  # rounds_left, read off the state
    contract = config.t.contract_payment * left
    out = []
    for seat in range(state.n):  # card_value of each card held, grouped by role
        staff = state.staff[seat]
        held = roles(config, staff)
        marketers, engineers = held.count(MARKETER), held.count(ENGINEER)
        price = config.unit_price(state.tech[seat], state.tech_leader == seat)
        cards = (
            contract * len(state.contracts[seat])
            + marketer_value(config, price, left) * marketers
            + engineer_value(config, marketers, left) * engineers
            + lawyer_value(config, held.count(LAWYER), left) * (len(staff) - marketers - engineers)
        )
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
