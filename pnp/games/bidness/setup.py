"""Bidness's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.bidness import new_state, printed_components
from pnp.games.setup import Pile, TableAtStart, deck_pile, seat_extras
from pnp.spec.load import Game


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The event deck, the Payback and IOU cards, the counters in the bank; each seat's
    starting staff, IOUs, cash and tech points."""
    state = new_state(game, players, seed=0, transcript=False)
    accent = game.spec.accent
    printed = printed_components(game)
    ious_out = sum(state.ious)
    centre = (
        # hands are dealt in round 1's own setup phase: at the start they are in the deck
        deck_pile(game, "event", len(state.deck) + sum(map(len, state.hands))),
        deck_pile(game, "payback", sum(printed["Payback cards"].values())),
        deck_pile(game, "iou", sum(printed["IOU cards"].values()) - ious_out),
        *(
            Pile(group, sum(n.values()), "counters", accent)
            for group, n in printed.items()
            if group.endswith("counters")
        ),  # fmt: skip
    )
    seats = tuple(
        (
            deck_pile(game, "event", len(state.staff[s]), "cards", "staff"),
            deck_pile(game, "iou", state.ious[s], "cards", "IOUs"),
            Pile("cash", state.cash[s], "money", accent, "${}"),
            Pile("tech points", state.tech[s], "money", accent),
            *seat_extras(game),
        )
        for s in range(players)
    )
    return TableAtStart(players, centre, seats)
