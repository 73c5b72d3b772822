"""What one finished game of The Big Idea tells the simulation runner about components.

``usage`` gives the most of each printed component in use at once (group → item → count;
the runner compares it with ``printed_components``), ``ran_out`` names decks that could
not deal, and ``measures`` gives a few numbers worth averaging over many games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.bigidea.state import OVER, StateData
from pnp.games.kit import FrozenDict

if TYPE_CHECKING:
    from pnp.games.bigidea.config import Config

CHIPS = "chips"
FOREIGN = "foreign chips"
MONEY = "money counters"
COMPONENT_TABLES = FrozenDict({CHIPS: "chips_per_player", FOREIGN: "foreign_chips", MONEY: "money"})
"""The ``tables`` key that sets the printed number of each component group."""


def _seat_name(state: StateData, seat: int) -> str:
    colors = state.config.colors
    return colors[seat] if seat < len(colors) else f"seat {seat + 1}"


_LABELS: dict[tuple[object, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _labels(state: StateData) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Item names of the seats' chips and of the money counters, made once per table."""
    config = state.config
    key = (config.colors, config.denominations, state.n)
    got = _LABELS.get(key)
    if got is None:
        seats = tuple(_seat_name(state, s) for s in range(state.n))
        got = _LABELS[key] = seats, tuple(f"${v}" for v in config.denominations)
    return got


def usage(state: StateData) -> dict[str, dict[str, int]]:
    """Peak use in this game, by component group and item."""
    peaks = state.peaks
    seats, counters = _labels(state)
    return {
        CHIPS: dict(zip(seats, peaks.chips, strict=True)),
        FOREIGN: {"white": peaks.white_needed},
        MONEY: dict(zip(counters, peaks.money, strict=True)),
    }


def ran_out(state: StateData) -> list[str]:
    """Decks that could not deal (the runner checks counters against the printed counts).

    The lines carry no numbers, so the runner can count the games each one happened in.
    """
    config = state.config
    return [
        f"{config.deck_ids[d]} deck: draw pile and discards both empty when a card was due"
        for d, dry in enumerate(state.peaks.dry_draws)
        if dry
    ]


_DECK_MEASURES: dict[tuple[str, ...], tuple[tuple[str, str], ...]] = {}


def _deck_measures(deck_ids: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The names of each deck's two measures, made once per set of decks."""
    names = _DECK_MEASURES.get(deck_ids)
    if names is None:
        names = _DECK_MEASURES[deck_ids] = tuple(
            (f"fewest cards left in {deck} deck", f"{deck} deck reshuffles") for deck in deck_ids
        )
    return names


def measures(state: StateData) -> dict[str, float]:
    """Numbers worth averaging over many games."""
    peaks = state.peaks
    out: dict[str, float] = {}
    for d, (fewest, reshuffles) in enumerate(_deck_measures(state.config.deck_ids)):
        out[fewest] = min(peaks.deck_low[d], len(state.draw[d]))
        out[reshuffles] = peaks.reshuffles[d]
    if state.phase == OVER:
        best = max(state.cash)
        winners = state.cash.count(best)
        out["first leader's share of the win"] = (
            1 / winners if state.cash[state.first_leader] == best else 0.0
        )
    out["products left on the table"] = len(state.table)
    out["most white chips on the table"] = peaks.white
    out["turns lost with every chip tied up"] = peaks.stuck
    return out


def printed(config: Config) -> dict[str, dict[str, int]]:
    """The kit's hook: the printed count of every limited component, keyed like ``usage``."""
    return {
        CHIPS: {color: config.chips_per_player for color in config.colors},
        FOREIGN: {"white": config.foreign_chips},
        MONEY: {
            f"${v}": k for v, k in zip(config.denominations, config.printed_money, strict=True)
        },
    }
