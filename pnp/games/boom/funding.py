"""Funding rounds: consent for a new lead, the lead's terms, invitations, close or failure.

The lead names any whole price of at least ``min_price`` (boom.txt sets no upper
limit); the decisions taken where boom.txt is silent are in :mod:`.decisions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.boom.actions import (
    AGREE,
    AGREE_ACTION,
    BUY,
    BUY_ACTION,
    CLOSE,
    CONSENT,
    DECLINE_ACTION,
    INVITATIONS,
    INVITE,
    INVITE_PHASE,
    OFFER,
    REFUSE_ACTION,
    TERMS_PHASE,
    terms_actions,
    terms_allowed,
)
from pnp.games.boom.company import new_company, with_led_turn, with_owner, with_shares
from pnp.games.kit import Action

if TYPE_CHECKING:
    from pnp.games.boom.state import StateData

_CONSENT_ACTIONS = (AGREE_ACTION, REFUSE_ACTION)
_OFFER_ACTIONS = (DECLINE_ACTION, BUY_ACTION)
_DECLINE_ONLY = (DECLINE_ACTION,)


def start(state: StateData, plan: int) -> None:
    """The actor wants to lead a round; a new lead needs one current investor's consent."""
    me, co = state.actor, state.companies[plan]
    state.fr_plan = plan
    if state.log is not None:
        state.say(f"{state.firm(me)} leads a round for {state.card(plan)}")
    if co.total and not co.shares[me]:
        n = state.players
        # decision consent-order
        state.fr_queue = [s % n for s in range(me + 1, me + n) if co.shares[s % n]]
        state.phase = CONSENT
        state.to_move = state.fr_queue[0]
    else:
        _open(state)


def _open(state: StateData) -> None:
    me, co = state.actor, state.companies[state.fr_plan]
    state.fr_prev_owner = co.owner
    state.companies[co.plan] = with_owner(co, me)
    state.fr_bought = [0] * state.players
    state.fr_sold = 0
    must = 0
    for seat, held in enumerate(co.shares):
        if held and seat != me:
            must |= 1 << seat
    state.fr_must = must
    if state.playlog is not None:
        state.playlog.used("lead-round")
    if must and state.playlog is not None:
        state.playlog.used("investors-first")
    state.fr_asked = 1 << me
    state.phase = TERMS_PHASE
    state.to_move = me


def consent_actions(state: StateData) -> tuple[Action, ...]:
    return _CONSENT_ACTIONS


def lead_terms(state: StateData) -> tuple[Action, ...]:
    config = state.config
    # decision whole-prices
    return terms_actions(config.min_price, state.money[state.actor], config.lead_max_shares)


def allows_terms(state: StateData, action: Action) -> bool:
    """Whether ``action`` is among :func:`lead_terms` (found without building them)."""
    config = state.config
    cash = state.money[state.actor]
    return terms_allowed(action, config.min_price, cash, config.lead_max_shares)


def invite_actions(state: StateData) -> tuple[Action, ...]:
    asked = state.fr_asked
    closable = state.fr_sold >= state.config.close_min_shares and not state.fr_must & ~asked
    return INVITATIONS[state.players][asked << 1 | closable]


def offer_actions(state: StateData) -> tuple[Action, ...]:
    # decision money-you-lack
    return _OFFER_ACTIONS if state.money[state.to_move] >= state.fr_price else _DECLINE_ONLY


def answer_consent(state: StateData, action: Action) -> None:
    if action.verb == AGREE:
        if state.playlog is not None:
            state.playlog.used("consent")
        if state.log is not None:
            state.say(f"{state.firm(state.to_move)} lets {state.firm(state.actor)} lead")
        _open(state)
    else:
        if state.log is not None:
            state.say(f"{state.firm(state.to_move)} refuses")
        state.fr_queue.pop(0)
        if state.fr_queue:
            state.to_move = state.fr_queue[0]
        else:
            state.say("no current investor agrees: the action is lost")
            if state.playlog is not None:
                state.playlog.used("consent-refused")
            state.end_turn()


def set_terms(state: StateData, action: Action) -> None:
    price, shares = action.args
    state.fr_price = price
    _buy(state, state.actor, shares)
    if state.fr_asked != state.everyone:  # a seat is still to be asked: the lead invites
        state.phase, state.to_move = INVITE_PHASE, state.actor
    else:
        _all_asked(state)


def invite(state: StateData, action: Action) -> None:
    verb, args = action
    if verb == INVITE:
        seat = args[0]
        state.fr_asked |= 1 << seat
        state.phase = OFFER
        state.to_move = seat
    elif verb == CLOSE:
        _close(state)


def answer_offer(state: StateData, action: Action) -> None:
    if action.verb == BUY:
        _buy(state, state.to_move, 1)
        if state.playlog is not None:
            state.playlog.used("invite")
    elif state.log is not None:
        state.say(f"{state.firm(state.to_move)} declines")
    if state.fr_asked != state.everyone:  # a seat is still to be asked: the lead invites
        state.phase, state.to_move = INVITE_PHASE, state.actor
    else:
        _all_asked(state)


def _buy(state: StateData, seat: int, shares: int) -> None:
    plan, money, stock_out, companies = state.fr_plan, state.money, state.stock_out, state.companies
    cost = state.fr_price * shares
    money[seat] -= cost
    # with_shares spelled out: a purchase is the commonest change of a company
    plan, owner, cards, cash, held, total, led_turn, matching, card_burn = companies[plan]
    now = list(held)
    now[seat] += shares
    cash += cost
    companies[plan] = new_company(
        (plan, owner, cards, cash, tuple(now), total + shares, led_turn, matching, card_burn)
    )
    state.fr_bought[seat] += shares
    state.fr_sold += shares
    out = stock_out[seat] = stock_out[seat] + shares
    if out > state.stock_peak[seat]:
        state.stock_peak[seat] = out
    state.counters.set_two(seat, money[seat], state.players + plan, cash)
    if state.log is not None:
        state.say(f"{state.firm(seat)} buys {shares} at ${state.fr_price}m")


def _all_asked(state: StateData) -> None:
    """Every seat was asked: the round closes with enough shares sold, else fails."""
    if state.fr_sold >= state.config.close_min_shares:
        _close(state)
    else:
        _fail(state)


def _close(state: StateData) -> None:
    plan = state.fr_plan
    co = state.companies[plan] = with_led_turn(state.companies[plan], state.turn)
    state.rounds_closed += 1
    if state.playlog is not None:
        state.playlog.used("close-round")
    if state.log is not None:
        state.say(
            f"{state.firm(state.actor)} closes {state.card(co.plan)}: {state.fr_sold} sold, "
            f"{co.total} shares, ${co.cash}m"
        )
    state.end_turn()


# decision failed-round
def _fail(state: StateData) -> None:
    plan, price = state.fr_plan, state.fr_price
    co = state.companies[plan]
    state.rounds_failed += 1
    for seat, bought in enumerate(state.fr_bought):
        if bought:
            state.money[seat] += bought * price
            co = with_shares(co, seat, -bought, -bought * price)
            state.stock_out[seat] -= bought
            state.counters.set(seat, state.money[seat])
    state.counters.set(state.players + plan, co.cash)
    state.companies[plan] = with_owner(co, state.fr_prev_owner)
    if state.log is not None:
        state.say(f"round for {state.card(plan)} fails with {state.fr_sold} sold: money returned")
    state.end_turn()
