"""Worked examples for the rulebook, computed by the engine's own functions from the data.

The inputs that are not game data (a die showing 3, four cards, shares split 2/1/3)
mirror the examples of boom.txt; every card, bonus, table value and result comes from
the loaded game, so the rulebook never types those numbers by hand.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from pnp.games.boom.company import burn_rate, matching_entrepreneurs, modified_roll, per_share
from pnp.games.boom.config import COMPANY, PLAN, Config
from pnp.games.boom.decisions import decisions_for
from pnp.games.decisions import record_runs

if TYPE_CHECKING:
    from pnp.spec.game import Game

EXAMPLE_DIE = 3
EXAMPLE_CARDS = 4
EXAMPLE_HOLDINGS = (2, 1, 3)
EXAMPLE_BURN_LIMIT_STEP = 2
"""The burn example sits this many steps down the IPO track from its start."""


def _first(config: Config, test: Any) -> int:
    return next(i for i in range(config.play_cards) if test(i))


def ipo_example(config: Config) -> dict[str, Any]:
    event = next(e for e in config.events if any(e.bonus))
    industry = max(range(len(config.industries)), key=lambda i: event.bonus[i])
    plan = _first(
        config, lambda i: config.card_role[i] == PLAN and config.card_industry[i] == industry
    )
    expert = _first(
        config, lambda i: config.card_role[i] == COMPANY and config.card_industry[i] == industry
    )
    others = [
        i
        for i in range(config.play_cards)
        if config.card_role[i] == COMPANY and config.card_industry[i] == -1
    ]
    cards = [expert, *others[: EXAMPLE_CARDS - 2]]
    matching = matching_entrepreneurs(config, plan, cards)
    roll = modified_roll(EXAMPLE_DIE, 1 + len(cards), matching, event.bonus[industry])
    raised = config.raised(roll)
    shares = sum(EXAMPLE_HOLDINGS)
    each = per_share(raised, shares)
    size = 1 + len(cards)
    return {
        "limit": max(
            (lim for lim in config.surcharge if lim <= size), default=config.ipo_limit_floor
        ),
        "start_limit": config.ipo_limit_start,
        "plan": config.card_name[plan],
        "industry": config.industries[industry],
        "attached": [config.card_name[c] for c in cards],
        "entrepreneur": config.card_name[expert],
        "event": event.name,
        "event_bonus": event.bonus[industry],
        "die": EXAMPLE_DIE,
        "cards": 1 + len(cards),
        "matching": matching,
        "roll": roll,
        "raised": raised,
        "shares": shares,
        "per_share": each,
        "remainder": raised - each * shares,
        "holdings": [
            {"firm": config.firm_ids[seat], "shares": held, "paid": held * each}
            for seat, held in enumerate(EXAMPLE_HOLDINGS)
        ],
    }


def _burn_dict(config: Config, plan: int, cards: list[int], limit: int) -> dict[str, Any]:
    on_cards = config.card_burn[plan] + sum(config.card_burn[c] for c in cards)
    size = 1 + len(cards)
    return {
        "limit": max(
            (lim for lim in config.surcharge if lim <= size), default=config.ipo_limit_floor
        ),
        "start_limit": config.ipo_limit_start,
        "plan": config.card_name[plan],
        "plan_burn": config.card_burn[plan],
        "attached": [{"name": config.card_name[c], "burn": config.card_burn[c]} for c in cards],
        "ipo_limit": limit,
        "surcharge": config.surcharge[limit],
        "cards_total": on_cards,
        "total": burn_rate(config, plan, cards, limit),
    }


def burn_examples(config: Config) -> dict[str, Any]:
    """A plain burn part-way down the track, and one where revenue would push it below zero."""
    limits = sorted(config.surcharge, reverse=True)
    limit = limits[min(EXAMPLE_BURN_LIMIT_STEP, len(limits) - 1)]
    plan = _first(config, lambda i: config.card_role[i] == PLAN)
    expert = _first(
        config, lambda i: config.card_role[i] == COMPANY and config.card_industry[i] >= 0
    )
    income = _first(config, lambda i: config.card_role[i] == COMPANY and config.card_burn[i] < 0)
    plain = _burn_dict(config, plan, [expert, income], limit)

    start = config.ipo_limit_start
    thrifty = min(
        (i for i in range(config.play_cards) if config.card_role[i] == PLAN),
        key=lambda i: config.card_burn[i],
    )
    earners = sorted(
        (
            i
            for i in range(config.play_cards)
            if config.card_role[i] == COMPANY and config.card_burn[i] < 0
        ),
        key=lambda i: config.card_burn[i],
    )
    cards: list[int] = []
    for card in earners:
        cards.append(card)
        if (
            config.card_burn[thrifty]
            + sum(config.card_burn[c] for c in cards)
            + config.surcharge[start]
            < 0
        ):
            break
    return {"plain": plain, "floor": _burn_dict(config, thrifty, cards, start)}


def examples_for(config: Config, game: Game) -> dict[str, Any]:
    """The rulebook's computed figures, the decisions quoting the game's simulation runs."""
    record = record_runs(game, sys.modules[__package__ or ""])
    return {
        "ipo": ipo_example(config),
        "burn": burn_examples(config),
        "decisions": decisions_for(config, record),
    }
