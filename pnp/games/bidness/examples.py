"""Worked examples for the rulebook and aid, computed by the engine from the data.

The inputs that are not game data (34 tech points, three Marketers, two contracts, a
Trade Show bonus) mirror the issue's example; every price, bonus and result comes from
the loaded game's tables through the engine's own functions.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from pnp.games.bidness.config import BONUS, Config
from pnp.games.bidness.decisions import PUBLISHED, decisions_for
from pnp.games.decisions import published_rows, record_runs

if TYPE_CHECKING:
    from pnp.spec.game import Game

EXAMPLE_TECH = 34
EXAMPLE_MARKETERS = 3
EXAMPLE_CONTRACTS = 2
EXAMPLE_ENGINEERS = 2
EXAMPLE_LAWYERS = 2


def earnings_example(config: Config) -> dict[str, Any]:
    """A Tech Leader and Market Leader with a marketing bonus: the full earnings sum."""
    bonus = next(
        (c for c in range(len(config.kind)) if config.kind[c] == BONUS and config.units[c] > 0), -1
    )
    units_bonus = config.units[bonus] if bonus >= 0 else 0
    marketing = EXAMPLE_MARKETERS + units_bonus
    price = config.unit_price(EXAMPLE_TECH, True)
    units = config.units_sold(marketing, True)
    contracts = EXAMPLE_CONTRACTS * config.t.contract_payment
    salary = config.salary(EXAMPLE_ENGINEERS, EXAMPLE_MARKETERS, EXAMPLE_LAWYERS)
    return {
        "tech": EXAMPLE_TECH,
        "tech_with_award": EXAMPLE_TECH + config.t.tech_leader_bonus,
        "price": price,
        "marketers": EXAMPLE_MARKETERS,
        "bonus_name": config.card_names[bonus] if bonus >= 0 else "",
        "bonus_units": units_bonus,
        "units": units,
        "sales": price * units,
        "contracts": EXAMPLE_CONTRACTS,
        "contract_total": contracts,
        "total": config.earnings(EXAMPLE_TECH, True, marketing, True, EXAMPLE_CONTRACTS),
        "engineers": EXAMPLE_ENGINEERS,
        "lawyers": EXAMPLE_LAWYERS,
        "salary": salary,
        "lawyer_salary": config.lawyer_salary(EXAMPLE_LAWYERS),
        "tech_next": EXAMPLE_TECH + EXAMPLE_ENGINEERS * config.t.tech_per_engineer,
    }


def examples_for(config: Config, game: Game) -> dict[str, Any]:
    """The rulebook's computed figures: earnings example, decisions (with the game's
    recorded simulation runs), published numbers and dice counts."""
    record = record_runs(game, sys.modules[__package__])
    lawyers = len(config.lawyer_salaries)
    interns = sum(config.trial_dice)
    return {
        "earnings": earnings_example(config),
        "decisions": decisions_for(config.t, record),
        "published": published_rows(PUBLISHED),
        "dice": {
            "first_player": config.max_ious,
            "trial_most": config.t.trial_dice + lawyers + interns,
        },
        "max_ious": config.max_ious,
    }
