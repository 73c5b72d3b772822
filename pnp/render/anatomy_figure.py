"""The card-anatomy figure: a real card drawn by its own layout at full size or a little
more (so its own words print at their size, 6 pt and up), each labelled part numbered
by a mark outside the card, its leader straight in through the gaps between the words
(pnp.layout.anatomy places them), and the numbers' names listed under the card."""

from __future__ import annotations

import math
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.anatomy import Callout, leader, place_callouts
from pnp.layout.ops import Anatomy, Box
from pnp.layout.sheet import corner_radius
from pnp.render.drawn_figure import INK, LABEL_BOLD, LABEL_FONT, LABEL_PT, PAPER, GeneratedFigure
from pnp.render.pdf import colour, draw_face

SCALE_MOST = 1.0
"""The card is drawn at its printed size (larger where its column allows this)."""
MARK_R, MARK_PT = 4.4, 6.5
"""A numbered mark: its radius and its number's size (points)."""
STRIP = 2 * MARK_R + 4.0
"""Room for the marks beside a side of the card."""
MARK_GAP = 1.6
"""Least room between two marks on one side."""
LEADER_PT, HALO_PT = 0.5, 1.8
LEGEND_LEADING, LEGEND_GAP = 11.0, 3 * mm
CARD_EDGE = "#9a9a9a"


class AnatomyFigure(GeneratedFigure):
    """A real card with its parts numbered and named."""

    name = "anatomy"

    def __init__(self, anatomy: Anatomy) -> None:
        super().__init__()
        self.anatomy = anatomy
        self.hAlign = "CENTER"
        self.callouts: list[Callout] = []
        self.leaders: list[Box] = []
        """Every leader segment drawn, in points from the figure's bottom-left."""
        self.text_boxes: list[Box] = []
        """Every word drawn (the card's blocks, the marks' numbers, the names), likewise."""
        self._placed: dict[float, list[Callout]] = {}
        """The callouts placed at each spacing: the book wraps a figure again and again
        as it looks for its column, and placing them is the costly part of a plan."""

    @property
    def labels(self) -> tuple[str, ...]:
        if self.callouts:
            return tuple(c.label for c in self.callouts)
        return tuple(p.label for p in self.anatomy.parts)

    @property
    def caption(self) -> str:
        return f"The parts of a card, shown on {self.anatomy.name} at full size."

    def plan(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        face = self.anatomy.face
        self.k = max(1.0, min(SCALE_MOST, (availWidth - 2 * STRIP) / (face.width * mm)))
        spacing = (2 * MARK_R + MARK_GAP) / (mm * self.k)
        if spacing not in self._placed:
            self._placed[spacing] = place_callouts(face, self.anatomy.parts, spacing)
        self.callouts = list(self._placed[spacing])
        sides = {c.side for c in self.callouts}
        self.card_w, self.card_h = face.width * mm * self.k, face.height * mm * self.k
        self.top = STRIP if "top" in sides else 0.0
        bottom = STRIP if "bottom" in sides else 0.0
        entries = [MARK_R * 2 + 3 + stringWidth(c.label, LABEL_FONT, LABEL_PT)
                   for c in self.callouts]  # fmt: skip
        self.col_w = max(entries, default=0.0) + 8
        self.width = min(availWidth, max(self.card_w + 2 * STRIP, 2 * self.col_w))
        self.cols = max(1, min(3, int(self.width // self.col_w)))
        rows = math.ceil(len(self.callouts) / self.cols)
        self.legend_h = rows * LEGEND_LEADING
        self.card_y = self.legend_h + LEGEND_GAP + bottom
        self.card_x = (self.width - self.card_w) / 2
        self.height = self.card_y + self.card_h + self.top
        return self.width, self.height

    def card_point(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """A point of the card (mm from its top-left) in the figure's points."""
        return (self.card_x + x_mm * mm * self.k,
                self.card_y + self.card_h - y_mm * mm * self.k)  # fmt: skip

    def draw_figure(self) -> None:
        c, face = self.canv, self.anatomy.face
        font_dir = Path(self.anatomy.font_dir) if self.anatomy.font_dir else None
        radius = corner_radius((face.width, face.height)) * mm * self.k
        c.saveState()
        c.translate(self.card_x, self.card_y)
        clip = c.beginPath()
        clip.roundRect(0, 0, self.card_w, self.card_h, radius)
        c.clipPath(clip, stroke=0, fill=0)
        c.scale(self.k, self.k)
        draw_face(c, face, font_dir)
        c.restoreState()
        c.setStrokeColor(colour(CARD_EDGE))
        c.setLineWidth(0.4)
        c.roundRect(self.card_x, self.card_y, self.card_w, self.card_h, radius, stroke=1, fill=0)
        self.leaders, self.text_boxes = [], []
        for callout in self.callouts:
            self._callout(callout)
        self._legend()

    def _mark_at(self, callout: Callout) -> tuple[float, float]:
        """The centre of a callout's mark, beside its side of the card (points)."""
        x, y = self.card_point(*callout.anchor)
        off = STRIP - MARK_R - 1.0
        return {
            "left": (self.card_x - off, y),
            "right": (self.card_x + self.card_w + off, y),
            "top": (x, self.card_y + self.card_h + off),
            "bottom": (x, self.card_y - off),
        }[callout.side]

    def _callout(self, callout: Callout) -> None:
        """The leader from the mark to the card's edge and on to the part, drawn on a
        white halo; a dot at its end; the mark with its number."""
        c = self.canv
        mx, my = self._mark_at(callout)
        x0, y0, x1, y1 = leader(callout, self.anatomy.face)
        inside = (*self.card_point(x0, y0), *self.card_point(x1, y1))
        ex, ey = inside[0], inside[1]  # the card's edge
        dx, dy = (ex - mx, ey - my)
        length = math.hypot(dx, dy) or 1.0
        start = (mx + dx / length * MARK_R, my + dy / length * MARK_R)
        segments = [(*start, ex, ey), inside]
        for ink, width in ((PAPER, HALO_PT), (INK, LEADER_PT)):
            c.setStrokeColor(colour(ink))
            c.setLineWidth(width)
            c.setLineCap(1)
            for sx0, sy0, sx1, sy1 in segments:
                c.line(sx0, sy0, sx1, sy1)
        self.leaders += segments
        ax, ay = inside[2], inside[3]
        c.setFillColor(colour(PAPER))
        c.circle(ax, ay, 1.7, stroke=0, fill=1)
        c.setFillColor(colour(INK))
        c.circle(ax, ay, 1.05, stroke=0, fill=1)
        self._mark(mx, my, callout.number)

    def _mark(self, x: float, y: float, number: int) -> None:
        c, text = self.canv, str(number)
        c.setFillColor(colour(INK))
        c.setStrokeColor(colour(PAPER))
        c.setLineWidth(0.8)
        c.circle(x, y, MARK_R, stroke=1, fill=1)
        c.setFillColor(colour(PAPER))
        c.setFont(LABEL_BOLD, MARK_PT)
        c.drawCentredString(x, y - MARK_PT * 0.35, text)
        w = stringWidth(text, LABEL_BOLD, MARK_PT)
        self.text_boxes.append((x - w / 2, y - MARK_PT * 0.35, x + w / 2, y + MARK_PT * 0.4))

    def _legend(self) -> None:
        """The names, by number, in columns under the card (down the first column first)."""
        c = self.canv
        rows = math.ceil(len(self.callouts) / self.cols)
        left = (self.width - self.cols * self.col_w) / 2 + 4
        for i, callout in enumerate(self.callouts):
            col, row = divmod(i, rows)
            x = left + col * self.col_w + MARK_R
            y = self.legend_h - (row + 0.5) * LEGEND_LEADING
            self._mark(x, y, callout.number)
            c.setFillColor(colour(INK))
            c.setFont(LABEL_FONT, LABEL_PT)
            tx = x + MARK_R + 3
            c.drawString(tx, y - LABEL_PT * 0.35, callout.label)
            w = stringWidth(callout.label, LABEL_FONT, LABEL_PT)
            self.text_boxes.append((tx, y - LABEL_PT * 0.35 - 2, tx + w, y + LABEL_PT * 0.7))


__all__ = ["AnatomyFigure"]
