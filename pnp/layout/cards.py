"""Card sheets: faces laid out once per card, imposed on fronts and mirrored backs."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp._errors import PnpError
from pnp.layout.edges import edge_colour
from pnp.layout.face import card_context, lay_out_face, load_layout
from pnp.layout.ops import Face
from pnp.layout.pages import Cut, Page, Placed
from pnp.layout.sheet import (
    MARGIN_MM,
    Grid,
    Rect,
    corner_radius,
    crop_marks,
    fold_lines,
    layout_margin,
    mirror,
    paginate,
    plan_grid,
    registration_marks,
)
from pnp.spec.load import Card, Game
from pnp.spec.model import Deck


@dataclass(frozen=True, slots=True)
class SheetOptions:
    paper: str = "a4"
    bleed: float | None = None
    duplex: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)
    margin: float = MARGIN_MM
    """Printer margin: no mark, text or needed art closer to the paper's edge."""
    layout: str = "auto"
    """auto, grid (butted), gutter or fold: see pnp.layout.sheet."""
    deck_per_sheet: bool = False
    """Start each deck on a sheet of its own instead of filling sheets across decks."""
    registration: bool = False
    """Print-then-cut registration marks for a cutting machine."""
    cut_file: str | None = None
    """``svg``: also write each sheet's cut paths."""
    chits: str = "square"
    """Counters as gang-cut squares with a shape emblem (square) or in their shapes (shaped)."""

    @property
    def inner_margin(self) -> float:
        """Where the layout starts: the margin plus the registration marks' room."""
        return layout_margin(self.margin, self.registration)

    def registration_marks(self, page: tuple[float, float]) -> list[Rect]:
        return registration_marks(page, self.margin) if self.registration else []


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


def sheet_groups(game: Game, deck_per_sheet: bool) -> list[list[tuple[Card, Deck]]]:
    """Every printed copy, grouped by what may share a sheet: decks of one size together
    (in deck order), or each deck alone."""
    groups: dict[object, list[tuple[Card, Deck]]] = {}
    for deck in game.spec.decks:
        key = deck.id if deck_per_sheet else deck.size_mm
        copies = [(c, deck) for c in game.deck_cards(deck.id) for _ in range(c.qty)]
        groups.setdefault(key, []).extend(copies)
    return [g for g in groups.values() if g]


Copies = list[tuple[Card, Deck]]


def sheet_runs(
    game: Game, options: SheetOptions, faces: dict[str, Face] | None
) -> list[tuple[Copies, str]]:
    """Cards that fill sheets together, each run with its layout; ``auto`` decides from
    the ``faces`` (laid out here when not given)."""
    runs: list[tuple[Copies, str]] = []
    for group in sheet_groups(game, options.deck_per_sheet):
        if options.layout != "auto":
            runs.append((group, options.layout))
            continue
        faces = faces if faces is not None else lay_out_faces(game)
        runs.extend(_auto_runs(group, faces, options))
    return runs


def _auto_runs(
    group: Copies, faces: dict[str, Face], options: SheetOptions
) -> list[tuple[Copies, str]]:
    """Butted cards cut clean only when every front on a sheet, and every back, has one
    colour in its outer band. Cards whose bands match (front and back) may butt on sheets
    of their own; the rest need gutters. Split that way when it takes fewer sheets than
    gutters for all (The Big Idea: each deck one colour), else one run with gutters."""
    size = group[0][1].size_mm
    per_page = {
        layout: plan_grid(options.paper, size, options.bleed, options.inner_margin, layout).per_page
        for layout in ("grid", "gutter")
    }
    colours: dict[str, str | None] = {}
    classes: dict[tuple[str | None, str | None], Copies] = {}
    for card, deck in group:
        for key in (card.id, back_key(deck)):
            if key not in colours:
                colours[key] = edge_colour(faces[key])
        classes.setdefault((colours[card.id], colours[back_key(deck)]), []).append((card, deck))
    split = [(cards, "gutter" if None in key else "grid") for key, cards in classes.items()]
    if len(split) == 1:
        return split
    sheets = sum(math.ceil(len(cards) / per_page[layout]) for cards, layout in split)
    if sheets < math.ceil(len(group) / per_page["gutter"]):
        return split
    return [(group, "gutter")]


def impose_cards(
    game: Game, options: SheetOptions, faces: dict[str, Face] | None = None
) -> list[Page]:
    """Front pages with crop marks, each followed by its back page (or all backs at the
    end); with the fold layout, pages of fronts each beside its back. ``--layout auto``
    looks at the ``faces`` (laid out here when not given) to choose grid or gutter."""
    fronts: list[Page] = []
    backs: list[Page] = []
    for group, layout in sheet_runs(game, options, faces):
        size = group[0][1].size_mm
        grid = plan_grid(options.paper, size, options.bleed, options.inner_margin, layout)
        radius = corner_radius(size)
        for chunk in paginate(group, grid.per_page):
            front = _sheet(grid, "fold" if grid.layout == "fold" else "front")
            front.marks = crop_marks(grid, len(chunk))
            front.folds = fold_lines(grid, len(chunk))
            front.registration = options.registration_marks(grid.page)
            back = _sheet(grid, "back")
            # a back is the front mirrored left-right: a card on its side turns the other way
            turn, back_turn = (90, 270) if grid.rotated else (0, 0)
            for i, (card, deck) in enumerate(chunk):
                trim = grid.trim(i)
                front.items.append(
                    Placed(card.id, deck.id, card.id, trim, grid.bleed_box(i), rotate=turn)
                )
                if grid.layout == "fold":
                    btrim = grid.fold_back(i)
                    bclip = grid.bleed_box(i, btrim)
                    front.items.append(
                        Placed(
                            card.id,
                            deck.id,
                            back_key(deck),
                            btrim,
                            bclip,
                            side="back",
                            rotate=back_turn,
                        )
                    )
                    front.cuts.append(Cut((*trim[:2], *btrim[2:]), radius))
                    continue
                front.cuts.append(Cut(trim, radius))
                back.items.append(
                    Placed(
                        card.id,
                        deck.id,
                        back_key(deck),
                        mirror(trim, grid.page[0], options.back_offset),
                        mirror(grid.bleed_box(i), grid.page[0], options.back_offset),
                        side="back",
                        rotate=back_turn,
                    )
                )
            fronts.append(front)
            if back.items:
                backs.append(back)
    if not backs:
        return fronts
    if options.duplex:
        return [p for pair in zip(fronts, backs, strict=True) for p in pair]
    return fronts + backs


def _sheet(grid: Grid, side: str) -> Page:
    return Page(grid.page, side, layout=grid.layout, gutter=grid.gap, bleed=grid.bleed)


def impose_copies(
    key: str, size_mm: tuple[float, float], copies: int, options: SheetOptions | str
) -> list[Page]:
    """``copies`` identical panels (player aids) butted on sheets with crop marks, no bleed;
    ``options`` may be just the paper (the other sheet options at their defaults)."""
    if isinstance(options, str):
        options = SheetOptions(paper=options)
    grid = plan_grid(options.paper, size_mm, 0.0, options.inner_margin, may_rotate=False)
    pages = []
    radius = corner_radius(size_mm)
    for chunk in paginate(list(range(copies)), grid.per_page):
        page = _sheet(grid, "front")
        page.marks = crop_marks(grid, len(chunk))
        page.registration = options.registration_marks(grid.page)
        page.items = [
            Placed(f"{key}-{n + 1}", key, key, grid.trim(i), grid.trim(i))
            for i, n in enumerate(chunk)
        ]
        page.cuts = [Cut(it.trim, radius) for it in page.items]
        pages.append(page)
    return pages
