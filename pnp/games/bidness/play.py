"""Card Play turns (bidness.txt "Card Play Phase", "Playing a Card", "Cards"): what a seat
may do with its hand, and what each kind of card does when played."""

from __future__ import annotations

from pnp.games.bidness.actions import Action
from pnp.games.bidness.auction import open_auction
from pnp.games.bidness.config import (
    PAYBACK,
    ROLES,
)
from pnp.games.bidness.lawsuit import open_suit
from pnp.games.bidness.ledger import card_moved, name, note, pay
from pnp.games.bidness.state import OVER, StateData


def apply_play(table: StateData, seat: int, action: Action) -> None:
    verb, args = action.verb, action.args
    if not args:  # a pass
        if table.log is not None:
            note(table, f"{name(table, seat)} passes")
        return
    card = args[0]
    config = table.config
    table.hands[seat].remove(card)
    if table.playlog is not None:
        table.playlog.play(seat, card)
    if verb == "sell":
        if table.playlog is not None:
            table.playlog.used("sell")
        pile = table.payback_discards if config.kind[card] == PAYBACK else table.discards
        pile.append(card)  # decision payback-life
        table.cash[seat] += config.t.sell_price
        if table.log is not None:
            note(table, f"{name(table, seat)} sells {config.card_names[card]}")
    elif verb == "auction":
        open_auction(table, seat, card)
    elif verb == "payback":
        _pay_back(table, seat, card, args[1])
    elif verb == "sue":
        _, defendant, claim = args
        open_suit(table, seat, card, defendant, claim)
        if table.playlog is not None:
            table.playlog.used("sue")
    elif verb == "hire":
        pay(table, seat, config.cost[card])
        _, rival, role = args  # decision headhunting
        staff = table.staff[rival]
        hired = next(c for c in staff if config.role[c] == role)
        staff.remove(hired)
        table.staff[seat].append(hired)
        table.discards.append(card)
        table.peaks.headhunts += 1
        if table.playlog is not None:
            table.playlog.used("headhunt")
        if table.log is not None:
            note(
                table,
                f"{name(table, seat)} headhunts a {ROLES[role].capitalize()} "
                f"from {name(table, rival)}",
            )
        card_moved(table, hired)
    else:
        pay(table, seat, config.cost[card])
        target = args[1]  # decision bonus-cards
        table.bonuses[target].append(card)
        if table.playlog is not None:
            table.playlog.used("bonus-card")
        if table.log is not None:
            where = "" if target == seat else f" on {name(table, target)}"
            note(table, f"{name(table, seat)} plays {config.card_names[card]}{where}")
        card_moved(table, card)


def _pay_back(table: StateData, seat: int, card: int, ious: int) -> None:
    t = table.config.t
    cost = t.payback_one_cost if ious == 1 else t.payback_two_cost
    table.cash[seat] -= cost
    table.ious[seat] -= ious
    table.payback_discards.append(card)
    if table.playlog is not None and ious == 1:
        table.playlog.used("payback-one")
    elif table.playlog is not None:
        table.playlog.used("payback-two")
    if table.log is not None:
        note(table, f"{name(table, seat)} pays ${cost} and returns {ious} IOU(s)")
    if table.ious[seat] == 0:
        table.winners = [seat]
        table.peaks.paid_off = True
        if table.playlog is not None:
            table.playlog.used("first-debt-free-wins")
        table.phase = OVER
        if table.log is not None:
            note(table, f"{name(table, seat)} has paid off every IOU and wins")
