"""A component kind declared from the test folder alone: a sheet of round stickers, one
colour, as many as `copies` says. Registering ``STICKER`` is all a game needs to list
`kind: sticker` components and a build to print them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pnp.layout.cards import SheetSettings, impose_copies
from pnp.layout.ops import Face, PieceView, Shape
from pnp.layout.pages import Page
from pnp.spec.fields import ID, Strict
from pnp.spec.game import Game
from pnp.spec.kinds import ComponentKind

SIZE_MM = 40.0


class StickerComponent(Strict):
    """A sheet of round stickers (kind `sticker`)."""

    kind: Literal["sticker"]
    id: ID
    title: str
    copies: int = 1
    color: str = "#cc3344"


def sticker_face(comp: StickerComponent) -> Face:
    disc = Shape("ellipse", 0.0, 0.0, SIZE_MM, SIZE_MM, comp.color, None, 0.0, 0.0)
    return Face(SIZE_MM, SIZE_MM, (disc,))


def lay_out_stickers(
    game: Game,
    comp: StickerComponent,
    index: int,
    options: SheetSettings,
    context: Callable[[], dict[str, Any]],
) -> tuple[list[Page], dict[str, Face]]:
    pages = impose_copies(comp.id, (SIZE_MM, SIZE_MM), comp.copies, options)
    return pages, {comp.id: sticker_face(comp)}


def sticker_picture(finder: Any, key: str, comp: StickerComponent, index: int) -> PieceView:
    return PieceView(key, sticker_face(comp), "ellipse")


STICKER = ComponentKind(
    "sticker",
    StickerComponent,
    lay_out_stickers,
    sticker_picture,
    on_table="centre",
    margin="packed",
)
