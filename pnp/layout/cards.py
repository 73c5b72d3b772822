"""Card sheets: faces laid out once per card, imposed on fronts and mirrored backs."""

from __future__ import annotations

from dataclasses import dataclass

from pnp._errors import PnpError
from pnp.layout.face import card_context, lay_out_face, load_layout
from pnp.layout.ops import Face
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import crop_marks, mirror, paginate, plan_grid
from pnp.load import Card, Game
from pnp.model import Deck


@dataclass(frozen=True, slots=True)
class SheetOptions:
    paper: str = "a4"
    bleed: float | None = None
    duplex: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)


def back_key(deck: Deck) -> str:
    return f"back:{deck.id}"


def lay_out_faces(game: Game, problems: list[PnpError] | None = None) -> dict[str, Face]:
    """Every card face and every deck back, keyed by card id / back key.

    The first problem raises; with ``problems``, each card's problem is collected there
    instead and the other cards are still laid out (``pnp validate`` reports them all).
    """
    faces: dict[str, Face] = {}
    font_dir = game.root / "fonts"
    for deck in game.spec.decks:
        size = deck.size_mm
        for card in game.deck_cards(deck.id):
            ctype = game.spec.card_types[card.type]
            try:
                layout_at = game.spec_location("card_types", card.type, "layout")
                layout = load_layout(game, ctype.layout, size, layout_at)
                faces[card.id] = lay_out_face(
                    layout, card_context(game, card), f"card {card.id!r}", card.loc, font_dir
                )
            except PnpError as exc:
                if problems is None:
                    raise
                problems.append(exc)
        i = game.spec.decks.index(deck)
        where = game.spec_location("decks", i, "back")
        back = load_layout(
            game, deck.back.layout, size, game.spec_location("decks", i, "back", "layout")
        )
        ctx = {
            "back": deck.back.model_dump(),
            "deck": {"id": deck.id, "name": deck.name},
            "game": {"id": game.spec.id, "name": game.spec.name},
        }
        faces[back_key(deck)] = lay_out_face(
            back, ctx, f"back of deck {deck.id!r}", where, font_dir
        )
    return faces


def impose_cards(game: Game, options: SheetOptions) -> list[Page]:
    """Front pages with crop marks, each followed by its back page (or all backs at the end)."""
    fronts: list[Page] = []
    backs: list[Page] = []
    for deck in game.spec.decks:
        cards: list[Card] = [c for c in game.deck_cards(deck.id) for _ in range(c.qty)]
        if not cards:
            continue
        grid = plan_grid(options.paper, deck.size_mm, options.bleed)
        for chunk in paginate(cards, grid.per_page):
            front = Page(grid.page, "front", marks=crop_marks(grid, len(chunk)))
            back = Page(grid.page, "back")
            for i, card in enumerate(chunk):
                trim, clip = grid.trim(i), grid.bleed_box(i)
                front.items.append(Placed(card.id, deck.id, card.id, trim, clip))
                back.items.append(
                    Placed(
                        card.id,
                        deck.id,
                        back_key(deck),
                        mirror(trim, grid.page[0], options.back_offset),
                        mirror(clip, grid.page[0], options.back_offset),
                    )
                )
            fronts.append(front)
            backs.append(back)
    if options.duplex:
        return [p for pair in zip(fronts, backs, strict=True) for p in pair]
    return fronts + backs


def impose_copies(key: str, size_mm: tuple[float, float], copies: int, paper: str) -> list[Page]:
    """``copies`` identical panels (player aids) on sheets with crop marks, no bleed."""
    grid = plan_grid(paper, size_mm, 0.0)
    pages = []
    for chunk in paginate(list(range(copies)), grid.per_page):
        page = Page(grid.page, marks=crop_marks(grid, len(chunk)))
        page.items = [
            Placed(f"{key}-{n + 1}", key, key, grid.trim(i), grid.trim(i))
            for i, n in enumerate(chunk)
        ]
        pages.append(page)
    return pages
