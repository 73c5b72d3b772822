"""Counters printed on the card sheets: a tokens component with ``with_cards: true`` goes in
the room the last card sheet leaves, its cards moved to the head of the sheet and the
counters below them, instead of in a file of its own (Old Biddy's six zero markers had a
sheet to themselves, its other markers another, each a sixth full). When the counters do
not fit there they follow the card sheets on sheets of their own."""

from __future__ import annotations

from dataclasses import replace

from pnp.layout.cards import SheetSettings
from pnp.layout.chits import GAP_MM
from pnp.layout.ops import Face
from pnp.layout.pages import Cut, Page, Placed
from pnp.layout.sheet import Rect, cut_marks
from pnp.layout.tokens import TITLE_MM, lay_out_tokens, token_area
from pnp.spec.components import TokensComponent
from pnp.spec.game import Game

MARK_ROOM_MM = 5.0
"""The cards' crop marks run this far below them, where the counters' room begins."""


def counters_on_cards(
    game: Game,
    comp: TokensComponent,
    index: int,
    options: SheetSettings,
    pages: list[Page],
    faces: dict[str, Face],
) -> None:
    """Add the counters of ``comp`` to the card sheets ``pages`` (their faces to ``faces``):
    below the cards of the last sheet when they all fit there, else on sheets of their
    own after the cards."""
    sheets = [p for p in pages if p.side != "back"]
    last = sheets[-1] if sheets and options.layout != "fold" else None
    if last is not None:
        dy = last.size[1] - options.packed_margins[1] - max(it.clip[3] for it in last.items)
        bottom = min(it.trim[1] for it in last.items) + dy
        base = token_area(options)
        top = last.size[1] - (bottom - MARK_ROOM_MM) + GAP_MM
        area = replace(base, first_top=top + TITLE_MM)
        laid, counters = lay_out_tokens(game, comp, index, options, area)
        if len(laid) == 1:
            backs = [p for p in pages if p.side == "back" and _ids(p) == _ids(last)]
            for page in [last, *backs]:
                _move(page, dy)
            w, h = last.size
            mx, my = options.packed_margins
            stops: Rect = (mx, bottom - MARK_ROOM_MM, w - mx, h - my)
            last.marks = cut_marks([it.trim for it in last.items], stops)
            last.items += laid[0].items
            last.cuts += laid[0].cuts
            last.marks += laid[0].marks
            last.decor += laid[0].decor
            last.layout = "+".join(sorted({*last.layout.split("+"), *laid[0].layout.split("+")}))
            faces.update(counters)
            return
    laid, counters = lay_out_tokens(game, comp, index, options)
    pages += laid
    faces.update(counters)


def _ids(page: Page) -> list[str]:
    return sorted(it.id for it in page.items)


def _move(page: Page, dy: float) -> None:
    """Every item and cut of ``page`` moved ``dy`` mm up."""

    def up(r: Rect) -> Rect:
        return (r[0], r[1] + dy, r[2], r[3] + dy)

    page.items = [
        Placed(it.id, it.group, it.face, up(it.trim), up(it.clip), it.region, it.side, it.rotate)
        for it in page.items
    ]
    page.cuts = [Cut(up(c.rect), c.radius, c.circle, c.polygon) for c in page.cuts]
