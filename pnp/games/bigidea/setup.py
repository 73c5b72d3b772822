"""The Big Idea's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.bigidea import config_for, new_state, printed_components
from pnp.games.setup import Pile, TableAtStart, deck_pile, seat_extras
from pnp.spec.load import Game


def table_at_start(game: Game, players: int) -> TableAtStart:
    """Both decks after the deal, the foreign chips and money in the bank; each seat's
    hand (from both decks), chips and cash."""
    state = new_state(game, players, seed=0, transcript=False)
    cfg = config_for(game)
    accent = game.spec.accent
    printed = printed_components(game)
    centre = (
        *(deck_pile(game, d, len(state.draw[i])) for i, d in enumerate(cfg.deck_ids)),
        Pile("foreign chips", state.white_bank, "counters", "#f4f4f4"),
        *(
            Pile(group, sum(n.values()), "counters", accent)
            for group, n in printed.items()
            if group.startswith("money")
        ),  # fmt: skip
    )
    seats = tuple(
        (
            Pile("cards in hand", len(state.hands[s]), "hand", accent),
            Pile("chips", state.free[s], "counters", accent),
            Pile("cash", state.cash[s], "money", accent, "${}"),
            *seat_extras(game),
        )
        for s in range(players)
    )
    return TableAtStart(players, centre, seats)
