"""The setup figure's data: what the engine sets out for the game's default player count,
or, for a game without an engine, its printed components (every deck whole, its boards,
the counters each counter sheet holds, each player's screen and aid)."""

from __future__ import annotations

from dataclasses import replace

from pnp.games import engine_for
from pnp.games.setup import Pile, TableAtStart, default_players, printed_table
from pnp.layout.cards import SheetOptions
from pnp.layout.tokens import lay_out_tokens
from pnp.spec.components import TokensComponent
from pnp.spec.load import Game


def table_at_start(game: Game, players: int | None = None) -> TableAtStart:
    """The table before the first move, for ``players`` (default: the game's default)."""
    players = players or default_players(game)
    engine = engine_for(game)
    make = getattr(engine, "table_at_start", None) if engine is not None else None
    if make is not None:
        return make(game, players)  # type: ignore[no-any-return]
    table = printed_table(game, players)
    return replace(table, centre=(*table.centre, *counter_piles(game)))


def counter_piles(game: Game) -> list[Pile]:
    """One pile per counter sheet of the game: as many counters as its pages place."""
    piles = []
    for i, comp in enumerate(game.spec.components):
        if isinstance(comp, TokensComponent):
            pages, _ = lay_out_tokens(game, comp, i, SheetOptions())
            count = sum(len(p.items) for p in pages if p.side != "back")
            piles.append(Pile(comp.title, count, "counters", game.spec.accent))
    return piles


__all__ = ["counter_piles", "table_at_start"]
