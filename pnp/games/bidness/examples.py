"""Worked examples for the rulebook and aid, computed by the engine from the data.

The inputs that are not game data (34 tech points, three Marketers, two contracts, a
Trade Show bonus) mirror the issue's example; every price, bonus and result comes from
the loaded game's tables through the engine's own functions.
"""

from __future__ import annotations

from typing import Any

from pnp.games.bidness.config import BONUS, Config
from pnp.games.bidness.decisions import PUBLISHED, decisions_for
from pnp.games.decisions import published_rows

EXAMPLE_TECH = 34
EXAMPLE_MARKETERS = 3
EXAMPLE_CONTRACTS = 2
EXAMPLE_ENGINEERS = 2
EXAMPLE_LAWYERS = 2


def earnings_example(cat: Config) -> dict[str, Any]:
    """A Tech Leader and Market Leader with a marketing bonus: the full earnings sum."""
    bonus = next((c for c in range(len(cat.kind)) if cat.kind[c] == BONUS and cat.units[c] > 0), -1)
    units_bonus = cat.units[bonus] if bonus >= 0 else 0
    marketing = EXAMPLE_MARKETERS + units_bonus
    price = cat.unit_price(EXAMPLE_TECH, True)
    units = cat.units_sold(marketing, True)
    contracts = EXAMPLE_CONTRACTS * cat.t["contract_payment"]
    salary = cat.salary(EXAMPLE_ENGINEERS, EXAMPLE_MARKETERS, EXAMPLE_LAWYERS)
    return {
        "tech": EXAMPLE_TECH,
        "tech_with_award": EXAMPLE_TECH + cat.t["tech_leader_bonus"],
        "price": price,
        "marketers": EXAMPLE_MARKETERS,
        "bonus_name": cat.card_names[bonus] if bonus >= 0 else "",
        "bonus_units": units_bonus,
        "units": units,
        "sales": price * units,
        "contracts": EXAMPLE_CONTRACTS,
        "contract_total": contracts,
        "total": cat.earnings(EXAMPLE_TECH, True, marketing, True, EXAMPLE_CONTRACTS),
        "engineers": EXAMPLE_ENGINEERS,
        "lawyers": EXAMPLE_LAWYERS,
        "salary": salary,
        "lawyer_salary": cat.lawyer_salary(EXAMPLE_LAWYERS),
        "tech_next": EXAMPLE_TECH + EXAMPLE_ENGINEERS * cat.t["tech_per_engineer"],
    }


def worked_examples(cat: Config, record: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rulebook's computed figures; ``record``: the game's simulation runs, by key."""
    lawyers = len(cat.lawyer_salaries)
    interns = sum(cat.trial_dice)
    return {
        "earnings": earnings_example(cat),
        "decisions": decisions_for(cat.t, record),
        "published": published_rows(PUBLISHED),
        "dice": {
            "first_player": cat.max_ious,
            "trial_most": cat.t["trial_dice"] + lawyers + interns,
        },
        "max_ious": cat.max_ious,
    }
