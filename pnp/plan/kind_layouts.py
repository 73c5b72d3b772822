"""The layout of each of pnp's own component kinds, as the registry of kinds names it
(pnp.spec.kinds): ``(game, component, index, options, context) -> (pages, faces)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.layout.board import lay_out_board
from pnp.layout.cards import impose_copies
from pnp.layout.pages import Page
from pnp.layout.screen import lay_out_screens
from pnp.layout.tokens import lay_out_tokens
from pnp.layout.track import lay_out_track
from pnp.plan.credits import credit_line
from pnp.plan.settings import BuildOptions
from pnp.spec.components import (
    AidComponent,
    BoardComponent,
    ScreenComponent,
    TokensComponent,
    TrackComponent,
)
from pnp.spec.fields import parse_size
from pnp.spec.game import Game

Laid = tuple[list[Page], dict[str, Any]]
Context = Callable[[], dict[str, Any]]


def tokens(game: Game, comp: TokensComponent, i: int, options: BuildOptions, _: Context) -> Laid:
    return lay_out_tokens(game, comp, i, options)


def track(game: Game, comp: TrackComponent, i: int, options: BuildOptions, _: Context) -> Laid:
    return lay_out_track(game, comp, i, options.paper, options.margin), {}


def board(game: Game, comp: BoardComponent, i: int, options: BuildOptions, _: Context) -> Laid:
    credit = credit_line(game.spec)
    return lay_out_board(game, comp, i, options.paper, options.margin, credit)


def screen(
    game: Game, comp: ScreenComponent, i: int, options: BuildOptions, context: Context
) -> Laid:
    ctx = {**context(), "credit": credit_line(game.spec)}
    return lay_out_screens(game, comp, i, options.paper, ctx, options.margin)


def aid(game: Game, comp: AidComponent, i: int, options: BuildOptions, _: Context) -> Laid:
    """An aid's copies, its panels typeset when its file is drawn."""
    size = parse_size(comp.size)
    return impose_copies(comp.id, size, comp.copies, options, two_faces=bool(comp.back)), {}
