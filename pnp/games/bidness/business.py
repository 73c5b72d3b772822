"""The Business Phase (bidness.txt "Business Phase", "Salaries and Layoffs", "Earnings"):
salaries with layoffs and borrowing when short, then earnings, then tech points, then
bonus cards go back."""

from __future__ import annotations

from pnp.games.bidness.catalog import ENGINEER, LAWYER, MARKETER, ROLES
from pnp.games.bidness.ledger import (
    borrow,
    card_moved,
    marketing,
    name,
    note,
    pay,
    track,
    update_awards,
)
from pnp.games.bidness.state import Action, Table, move

PAY = Action("pay")
BORROW = Action("borrow")


def salary_due(table: Table, seat: int) -> int:
    roles = table.roles(seat)
    return table.cat.salary(roles.count(ENGINEER), roles.count(MARKETER), roles.count(LAWYER))


def salary_actions(table: Table, seat: int) -> tuple[Action, ...]:
    """Enough cash: pay.  Short: lay off an employee of any role held, or borrow $100."""
    if table.cash[seat] >= salary_due(table, seat):
        return (PAY,)
    held = table.roles(seat)
    out = [move("layoff", -1, r) for r in range(len(ROLES)) if r in held]
    if table.room(seat) > 0:
        out.append(BORROW)
    return tuple(out)


def apply_salary(table: Table, seat: int, action: Action) -> bool:
    """Apply one salary decision; True once the seat has paid."""
    if action.verb == "pay":
        due = salary_due(table, seat)
        pay(table, seat, due)
        if table.log is not None:
            note(table, f"{name(table, seat)} pays ${due} in salaries")
        return True
    if action.verb == "borrow":
        borrow(table, seat, 1)
        return False
    staff = table.staff[seat]
    card = next(c for c in staff if table.cat.role[c] == action.target)
    staff.remove(card)
    table.discards.append(card)
    table.peaks.layoffs += 1
    if table.log is not None:
        note(table, f"{name(table, seat)} lays off a {ROLES[action.target].capitalize()}")
    card_moved(table, card)
    return False


def close_business(table: Table, order: list[int]) -> None:
    """Earnings for everyone, then tech points, then bonus cards return to the deck."""
    cat, market = table.cat, marketing(table)
    for seat in order:
        earned = cat.earnings(
            table.tech[seat],
            table.tech_leader == seat,
            market[seat],
            table.market_leader == seat,
            len(table.contracts[seat]),
        )
        table.cash[seat] += earned
        if table.log is not None:
            note(table, f"{name(table, seat)} earns ${earned}")
    per = table.cat.t["tech_per_engineer"]
    for seat in order:
        table.tech[seat] += per * table.count_role(seat, ENGINEER)
    for seat in order:
        bonuses = table.bonuses[seat]
        if bonuses:
            table.discards.extend(bonuses)
            bonuses.clear()
    track(table)
    update_awards(table)
