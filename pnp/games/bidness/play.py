"""Card Play turns (bidness.txt "Card Play Phase", "Playing a Card", "Cards"): what a seat
may do with its hand, and what each kind of card does when played."""

from __future__ import annotations

from pnp.games.bidness.auction import open_auction
from pnp.games.bidness.catalog import (
    BONUS,
    CONTRACT,
    EMPLOYEE,
    HEADHUNTING,
    INTERN,
    LAWSUIT,
    NEGLIGENCE,
    PAYBACK,
    ROLES,
    STARTING,
)
from pnp.games.bidness.lawsuit import can_be_sued, negligence_claims, open_suit
from pnp.games.bidness.ledger import name, note, pay, update_awards
from pnp.games.bidness.state import OVER, Action, Table, move

PASS = Action("pass")
AUCTIONED = (EMPLOYEE, STARTING, CONTRACT)


def distinct_cards(table: Table, seat: int) -> list[int]:
    """One card of each kind in the hand (identical cards give identical actions)."""
    seen: set[str] = set()
    out = []
    for c in table.hands[seat]:
        cid = table.cat.card_ids[c]
        if cid not in seen:
            seen.add(cid)
            out.append(c)
    return out


def play_actions(table: Table, seat: int) -> tuple[Action, ...]:
    if len(table.hands[seat]) <= table.cat.t["must_pass_at"]:
        return (PASS,)
    out = [PASS]
    for card in distinct_cards(table, seat):
        out.append(move("sell", card))
        out.extend(_plays(table, seat, card))
    return tuple(out)


def _plays(table: Table, seat: int, card: int) -> list[Action]:
    cat, t = table.cat, table.cat.t
    kind = cat.kind[card]
    if kind in AUCTIONED:
        return [move("auction", card)]
    if kind == PAYBACK:
        out = []
        if table.cash[seat] >= t["payback_one_cost"]:
            out.append(move("payback", card, -1, 1))
        if table.ious[seat] >= 2 and table.cash[seat] >= t["payback_two_cost"]:
            out.append(move("payback", card, -1, 2))
        return out
    if table.means(seat) < cat.cost[card]:
        return []
    if kind == INTERN or (kind == BONUS and cat.units[card] >= 0):
        return [move("play", card, seat)]
    others = [s for s in range(table.n) if s != seat]
    if kind == BONUS:
        return [move("play", card, s) for s in others]
    if table.round == 1:  # bidness.txt: no Lawsuit or Headhunting card in the first round
        return []
    if kind == HEADHUNTING:
        return [
            move("hire", card, s, r)
            for s in others
            for r in range(len(ROLES))
            if table.count_role(s, r)
        ]
    assert kind == LAWSUIT
    if cat.suit[card] == NEGLIGENCE:
        return [move("sue", card, s, a) for s in others for a in negligence_claims(table, seat, s)]
    return [move("sue", card, s) for s in others if can_be_sued(table, card, s, seat)]


def apply_play(table: Table, seat: int, action: Action) -> None:
    verb, card = action.verb, action.card
    if verb == "pass":
        if table.log is not None:
            note(table, f"{name(table, seat)} passes")
        return
    cat = table.cat
    table.hands[seat].remove(card)
    if verb == "sell":
        (table.payback_discards if cat.kind[card] == PAYBACK else table.discards).append(card)
        table.cash[seat] += cat.t["sell_price"]
        if table.log is not None:
            note(table, f"{name(table, seat)} sells {cat.card_names[card]}")
    elif verb == "auction":
        open_auction(table, seat, card)
    elif verb == "payback":
        _pay_back(table, seat, card, action.amount)
    elif verb == "sue":
        open_suit(table, seat, card, action.target, action.amount)
    elif verb == "hire":
        pay(table, seat, cat.cost[card])
        staff = table.staff[action.target]
        hired = next(c for c in staff if cat.role[c] == action.amount)
        staff.remove(hired)
        table.staff[seat].append(hired)
        table.discards.append(card)
        table.peaks.headhunts += 1
        note(
            table,
            f"{name(table, seat)} headhunts a {ROLES[action.amount].capitalize()} "
            f"from {name(table, action.target)}",
        )
        update_awards(table)
    else:
        pay(table, seat, cat.cost[card])
        table.bonuses[action.target].append(card)
        where = "" if action.target == seat else f" on {name(table, action.target)}"
        note(table, f"{name(table, seat)} plays {cat.card_names[card]}{where}")
        update_awards(table)


def _pay_back(table: Table, seat: int, card: int, ious: int) -> None:
    t = table.cat.t
    cost = t["payback_one_cost"] if ious == 1 else t["payback_two_cost"]
    table.cash[seat] -= cost
    table.ious[seat] -= ious
    table.payback_discards.append(card)
    note(table, f"{name(table, seat)} pays ${cost} and returns {ious} IOU(s)")
    if table.ious[seat] == 0:
        table.winners = [seat]
        table.peaks.paid_off = True
        table.phase = OVER
        note(table, f"{name(table, seat)} has paid off every IOU and wins")
