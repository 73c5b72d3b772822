"""•Boom's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.boom import config_for, printed_components
from pnp.games.boom.state import StateData
from pnp.games.setup import (
    Pile,
    TableAtStart,
    component_piles,
    deck_pile,
    printed_cards,
    seat_extras,
)
from pnp.spec.load import Game


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The play deck after the deal, the event deck, the counters in the bank, the IPO
    track; each seat's hand, money and aid."""
    # the data of a game dealt but not begun (new_state already starts round 1)
    state = StateData(config_for(game), players, seed=0, transcript=False)
    accent = game.spec.accent
    centre = [
        deck_pile(game, "play", len(state.deck)),
        deck_pile(game, "event", printed_cards(game, "event")),
        *(
            Pile(group, sum(n.values()), "counters", accent)
            for group, n in printed_components(game).items()
        ),  # fmt: skip
        *component_piles(game, ("board", "track")),
        Pile(f"IPO Limit counter, on {state.ipo_limit}", 1, "counters", accent),
    ]
    seats = tuple(
        (
            deck_pile(game, "play", len(state.hands[s]), "hand", "hand"),
            Pile("money", state.money[s], "money", accent, "${}m"),
            *seat_extras(game),
        )
        for s in range(players)
    )
    return TableAtStart(players, tuple(centre), seats)
