"""Money, debt, awards and the peaks the report needs: small moves every phase makes."""

from __future__ import annotations

from itertools import repeat
from operator import add

from pnp.games.bidness.state import NOBODY, StateData


def name(table: StateData, seat: int) -> str:
    return f"Player {seat + 1}"


def note(table: StateData, line: str) -> None:
    if table.log is not None:
        table.log.append(line)


def borrow(table: StateData, seat: int, ious: int) -> None:
    """Take ``ious`` IOUs from the bank and their value in cash."""
    if ious <= 0:
        return
    table.ious[seat] += ious
    table.cash[seat] += ious * table.config.t.iou_value
    if table.playlog is not None:
        table.playlog.used("borrow")
    if table.log is not None:
        note(table, f"{name(table, seat)} borrows ${ious * table.config.t.iou_value}")
    track_money(table)


def pay(table: StateData, seat: int, amount: int, to: int = NOBODY) -> None:
    """``seat`` pays ``amount`` to another seat (or the bank), borrowing what it lacks.

    Callers only ask for payments the seat can make within the debt limit; what the
    limit still leaves unpaid is forgiven (it cannot happen with legal actions).
    """
    value = table.config.t.iou_value
    short = amount - table.cash[seat]  # decision borrowing-when
    if short > 0:
        need = -(-short // value)
        borrow(table, seat, min(need, table.config.max_ious - table.ious[seat]))
        amount = min(amount, table.cash[seat])
    table.cash[seat] -= amount
    if to != NOBODY:
        table.cash[to] += amount
    track_money(table)


def update_awards(table: StateData) -> None:  # decision awards-as-soon-as
    """bidness.txt "Leadership Awards": the sole leader holds each award at once; a tie
    sends it back to the bank.  Award bonuses do not count toward the lead.

    The awards always match the table: every move that changes a seat's marketing or
    tech points updates them at once, so a move that changes only one of the two needs
    only that award updated (:func:`update_market_award`, :func:`update_tech_award`),
    and a card that adds no marketing (:func:`card_moved`) changes neither."""
    update_market_award(table)
    update_tech_award(table)


def card_moved(table: StateData, card: int) -> None:
    """The awards after ``card`` joined or left a workplace: only a Marketer or a bonus
    or penalty card with units can change the Market Leader; no card changes tech."""
    if table.config.marketing_units[card]:
        update_market_award(table)


def marketing(table: StateData) -> list[int]:
    """Every seat's :meth:`~StateData.marketing`, counted at once."""
    # decision award-bonus-lead: the lead counts no award bonus
    units = repeat(table.config.marketing_units.__getitem__)
    market = list(map(sum, map(map, units, table.staff)))  # each seat's Marketers
    if any(table.bonuses):  # plus the units of its bonus and penalty cards
        market = list(map(add, market, map(sum, map(map, units, table.bonuses))))
    return market


def update_market_award(table: StateData) -> None:
    holder = _sole_leader(marketing(table))
    if holder != table.market_leader:
        table.market_leader = holder
        if table.playlog is not None:
            table.playlog.used("leadership-awards")
        if table.log is not None:
            note(table, _award_line(table, "Market Leader", holder))


def update_tech_award(table: StateData) -> None:
    holder = _sole_leader(table.tech)
    if holder != table.tech_leader:
        table.tech_leader = holder
        if table.log is not None:
            note(table, _award_line(table, "Tech Leader", holder))


def _sole_leader(values: list[int]) -> int:
    best = max(values)
    return values.index(best) if values.count(best) == 1 else NOBODY


def _award_line(table: StateData, award: str, holder: int) -> str:
    if holder == NOBODY:
        return f"{award} award goes back to the bank (tie)"
    return f"{name(table, holder)} takes the {award} award"


def track(table: StateData) -> None:
    """Record the most money and tech counters and IOU cards in use at once."""
    track_money(table)
    peaks = table.peaks
    peaks.tech_packed = peaks.tech_bank.raise_peak(peaks.tech_packed, table.tech)


def track_money(table: StateData) -> None:
    """:func:`track` for a move that changes no tech points (only cash and IOUs): the
    tech counters in use are then the same as at the last :func:`track`, which every
    change of tech points is followed by."""
    peaks = table.peaks
    peaks.money_packed = peaks.money_bank.raise_peak(peaks.money_packed, table.cash)
    ious = sum(table.ious)
    if ious > peaks.ious:
        peaks.ious = ious
