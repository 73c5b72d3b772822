"""Money, debt, awards and the peaks the report needs: small moves every phase makes."""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat

from pnp.games.bidness.state import NOBODY, Table


def name(table: Table, seat: int) -> str:
    return f"Player {seat + 1}"


def note(table: Table, line: str) -> None:
    if table.log is not None:
        table.log.append(line)


def borrow(table: Table, seat: int, ious: int) -> None:
    """Take ``ious`` IOUs from the bank and their value in cash."""
    if ious <= 0:
        return
    table.ious[seat] += ious
    table.cash[seat] += ious * table.cat.t["iou_value"]
    note(table, f"{name(table, seat)} borrows ${ious * table.cat.t['iou_value']}")
    track(table)


def pay(table: Table, seat: int, amount: int, to: int = NOBODY) -> None:
    """``seat`` pays ``amount`` to another seat (or the bank), borrowing what it lacks.

    Callers only ask for payments the seat can make within the debt limit; what the
    limit still leaves unpaid is forgiven (it cannot happen with legal actions).
    """
    value = table.cat.t["iou_value"]
    short = amount - table.cash[seat]
    if short > 0:
        need = -(-short // value)
        borrow(table, seat, min(need, table.cat.max_ious - table.ious[seat]))
        amount = min(amount, table.cash[seat])
    table.cash[seat] -= amount
    if to != NOBODY:
        table.cash[to] += amount
    track(table)


def update_awards(table: Table) -> None:
    """bidness.txt "Leadership Awards": the sole leader holds each award at once; a tie
    sends it back to the bank.  Award bonuses do not count toward the lead."""
    market = [table.marketing(s) for s in range(table.n)]
    holder = _sole_leader(market)
    if holder != table.market_leader:
        table.market_leader = holder
        note(table, _award_line(table, "Market Leader", holder))
    holder = _sole_leader(table.tech)
    if holder != table.tech_leader:
        table.tech_leader = holder
        note(table, _award_line(table, "Tech Leader", holder))


def _sole_leader(values: list[int]) -> int:
    best = max(values)
    return values.index(best) if values.count(best) == 1 else NOBODY


def _award_line(table: Table, award: str, holder: int) -> str:
    if holder == NOBODY:
        return f"{award} award goes back to the bank (tie)"
    return f"{name(table, holder)} takes the {award} award"


@lru_cache(maxsize=4096)
def counters(amount: int, values: tuple[int, ...]) -> tuple[int, ...]:
    """How many counters of each value (largest first) make up ``amount``."""
    out = []
    for v in values:
        k, amount = divmod(amount, v)
        out.append(k)
    return tuple(out)


def _raise_peaks(peaks: list[int], amounts: list[int], values: tuple[int, ...]) -> None:
    """Raise each value's peak to the counters that ``amounts`` need at once."""
    each = map(counters, amounts, repeat(values))
    for i, k in enumerate(map(sum, zip(*each, strict=True))):
        if k > peaks[i]:
            peaks[i] = k


def track(table: Table) -> None:
    """Record the most money and tech counters and IOU cards in use at once."""
    peaks = table.peaks
    _raise_peaks(peaks.money, table.cash, table.cat.denominations)
    _raise_peaks(peaks.tech, table.tech, table.cat.tech_values)
    ious = sum(table.ious)
    if ious > peaks.ious:
        peaks.ious = ious
