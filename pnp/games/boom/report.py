"""What one game of •Boom tells the simulation runner: components used, things that ran
out, and a few numbers worth averaging over many games."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.games.boom.config import Config
    from pnp.games.boom.state import StateData

STOCK = "stock counters"
MONEY = "money counters"


_MONEY_LABELS: dict[tuple[int, ...], tuple[str, ...]] = {}


def _money_labels(denominations: tuple[int, ...]) -> tuple[str, ...]:
    """``$100m``, ``$50m``, ... for each counter value, made once per set of values."""
    labels = _MONEY_LABELS.get(denominations)
    if labels is None:
        labels = _MONEY_LABELS[denominations] = tuple(f"${v}m" for v in denominations)
    return labels


def usage(state: StateData) -> dict[str, dict[str, int]]:
    """Peak counters needed at once in this game, by component group and item.

    A firm needs its peak of shares held plus one counter drawn from the mug for the
    turn order.
    """
    config = state.config
    firms = config.firm_ids[: state.players]
    return {
        # decision stock-counters
        STOCK: {firm: peak + 1 for firm, peak in zip(firms, state.stock_peak, strict=True)},
        MONEY: dict(zip(_money_labels(config.denominations), state.counters.peak, strict=True)),
    }


def ran_out(state: StateData) -> list[str]:
    if state.dry_draws:
        return ["play deck and discard pile both empty when a card was to be drawn"]
    return []


def measures(state: StateData) -> dict[str, float]:
    return {
        "cards left in play deck": len(state.deck),
        "lowest IPO limit": state.ipo_limit_low,
        "companies gone public or bust": state.plans_out,
        "funding rounds closed": state.rounds_closed,
        "funding rounds failed": state.rounds_failed,
    }


COMPONENT_TABLES = {STOCK: "stock_per_firm", MONEY: "money"}
"""The ``tables`` key that sets the printed number of each component group."""


def printed(config: Config) -> dict[str, dict[str, int]]:
    """The kit's hook: the printed count of every limited component, keyed like ``usage``."""
    return {
        STOCK: {firm: config.stock_per_firm for firm in config.firm_ids},
        MONEY: {
            f"${value}m": count
            for value, count in zip(config.denominations, config.printed_money, strict=True)
        },
    }
