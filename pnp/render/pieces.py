"""Small pictures of a game's pieces (a deck, a board, a screen, a pile of counters) for
the rulebook's table at the start (:class:`pnp.render.generated.SetupFigure`)."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm

from pnp.games.setup import Pile
from pnp.render.pdf import colour

INK, PAPER = "#1a1a1a", "#ffffff"
"""The outline and the paper: a piece reads in greyscale by its black outline."""


def draw_piece(c: Any, p: Pile, cx: float, cy: float) -> None:
    """A small picture of a piece centred on (cx, cy): outlined in black so that it reads
    in greyscale, filled in the piece's colour."""
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.5)
    c.setFillColor(colour(p.colour))
    w, h = 5.2 * mm, 7.3 * mm  # a card at 1/12 size
    if p.kind in ("deck", "hand", "cards"):
        shown = min(max(p.count, 1), 3)
        for i in range(shown):
            if p.kind == "deck":
                dx, dy, turn = (i - 1) * 0.6 * mm, (i - 1) * 0.6 * mm, 0.0
            elif p.kind == "hand":
                dx, dy, turn = (i - (shown - 1) / 2) * 1.6 * mm, 0.0, (i - (shown - 1) / 2) * -14
            else:
                dx, dy, turn = (i - (shown - 1) / 2) * (w + 0.8 * mm), 0.0, 0.0
            c.saveState()
            c.translate(cx + dx, cy + dy)
            c.rotate(turn)
            c.roundRect(-w / 2, -h / 2, w, h, 0.6 * mm, stroke=1, fill=1)
            c.restoreState()
    elif p.kind in ("board", "track"):
        c.rect(cx - 8 * mm, cy - 3.5 * mm, 16 * mm, 7 * mm, stroke=1, fill=1)
        c.setFillColor(colour(PAPER))
        for i in range(5):
            c.rect(cx - 7 * mm + i * 2.9 * mm, cy - 1 * mm, 2.3 * mm, 2 * mm, stroke=1, fill=1)
    elif p.kind == "screen":
        path = c.beginPath()
        path.moveTo(cx - 7 * mm, cy - 3 * mm)
        for i, (px, py) in enumerate(((-3.5, 0.5), (0, -3), (3.5, 0.5), (7, -3))):
            path.lineTo(cx + px * mm, cy + py * mm + (3 * mm if i % 2 == 0 else 0))
        c.setLineWidth(1.2)
        c.drawPath(path, stroke=1, fill=0)
    elif p.kind == "aid":
        c.setFillColor(colour(PAPER))
        c.roundRect(cx - h / 2, cy - w / 2, h, w, 0.6 * mm, stroke=1, fill=1)
        for i in range(3):
            c.line(cx - h / 2 + 1 * mm, cy + (1 - i) * 1.2 * mm, cx + h / 2 - 1 * mm,
                   cy + (1 - i) * 1.2 * mm)  # fmt: skip
    else:  # counters and money: a small pile of round counters
        for i in range(3 if p.count > 1 else 1):
            c.circle(cx + (i - 1) * 1.4 * mm, cy + (i - 1) * 0.9 * mm, 2.6 * mm, stroke=1, fill=1)


__all__ = ["INK", "PAPER", "draw_piece"]
