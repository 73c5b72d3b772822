"""Worked examples for the rulebook, computed by the engine's own functions from the data.

The inputs that are not game data (a die showing 3, four cards, shares split 2/1/3)
mirror the examples of boom.txt; every card, bonus, table value and result comes from
the loaded game, so the rulebook never types those numbers by hand.
"""

from __future__ import annotations

from typing import Any

from pnp.games.boom.company import burn_rate, matching_entrepreneurs, modified_roll, per_share
from pnp.games.boom.config import COMPANY, PLAN, Config
from pnp.games.boom.decisions import decisions_for

EXAMPLE_DIE = 3
EXAMPLE_CARDS = 4
EXAMPLE_HOLDINGS = (2, 1, 3)
EXAMPLE_BURN_LIMIT_STEP = 2
"""The burn example sits this many steps down the IPO track from its start."""


def _first(cat: Config, test: Any) -> int:
    return next(i for i in range(cat.play_cards) if test(i))


def ipo_example(cat: Config) -> dict[str, Any]:
    event = next(e for e in cat.events if any(e.bonus))
    industry = max(range(len(cat.industries)), key=lambda i: event.bonus[i])
    plan = _first(cat, lambda i: cat.card_role[i] == PLAN and cat.card_industry[i] == industry)
    expert = _first(cat, lambda i: cat.card_role[i] == COMPANY and cat.card_industry[i] == industry)
    others = [
        i
        for i in range(cat.play_cards)
        if cat.card_role[i] == COMPANY and cat.card_industry[i] == -1
    ]
    cards = [expert, *others[: EXAMPLE_CARDS - 2]]
    matching = matching_entrepreneurs(cat, plan, cards)
    roll = modified_roll(EXAMPLE_DIE, 1 + len(cards), matching, event.bonus[industry])
    raised = cat.raised(roll)
    shares = sum(EXAMPLE_HOLDINGS)
    each = per_share(raised, shares)
    size = 1 + len(cards)
    return {
        "limit": max((lim for lim in cat.surcharge if lim <= size), default=cat.ipo_limit_floor),
        "start_limit": cat.ipo_limit_start,
        "plan": cat.card_name[plan],
        "industry": cat.industries[industry],
        "attached": [cat.card_name[c] for c in cards],
        "entrepreneur": cat.card_name[expert],
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
            {"firm": cat.firm_ids[seat], "shares": held, "paid": held * each}
            for seat, held in enumerate(EXAMPLE_HOLDINGS)
        ],
    }


def _burn_dict(cat: Config, plan: int, cards: list[int], limit: int) -> dict[str, Any]:
    on_cards = cat.card_burn[plan] + sum(cat.card_burn[c] for c in cards)
    size = 1 + len(cards)
    return {
        "limit": max((lim for lim in cat.surcharge if lim <= size), default=cat.ipo_limit_floor),
        "start_limit": cat.ipo_limit_start,
        "plan": cat.card_name[plan],
        "plan_burn": cat.card_burn[plan],
        "attached": [{"name": cat.card_name[c], "burn": cat.card_burn[c]} for c in cards],
        "ipo_limit": limit,
        "surcharge": cat.surcharge[limit],
        "cards_total": on_cards,
        "total": burn_rate(cat, plan, cards, limit),
    }


def burn_examples(cat: Config) -> dict[str, Any]:
    """A plain burn part-way down the track, and one where revenue would push it below zero."""
    limits = sorted(cat.surcharge, reverse=True)
    limit = limits[min(EXAMPLE_BURN_LIMIT_STEP, len(limits) - 1)]
    plan = _first(cat, lambda i: cat.card_role[i] == PLAN)
    expert = _first(cat, lambda i: cat.card_role[i] == COMPANY and cat.card_industry[i] >= 0)
    income = _first(cat, lambda i: cat.card_role[i] == COMPANY and cat.card_burn[i] < 0)
    plain = _burn_dict(cat, plan, [expert, income], limit)

    start = cat.ipo_limit_start
    thrifty = min(
        (i for i in range(cat.play_cards) if cat.card_role[i] == PLAN),
        key=lambda i: cat.card_burn[i],
    )
    earners = sorted(
        (i for i in range(cat.play_cards) if cat.card_role[i] == COMPANY and cat.card_burn[i] < 0),
        key=lambda i: cat.card_burn[i],
    )
    cards: list[int] = []
    for card in earners:
        cards.append(card)
        if cat.card_burn[thrifty] + sum(cat.card_burn[c] for c in cards) + cat.surcharge[start] < 0:
            break
    return {"plain": plain, "floor": _burn_dict(cat, thrifty, cards, start)}


def worked_examples(cat: Config, record: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rulebook's computed figures; ``record``: the game's simulation runs, by key."""
    return {
        "ipo": ipo_example(cat),
        "burn": burn_examples(cat),
        "decisions": decisions_for(cat, record),
    }
