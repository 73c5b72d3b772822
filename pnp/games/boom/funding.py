"""Funding rounds: consent for a new lead, the lead's terms, invitations, close or failure.

The lead names any whole price of at least ``min_price`` (boom.txt sets no upper
limit); the decisions taken where boom.txt is silent are in :mod:`.decisions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from pnp.games.boom.actions import (
    AGREE,
    AGREE_ACTION,
    BUY,
    BUY_ACTION,
    CLOSE,
    CLOSE_ACTION,
    CONSENT,
    DECLINE,
    DECLINE_ACTION,
    INVITE,
    INVITE_PHASE,
    OFFER,
    REFUSE,
    REFUSE_ACTION,
    TERMS,
    TERMS_PHASE,
    Action,
    TermsActions,
)
from pnp.games.boom.company import with_shares

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
        state.player = state.fr_queue[0]
    else:
        _open(state)


def _open(state: StateData) -> None:
    me, co = state.actor, state.companies[state.fr_plan]
    state.fr_prev_owner = co.owner
    state.companies[co.plan] = co._replace(owner=me)
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
    state.player = me


def consent_actions(state: StateData) -> Sequence[Action]:
    return _CONSENT_ACTIONS


def terms_actions(state: StateData) -> Sequence[Action]:
    cat = state.cat
    # decision whole-prices
    return _terms(cat.min_price, state.money[state.actor], cat.lead_max_shares)


_terms = lru_cache(maxsize=4096)(TermsActions)
"""The terms of a purse (a TermsActions never changes, so states may share one)."""


def invite_actions(state: StateData) -> Sequence[Action]:
    asked, players = state.fr_asked, state.players
    closable = state.fr_sold >= state.cat.close_min_shares and not state.fr_must & ~asked
    key = (1 << players | asked) << 1 | closable  # asked < 1 << players: one bit per seat
    actions = _INVITATIONS.get(key)
    if actions is None:
        invites = tuple((INVITE, s) for s in range(players) if not asked >> s & 1)
        actions = _INVITATIONS[key] = (*invites, CLOSE_ACTION) if closable else invites
    return actions


_INVITATIONS: dict[int, tuple[Action, ...]] = {}
"""Invitation lists by seats at the table, seats asked and whether the round may close
(the same few dozen recur): an invitation to every seat not asked yet, then closing."""


def offer_actions(state: StateData) -> Sequence[Action]:
    # decision money-you-lack
    return _OFFER_ACTIONS if state.money[state.player] >= state.fr_price else _DECLINE_ONLY


def answer_consent(state: StateData, action: Action) -> None:
    code = action[0]
    if code == AGREE:
        if state.playlog is not None:
            state.playlog.used("consent")
        if state.log is not None:
            state.say(f"{state.firm(state.player)} lets {state.firm(state.actor)} lead")
        _open(state)
    elif code == REFUSE:
        if state.log is not None:
            state.say(f"{state.firm(state.player)} refuses")
        state.fr_queue.pop(0)
        if state.fr_queue:
            state.player = state.fr_queue[0]
        else:
            state.say("no current investor agrees: the action is lost")
            if state.playlog is not None:
                state.playlog.used("consent-refused")
            state.end_turn()
    else:
        raise _misfit(action)


def set_terms(state: StateData, action: Action) -> None:
    if action[0] != TERMS:
        raise _misfit(action)
    price, shares = action[1], action[2]
    if not (
        price >= state.cat.min_price
        and 1 <= shares <= state.cat.lead_max_shares
        and price * shares <= state.money[state.actor]
    ):
        raise ValueError(f"terms {action!r} break the rules or the lead's purse")
    state.fr_price = price
    _buy(state, state.actor, shares)
    if state.fr_asked != state.everyone:  # a seat is still to be asked: the lead invites
        state.phase, state.player = INVITE_PHASE, state.actor
    else:
        _all_asked(state)


def invite(state: StateData, action: Action) -> None:
    code = action[0]
    if code == INVITE:
        seat = action[1]
        state.fr_asked |= 1 << seat
        state.phase = OFFER
        state.player = seat
    elif code == CLOSE:
        _close(state)
    else:
        raise _misfit(action)


def answer_offer(state: StateData, action: Action) -> None:
    code = action[0]
    if code == BUY:
        _buy(state, state.player, 1)
        if state.playlog is not None:
            state.playlog.used("invite")
    elif code != DECLINE:
        raise _misfit(action)
    elif state.log is not None:
        state.say(f"{state.firm(state.player)} declines")
    if state.fr_asked != state.everyone:  # a seat is still to be asked: the lead invites
        state.phase, state.player = INVITE_PHASE, state.actor
    else:
        _all_asked(state)


def _misfit(action: Action) -> ValueError:
    return ValueError(f"action {action!r} does not fit a funding round now")


def _buy(state: StateData, seat: int, shares: int) -> None:
    plan, money, stock_out = state.fr_plan, state.money, state.stock_out
    cost = state.fr_price * shares
    money[seat] -= cost
    co = state.companies[plan] = with_shares(state.companies[plan], seat, shares, cost)
    state.fr_bought[seat] += shares
    state.fr_sold += shares
    out = stock_out[seat] = stock_out[seat] + shares
    if out > state.stock_peak[seat]:
        state.stock_peak[seat] = out
    state.counters.set_two(seat, money[seat], state.players + plan, co.cash)
    if state.log is not None:
        state.say(f"{state.firm(seat)} buys {shares} at ${state.fr_price}m")


def _all_asked(state: StateData) -> None:
    """Every seat was asked: the round closes with enough shares sold, else fails."""
    if state.fr_sold >= state.cat.close_min_shares:
        _close(state)
    else:
        _fail(state)


def _close(state: StateData) -> None:
    plan = state.fr_plan
    co = state.companies[plan] = state.companies[plan]._replace(led_turn=state.turn)
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
    state.companies[plan] = co._replace(owner=state.fr_prev_owner)
    if state.log is not None:
        state.say(f"round for {state.card(plan)} fails with {state.fr_sold} sold: money returned")
    state.end_turn()
