"""`--shop-pdf`: each deck as a print shop takes it, one card a page with 1/8 in of
bleed (pnp.layout.shop), its fronts in one file and its back in another, drawn by the
same face drawing as the sheets."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.layout.cards import lay_out_faces
from pnp.layout.ops import Face
from pnp.layout.pages import Page
from pnp.layout.shop import shop_back_page, shop_pages
from pnp.render.documents import doc_info
from pnp.render.files import SHOP_KIND, OutputFile
from pnp.spec.game import Game


def shop_files(game: Game) -> list[OutputFile]:
    """The print shop's files of every deck that has cards: its fronts, one card a page
    (each copy), and its back. The faces are laid out once, when the first is drawn."""
    laid: dict[str, Face] = {}

    def faces() -> dict[str, Face]:
        if not laid:
            laid.update(lay_out_faces(game))
        return laid

    out = []
    for deck in game.spec.decks:
        if not game.deck_cards(deck.id):
            continue
        fronts, back = shop_pages(game, deck), [shop_back_page(deck)]
        stem = f"{game.spec.id}-shop-{deck.id}"
        for name, pages, what in (
            (f"{stem}.pdf", fronts, f"{deck.name}, for a print shop"),
            (f"{stem}-back.pdf", back, f"{deck.name} back, for a print shop"),
        ):
            out.append(OutputFile(name, SHOP_KIND, pages, _writer(game, pages, faces, what)))
    return out


def _writer(
    game: Game, pages: list[Page], faces: Callable[[], dict[str, Face]], what: str
) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        from pnp.render.writers import write_pages

        every = faces()
        used = {item.face: every[item.face] for page in pages for item in page.items}
        write_pages(path, pages, used, doc_info(game.spec, what), game.root / "fonts")

    return write


__all__ = ["shop_files"]
