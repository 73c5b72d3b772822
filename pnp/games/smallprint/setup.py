"""Small Print's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.setup import Pile, TableAtStart, component_piles, deck_pile, seat_extras
from pnp.games.smallprint import new_state, printed_components
from pnp.spec.load import Game


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The business deck, the pool mat, the money and chits in the bank; each seat's
    paperwork set (its shares and contracts in hand), its contract markers and cash."""
    state = new_state(game, players, seed=0, transcript=False)
    accent = game.spec.accent
    paperwork = [d.id for d in game.spec.decks if d.id != "business"]
    colours = [d.back.color for d in game.spec.decks if d.id != "business"]  # the set's
    centre = (
        deck_pile(game, "business", len(state.deck)),
        *component_piles(game),
        *(
            Pile(group, sum(n.values()), "counters", accent)
            for group, n in printed_components(game).items()
        ),  # fmt: skip
    )
    seats = tuple(
        (
            deck_pile(game, paperwork[s], sum(state.hands[s]), "hand"),
            Pile("contract markers", sum(state.markers[s]), "counters", colours[s]),
            *([Pile("cash", state.cash[s], "money", accent, "£{}m")] if state.cash[s] else []),
            *seat_extras(game),
        )
        for s in range(players)
    )
    return TableAtStart(players, centre, seats)
