"""The Business Phase (bidness.txt "Business Phase", "Salaries and Layoffs", "Earnings"):
salaries with layoffs and borrowing when short, then earnings, then tech points, then
bonus cards go back."""

from __future__ import annotations

from pnp.games.bidness.actions import BORROW, PAY, Action, move
from pnp.games.bidness.config import ENGINEER, LAWYER, MARKETER, ROLES
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
from pnp.games.bidness.state import NOBODY, StateData


def salary_due(table: StateData, seat: int) -> int:
    config = table.config
    roles = list(map(config.role.__getitem__, table.staff[seat]))
    return config.salary(roles.count(ENGINEER), roles.count(MARKETER), roles.count(LAWYER))


def salary_actions(table: StateData, seat: int) -> tuple[Action, ...]:
    """Enough cash: pay (or, for a seat that was short this round and so may restructure,
    lay off more first).  Short: lay off an employee of any role held, or borrow $100."""
    if table.cash[seat] >= salary_due(table, seat):
        if table.restructuring == seat and table.staff[seat]:
            return (PAY, *_layoffs(table, seat))
        return (PAY,)
    return _short_actions(table, seat)


def _layoffs(table: StateData, seat: int) -> list[Action]:
    held = table.roles(seat)
    return [move("layoff", r) for r in range(len(ROLES)) if r in held]


def _short_actions(table: StateData, seat: int) -> tuple[Action, ...]:  # decision salary-short
    out = _layoffs(table, seat)
    if table.room(seat) > 0:
        out.append(BORROW)
    return tuple(out)


def salary_decision(table: StateData) -> tuple[int, tuple[Action, ...]] | None:
    """The first seat in the queue short of its salaries and its options, or None once
    all have paid.  Seats ahead of it that have the cash pay at once, in order: paying
    is then their only move, which the engine would apply without asking anyway."""
    queue = table.queue
    while queue:
        seat = queue[0]
        due = salary_due(table, seat)
        if table.cash[seat] < due:
            return seat, _short_actions(table, seat)
        if table.restructuring == seat and table.staff[seat]:
            return seat, (PAY, *_layoffs(table, seat))
        _pay_salaries(table, seat, due)
        queue.pop(0)
    return None


def _pay_salaries(table: StateData, seat: int, due: int) -> None:
    pay(table, seat, due)
    table.restructuring = NOBODY
    if table.playlog is not None:
        table.playlog.used("salaries")
    if table.log is not None:
        note(table, f"{name(table, seat)} pays ${due} in salaries")


def apply_salary(table: StateData, seat: int, action: Action) -> bool:
    """Apply one salary decision; True once the seat has paid."""
    if action.verb == "pay":
        _pay_salaries(table, seat, salary_due(table, seat))
        return True
    if action.verb == "borrow":
        table.restructuring = seat  # short: it may now lay off more than it needs to
        borrow(table, seat, 1)
        return False
    if table.playlog is not None and table.cash[seat] >= salary_due(table, seat):
        table.playlog.used("restructure")  # laid off with the salaries covered already
    table.restructuring = seat
    staff = table.staff[seat]
    (role,) = action.args
    card = next(c for c in staff if table.config.role[c] == role)
    staff.remove(card)
    table.discards.append(card)
    table.peaks.layoffs += 1
    if table.playlog is not None:
        table.playlog.used("layoff")
    if table.log is not None:
        note(table, f"{name(table, seat)} lays off a {ROLES[role].capitalize()}")
    card_moved(table, card)
    return False


def close_business(table: StateData, order: list[int]) -> None:
    """Earnings for everyone, then tech points, then bonus cards return to the deck."""
    config, market = table.config, marketing(table)
    cash, tech, contracts = table.cash, table.tech, table.contracts
    tech_leader, market_leader = table.tech_leader, table.market_leader
    for seat in order:
        earned = config.earnings(
            tech[seat],
            tech_leader == seat,
            market[seat],
            market_leader == seat,
            len(contracts[seat]),
        )
        cash[seat] += earned
        if table.playlog is not None:
            table.playlog.used("earnings")
        if table.log is not None:
            note(table, f"{name(table, seat)} earns ${earned}")
    per, role = config.t.tech_per_engineer, config.role.__getitem__
    for seat in order:
        tech[seat] += per * list(map(role, table.staff[seat])).count(ENGINEER)
    if table.playlog is not None:
        table.playlog.used("tech-growth")
    for seat in order:
        bonuses = table.bonuses[seat]
        if bonuses:
            table.discards += bonuses
            bonuses.clear()
            if table.playlog is not None:
                table.playlog.used("bonuses-return")
    track(table)
    update_awards(table)
