"""What one finished game of Old Biddy tells the simulation runner.

``usage`` gives the most gems of each colour out of the supply at once (the runner
compares it with the printed chits), ``ran_out`` names shortages, ``measures`` a few
numbers worth averaging over many games.
"""

from __future__ import annotations

from pnp.games.oldbiddy.config import Config
from pnp.games.oldbiddy.market import final_scores
from pnp.games.oldbiddy.state import OVER, StateData

GEMS = "gems out of the supply"


def usage(state: StateData) -> dict[str, dict[str, int]]:
    return {GEMS: dict(zip(state.config.colors, state.peak_out, strict=True))}


def ran_out(state: StateData) -> list[str]:
    """Shortages, without numbers, so the runner can count the games they happened in."""
    out = [
        f"{color} gems: the supply ran dry"
        for color, left in zip(state.config.colors, state.supply, strict=True)
        if state.config.gems_per_color and not left
    ]
    if len(state.seen_cards) < state.config.cards_used(state.n) and state.phase == OVER:
        out.append("gem cards: the deck ran out before the last round")
    return out


def measures(state: StateData) -> dict[str, float]:
    config = state.config
    middle = sum(config.start_spaces) / len(config.start_spaces)
    scores = final_scores(
        config, state.positions, state.behind, state.front, state.zero, state.fakes
    )
    return {
        "winning score": max(scores),
        "farthest gem from the centre (spaces)": max(abs(p - middle) for p in state.positions),
        "Boss moves ruled out by the board's end": state.off_board,
        "fake gems kept at the end": sum(state.fakes),
        "gems in front of screens": sum(map(sum, state.front)),
    }


def printed(config: Config) -> dict[str, dict[str, int]]:
    """Printed count of every limited component, keyed like :func:`usage`."""
    return {GEMS: dict.fromkeys(config.colors, config.gems_per_color)}
