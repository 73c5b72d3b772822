"""What one finished game of Small Print tells the simulation runner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.bank import bank_for

if TYPE_CHECKING:
    from pnp.games.smallprint.config import Config
    from pnp.games.smallprint.state import StateData

MONEY = "money counters"
CHITS = "penalty chits"


def track_money(state: StateData) -> None:
    """Most counters of each value in play at once (players' cash and the pool, greedy)."""
    bank, peak = bank_for(state.config.denominations), state.peaks.money
    now = bank.counts(bank.held([*state.cash, state.pool]))
    peak[:] = map(max, peak, now)


def usage(state: StateData) -> dict[str, dict[str, int]]:
    cfg = state.config
    return {
        MONEY: {f"£{v}m": k for v, k in zip(cfg.denominations, state.peaks.money, strict=True)},
        CHITS: {"chits": state.peaks.chits},
    }


def ran_out(state: StateData) -> list[str]:
    """Nothing runs dry: check.py makes sure the business deck covers every round."""
    return []


def measures(state: StateData) -> dict[str, float]:
    u = state.peaks
    return {
        "share of businesses void": u.void / u.settled if u.settled else 0.0,
        "bluffs made": float(u.bluffs),
        "bluffs that won their business nothing": float(u.caught),
        "Small Print pool at the end (£m)": float(u.final_pool),
        "penalty chits taken": float(sum(state.chits)),
    }


def printed(cfg: Config) -> dict[str, dict[str, int]]:
    """The kit's hook: the printed count of every limited component, keyed like ``usage``."""
    return {
        MONEY: {f"£{v}m": k for v, k in zip(cfg.denominations, cfg.printed_money, strict=True)},
        CHITS: {"chits": cfg.penalty_chits},
    }
