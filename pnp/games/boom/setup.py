"""•Boom's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.boom import config_for, printed_components
from pnp.games.boom.state import StateData
from pnp.games.boom.tables import Tables
from pnp.games.setup import (
    TableAtStart,
    component_piles,
    deck_pile,
    group_pile,
    money_pile,
    printed_cards,
    seat_extras,
    token_pile,
)
from pnp.games.table_schema import tables_of
from pnp.spec.game import Game

COUNTERS, TRACK = "counters", "ipo-track"
"""The counter sheet and the track sheet (cards/boom/game.yaml)."""
STOCK, MONEY, IPO_LIMIT = 0, 1, 2
"""Groups of the counter sheet."""


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The play deck after the deal, the event deck, the counters in the bank, the IPO
    track with its counter on the start space; each seat's hand, money and aid."""
    # the data of a game dealt but not begun (new_state already starts round 1)
    state = StateData(config_for(game), players, seed=0, transcript=False)
    printed = printed_components(game)
    limits = [row.limit for row in tables_of(game, Tables).ipo_track]
    space = limits.index(state.ipo_limit) + 1
    centre = [
        deck_pile(game, "play", len(state.deck)),
        deck_pile(game, "event", printed_cards(game, "event")),
        *(
            group_pile(game, group, sum(printed[group].values()), COUNTERS, i)
            for i, group in ((STOCK, "stock counters"), (MONEY, "money counters"))
        ),
        *component_piles(game, ("board", "track")),
        token_pile(
            game,
            f"IPO Limit counter, on {state.ipo_limit}",
            1,
            COUNTERS,
            IPO_LIMIT,
            on=(f"{TRACK}.ipo_track:{space}",),
        ),  # fmt: skip
    ]
    seats = tuple(
        (
            deck_pile(game, "play", len(state.hands[s]), "hand", "cards in hand"),
            money_pile(game, "money", state.money[s], COUNTERS, MONEY, "${}m"),
            *seat_extras(game),
        )
        for s in range(players)
    )
    return TableAtStart(players, tuple(centre), seats)
