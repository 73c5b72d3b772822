"""The setup figure's data: what the engine sets out for the game's default player count
(or, for a game without an engine, its printed components), each pile with the pieces
it shows as their sheets print them under the build's options (``--chits``,
``--ink-saver``): the same faces, outlines and colours, found by the keys
pnp.games.setup gives."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnp._errors import DataError
from pnp.games import engine_for
from pnp.games.setup import Pile, TableAtStart, default_players, printed_table
from pnp.layout.anatomy import op_box
from pnp.layout.board import board_face
from pnp.layout.boardparts import region_spaces
from pnp.layout.cards import SheetSettings, back_face, card_face
from pnp.layout.ink import save_ink
from pnp.layout.ops import Box, Face, PieceView, PileView, Shape, TableView, TextBlock
from pnp.layout.screen import FOLD, FOLD_DASH_MM, FOLD_WIDTH_MM, screen_size
from pnp.layout.screen_outside import outside_ops
from pnp.layout.sheet import corner_radius
from pnp.layout.textfit import set_text
from pnp.layout.tokens import lay_out_tokens
from pnp.layout.track import track_sheet
from pnp.spec.components import (
    AidComponent,
    BoardComponent,
    ScreenComponent,
    TokensComponent,
    TrackComponent,
)
from pnp.spec.fields import parse_size
from pnp.spec.game import Game
from pnp.spec.kinds import component_kind

OUTLINES = ("rect", "ellipse", "triangle", "diamond")
"""How a counter is cut, read from the first shape of its face (its colour)."""


def table_at_start(game: Game, plain: SheetSettings, players: int | None = None) -> TableAtStart:
    """The table before the first move, for ``players`` (default: the game's default);
    ``plain``, a build's options at their defaults, counts the counters of a game without
    an engine as their sheets place them."""
    players = players or default_players(game)
    engine = engine_for(game)
    make = getattr(engine, "table_at_start", None) if engine is not None else None
    if make is not None:
        return make(game, players)  # type: ignore[no-any-return]
    table = printed_table(game, players)
    return replace(table, centre=(*table.centre, *counter_piles(game, plain)))


def counter_piles(game: Game, plain: SheetSettings) -> list[Pile]:
    """One pile per counter sheet of the game: as many counters as its pages place (with
    the options ``plain``), showing one counter of each kind."""
    piles = []
    for i, comp in enumerate(game.spec.components):
        if isinstance(comp, TokensComponent):
            pages, faces = lay_out_tokens(game, comp, i, plain)
            count = sum(len(p.items) for p in pages if p.side != "back")
            piles.append(Pile(comp.title, count, "counters", pieces=tuple(sorted(faces))))
    return piles


def table_view(
    game: Game,
    options: SheetSettings,
    plain: SheetSettings,
    context: dict[str, Any] | None = None,
    players: int | None = None,
) -> TableView:
    """The setup figure's table with every pile's printed pieces as the build with
    ``options`` prints them (``plain``: the options at their defaults, see
    :func:`table_at_start`; ``context``: what the screens' templates see, as the build
    gives it)."""
    finder = PieceFinder(game, options, context or {})
    table = table_at_start(game, plain, players)
    return TableView(
        table.players,
        tuple(finder.pile(p) for p in table.centre),
        tuple(tuple(finder.pile(p) for p in seat) for seat in table.seats),
        str(game.root / "fonts"),
        finder.options.chits,
    )


class PieceFinder:
    """Finds each printed piece by its key (pnp.games.setup), laying out each sheet once
    with the build's options."""

    def __init__(self, game: Game, options: SheetSettings, context: dict[str, Any]) -> None:
        self.game, self.options, self.context = game, options, context
        self.pieces: dict[str, PieceView] = {}
        self.token_faces: dict[str, dict[str, Face]] = {}
        self.spots: dict[str, Box] = {}
        """Each space of the boards and tracks laid out so far, by spot key."""

    def pile(self, pile: Pile) -> PileView:
        pieces = tuple(self.piece(k) for k in pile.pieces)
        on = tuple(self.spot(s) for s in pile.on)
        return PileView(pile.name, pile.count, pile.kind, pile.shown, pieces, on)

    def piece(self, key: str) -> PieceView:
        if key not in self.pieces:
            found = self._find(key)
            if self.options.ink_saver:  # as the sheets print it
                found = replace(found, face=save_ink(found.face))
            self.pieces[key] = found
        return self.pieces[key]

    def spot(self, key: str) -> tuple[str, Box]:
        """A space of a board or track (``COMPONENT.REGION:N``): its piece's key and box."""
        comp = key.split(".", 1)[0]
        board = f"component:{comp}"
        self.piece(board)  # lays out the board, and so its spaces
        if key not in self.spots:
            raise DataError(f"the setup figure puts a piece on {key!r}: no such space "
                            f"(spaces: {', '.join(sorted(self.spots)) or 'none'})",
                            self.game.spec_location("components"))  # fmt: skip
        return board, self.spots[key]

    def _find(self, key: str) -> PieceView:
        game = self.game
        kind, _, rest = key.partition(":")
        decks = {d.id: d for d in game.spec.decks}
        if kind == "back" and rest in decks:
            deck = decks[rest]
            return PieceView(key, back_face(game, deck), "rect", corner_radius(deck.size_mm))
        if kind == "card":
            card = game.card(rest)
            deck = decks[card.deck]
            face = card_face(game, card, deck)
            return PieceView(key, face, "rect", corner_radius(deck.size_mm))
        if kind == "token":
            return self._token(key, rest.split(":")[0])
        if kind == "component":
            return self._component(key, rest)
        raise DataError(f"the setup figure shows {key!r}, which the game does not print",
                        game.spec_location("components"))  # fmt: skip

    def _token(self, key: str, comp_id: str) -> PieceView:
        """A counter as its sheet prints it: square, or in its shape with --chits shaped."""
        if comp_id not in self.token_faces:
            i, comp = self._component_at(comp_id)
            assert isinstance(comp, TokensComponent)
            self.token_faces[comp_id] = lay_out_tokens(
                self.game, comp, i, self.options, faces_only=True
            )[1]
        faces = self.token_faces[comp_id]
        if key not in faces:
            raise DataError(f"the setup figure shows counter {key!r}, which the sheet "
                            f"{comp_id!r} does not print",
                            self.game.spec_location("components"))  # fmt: skip
        face = faces[key]
        first = face.ops[0] if face.ops else None
        outline = first.kind if isinstance(first, Shape) and first.kind in OUTLINES else "rect"
        return PieceView(key, face, outline)

    def _component_at(self, comp_id: str) -> tuple[int, Any]:
        for i, comp in enumerate(self.game.spec.components):
            if comp.id == comp_id:
                return i, comp
        raise DataError(f"the setup figure shows component {comp_id!r}, which the game "
                        "does not print", self.game.spec_location("components"))  # fmt: skip

    def _component(self, key: str, comp_id: str) -> PieceView:
        """A component as its kind pictures it (pnp.spec.kinds)."""
        i, comp = self._component_at(comp_id)
        picture = component_kind(comp.kind).picture
        if picture is None:
            raise DataError(f"the setup figure cannot draw {comp.kind} {comp_id!r}",
                            self.game.spec_location("components", i))  # fmt: skip
        return picture(self, key, comp, i)  # type: ignore[no-any-return]


def board_picture(finder: PieceFinder, key: str, comp: BoardComponent, i: int) -> PieceView:
    """A board, its spaces known to the figure."""
    game = finder.game
    for ri, region in enumerate(comp.regions):
        if region.id:
            where = game.spec_location("components", i, "regions", ri)
            for n, s in enumerate(region_spaces(game, region, where), start=1):
                finder.spots[f"{comp.id}.{region.id}:{n}"] = (s.x, s.y, s.x + s.w, s.y + s.h)
    return PieceView(key, board_face(game, comp, i))


def track_picture(finder: PieceFinder, key: str, comp: TrackComponent, i: int) -> PieceView:
    """A track's sheet, its spaces known to the figure."""
    options = finder.options
    page, spots = track_sheet(finder.game, comp, i, options.paper, options.margin)
    finder.spots.update(spots)
    face = Face(page.size[0], page.size[1], tuple(page.decor))
    return PieceView(key, face, window=_extent(face, 2.0))


def screen_picture(finder: PieceFinder, key: str, comp: ScreenComponent, i: int) -> PieceView:
    """The first screen's outside, as its sheet prints it (upside down, above the long
    fold), with its panels' folds."""
    game, options = finder.game, finder.options
    where = game.spec_location("components", i)
    rows = game.spec.tables.get(comp.each) if comp.each else None
    row = rows[0] if isinstance(rows, list) and rows and isinstance(rows[0], dict) else {}
    game_ctx = {"name": game.spec.name, "id": game.spec.id}
    ctx = {"game": game_ctx, "tables": game.spec.tables, **finder.context, "row": row}
    w, total_h = screen_size(comp, options.paper, options.margin)
    h, n = total_h / 2, len(comp.panels)
    ops = outside_ops(game, comp, ctx, w, h, where)
    folds = [Shape("line", w * k / n, 0, 0, h, None, FOLD, FOLD_WIDTH_MM, 0, FOLD_DASH_MM)
             for k in range(1, n)]  # fmt: skip
    return PieceView(key, Face(w, h, (*ops, *folds)), window=None, turn=180)


def aid_picture(finder: PieceFinder, key: str, comp: AidComponent, i: int) -> PieceView:
    size = parse_size(comp.size)
    return PieceView(key, aid_face(comp, size, finder.game.spec.accent), "rect",
                     corner_radius(size))  # fmt: skip


SHAPE_WORDS = {"circle": "round", "square": "square", "triangle": "triangular",
               "diamond": "diamond-shaped"}  # fmt: skip
MARK_WORDS = {"circle": "a dot", "triangle": "a triangle", "diamond": "a diamond"}
"""The emblem a square counter carries for its shape (pnp.layout.chit_faces)."""


def counter_looks(game: Game, chits: str) -> dict[str, list[dict[str, str]]]:
    """How each group of each counter sheet prints under ``--chits``, for the rulebook's
    words (``counters.SHEET[GROUP].looks``): "round", or "square with a dot" where a
    round counter prints as a square carrying its shape."""
    out: dict[str, list[dict[str, str]]] = {}
    for comp in game.spec.components:
        if not isinstance(comp, TokensComponent):
            continue
        groups = out[comp.id] = []
        for group in comp.groups:
            shape = group.token.shape
            cut = shape if chits == "shaped" else "square"
            looks = SHAPE_WORDS[cut]
            if cut != shape:
                mark = (
                    "a disc with its symbol"
                    if group.token.icon.strip() and shape == "circle"
                    else MARK_WORDS[shape]
                )
                looks = f"square with {mark}"
            groups.append({"title": group.title, "shape": shape, "cut": cut, "looks": looks})
    return out


def aid_face(comp: AidComponent, size: tuple[float, float], accent: str) -> Face:
    """A player aid in miniature: its title in the accent over lines of text (its words
    are typeset only when its own file is drawn)."""
    w, h = size
    m = 0.08 * w
    ops: list[Shape | TextBlock] = [
        Shape("rect", 0, 0, w, h, "#ffffff", None, 0, 0),
        Shape("rect", m / 2, m / 2, w - m, h - m, None, accent, 0.8, corner_radius(size) / 2),
        set_text(comp.title, "Lato-Black", 14, 6, 1.0, (m, m, w - 2 * m, 0.14 * h), "left",
                 "top", accent, who="aid title"),
    ]  # fmt: skip
    y, line = m + 0.18 * h, 0.045 * h
    k = 0
    while y + line < h - m:
        width = (w - 2 * m) * (0.55 if k % 5 == 4 else 0.92 - 0.07 * (k % 3))
        ops.append(Shape("rect", m, y, width, line * 0.45, "#9a9a9a", None, 0, 0))
        y += line * (1.9 if k % 5 == 4 else 1.0)
        k += 1
    return Face(w, h, tuple(ops))


def _extent(face: Face, pad: float) -> Box:
    """The box of everything a face draws, ``pad`` mm more on each side."""
    boxes = []
    for op in face.ops:
        if isinstance(op, TextBlock):
            boxes.append(op_box(op))
        elif isinstance(op, Shape):
            x0, x1 = sorted((op.x, op.x + op.w))
            y0, y1 = sorted((op.y, op.y + op.h))
            boxes.append((x0, y0, x1, y1))
    return (
        max(0.0, min(b[0] for b in boxes) - pad),
        max(0.0, min(b[1] for b in boxes) - pad),
        min(face.width, max(b[2] for b in boxes) + pad),
        min(face.height, max(b[3] for b in boxes) + pad),
    )


__all__ = [
    "PieceFinder",
    "aid_face",
    "counter_looks",
    "counter_piles",
    "table_at_start",
    "table_view",
]
