"""What one finished game of Bidness tells the simulation runner.

``usage`` gives the most of each printed component in use at once (group → item →
count, compared with ``printed_components``), ``ran_out`` names decks that could not
deal, and ``measures`` the numbers the issue asks for (rounds, auctions, lawsuits).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.games.bidness.config import Config
    from pnp.games.bidness.state import StateData

MONEY = "money counters"
TECH = "tech-point counters"
IOUS = "IOU cards"
PAYBACKS = "Payback cards"


def printed(config: Config) -> dict[str, dict[str, int]]:
    return {
        MONEY: {
            f"${v}": k for v, k in zip(config.denominations, config.printed_money, strict=True)
        },
        TECH: {str(v): k for v, k in zip(config.tech_values, config.printed_tech, strict=True)},
        IOUS: {"$100": config.ious_printed},
        PAYBACKS: {"in hands": len(config.payback_cards)},
    }


def usage(table: StateData) -> dict[str, dict[str, int]]:
    config, peaks = table.config, table.peaks
    return {
        MONEY: {f"${v}": k for v, k in zip(config.denominations, peaks.money, strict=True)},
        TECH: {str(v): k for v, k in zip(config.tech_values, peaks.tech, strict=True)},
        IOUS: {"$100": peaks.ious},
        PAYBACKS: {"in hands": peaks.payback_held + peaks.dry_payback},
    }


def ran_out(table: StateData) -> list[str]:
    """Decks that could not deal (no numbers, so the runner can count the games)."""
    out = []
    if table.peaks.dry_event:
        out.append("event deck: a hand could not be topped up to its full size")
    if table.peaks.dry_payback:
        out.append("payback deck: no Payback card left to deal")
    return out


def measures(table: StateData) -> dict[str, float]:
    peaks = table.peaks
    return {
        "rounds": min(table.round, table.config.t.round_cap),
        "ended by a payoff": 1.0 if peaks.paid_off else 0.0,
        "auctions held": peaks.auctions,
        "auctions without a bid": peaks.no_bids,
        "lawsuits settled": peaks.settled,
        "lawsuits tried": peaks.tried,
        "headhunts": peaks.headhunts,
        "layoffs": peaks.layoffs,
        "peak IOUs in use": peaks.ious,
        "fewest cards left in the event deck after dealing": min(peaks.deck_low, 999),
        "money counters in use at the peak": sum(peaks.money),
    }
