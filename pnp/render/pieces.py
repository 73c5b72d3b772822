"""The printed pieces in a rulebook figure: each drawn by the code that draws its sheet
(:func:`pnp.render.pdf.draw_face`) from the face its sheet prints, scaled, cut to its
outline (a card's rounded corners, a counter's square or shape), and a pile of them laid
out as on the table: a deck stacked, a hand fanned, face-up cards in a row, counters in
a small heap, a sum of money in the counters that pay it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm

from pnp.layout.ops import POLYGONS, Box, PieceView, PileView
from pnp.layout.textfit import legible_at
from pnp.render.pdf import colour, draw_face

LEAST_FIGURE_SCALE = 0.8 * 0.93
"""The smallest a setup figure is drawn at its place (shrunk to fit its column, then to
fit the room left): its pieces' text is kept only where it stays legible even then."""
EDGE = "#6a6a6a"
"""The hairline round each piece: its cut edge, so a white card reads on white paper."""
EDGE_PT = 0.35
FAN_DEG = 6.0
"""Turn between two cards of a fanned hand."""
MOST_IN_ROW = 6
"""Face-up cards shown in a row (the caption gives the count)."""


@dataclass(frozen=True, slots=True)
class Placed:
    """One piece of a picture: its bottom-left corner at (x, y) points in the picture, at
    ``k`` times its printed size, turned ``turn`` degrees about its centre."""

    piece: PieceView
    x: float
    y: float
    k: float
    turn: float = 0.0
    pile: str = ""
    """The pile it belongs to, when another pile's picture holds it (a board's spaces)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A pile drawn: its pieces bottom first, within ``width`` × ``height`` points."""

    width: float
    height: float
    placed: tuple[Placed, ...]


def piece_size(p: PieceView, k: float) -> tuple[float, float]:
    w, h = p.size
    return w * mm * k, h * mm * k


def picture(pile: PileView, k: float, on: tuple[tuple[PileView, Box], ...] = ()) -> Picture:
    """``pile`` laid out at scale ``k``; ``on``: other piles' pieces lying on its spaces
    (a board's or a track's), each centred on its spot."""
    pieces = pile.pieces
    if not pieces:
        return Picture(0.0, 0.0, ())
    w, h = piece_size(pieces[0], k)
    out: list[Placed] = []
    if pile.kind == "deck":
        step = 0.035 * w
        n = 1 if pile.count <= 1 else 2 if pile.count < 10 else 3
        out = [Placed(pieces[0], i * step, i * step, k) for i in range(n)]
    elif pile.kind == "hand":
        return _fan(pile, k)
    elif pile.kind == "cards":
        shown = pieces[:MOST_IN_ROW]
        step = (0.45 if len({p.key for p in shown}) > 1 else 0.3) * w
        out = [Placed(p, i * step, 0.0, k) for i, p in enumerate(shown)]
    elif pile.kind in ("counters", "money"):
        out = _heap(pile, k)
    else:  # a board, a track, a screen, an aid: the one piece
        out = [Placed(pieces[0], 0.0, 0.0, k)]
        for other, spot in on:
            out += _on_spot(pieces[0], other, spot, k)
    return _framed(out)


def _heap(pile: PileView, k: float) -> list[Placed]:
    """Counters: several of one kind stacked askew, or one of each kind overlapping in a
    row (a mixed pile); a sum of money in the counters that pay it."""
    pieces = pile.pieces
    if len(pieces) == 1 and pile.kind == "counters":
        w, _ = piece_size(pieces[0], k)
        n = 1 if pile.count <= 1 else 2 if pile.count == 2 else 3
        return [Placed(pieces[0], i * 0.2 * w, i * 0.12 * w, k) for i in range(n)]
    out, x = [], 0.0
    for p in pieces[:8]:
        w, _ = piece_size(p, k)
        out.append(Placed(p, x, 0.0, k))
        x += 0.72 * w
    return out


def _fan(pile: PileView, k: float) -> Picture:
    """A hand: up to three cards fanned about a point below their foot."""
    n = max(1, min(pile.count, 3))
    kinds = list(dict.fromkeys(pile.pieces))  # a hand from two decks shows both backs
    pieces = [kinds[i % len(kinds)] for i in range(n)]
    w, h = piece_size(pieces[0], k)
    radius = 1.2 * h
    out = []
    for i, p in enumerate(pieces):
        turn = (i - (n - 1) / 2) * -FAN_DEG
        a = math.radians(turn)
        # the card's centre, turned about the pivot below the middle of the hand
        cx, cy = -radius * math.sin(a), h / 2 - radius + radius * math.cos(a)
        out.append(Placed(p, cx - w / 2, cy - h / 2, k, turn))
    return _framed(out)


def _on_spot(board: PieceView, other: PileView, spot: Box, k: float) -> list[Placed]:
    """``other``'s piece centred on ``spot`` (mm in the board's face), seen through the
    board's window."""
    wx0, wy0 = (board.window or (0.0, 0.0, 0.0, 0.0))[:2]
    _, bh = board.size
    x0, y0, x1, y1 = spot
    cx, cy = (x0 + x1) / 2 - wx0, bh - ((y0 + y1) / 2 - wy0)  # y up, in the window
    out = []
    for p in other.pieces[:1]:
        pw, ph = piece_size(p, k)
        out.append(Placed(p, cx * mm * k - pw / 2, cy * mm * k - ph / 2, k, pile=other.name))
    return out


def _corners(p: Placed) -> list[tuple[float, float]]:
    w, h = piece_size(p.piece, p.k)
    if not p.turn:
        return [(p.x, p.y), (p.x + w, p.y + h)]
    cx, cy = p.x + w / 2, p.y + h / 2
    a = math.radians(p.turn)
    out = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        cos, sin = math.cos(a), math.sin(a)
        out.append((cx + dx * cos - dy * sin, cy + dx * sin + dy * cos))
    return out


def _framed(placed: list[Placed]) -> Picture:
    """The pieces moved so that their bounding box starts at (0, 0)."""
    pts = [pt for p in placed for pt in _corners(p)]
    x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
    x1, y1 = max(x for x, _ in pts), max(y for _, y in pts)
    moved = tuple(Placed(p.piece, p.x - x0, p.y - y0, p.k, p.turn, p.pile) for p in placed)
    return Picture(x1 - x0, y1 - y0, moved)


def draw_picture(c: Any, pic: Picture, x: float, y: float, font_dir: Path | None) -> None:
    """Draw ``pic`` with its bottom-left at (x, y) points."""
    for p in pic.placed:
        draw_piece(c, p, x, y, font_dir)


def draw_piece(c: Any, p: Placed, x: float, y: float, font_dir: Path | None) -> None:
    """One printed piece: its face as its sheet draws it, scaled and cut to its outline,
    with a hairline along the cut."""
    piece = p.piece
    w, h = piece.size
    c.saveState()
    c.translate(x + p.x, y + p.y)
    if p.turn:
        cw, ch = piece_size(piece, p.k)
        c.translate(cw / 2, ch / 2)
        c.rotate(p.turn)
        c.translate(-cw / 2, -ch / 2)
    c.scale(p.k, p.k)
    outline = _outline(c, piece, w * mm, h * mm)
    c.saveState()
    c.clipPath(outline, stroke=0, fill=0)
    if piece.turn:  # upside down on its sheet: turned about the window's centre
        c.translate(w * mm / 2, h * mm / 2)
        c.rotate(piece.turn)
        c.translate(-w * mm / 2, -h * mm / 2)
    if piece.window is not None:
        x0, _, _, y1 = piece.window
        c.translate(-x0 * mm, -(piece.face.height - y1) * mm)
    draw_face(c, legible_at(piece.face, p.k * LEAST_FIGURE_SCALE), font_dir)
    c.restoreState()
    c.setStrokeColor(colour(EDGE))
    c.setLineWidth(EDGE_PT / p.k)
    c.drawPath(_outline(c, piece, w * mm, h * mm), stroke=1, fill=0)
    c.restoreState()


def _outline(c: Any, piece: PieceView, w: float, h: float) -> Any:
    """The piece's cut outline, ``w`` × ``h`` points from the origin."""
    path = c.beginPath()
    if piece.outline == "ellipse":
        path.ellipse(0, 0, w, h)
    elif piece.outline in POLYGONS:
        for i, (px, py) in enumerate(POLYGONS[piece.outline]):
            (path.lineTo if i else path.moveTo)(px * w, py * h)
        path.close()
    elif piece.radius:
        path.roundRect(0, 0, w, h, piece.radius * mm)
    else:
        path.rect(0, 0, w, h)
    return path


__all__ = ["Picture", "Placed", "draw_picture", "draw_piece", "picture", "piece_size"]
