"""Discard effects: which are playable now, their targets, and what they do.

A Discard's effects run in data order once it is played; the card then goes to the
discard pile.  Effects that name a target (``TARGETED_EFFECTS``) ask the player for one
per use.  Decisions taken where the cards are silent:

* A Discard whose targeted effect has no target on the table cannot be played.
* ``remove_attachment: N`` / ``move_attachment: N`` act on N cards, one choice each,
  stopping early when no target is left; ``grant`` / ``fine`` hit one funded company.
* ``ipo_limit`` moves the IPO Card Limit and stops at the ends of the IPO track.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from pnp.games.boom.actions import ACT, TARGET, TARGET_PHASE, act
from pnp.games.boom.company import with_card, with_cards, with_cash
from pnp.games.kit import Action

if TYPE_CHECKING:
    from pnp.games.boom.state import StateData

_COUNTED = ("remove_attachment", "move_attachment")


_FUNDED = attrgetter("total")
_CARDS = attrgetter("cards")


def has_target(state: StateData, key: str) -> bool:
    companies = state.companies
    if key == "grant" or key == "fine":
        return any(map(_FUNDED, companies.values()))
    if key == "remove_attachment" or (key == "move_attachment" and len(companies) > 1):
        return any(map(_CARDS, companies.values()))
    return key != "move_attachment"


# decision discard-targets
def playable(state: StateData, card: int) -> bool:
    """Whether every targeted effect of the Discard ``card`` has a target now."""
    for key in state.config.card_targets[card]:  # noqa: SIM110 (no generator on the hot path)
        if not has_target(state, key):
            return False
    return True


def target_actions(state: StateData) -> tuple[Action, ...]:
    """What the Discard's pending effect (``eff_key``) may hit now."""
    companies, key, table = state.companies, state.eff_key, state.actions
    if key in ("grant", "fine"):
        return tuple([table.target[plan] for plan, co in companies.items() if co.total])
    if key == "remove_attachment":
        return tuple(
            [table.remove[plan][card] for plan, co in companies.items() for card in co.cards]
        )
    return tuple(
        [
            act(TARGET, plan, card, to)
            for plan, co in companies.items()
            for card in co.cards
            for to in companies
            if to != plan
        ]
    )


def start(state: StateData, card: int) -> None:
    state.eff_card = card
    state.eff_queue = list(state.config.card_effects[card])
    if state.log is not None:
        state.say(f"{state.firm(state.actor)} plays {state.card(card)}")
    _resume(state)


def _resume(state: StateData) -> None:
    while state.eff_queue:
        key, amount = state.eff_queue.pop(0)
        if key == "ipo_limit":
            state.shift_limit(amount)
            if state.log is not None:
                state.say(f"IPO limit now {state.ipo_limit}")
        elif key == "draw":
            for _ in range(amount):
                state.draw(state.actor)
        elif has_target(state, key):
            state.eff_key, state.eff_amount = key, amount
            state.eff_left = amount if key in _COUNTED else 1
            state.phase = TARGET_PHASE
            state.to_move = state.actor
            return
    state.discard.append(state.eff_card)
    state.eff_card = -1
    state.phase = ACT


def apply_target(state: StateData, action: Action) -> None:
    key, amount, args = state.eff_key, state.eff_amount, action.args
    companies, config = state.companies, state.config
    co = companies[args[0]]
    if key == "grant":
        co = companies[co.plan] = with_cash(co, co.cash + amount)
        if state.log is not None:
            state.say(f"bank grants ${amount}m to {state.card(co.plan)}")
    elif key == "fine":
        # decision discard-targets
        co = companies[co.plan] = with_cash(co, max(0, co.cash - amount))
        if state.log is not None:
            state.say(f"{state.card(co.plan)} fined, ${co.cash}m left")
    elif key == "remove_attachment":
        co = companies[co.plan] = with_cards(config, co, _without(co.cards, args[1]))
        state.discard.append(args[1])
        if state.log is not None:
            state.say(f"{state.card(args[1])} removed from {state.card(co.plan)}")
    else:
        co = companies[co.plan] = with_cards(config, co, _without(co.cards, args[1]))
        to = companies[args[2]]
        companies[to.plan] = with_card(config, to, args[1])
        if state.log is not None:
            state.say(
                f"{state.card(args[1])} moved from {state.card(co.plan)} to {state.card(args[2])}"
            )
    state.counters.set(state.players + co.plan, co.cash)
    state.eff_left -= 1
    if not (state.eff_left and has_target(state, key)):
        _resume(state)


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` less the first ``card`` (as ``list.remove`` takes it); an error if absent."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
