"""Bidness's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.bidness import config_for, new_state, printed_components
from pnp.games.setup import TableAtStart, deck_pile, group_pile, money_pile, seat_extras
from pnp.spec.game import Game

COUNTERS = "counters"
"""The counter sheet (cards/bidness/game.yaml): money, tech points, the awards."""
MONEY, TECH = 0, 1


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The event deck, the Payback and IOU cards, the counters in the bank; each seat's
    starting staff, IOUs, cash and tech points."""
    state = new_state(game, players, seed=0, transcript=False)
    ids = config_for(game).card_ids
    printed = printed_components(game)
    ious_out = sum(state.ious)
    centre = (
        # hands are dealt in round 1's own setup phase: at the start they are in the deck
        deck_pile(game, "event", len(state.deck) + sum(map(len, state.hands))),
        deck_pile(game, "payback", sum(printed["Payback cards"].values())),
        deck_pile(game, "iou", sum(printed["IOU cards"].values()) - ious_out),
        *(
            group_pile(game, group, sum(printed[group].values()), COUNTERS, i)
            for i, group in ((MONEY, "money counters"), (TECH, "tech-point counters"))
        ),
    )
    seats = tuple(
        (
            deck_pile(
                game,
                "event",
                len(state.staff[s]),
                "cards",
                "staff",
                cards=[ids[c] for c in state.staff[s]],
            ),  # fmt: skip
            deck_pile(game, "iou", state.ious[s], "cards", "IOUs"),
            money_pile(game, "cash", state.cash[s], COUNTERS, MONEY, "${}"),
            money_pile(game, "tech points", state.tech[s], COUNTERS, TECH, "{}"),
            *seat_extras(game),
        )
        for s in range(players)
    )
    return TableAtStart(players, centre, seats)
