"""Small Print's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.setup import (
    TableAtStart,
    component_piles,
    deck_pile,
    group_pile,
    mixed_pile,
    money_pile,
    seat_extras,
    token_key,
)
from pnp.games.smallprint import new_state, printed_components
from pnp.spec.game import Game

MARKERS = "markers"
"""The counter sheet (cards/smallprint/game.yaml)."""
CONTRACT_MARKERS, PENALTY, MONEY = 0, 1, 2
"""Its groups: each player's Small, Big and Total markers (three rows a player), the
penalty chits and money."""


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The business deck, the pool mat, the money and chits in the bank; each seat's
    paperwork set (its shares and contracts in hand), its contract markers and cash."""
    state = new_state(game, players, seed=0, transcript=False)
    printed = printed_components(game)
    paperwork = [d.id for d in game.spec.decks if d.id != "business"]
    centre = (
        deck_pile(game, "business", len(state.deck)),
        *component_piles(game),
        *(
            group_pile(game, group, sum(printed[group].values()), MARKERS, i)
            for i, group in ((MONEY, "money counters"), (PENALTY, "penalty chits"))
        ),
    )
    seats = []
    for s in range(players):
        markers = [(token_key(game, MARKERS, CONTRACT_MARKERS, 3 * s + m), int(held))
                   for m, held in enumerate(state.markers[s])]  # fmt: skip
        seats.append(
            (
                deck_pile(game, paperwork[s], sum(state.hands[s]), "hand"),
                mixed_pile(game, "contract markers", markers),
                *(
                    [money_pile(game, "cash", state.cash[s], MARKERS, MONEY, "£{}m")]
                    if state.cash[s]
                    else []
                ),  # fmt: skip
                *seat_extras(game),
            )
        )
    return TableAtStart(players, centre, tuple(seats))
