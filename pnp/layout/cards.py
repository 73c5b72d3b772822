"""Card sheets: faces laid out once per card, imposed on fronts and mirrored backs."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from pnp._errors import LayoutError, PnpError
from pnp.layout.edges import edge_colour
from pnp.layout.face import card_context, known_art, lay_out_face, load_layout
from pnp.layout.labels import LABEL_BAND_MM
from pnp.layout.ops import Face
from pnp.layout.pack import Packed, Piece, Rules, pack
from pnp.layout.pages import Cut, Page, Placed
from pnp.layout.paper import PAPERS_MM
from pnp.layout.sheet import (
    DEFAULT_BLEED_MM,
    MIN_MARK_MM,
    Grid,
    Rect,
    corner_radius,
    crop_marks,
    cut_marks,
    fold_lines,
    mirror,
    paginate,
    plan_grid,
)
from pnp.spec.game import Card, Game
from pnp.spec.model import Deck


class SheetSettings(Protocol):
    """What layout reads of a build's options (pnp.plan.settings.BuildOptions has them):
    the paper, margins and marks, how cards are imposed, and how counters print."""

    @property
    def paper(self) -> str: ...
    @property
    def bleed(self) -> float | None: ...
    @property
    def duplex(self) -> bool: ...
    @property
    def back_offset(self) -> tuple[float, float]: ...
    @property
    def margin(self) -> float:
        """Printer margin: no mark, text or needed art closer to the paper's edge."""
        ...

    @property
    def layout(self) -> str: ...
    @property
    def deck_per_sheet(self) -> bool: ...
    @property
    def chits(self) -> str: ...
    @property
    def ink_saver(self) -> bool: ...
    @property
    def inner_margin(self) -> float:
        """Where the layout starts: the margin plus the registration marks' room."""
        ...

    @property
    def packed_margins(self) -> tuple[float, float]:
        """Where packed cards and aids start across and down (sheet.registration_room)."""
        ...

    def registration_marks(self, page: tuple[float, float]) -> list[Rect]: ...


def back_key(deck: Deck) -> str:
    return f"back:{deck.id}"


def lay_out_faces(game: Game, problems: list[PnpError] | None = None) -> dict[str, Face]:
    """Every card face and every deck back, keyed by card id / back key.

    The first problem raises; with ``problems``, each card's problem is collected there
    instead and the other cards are still laid out (``pnp validate`` reports them all).
    """
    faces: dict[str, Face] = {}
    for deck in game.spec.decks:
        for card in game.deck_cards(deck.id):
            try:
                faces[card.id] = card_face(game, card, deck)
            except PnpError as exc:
                if problems is None:
                    raise
                problems.append(exc)
        faces[back_key(deck)] = back_face(game, deck)
    return faces


def card_face(game: Game, card: Card, deck: Deck) -> Face:
    """One card's front (a card of ``deck``), laid out by its type's layout."""
    layout_at = game.spec_location("card_types", card.type, "layout")
    layout = load_layout(game, game.spec.card_types[card.type].layout, deck.size_mm, layout_at)
    return lay_out_face(
        layout, card_context(game, card), f"card {card.id!r}", card.loc, game.root / "fonts"
    )


def back_face(game: Game, deck: Deck) -> Face:
    """The back every card of ``deck`` shares."""
    i = game.spec.decks.index(deck)
    where = game.spec_location("decks", i, "back")
    back = load_layout(
        game, deck.back.layout, deck.size_mm, game.spec_location("decks", i, "back", "layout")
    )
    if deck.back.art:
        known_art(game, deck.back.art, game.spec_location("decks", i, "back", "art"))
    ctx = {
        "back": deck.back.model_dump(),
        "deck": {"id": deck.id, "name": deck.name},
        "game": {"id": game.spec.id, "name": game.spec.name},
    }
    return lay_out_face(back, ctx, f"back of deck {deck.id!r}", where, game.root / "fonts")


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


def impose_cards(
    game: Game, options: SheetSettings, faces: dict[str, Face] | None = None
) -> list[Page]:
    """Front pages with crop marks, each followed by its back page (or all backs at the
    end); with the fold layout, pages of fronts each beside its back.

    The sheets are planned for the whole file (pnp.layout.pack): decks, and cards of
    every size, share sheets. ``--layout auto`` looks at the ``faces`` (laid out here when
    not given): cards butt only where their edge bands, front and back, have one colour."""
    if options.layout == "fold":
        return _fold_pages(game, options)
    copies = [c for group in sheet_groups(game, options.deck_per_sheet) for c in group]
    if options.layout == "auto" and faces is None:
        faces = lay_out_faces(game)
    pieces = [
        Piece(deck.size_mm, _edge(card, deck, options.layout, faces), _group(deck, options))
        for card, deck in copies
    ]
    fronts: list[Page] = []
    backs: list[Page] = []
    for sheet in _pack_fewest(pieces, options, options.bleed):
        front, back = _pages(sheet, options, "front"), _pages(sheet, options, "back")
        for spot in sheet.spots:
            card, deck = copies[spot.piece]
            # a back is the front mirrored left-right: a card on its side turns the other way
            turn, back_turn = (90, 270) if spot.rotated else (0, 0)
            front.items.append(Placed(card.id, deck.id, card.id, spot.trim, spot.clip, rotate=turn))
            front.cuts.append(Cut(spot.trim, corner_radius(deck.size_mm)))
            back_trim = mirror(spot.trim, front.size[0], options.back_offset)
            back_clip = mirror(spot.clip, front.size[0], options.back_offset)
            back.items.append(
                Placed(
                    card.id,
                    deck.id,
                    back_key(deck),
                    back_trim,
                    back_clip,
                    side="back",
                    rotate=back_turn,
                )
            )
        front.marks = _marks(front, options)
        fronts.append(front)
        backs.append(back)
    if options.duplex:
        return [p for pair in zip(fronts, backs, strict=True) for p in pair]
    return fronts + backs


def _edge(card: Card, deck: Deck, layout: str, faces: dict[str, Face] | None) -> str | None:
    """What a card may butt on: any card (grid), none (gutter), or with auto a card whose
    front and back edge bands have the same colours as its own."""
    if layout == "grid":
        return ""
    if layout == "gutter" or faces is None:
        return None
    front, back = edge_colour(faces[card.id]), edge_colour(faces[back_key(deck)])
    return None if front is None or back is None else f"{front}/{back}"


def _group(deck: Deck, options: SheetSettings) -> str:
    return deck.id if options.deck_per_sheet else ""


def _pack_fewest(
    pieces: list[Piece],
    options: SheetSettings,
    bleed: float | None,
    band: float | None = None,
    least_gap: float | None = None,
) -> list[Packed]:
    """The sheets with the label's strip kept free at the foot, unless leaving it out saves
    a sheet (Letter with gutters: eight poker cards instead of six; six tarot aids on one
    A4 sheet): the label then stands along a side edge, where those layouts leave room."""
    rules = _rules(options, bleed, may_rotate=True, band=band)
    if least_gap is not None:  # identical panels: only the crop marks part their bands
        rules = replace(rules, least_gap=least_gap)
    with_foot = pack(pieces, rules)
    bare = pack(pieces, replace(rules, foot=0.0))
    return bare if len(bare) < len(with_foot) else with_foot


def _rules(
    options: SheetSettings,
    bleed: float | None,
    may_rotate: bool,
    foot: bool = True,
    band: float | None = None,
) -> Rules:
    """The sheet as the packer sees it: the printer margin, crop-mark room, gutters and
    bleed: 3 mm past every outer cut and into every gutter (gutters of 6 mm, so a card
    beside another of another colour still bleeds 3 mm); an explicit ``--bleed`` exactly,
    gutters twice it. With a ``band`` (the least room kept round the pieces) the outer
    bleed is as much of the 3 mm as the sheet leaves beyond it."""
    wanted = DEFAULT_BLEED_MM if bleed is None else bleed
    mx, my = options.packed_margins
    return Rules(
        page=PAPERS_MM[options.paper],
        margin=mx,
        margin_y=my,
        band=max(MIN_MARK_MM, wanted) if band is None else band,
        least_gap=2 * wanted,
        most_gap=2 * wanted,
        bleed=wanted,
        exact=bleed is not None,
        may_rotate=may_rotate,
        # the label's strip above the printer margin, which a registration mark's arm
        # there shares (the label keeps clear of the arm), so only what it adds is kept
        foot=max(0.0, options.margin + LABEL_BAND_MM - my) if foot else 0.0,
    )


def _pages(sheet: Packed, options: SheetSettings, side: str) -> Page:
    size = PAPERS_MM[options.paper]
    return Page(size, side, layout=sheet.layout, gutter=sheet.gap, bleed=sheet.bleed)


def _marks(page: Page, options: SheetSettings) -> list[Rect]:
    """Crop marks on every cut line of the page, outward to the layout margin."""
    mx, my = options.packed_margins
    page.registration = options.registration_marks(page.size)
    w, h = page.size
    return cut_marks([it.trim for it in page.items], (mx, my, w - mx, h - my))


def _fold_pages(game: Game, options: SheetSettings) -> list[Page]:
    """Fold layout: pairs (a front beside its back) on grids, each size on sheets of its own."""
    pages: list[Page] = []
    for group in sheet_groups(game, options.deck_per_sheet):
        size = group[0][1].size_mm
        grid = _fold_grid(options, size)
        radius = corner_radius(size)
        turn, back_turn = (90, 270) if grid.rotated else (0, 0)
        for chunk in paginate(group, grid.per_page):
            page = _sheet(grid, "fold")
            page.marks = crop_marks(grid, len(chunk))
            page.folds = fold_lines(grid, len(chunk))
            page.registration = options.registration_marks(grid.page)
            for i, (card, deck) in enumerate(chunk):
                trim, btrim = grid.trim(i), grid.fold_back(i)
                page.items.append(
                    Placed(card.id, deck.id, card.id, trim, grid.bleed_box(i), rotate=turn)
                )
                page.items.append(
                    Placed(
                        card.id,
                        deck.id,
                        back_key(deck),
                        btrim,
                        grid.bleed_box(i, btrim),
                        side="back",
                        rotate=back_turn,
                    )
                )
                page.cuts.append(Cut((*trim[:2], *btrim[2:]), radius))
            pages.append(page)
    return pages


def _fold_grid(options: SheetSettings, size: tuple[float, float]) -> Grid:
    """The fold grid with the label's strip kept free at the foot, unless that costs a
    pair a sheet (the label then finds room along a side, or the grid's own margin)."""
    args = (options.paper, size, options.bleed, options.inner_margin, "fold")
    bare = plan_grid(*args)
    foot = max(0.0, options.margin + LABEL_BAND_MM - options.inner_margin)
    try:
        with_foot = plan_grid(*args, foot=foot)
    except LayoutError:
        return bare
    return with_foot if with_foot.per_page >= bare.per_page else bare


def _sheet(grid: Grid, side: str) -> Page:
    return Page(grid.page, side, layout=grid.layout, gutter=grid.gap, bleed=grid.bleed)


def impose_copies(
    key: str,
    size_mm: tuple[float, float],
    copies: int,
    options: SheetSettings,
    two_faces: bool = False,
) -> list[Page]:
    """``copies`` identical panels (player aids) butted on sheets with crop marks, their
    background bleeding past the outer cuts as far as the sheet allows (up to 3 mm, at
    least the crop marks' 2 mm), some on their side where that saves a sheet (six tarot
    panels on one A4 sheet: four lying, two upright, 2.5 mm of bleed). With ``two_faces`` each
    front page gets a back page (face ``key:back``), mirrored for a long-edge flip, after
    it or, without duplex, after all fronts (as card backs are)."""
    pages = []
    radius = corner_radius(size_mm)
    pieces = [Piece(size_mm, "")] * copies
    for sheet in _pack_fewest(pieces, options, None, band=MIN_MARK_MM, least_gap=0.0):
        page = _pages(sheet, options, "front")
        page.items = [
            Placed(f"{key}-{s.piece + 1}", key, key, s.trim, s.clip, rotate=90 if s.rotated else 0)
            for s in sheet.spots
        ]
        page.cuts = [Cut(it.trim, radius) for it in page.items]
        page.marks = _marks(page, options)
        pages.append(page)
    if not two_faces:
        return pages
    backs = [_back_of(front, f"{key}:back", options.back_offset) for front in pages]
    if options.duplex:
        return [p for pair in zip(pages, backs, strict=True) for p in pair]
    return pages + backs


def _back_of(front: Page, face: str, offset: tuple[float, float]) -> Page:
    """The back page of a page of panels: each panel's other face where it falls when the
    sheet is turned over its long edge (no crop marks on a back)."""
    width = front.size[0]
    items = [
        Placed(
            it.id,
            it.group,
            face,
            mirror(it.trim, width, offset),
            mirror(it.clip, width, offset),
            side="back",
            rotate=(360 - it.rotate) % 360,  # turned over: a panel lying left lies right
        )  # fmt: skip
        for it in front.items
    ]
    return Page(
        front.size, "back", items, layout=front.layout, gutter=front.gutter, bleed=front.bleed
    )
