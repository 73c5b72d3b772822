"""Bots for •Boom: ``bot(view, legal_actions, rng) -> action``.

``random`` picks uniformly among the legal actions.  ``heuristic`` plays like a greedy
venture capitalist: it builds up companies it owns a stake in, hurts the others, takes
a company public as soon as it may, leads rounds for the most promising companies and
buys into rounds priced below what a share should pay out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from pnp.games.boom.actions import (
    ACT,
    AGREE_ACTION,
    ATTACH,
    BUY_ACTION,
    CLOSE_ACTION,
    CONSENT,
    DECLINE_ACTION,
    DISCARD,
    FUND,
    INVITE,
    INVITE_PHASE,
    IPO,
    OFFER,
    PASS_ACTION,
    PLAY,
    PLAY_PLAN,
    REFUSE_ACTION,
    TARGET_PHASE,
    TERMS_PHASE,
    terms_actions,
    terms_at_prices,
)
from pnp.games.boom.company import Company, modified_roll
from pnp.games.boom.rules import State, determinize
from pnp.games.boom.view import View
from pnp.games.kit import Action, blind
from pnp.games.playouts import Budget
from pnp.games.search import search_bot

Bot = Callable[[View, Sequence[Action], random.Random], Action]


@blind
def random_bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[int(rng.random() * len(legal))]


def _stake(co: Company, seat: int) -> float:
    """How much of the company is ours: share fraction once funded, 1 for our own plan."""
    if co.total:
        return co.shares[seat] / co.total
    return 1.0 if co.owner == seat else 0.0


def _expected_raise(view: View, co: Company, extra_cards: int = 0) -> float:
    config = view.config
    base = co.size + extra_cards + co.matching + view.event_bonus[config.card_industry[co.plan]]
    return config.mean_raised(base)


def _share_value(view: View, co: Company, extra_shares: int = 0) -> float:
    """Rough payout of one more share if the company reaches the IPO limit."""
    missing = max(0, view.ipo_limit - co.size)
    return _expected_raise(view, co, missing) / (co.total + extra_shares + 3) / (1 + missing)


def _card_plays(view: View) -> Callable[[Action], float]:
    """The score of each card play this turn; what every play shares (stakes, whether
    a plan of ours waits for money, whether one of ours nears the limit) worked out once."""
    config, me, table = view.config, view.seat, view.table
    industry, burn, effects = config.card_industry, config.card_burn, config.card_effects
    stakes = {co.plan: (_stake(co, me), co.total) for co in table}
    mine = sum(1 for co in table if co.owner == me and not co.total)
    new_plan = 2.0 if mine == 0 else 0.5
    limit = view.ipo_limit
    near = any(co.owner == me and co.total and co.size >= limit - 1 for co in table)

    def score(action: Action) -> float:
        verb, args = action
        if verb == ATTACH:
            card, plan = args
            stake, funded = stakes[plan]
            matching = 1.5 if industry[card] == industry[plan] else 0.0
            cost = burn[card]
            if stake > 0:
                return stake * (2.0 + matching) - 0.2 * cost
            return 0.3 * cost - 0.5 * (1 + matching) if funded else -0.5
        if verb == PLAY_PLAN:
            return new_plan
        if verb == DISCARD:
            if any(key == "ipo_limit" for key, _ in effects[args[0]]):
                return 2.5 if near else 0.2
            return 1.0
        return 0.0  # keep the hand

    return score


def _targets(view: View) -> Callable[[Action], float]:
    """The score of each target of the Discard under way, stakes worked out once."""
    me, burn = view.seat, view.config.card_burn
    companies = {co.plan: co for co in view.table}
    stakes = {plan: _stake(co, me) for plan, co in companies.items()}
    grant = view.pending_effect == "grant"

    def score(action: Action) -> float:
        args = action.args
        stake = stakes[args[0]]
        if len(args) == 1:  # grant or fine: which is which shows only in the effect
            return stake if grant else -stake + companies[args[0]].cash / 1000
        card = args[1]
        if len(args) == 2:  # remove: take good cards from others, costly ones from ours
            return (1 - stake) * (1 - 0.2 * burn[card]) + stake * 0.2 * burn[card]
        return stakes[args[2]] - stake

    return score


def _best(legal: Iterable[Action], score: Callable[[Action], float], rng: random.Random) -> Action:
    """``max(legal, key=lambda a: (score(a), rng.random()))`` without a tuple per action:
    the first best score, one draw per action in order breaking ties."""
    draw = rng.random
    actions = iter(legal)
    best = next(actions)
    top, luck = score(best), draw()
    for action in actions:
        value, chance = score(action), draw()
        if value > top or (value == top and chance > luck):
            best, top, luck = action, value, chance
    return best


def _fund_score(view: View, co: Company) -> float:
    me = view.seat
    if co.total and co.cash >= 2 * view.burn(co) + 10:
        return -1.0
    promise = co.size + co.matching + view.event_bonus[view.config.card_industry[co.plan]]
    own = 2.0 if co.owner == me else 0.0
    return promise + own + 3 * _stake(co, me) - view.ipo_limit


def menu_moves(view: View, legal: Sequence[Action]) -> Sequence[Action]:
    """The actions a bot weighs: lead prices from the config's menu, everything else."""
    if view.phase != TERMS_PHASE:
        return legal
    config = view.config
    menu, low, most = config.price_menu, config.min_price, config.lead_max_shares
    cash = view.money[view.actor]
    if legal is terms_actions(low, cash, most):  # the lead's terms: the menu's are kept
        return terms_at_prices(low, cash, most, menu)
    return tuple(a for a in legal if a.args[0] in menu)


def _terms(view: View, legal: Sequence[Action]) -> Action:
    """Two shares at the dearest menu price the other seats should still find worth
    paying (they value a share as this bot does), so that the round can close."""
    legal = menu_moves(view, legal) or legal
    most = view.config.lead_max_shares
    worth = _share_value(view, view.company(view.funding_plan), most)
    budget = view.money[view.seat] * 0.5
    fitting = [a for a in legal if a.args[0] <= worth and a.args[0] * a.args[1] <= budget]
    if fitting:
        return max(fitting, key=lambda a: (a.args[1], a.args[0]))
    return min(legal, key=lambda a: (a.args[0], -a.args[1]))


def _consent(view: View, legal: Sequence[Action]) -> Action:
    """A new round dilutes our shares and hands the lead to another; it helps only a
    company short of money. Let a new lead in when the company cannot pay two rounds of
    burn, else refuse."""
    co = view.company(view.funding_plan)
    funded = co.cash >= 2 * view.burn(co)
    return REFUSE_ACTION if funded and REFUSE_ACTION in legal else AGREE_ACTION


def heuristic_bot(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    phase, me = view.phase, view.seat
    if phase == PLAY:
        return _best(legal, _card_plays(view), rng)
    if phase == TARGET_PHASE:
        return _best(legal, _targets(view), rng)
    if phase == ACT:
        ipos = [a for a in legal if a.verb == IPO]
        if ipos:
            return max(ipos, key=lambda a: _expected_raise(view, view.company(a.args[0])))
        funds = [
            (_fund_score(view, view.company(a.args[0])), rng.random(), a)
            for a in legal
            if a.verb == FUND
        ]
        if funds and view.money[me] >= 3 * view.config.min_price:
            best, _, action = max(funds)
            if best >= -1:
                return action
        return PASS_ACTION
    if phase == CONSENT:
        return _consent(view, legal)
    if phase == INVITE_PHASE:
        if CLOSE_ACTION in legal:
            return CLOSE_ACTION
        money = view.money
        return _best((a for a in legal if a.verb == INVITE), lambda a: money[a.args[0]], rng)
    if phase == OFFER:
        co = view.company(view.funding_plan)
        price = view.funding_price
        worth = _share_value(view, co)
        return BUY_ACTION if price <= worth and price <= view.money[me] * 0.35 else DECLINE_ACTION
    if phase == TERMS_PHASE:
        return _terms(view, legal)
    return legal[0]


def worth(state: State) -> list[float]:
    """Each seat's money plus its shares' expected IPO payout, for a search playout cut off
    before the end: a funded company's mean raise over the die, split by share and weighed
    by how far it has come to the IPO limit (pre-IPO shares are worth nothing at the end)."""
    config, out = state.config, [float(m) for m in state.money]
    for co in state.companies.values():
        if not co.total:
            continue
        industry = config.card_industry[co.plan]
        bonus = config.events[state.event].bonus[industry] if state.event >= 0 else 0
        raised = config.mean_raised(modified_roll(0, co.size, co.matching, bonus))  # the die aside
        each = raised / co.total * min(1.0, co.size / max(1, state.ipo_limit))
        for seat, held in enumerate(co.shares):
            out[seat] += held * each
    return out


SEARCH_BUDGET = Budget(iterations=16, seat_iterations=8, paired_seats=5, depth=24, reuse=False)
"""16 tree iterations at 2 players, 8 more a seat beyond; at 5 players every choice is
compared on raced paired rollouts over 16 sampled worlds instead.  Playouts stop after 24
steps (a round at 2 players, under one at 5) and score the table by ``worth``: a whole
game is 20 to 270 steps, and most of a long playout is noise.  Against the heuristic
(seeds 1 and 2, 40 games): 31 above, 6 below at 2 players at both seeds (24 iterations:
30/8 at both, in 1.7 times the time); at 5 players over 16 games 13/2 and 11/1 (win rate
30.0 % and 32.5 % a seat against 10.0 % and 7.5 %; 24 worlds: 16/0, 36.2 % against
3.8 %), where the tree finished 11/4 with 48 iterations and 9/5 with 24.  The tree starts
afresh at every decision: with kept subtrees 48 iterations finished 9/5 at 5 players."""

BOTS: dict[str, Bot] = {
    "random": random_bot,
    "heuristic": heuristic_bot,
    "search": search_bot(determinize, heuristic_bot, SEARCH_BUDGET, menu_moves, worth),
}
