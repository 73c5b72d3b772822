"""Old Biddy's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.oldbiddy import config_for, new_state
from pnp.games.setup import (
    TableAtStart,
    component_piles,
    deck_pile,
    mixed_pile,
    seat_extras,
    token_key,
    token_pile,
)
from pnp.spec.game import Game

MARKERS, GEMS, BOARD = "markers", "gem-chits", "market"
"""The counter sheets and the board (cards/oldbiddy/game.yaml)."""
ROUND_MARKER, FAKE_GEMS = 2, 3
"""Groups of the markers sheet; groups 0 and 1 are the two sets of turn order markers,
and each gem colour is a group of the gem sheet, in the order of ``tables.gems``."""


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The market board with a gem of each colour on its start space, the round marker on
    the first round and the spare zero markers face down; the gem deck (what the player
    count leaves of it), a gem card beside each character in play, the gem supply and the
    fake gems; each seat's screen, gems, zero marker and turn order marker."""
    state = new_state(game, players, seed=0, transcript=False)
    config = config_for(game)
    names = list(config.color_names)
    in_play = [config.characters[i].id for i in state.characters]
    # decision sixth-card: the round-order reference card lies beside the characters
    reference = [c.id for c in game.cards if c.type == "reference" for _ in range(c.qty)]
    gem_ids = config.card_ids[len(config.characters) :]
    spares = len(state.board_zero)
    centre = (
        *component_piles(game),
        token_pile(
            game,
            f"round marker, on {state.round}",
            1,
            MARKERS,
            ROUND_MARKER,
            on=(f"{BOARD}.round:{state.round}",),
        ),  # fmt: skip
        *(
            token_pile(
                game, f"{names[c].lower()} gem, on {pos}", 1, GEMS, c, on=(f"{BOARD}.track:{pos}",)
            )  # fmt: skip
            for c, pos in enumerate(state.positions)
        ),
        deck_pile(
            game,
            "zero",
            spares,
            "cards",
            "spare zero marker" + "s" * (spares != 1),
            face_down=True,
            on=tuple(f"{BOARD}.zero:{i + 1}" for i in range(spares)),
        ),  # fmt: skip
        deck_pile(game, "gem", len(state.deck)),
        deck_pile(
            game,
            "gem",
            len(state.offers),
            "cards",
            "gem cards, face up",
            cards=[gem_ids[i] for i in state.offers],
        ),  # fmt: skip
        deck_pile(
            game,
            "character",
            len(in_play) + len(reference),
            "cards",
            "characters",
            cards=in_play + reference,
        ),  # fmt: skip
        *(
            token_pile(game, f"{c} gems", n, GEMS, i)
            for i, (c, n) in enumerate(zip(config.colors, state.supply, strict=True))
        ),
        token_pile(game, "large fake gems", state.fake_pile, MARKERS, FAKE_GEMS),
    )
    seats = tuple(
        (
            *seat_extras(game),
            mixed_pile(
                game, "gems", [(token_key(game, GEMS, c), n) for c, n in enumerate(state.behind[s])]
            ),  # fmt: skip
            deck_pile(game, "zero", 1, "cards", "zero marker, face down", face_down=True),
            token_pile(
                game,
                f"turn order marker {state.marker[s]}",
                1,
                MARKERS,
                state.marker_set,
                row=state.marker[s] - 1,
            ),  # fmt: skip
        )
        for s in range(players)
    )
    return TableAtStart(players, centre, seats)
