"""Every piece a build prints, read off the build plan (docs/architecture.md §2, §4): one
piece per distinct face of each file of sheets (a card's front, a deck's back, a counter,
a board tile, a screen, a box panel), a track's page, an aid's panel and its back, with
its copies, where it prints, where its YAML stands and a digest of its picture.

The digest is taken over the face's display list (its ops, not where their text is
declared), the files it draws (by size and time) and its bleed, so it changes when, and
only when, the picture does."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from pnp._errors import Location
from pnp.layout.dump import as_data
from pnp.layout.ops import Face, FileInBox, TextBlock
from pnp.layout.pages import Page
from pnp.layout.sheet import DEFAULT_BLEED_MM
from pnp.plan.files import AidPanels, PlannedFile, Sheets
from pnp.plan.outputs import BuildPlan
from pnp.spec.game import Game
from pnp.spec.yamlio import Located

_SALT = secrets.token_bytes(8)
"""Digests differ between two runs of the server (a face's hash does too, with Python's
string hashing), so a browser never shows a picture it kept from an earlier run."""

Draw = Callable[..., bytes]
"""Draws a piece as a PNG: ``draw(grey=False)`` in colour, ``grey=True`` in greyscale."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one copy prints: its file, page and sheet (a back page is on its front's
    sheet), the page's side and its trim in mm from the page's bottom-left."""

    file: str
    page: int
    sheet: int
    side: str
    trim_mm: tuple[float, float, float, float]

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "page": self.page,
            "sheet": self.sheet,
            "side": self.side,
            "trim_mm": [round(v, 2) for v in self.trim_mm],
        }


@dataclass(frozen=True, slots=True)
class Span:
    """Lines of a YAML file that describe a piece: findings located there are its."""

    path: Path
    first: int
    last: int

    def holds(self, where: Location) -> bool:
        return _same(where.path, self.path) and self.first <= where.line <= self.last


@dataclass
class Piece:
    """One distinct printed face. ``design`` names what it is drawn from: a card id, a
    deck id (a back), or ``component:<index>``; ``spans`` are the YAML it comes from."""

    id: str
    kind: str
    name: str
    source: Location
    design: str
    side: str
    size_mm: tuple[float, float]
    bleed_mm: float
    """Art drawn round the trim in its picture: a face's own bleed (3 mm, the trade
    norm), so that a shifted cut can be shown."""
    digest: str
    draw: Draw = field(repr=False, compare=False)
    deck: str | None = None
    type: str | None = None
    spans: tuple[Span, ...] = ()
    names: tuple[str, ...] = ()
    """Words a finding that names this piece says (``'crash'``)."""
    where: list[Placement] = field(default_factory=list)

    @property
    def copies(self) -> int:
        return len(self.where)


def file_pieces(plan: BuildPlan, planned: PlannedFile, dpi: float) -> list[Piece]:
    """The pieces of one planned file (laid out now if it was planned with ``defer``);
    none for a file that prints no piece of its own (the rulebook, a cut file)."""
    from pnp.render.piece_images import face_png, page_png

    game, content = plan.game, planned.content
    font_dir = game.root / "fonts"
    if isinstance(content, AidPanels):
        return _aid_pieces(plan, planned, content.component, dpi)
    if not isinstance(content, Sheets):
        return []
    plan.lay_out(planned)
    faces = planned.faces or {}
    sheet = content.sheet
    pieces: dict[str, Piece] = {}
    for n, page in enumerate(planned.pages, start=1):
        at = _sheet_number(planned.pages, n)
        if not page.items and page.decor:  # a track: the page is the piece
            comp = game.spec.components[sheet.component] if sheet.component is not None else None
            design = comp.id if comp is not None else sheet.path
            digest = _digest({"page": as_data([page], {})}, [])
            piece = Piece(
                f"{sheet.kind}/{design}/page-{n}",
                sheet.kind,
                f"{sheet.title} (page {n})" if len(planned.pages) > 1 else sheet.title,
                *_component_source(game, sheet.component),
                "front",
                page.size,
                0.0,
                digest,
                partial(page_png, page, {}, dpi, font_dir=font_dir),
            )
            piece.where.append(Placement(planned.path, n, at, page.side, (0, 0, *page.size)))
            pieces[piece.id] = piece
            continue
        for item in page.items:
            side = item.side if page.side == "fold" else page.side
            key = f"{item.face}@{side}"
            if key not in pieces:
                face = faces[item.face]
                bleed = DEFAULT_BLEED_MM
                pieces[key] = _face_piece(game, sheet.kind, sheet.component, item.face, side, face)
                pieces[key].bleed_mm = bleed
                pieces[key].digest = _face_digest(face, bleed)
                pieces[key].draw = partial(face_png, face, bleed, dpi, font_dir=font_dir)
            pieces[key].where.append(Placement(planned.path, n, at, page.side, item.trim))
    return list(pieces.values())


def _face_piece(
    game: Game, kind: str, component: int | None, key: str, side: str, face: Face
) -> Piece:
    """A face's piece, named and located by what it is."""
    size = (face.width, face.height)

    def piece(kind: str, design: str, name: str, source: Location, design_of: str) -> Piece:
        return Piece(
            f"{kind}/{design}/{side}", kind, name, source, design_of, side, size, 0.0, "", _none
        )

    if key.startswith("back:"):
        deck_id = key.split(":", 1)[1]
        decks = [d.id for d in game.spec.decks]
        i = decks.index(deck_id) if deck_id in decks else 0
        deck = game.spec.decks[i]
        p = piece("back", deck_id, f"{deck.name}, back", game.deck_location(deck_id), deck_id)
        p.deck, p.spans = deck_id, _spans(game.located, ("decks", i))
        return p
    if key.startswith("token:"):
        _, comp_id, gi, ri = (key.split(":") + ["", "", ""])[:4]
        i = next((j for j, c in enumerate(game.spec.components) if c.id == comp_id), 0)
        comp = game.spec.components[i]
        groups = getattr(comp, "groups", [])
        g = int(gi) if gi.isdigit() and int(gi) < len(groups) else 0
        title = groups[g].title if groups else comp.title
        words = face_words(face)
        name = f"{title}: {words}" if words else f"{title} {int(ri or 0) + 1}"
        at = ("components", i, "groups", g)
        p = piece("counter", key.split(":", 1)[1], name, game.spec_location(*at), f"component:{i}")
        p.spans = _spans(game.located, at)
        p.names = (f"{comp.kind} {comp.id!r}",)
        return p
    if kind == "cards":
        card = game.card(key)
        p = piece("card", card.id, card.name or card.id, card.loc, card.id)
        p.deck, p.type, p.names = card.deck, card.type, (repr(card.id),)
        if card.located is not None:
            p.spans = _spans(card.located, card.at)
        type_at = game.spec_location("card_types", card.type)
        p.spans += (Span(type_at.path, type_at.line, type_at.line),)
        return p
    loc, design_of = _component_source(game, component)
    title = game.spec.components[component].title if component is not None else "card box"
    p = piece(kind, key, f"{title} ({_tail(key)})", loc, design_of)
    if component is not None:
        comp = game.spec.components[component]
        p.spans, p.names = _spans(game.located, ("components", component)), (f"{comp.id!r}",)
    return p


def _aid_pieces(plan: BuildPlan, planned: PlannedFile, index: int, dpi: float) -> list[Piece]:
    """An aid's panel and, if it has one, its back: its text as its file sets it."""
    from pnp.plan.typeset_jobs import AidText, document
    from pnp.render.piece_images import aid_png

    game = plan.game
    doc = document(plan, planned)
    assert isinstance(doc, AidText)
    comp = game.spec.components[index]
    loc = game.spec_location("components", index)
    pieces: dict[str, Piece] = {}
    for n, page in enumerate(planned.pages, start=1):
        for item in page.items:
            side = item.side if page.side == "fold" else page.side
            if side not in pieces:
                back = side == "back"
                bleed = DEFAULT_BLEED_MM
                text = doc.back_text if back else doc.text
                said = [text, doc.size_mm, doc.title, doc.accent, doc.credit]
                name = f"{comp.title}, back" if back else comp.title
                pieces[side] = Piece(
                    f"aid/{comp.id}/{side}",
                    "aid",
                    name,
                    loc,
                    f"component:{index}",
                    side,
                    doc.size_mm,
                    bleed,
                    _digest({"aid": said, "bleed": bleed}, []),
                    partial(aid_png, doc, back, bleed, dpi),
                    spans=_spans(game.located, ("components", index)),
                    names=(f"aid {comp.id!r}",),
                )
            at = _sheet_number(planned.pages, n)
            pieces[side].where.append(Placement(planned.path, n, at, page.side, item.trim))
    return list(pieces.values())


def _component_source(game: Game, component: int | None) -> tuple[Location, str]:
    if component is None:  # the card box, sized to the decks
        return game.spec_location("decks"), "box"
    return game.spec_location("components", component), f"component:{component}"


def face_words(face: Face, most: int = 40) -> str:
    """The text a face prints, its first lines, for a piece's name."""
    words: list[str] = []
    for op in face.ops:
        if isinstance(op, TextBlock):
            words += [line[2] for line in op.lines] or [r.text for r in op.runs if r.text]
    text = " ".join(w.strip() for w in words if w.strip())
    return text if len(text) <= most else text[: most - 1] + "…"


def _tail(key: str) -> str:
    """What tells one face of a component from its others: a screen's player, a tile."""
    tail = key.rsplit(":", 1)[-1]
    return str(int(tail) + 1) if tail.isdigit() else tail


def _none(grey: bool = False) -> bytes:
    return b""


def _sheet_number(pages: list[Page], n: int) -> int:
    """The sheet of paper page ``n`` (1-based) prints on: a back page is on its front's."""
    return sum(1 for p in pages[:n] if p.side != "back") or 1


def _face_digest(face: Face, bleed: float) -> str:
    files = [op.path for op in face.ops if isinstance(op, FileInBox)]
    runs = [r.icon for op in face.ops if isinstance(op, TextBlock) for r in op.runs if r.icon]
    # a face's hash covers its ops but not where its text is declared (compare=False)
    return _digest({"face": hash(face), "bleed": round(bleed, 2)}, files + runs)


def _digest(data: Any, files: list[str]) -> str:
    h = hashlib.sha256(_SALT + json.dumps(data, sort_keys=True, default=str).encode())
    for name in sorted(set(files)):
        try:
            st = Path(name).stat()
            h.update(f"{name}:{st.st_size}:{st.st_mtime_ns}".encode())
        except OSError:
            h.update(f"{name}:-".encode())
    return h.hexdigest()[:24]


def _spans(located: Located, at: tuple[str | int, ...]) -> tuple[Span, ...]:
    """The lines of ``located``'s file under the key path ``at``: from its first mark to
    the line before the next mark after its last (a long text's continuation lines)."""
    inside = [line for keys, (line, _) in located.marks.items() if keys[: len(at)] == at]
    if not inside:
        return ()
    first, last = min(inside), max(inside)
    after = [line for line, _ in located.marks.values() if line > last]
    return (Span(located.path, first, (min(after) - 1) if after else 1_000_000),)


def _same(a: Path, b: Path) -> bool:
    try:
        return a == b or a.resolve() == b.resolve()
    except OSError:
        return False


__all__ = ["Piece", "Placement", "Span", "face_words", "file_pieces"]
