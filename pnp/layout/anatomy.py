"""The card-anatomy figure as data: one real card of the game, laid out by its own layout
template, and each labelled part of it (what the element that drew it is called, and
where on the card it lies). Nothing is typed per game: the labels come from the layout
file's elements (their `label:`, else their `field:` name, else the data their text or
icon shows)."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.layout.face import Op, card_context, face_parts, load_layout
from pnp.layout.ops import Anatomy, Box, Face, Icon, Part, Picture, Shape, TextBlock
from pnp.spec.load import Card, Game
from pnp.spec.model import Element
from pnp.text.fonts import load_font

PT_MM = 25.4 / 72.0


_EXPR = re.compile(r"^\{\{\s*([a-z_][a-z0-9_.]*)\s*\}\}$")


def part_label(el: Element) -> str:
    """What an element is called: its `label:` (the players' word for it), else its
    `field:`, else the data its template shows (``{{ type.icon }}`` → "type icon",
    ``{{ card.cost }}`` → "cost"); "" for a shape that only decorates (frames, bands,
    rules) except the background that bleeds."""
    if el.label:
        return el.label
    if el.kind == "text":
        return el.field or _expr_name(el.text) or "text"
    if el.kind == "icon":
        return el.field or _expr_name(el.icon) or "icon"
    if el.kind == "image":
        return el.field or "picture"
    if el.kind == "rect" and el.bleed:
        return el.field or "colour runs past the cut"
    return el.field


def _expr_name(template: str) -> str:
    m = _EXPR.match(template.strip())
    if m is None:
        return ""
    words = m.group(1).split(".")
    if words[0] == "card":
        words = words[1:]
    return " ".join(w.replace("_", " ") for w in words)


def op_box(op: Op, font_dir: Path | None = None) -> Box:
    """The box an op covers on the card (text: its set lines, measured in the bundled fonts
    or the game's own, ``font_dir``)."""
    if isinstance(op, TextBlock):
        return _text_box(op, font_dir)
    if isinstance(op, Icon | Picture):
        return (op.x, op.y, op.x + op.w, op.y + op.h)
    assert isinstance(op, Shape)
    return (op.x, op.y, op.x + op.w, op.y + op.h)


def _width(font: str, font_dir: Path | None, text: str, size: float) -> float:
    return load_font(font, font_dir).width(text, size) * PT_MM


def _text_box(t: TextBlock, font_dir: Path | None) -> Box:
    """Where the block's glyphs lie: each run (rich text) or line, measured in its font."""
    metrics = load_font(t.font, font_dir)
    if t.runs:
        ends = [
            (
                r.x,
                r.x
                + (r.w if r.icon else load_font(r.font, font_dir).width(r.text, t.size) * PT_MM),
            )
            for r in t.runs
            if r.icon or r.text.strip()
        ]
        x0, x1 = min(a for a, _ in ends), max(b for _, b in ends)
    else:
        x0 = min(x for x, _, _ in t.lines)
        x1 = max(x + metrics.width(s, t.size) * PT_MM for x, _, s in t.lines)
    y0 = min(y for _, y, _ in t.lines) - metrics.ascent * t.size * PT_MM
    y1 = max(y for _, y, _ in t.lines) + abs(metrics.descent) * t.size * PT_MM
    if t.rotate == 180:  # half a turn about the block's centre
        cx, cy = t.centre
        x0, x1, y0, y1 = 2 * cx - x1, 2 * cx - x0, 2 * cy - y1, 2 * cy - y0
    return (x0, y0, x1, y1)


def labelled_parts(parts: list[tuple[Element, Op]]) -> tuple[Part, ...]:
    """One part per label, the first element drawn under that name (a corner index
    repeated half a turn round is named once)."""
    seen: dict[str, Part] = {}
    for el, op in parts:
        label = part_label(el)
        if label and label not in seen:
            seen[label] = Part(label, op_box(op))
    return tuple(seen.values())


def _anatomy_of(game: Game, card: Card) -> Anatomy:
    deck = next(d for d in game.spec.decks if d.id == card.deck)
    ctype = game.spec.card_types[card.type]
    at = game.spec_location("card_types", card.type, "layout")
    loaded = load_layout(game, ctype.layout, deck.size_mm, at)
    ctx = card_context(game, card)
    font_dir = game.root / "fonts"
    parts = face_parts(loaded, ctx, f"card {card.id!r}", card.loc, font_dir)
    w, h = deck.size_mm
    face = Face(w, h, tuple(op for _, op in parts))
    return Anatomy(card.id, card.name, ctype.layout, face, labelled_parts(parts), str(font_dir))


def card_anatomy(game: Game) -> Anatomy | None:
    """The card that shows the most named parts: the first card of each type is tried (so
    every layout the game uses is looked at), and the first with the most parts wins."""
    firsts: dict[str, Card] = {}
    for card in game.cards:
        firsts.setdefault(card.type, card)
    best: Anatomy | None = None
    for card in firsts.values():
        candidate = _anatomy_of(game, card)
        if best is None or len(candidate.parts) > len(best.parts):
            best = candidate
    return best


__all__ = ["Anatomy", "Part", "card_anatomy", "labelled_parts", "op_box", "part_label"]
