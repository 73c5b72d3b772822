"""The Big Idea's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.bigidea import config_for, new_state, printed_components
from pnp.games.setup import (
    Pile,
    TableAtStart,
    deck_pile,
    group_pile,
    money_pile,
    seat_extras,
    token_pile,
)
from pnp.spec.game import Game

CHIPS = "chips"
"""The counter sheet (cards/bigidea/game.yaml)."""
PLAYER_CHIPS, FOREIGN, MONEY, LEADER = 0, 1, 2, 3
"""Its groups: a row of chips per player colour, the white chips, money, the marker."""


def table_at_start(game: Game, players: int) -> TableAtStart:
    """Both decks after the deal, the foreign chips and money in the bank; each seat's
    hand (from both decks), chips in its colour and cash, and the leader's marker."""
    state = new_state(game, players, seed=0, transcript=False)
    config = config_for(game)
    printed = printed_components(game)
    centre = (
        *(deck_pile(game, d, len(state.draw[i])) for i, d in enumerate(config.deck_ids)),
        token_pile(game, "foreign chips", state.white_bank, CHIPS, FOREIGN),
        group_pile(game, "money counters", sum(printed["money counters"].values()), CHIPS, MONEY),
    )
    seats = tuple(
        (
            Pile(
                "cards in hand",
                len(state.hands[s]),
                "hand",
                pieces=tuple(
                    f"back:{config.deck_ids[config.card_deck[c]]}" for c in state.hands[s]
                ),
            ),
            token_pile(game, "chips", state.free[s], CHIPS, PLAYER_CHIPS, row=s),
            money_pile(game, "cash", state.cash[s], CHIPS, MONEY, "${}"),
            *([token_pile(game, "leader marker", 1, CHIPS, LEADER)] if s == state.leader else []),
            *seat_extras(game),
        )  # fmt: skip
        for s in range(players)
    )
    return TableAtStart(players, centre, seats)
