"""The card-anatomy figure as data: one real card of the game, laid out by its own layout
template, and each labelled part of it (what the element that drew it is called, and
where on the card it lies). Nothing is typed per game: the labels come from the layout
file's elements (their `label:`, else their `field:` name, else the data their text or
icon shows)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.layout.face import Op, card_context, face_parts, load_layout
from pnp.layout.ops import Anatomy, Art, Box, Face, Icon, Part, Picture, Shape, TextBlock
from pnp.spec.elements import Element, IconElement, ImageElement, RectElement, TextElement
from pnp.spec.game import Card, Game
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
    if isinstance(el, TextElement):
        return el.field or _expr_name(el.text) or "text"
    if isinstance(el, IconElement):
        return el.field or _expr_name(el.icon) or "icon"
    if isinstance(el, ImageElement):
        return el.field or "picture"
    if isinstance(el, RectElement) and el.bleed:
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


EDGE_MM = 1.2
"""A part at the card's edge (its background) is pointed at this far inside it."""
GAP_MM = 0.8
"""A leader ends this far beside its part."""
CLEAR_MM = 0.45
"""A leader keeps this far from any word or symbol it passes."""
STEP_MM = 0.5
SIDES = ("left", "right", "top", "bottom")


@dataclass(frozen=True, slots=True)
class Callout:
    """A numbered mark outside one side of the card and the straight leader from that
    side to the part: ``at`` is where along the side (y on the left and right, x at the
    top and bottom, card mm), ``anchor`` the point it ends at, beside the part."""

    label: str
    side: str
    at: float
    anchor: tuple[float, float]
    number: int = 0


def obstacles(face: Face) -> list[Box]:
    """What no leader may cross: every word (each text block's glyphs) and every symbol
    (an icon; not the art, which lies behind the words), a little larger."""
    out = []
    for op in face.ops:
        if isinstance(op, TextBlock) or (isinstance(op, Icon) and not isinstance(op, Art)):
            x0, y0, x1, y1 = op_box(op)
            out.append((x0 - CLEAR_MM, y0 - CLEAR_MM, x1 + CLEAR_MM, y1 + CLEAR_MM))
    return out


def place_callouts(face: Face, parts: tuple[Part, ...], spacing: float) -> list[Callout]:
    """A callout for each part: a leader straight in from a side of the card that
    crosses no word or symbol and no other leader, its mark at least ``spacing`` mm from
    the next on that side; numbered clockwise from the top left. A part no such leader
    reaches (a card crowded with words) is still named, its leader as short as can be."""
    blocks = obstacles(face)
    options = {p.label: _candidates(face, p, blocks) for p in parts}
    chosen: list[Callout] = []
    for part in sorted(parts, key=lambda p: len(options[p.label])):
        for pool in (options[part.label], None):
            pool = _candidates(face, part, []) if pool is None else pool
            fit = next((c for _, c in pool if all(_apart(c, o, spacing, face) for o in chosen)),
                       None)  # fmt: skip
            if fit is not None:
                chosen.append(fit)
                break
    order = {"top": 0, "right": 1, "bottom": 2, "left": 3}
    sign = {"top": 1, "right": 1, "bottom": -1, "left": -1}
    chosen.sort(key=lambda c: (order[c.side], sign[c.side] * c.at))
    return [replace(c, number=i) for i, c in enumerate(chosen, start=1)]


def _candidates(face: Face, part: Part, blocks: list[Box]) -> list[tuple[float, Callout]]:
    """Every straight leader to ``part`` that crosses no block, cheapest first: near the
    part's middle, short, from the left or right rather than the top or bottom."""
    w, h = face.width, face.height
    x0, y0, x1, y1 = part.box
    whole = x1 - x0 > 0.9 * w and y1 - y0 > 0.9 * h
    own = [b for b in blocks if _inside(b, part.box)]
    others = [b for b in blocks if b not in own]
    out = []
    for side in SIDES:
        across = side in ("left", "right")
        lo, hi = (y0, y1) if across else (x0, x1)
        end = h if across else w
        lo, hi = max(lo, EDGE_MM * 3), min(hi, end - EDGE_MM * 3)
        mid = (lo + hi) / 2
        n = int((hi - lo) / STEP_MM)
        for t in sorted((lo + i * STEP_MM for i in range(n + 1)), key=lambda v: abs(v - mid)):
            if whole:
                depth = EDGE_MM
            elif side == "left":
                depth = x0 - GAP_MM
            elif side == "right":
                depth = w - x1 - GAP_MM
            elif side == "top":
                depth = y0 - GAP_MM
            else:
                depth = h - y1 - GAP_MM
            depth = max(EDGE_MM, depth)
            anchor = {
                "left": (depth, t), "right": (w - depth, t),
                "top": (t, depth), "bottom": (t, h - depth),
            }[side]  # fmt: skip
            seg = _segment(side, t, depth, w, h)
            if any(_crosses(seg, b) for b in others) or any(_holds(b, anchor) for b in own):
                continue
            cost = abs(t - mid) / max(hi - lo, 1.0) + depth / end + (0 if across else 0.6)
            out.append((cost, Callout(part.label, side, t, anchor)))
    out.sort(key=lambda pair: pair[0])
    return out


def _segment(side: str, t: float, depth: float, w: float, h: float) -> Box:
    return {
        "left": (0.0, t, depth, t), "right": (w - depth, t, w, t),
        "top": (t, 0.0, t, depth), "bottom": (t, h - depth, t, h),
    }[side]  # fmt: skip


def _apart(a: Callout, b: Callout, spacing: float, face: Face) -> bool:
    """Two callouts whose marks keep ``spacing`` apart and whose leaders do not meet."""
    if a.side == b.side and abs(a.at - b.at) < spacing:
        return False
    sa, sb = leader(a, face), leader(b, face)
    grow = 0.3
    return not _crosses(sa, (min(sb[0], sb[2]) - grow, min(sb[1], sb[3]) - grow,
                             max(sb[0], sb[2]) + grow, max(sb[1], sb[3]) + grow))  # fmt: skip


def leader(c: Callout, face: Face) -> Box:
    """The leader of ``c`` inside the card, from its edge to its anchor."""
    ax, ay = c.anchor
    edge = {"left": (0.0, ay), "right": (face.width, ay), "top": (ax, 0.0),
            "bottom": (ax, face.height)}[c.side]  # fmt: skip
    return (edge[0], edge[1], ax, ay)


def _inside(inner: Box, outer: Box) -> bool:
    """Whether block ``inner`` (grown by CLEAR_MM) is a part of ``outer``."""
    m = CLEAR_MM + 1e-6
    return (inner[0] >= outer[0] - m and inner[1] >= outer[1] - m
            and inner[2] <= outer[2] + m and inner[3] <= outer[3] + m)  # fmt: skip


def _holds(b: Box, pt: tuple[float, float]) -> bool:
    return b[0] <= pt[0] <= b[2] and b[1] <= pt[1] <= b[3]


def _crosses(seg: Box, b: Box) -> bool:
    """Whether the horizontal or vertical segment ``seg`` meets box ``b``."""
    x0, y0, x1, y1 = seg
    sx0, sx1 = sorted((x0, x1))
    sy0, sy1 = sorted((y0, y1))
    return sx0 <= b[2] and sx1 >= b[0] and sy0 <= b[3] and sy1 >= b[1]


__all__ = [
    "Anatomy",
    "Callout",
    "Part",
    "card_anatomy",
    "labelled_parts",
    "leader",
    "obstacles",
    "op_box",
    "part_label",
    "place_callouts",
]
