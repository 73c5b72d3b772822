"""Pages for print shops, and the trim and bleed boxes of pages that carry one piece.

A print shop takes a deck as a PDF of one card a page: the page is the card's trim plus
1/8 in (3.175 mm) of bleed on every side, its BleedBox the whole page and its TrimBox the
card, so the shop's software knows where to cut without being told. Boards, mats and
screens already print one piece a sheet; their pages get the same boxes."""

from __future__ import annotations

from pnp.layout.cards import back_key
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import Rect
from pnp.spec.game import Game
from pnp.spec.model import Deck

SHOP_BLEED_MM = 25.4 / 8
"""A print shop's bleed: 1/8 in past the trim on every side."""


def shop_pages(game: Game, deck: Deck) -> list[Page]:
    """Every printed card of ``deck`` (each copy), one a page, on its trim plus the shop's
    bleed; its faces are keyed by card id (pnp.layout.cards.lay_out_faces)."""
    return [
        _one(deck, card.id, card.id) for card in game.deck_cards(deck.id) for _ in range(card.qty)
    ]


def shop_back_page(deck: Deck) -> Page:
    """The back every card of ``deck`` shares, as a page of its own."""
    return _one(deck, back_key(deck), back_key(deck))


def _one(deck: Deck, item: str, face: str) -> Page:
    w, h = deck.size_mm
    b = SHOP_BLEED_MM
    trim = (b, b, b + w, b + h)
    whole = (0.0, 0.0, w + 2 * b, h + 2 * b)
    placed = Placed(item, deck.id, face, trim, whole)
    return Page((whole[2], whole[3]), items=[placed], bleed=b, boxes=(trim, whole))


def one_piece_boxes(pages: list[Page]) -> None:
    """Give each page that carries exactly one piece its TrimBox (the piece's trim) and
    BleedBox (its art's reach, within the page)."""
    for page in pages:
        if len(page.items) == 1:
            item = page.items[0]
            page.boxes = (item.trim, _within(item.clip, page.size))


def _within(box: Rect, size: tuple[float, float]) -> Rect:
    return (max(box[0], 0.0), max(box[1], 0.0), min(box[2], size[0]), min(box[3], size[1]))


__all__ = ["SHOP_BLEED_MM", "one_piece_boxes", "shop_back_page", "shop_pages"]
