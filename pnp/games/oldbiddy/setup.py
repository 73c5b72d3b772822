"""Old Biddy's table at the start, read from a freshly set-up game (the setup figure)."""

from __future__ import annotations

from pnp.games.oldbiddy import config_for, new_state
from pnp.games.setup import Pile, TableAtStart, component_piles, deck_pile, seat_extras
from pnp.spec.load import Game


def table_at_start(game: Game, players: int) -> TableAtStart:
    """The market board with its gems and spare zero markers, the gem deck (what the
    player count leaves of it), a gem card beside each character in play, the gem supply
    and the fake gems; each seat's screen, gems, zero marker and turn order marker."""
    state = new_state(game, players, seed=0, transcript=False)
    cfg = config_for(game)
    accent = game.spec.accent
    reference = sum(c.qty for c in game.cards if c.type == "reference")
    gem_colours = {g["id"]: g["color"] for g in game.spec.tables["gems"]}
    centre = (
        *component_piles(game),
        Pile(f"round marker, on {state.round}", 1, "counters", "#ffffff"),
        deck_pile(game, "gem", len(state.deck)),
        deck_pile(game, "gem", len(state.offers), "cards", "gem cards, face up"),
        deck_pile(game, "character", len(state.characters) + reference, "cards", "characters"),
        deck_pile(game, "zero", len(state.board_zero), "cards", "spare zero markers"),
        *(
            Pile(f"{c} gems", n, "counters", gem_colours.get(c, accent))
            for c, n in zip(cfg.colors, state.supply, strict=True)
        ),  # fmt: skip
        Pile("large fake gems", state.fake_pile, "counters", accent),
    )
    seats = tuple(
        (
            *seat_extras(game),
            Pile("gems", sum(state.behind[s]), "counters", accent),
            deck_pile(game, "zero", 1, "cards", "zero marker"),
            Pile(f"turn order marker {state.marker[s]}", 1, "counters", accent),
        )
        for s in range(players)
    )
    return TableAtStart(players, centre, seats)
