"""What one finished game of Old Biddy tells the simulation runner.

``usage`` gives the most gems of each colour out of the supply at once (the runner
compares it with the printed chits), ``ran_out`` names shortages, ``measures`` a few
numbers worth averaging over many games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.games.oldbiddy.rules import State

GEMS = "gems out of the supply"


def usage(state: State) -> dict[str, dict[str, int]]:
    return {GEMS: dict(zip(state.cfg.colors, state.peak_out, strict=True))}


def ran_out(state: State) -> list[str]:
    """Shortages, without numbers, so the runner can count the games they happened in."""
    out = [
        f"{color} gems: the supply ran dry"
        for color, left in zip(state.cfg.colors, state.supply, strict=True)
        if state.cfg.gems_per_color and not left
    ]
    if len(state.seen_cards) < state.cfg.cards_used(state.n) and state.is_terminal():
        out.append("gem cards: the deck ran out before the last round")
    return out


def measures(state: State) -> dict[str, float]:
    cfg = state.cfg
    middle = sum(cfg.start_spaces) / len(cfg.start_spaces)
    scores = state.returns()
    return {
        "winning score": max(scores),
        "farthest gem from the centre (spaces)": max(abs(p - middle) for p in state.positions),
        "Boss moves ruled out by the board's end": state.off_board,
        "fake gems kept at the end": sum(state.fakes),
        "gems in front of screens": sum(map(sum, state.front)),
    }
