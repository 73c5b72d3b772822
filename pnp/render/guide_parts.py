"""What the start-here sheet shows of the game: a picture of each of its pieces, laid out
by the same code as the sheets (one card front of each type, and each component as its
kind declares: a counter of each set, the board, the track's sheet, a screen), and the
checklist of everything to make, with counts.

The pieces are laid out with the build's own options (--chits, --ink-saver, the paper), so
each picture is the piece as its file prints it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pnp.layout.cards import card_face
from pnp.layout.ink import save_ink
from pnp.layout.ops import Face, Shape
from pnp.layout.sheet import corner_radius
from pnp.layout.sleeves import Sleeve, sleeve_for
from pnp.plan.credits import credit_line
from pnp.plan.outputs import BuildPlan
from pnp.spec.game import Game
from pnp.spec.kinds import component_kind


@dataclass(frozen=True, slots=True)
class Piece:
    """A picture of one piece and its caption: ``face`` clipped to its trim (corners
    rounded by ``radius``), a whole ``sheet`` on white paper, or, with no face, the
    pictogram ``symbol`` (pnp.render.pieces)."""

    caption: str
    count: int
    face: Face | None = None
    radius: float = 0.0
    sheet: bool = False
    symbol: str = ""
    colour: str = "#808080"
    counter: bool = False


@dataclass(frozen=True, slots=True)
class Check:
    """A line of the checklist: how many of what, a detail, and the file that prints it."""

    count: int
    what: str
    detail: str
    file: str


@dataclass(frozen=True, slots=True)
class Sleeves:
    """Cards of one size, and the sleeves they fit (None: no common size fits)."""

    cards: int
    size_mm: tuple[float, float]
    sleeve: Sleeve | None


@dataclass(frozen=True, slots=True)
class Parts:
    pieces: list[Piece]
    checks: list[Check]
    sleeves: list[Sleeves]


def game_parts(build: BuildPlan) -> Parts:
    """Every piece the game prints, pictured and counted, in the order of its files
    (every file of sheets the build's options make, as pnp.plan.outputs plans them)."""
    game, options, plans = build.game, build.options, build.sheets
    pieces: list[Piece] = []
    checks: list[Check] = []
    ink = save_ink if options.ink_saver else _same
    for plan in (p for p in plans if p.kind == "cards"):
        _cards(game, ink, plan.path, pieces, checks)
    pictured = [p for p in plans if p.component is not None]
    for plan in sorted(pictured, key=lambda p: component_kind(p.kind).guide == "symbol"):
        index = plan.component
        assert index is not None
        comp = game.spec.components[index]
        kind = component_kind(plan.kind)
        if kind.guide == "symbol":  # after the rest: aids, which the figure draws as such
            copies = getattr(comp, "copies", 1)
            pieces.append(Piece(comp.title, copies, symbol=kind.name, colour=game.spec.accent))
            checks.append(Check(copies, comp.title, f"{getattr(comp, 'size', '')} card", plan.path))
            continue
        if kind.guide == "whole":
            assert kind.face is not None, f"kind {kind.name!r} pictured whole has no face"
            face = kind.face(game, comp, index, credit_line(game.spec))
            pieces.append(Piece(comp.title, 1, ink(face)))
            checks.append(Check(1, comp.title, f"{face.width:g}×{face.height:g} mm", plan.path))
            continue
        pages, faces = build.laid(plan)
        if kind.guide == "sets":
            _counters(pages, faces, ink, plan.path, pieces, checks)
        elif kind.guide == "sheet":
            page = pages[0]
            pieces.append(Piece(comp.title, 1, Face(*page.size, tuple(page.decor)), sheet=True))
            checks.append(Check(1, comp.title, "a sheet", plan.path))
        else:  # its pieces, as many as its sheets hold
            fronts = [it for page in pages if page.side != "back" for it in page.items]
            detail = "folded to stand" if kind.stands else ""
            pieces.append(Piece(comp.title, len(fronts), ink(faces[fronts[0].face])))
            checks.append(Check(len(fronts), comp.title, detail, plan.path))
    return Parts(pieces, checks, _sleeves(game))


def _cards(
    game: Game, ink: Callable[[Face], Face], path: str, pieces: list[Piece], checks: list[Check]
) -> None:
    """A front of each card type, and each deck's count (by type)."""
    names = type_names(game)
    for deck in game.spec.decks:
        types: dict[str, int] = {}
        for card in game.deck_cards(deck.id):
            if card.type not in types:
                face = ink(card_face(game, card, deck))
                pieces.append(Piece(names[card.type], 0, face, corner_radius(deck.size_mm)))
            types[card.type] = types.get(card.type, 0) + card.qty
        if not types:
            continue
        for k, n in enumerate(types.values(), start=len(pieces) - len(types)):
            pieces[k] = replace(pieces[k], count=n)
        size = "×".join(f"{v:g}" for v in deck.size_mm)
        labels = [game.spec.card_types[t].label for t in types]
        said = [
            lb if labels.count(lb) == 1 else names[t] for t, lb in zip(types, labels, strict=True)
        ]
        parts = ", ".join(f"{name} {n}" for name, n in zip(said, types.values(), strict=True))
        detail = f"{size} mm; {parts}" if len(types) > 1 else f"{size} mm"
        checks.append(Check(sum(types.values()), deck.name, detail, path))


def type_names(game: Game) -> dict[str, str]:
    """What the sheet calls each card type that has cards: its label, told apart from
    another type's of the same label by what the card is (same deck) or its deck."""
    types = game.spec.card_types
    used = dict.fromkeys(c.type for c in game.cards)
    names = {}
    for t in used:
        label, deck = types[t].label, types[t].deck
        twins = [u for u in used if u != t and types[u].label == label]
        if any(types[u].deck == deck for u in twins) and types[t].kind:
            label = f"{label}: {types[t].kind.split(' · ')[0]}"
        elif twins:
            name = next((d.name for d in game.spec.decks if d.id == deck), deck)
            label = f"{label} ({name})"
        names[t] = label
    return names


def _counters(
    pages: list[Any],
    faces: dict[str, Face],
    ink: Callable[[Face], Face],
    path: str,
    pieces: list[Piece],
    checks: list[Check],
) -> None:
    """A counter of each set (group) on the sheets, and how many the set has."""
    counts: dict[str, int] = {}
    first: dict[str, str] = {}
    for page in pages:
        if page.side == "back":
            continue
        for item in page.items:
            counts[item.group] = counts.get(item.group, 0) + 1
            first.setdefault(item.group, item.face)
    for group, n in counts.items():
        face = faces[first[group]]
        inside = tuple(op for op in face.ops if not _past_trim(op))  # a round's bleed
        pieces.append(
            Piece(_short(group), n, ink(Face(face.width, face.height, inside)), counter=True)
        )
        checks.append(Check(n, group, "", path))


def _past_trim(op: object) -> bool:
    return isinstance(op, Shape) and op.kind != "rect" and (op.x < 0 or op.y < 0)


def _sleeves(game: Game) -> list[Sleeves]:
    """The cards of each size, in deck order, and the sleeve that fits them."""
    sizes: dict[tuple[float, float], int] = {}
    for deck in game.spec.decks:
        n = sum(c.qty for c in game.deck_cards(deck.id))
        if n:
            sizes[deck.size_mm] = sizes.get(deck.size_mm, 0) + n
    return [Sleeves(n, size, sleeve_for(size)) for size, n in sizes.items()]


_NOTE = re.compile(r"\s*\([^)]*\)\s*$")


def _short(title: str) -> str:
    """A set's title without its note in brackets, for a caption."""
    return _NOTE.sub("", title) or title


def _same(face: Face) -> Face:
    return face


__all__ = ["Check", "Parts", "Piece", "Sleeves", "game_parts"]
