"""Rulebook figures drawn from the game's data: the card anatomy (a real card, its parts
labelled) and the table at the start (pnp.games.setup).

A rulebook places them as images with a ``pnp:`` name (``![caption](pnp:anatomy)``);
the data travels with the rulebook's other settings to the process that typesets it
(:func:`using_figures`), and each figure fits the width of the frame it lands in: the
card (or the table) shrinks, the labels keep their size (7 pt, at least 6 pt)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from pnp.games.setup import Pile, TableAtStart
from pnp.layout.ops import Anatomy
from pnp.render.pdf import colour, draw_face, ensure_font
from pnp.render.pieces import INK, PAPER, draw_piece

GENERATED = ("pnp:anatomy", "pnp:setup")
"""The figure names a rulebook may place; pnp draws them from the data."""
LABEL_FONT, LABEL_PT = "Lato-Regular", 7.0
LABEL_BOLD = "Lato-Bold"
LINE_GAP_PT = 9.0
"""Least distance between two labels on one side of the card."""
LEADER_PT, HALO_PT = 0.5, 1.6
EDGE_MM = 1.5
"""A part at the card's edge is pointed at this far inside it."""
GAP_MM = 0.8
"""A leader ends this far beside its part (card mm)."""
CARD_MOST_MM = 48.0
"""The card is drawn at most this wide (a poker card at 3/4 size)."""

_figures: dict[str, Any] = {}


@contextlib.contextmanager
def using_figures(figures: dict[str, Any]) -> Iterator[None]:
    """Make the data of a rulebook's generated figures (by name) known while it is set."""
    _figures.clear()
    _figures.update(figures)
    try:
        yield
    finally:
        _figures.clear()


def generated_figure(name: str) -> Flowable | None:
    """The flowable of a generated figure, or None when the game has no data for it."""
    data = _figures.get(name)
    if isinstance(data, Anatomy):
        return AnatomyFigure(data)
    if isinstance(data, TableAtStart):
        return SetupFigure(data)
    return None


class GeneratedFigure(Flowable):  # type: ignore[misc]
    """A figure drawn from data; ``labels`` are the words it prints (for the book's record)."""

    name = ""
    drawn_y: float | None = None

    @property
    def labels(self) -> tuple[str, ...]:
        return ()

    @property
    def caption(self) -> str:
        """What the figure shows, when the rulebook gives no caption of its own."""
        return ""

    def draw(self) -> None:
        self.drawn_y = self.canv.absolutePosition(0, 0)[1]
        ensure_font(LABEL_FONT)
        ensure_font(LABEL_BOLD)
        self.canv.saveState()
        self.draw_figure()
        self.canv.restoreState()

    def draw_figure(self) -> None:
        raise NotImplementedError


class AnatomyFigure(GeneratedFigure):
    """A real card drawn by its own layout, its parts named on either side with leader
    lines to each part."""

    name = "anatomy"

    def __init__(self, anatomy: Anatomy) -> None:
        super().__init__()
        self.anatomy = anatomy
        self.hAlign = "CENTER"

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(p.label for p in self.anatomy.parts)

    @property
    def caption(self) -> str:
        return f"The parts of a card, shown on {self.anatomy.name}."

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        face = self.anatomy.face
        widest = max((stringWidth(p.label, LABEL_FONT, LABEL_PT) for p in self.anatomy.parts),
                     default=0.0)  # fmt: skip
        self.column = widest + 5 * mm  # the label and the start of its leader
        card_w = min(CARD_MOST_MM * mm, availWidth - 2 * self.column)
        self.k = max(card_w, 20 * mm) / (face.width * mm)
        self.card_w, self.card_h = face.width * mm * self.k, face.height * mm * self.k
        self.width = self.card_w + 2 * self.column
        self.height = self.card_h + 2 * mm
        return self.width, self.height

    def draw_figure(self) -> None:
        c, face = self.canv, self.anatomy.face
        x0, y0 = self.column, mm
        c.saveState()
        c.translate(x0, y0)
        clip = c.beginPath()
        clip.roundRect(0, 0, self.card_w, self.card_h, 3 * mm * self.k)
        c.clipPath(clip, stroke=0, fill=0)
        c.scale(self.k, self.k)
        draw_face(c, face, _font_dir(self.anatomy.font_dir))
        c.restoreState()
        c.setStrokeColor(colour("#9a9a9a"))
        c.setLineWidth(0.4)
        c.roundRect(x0, y0, self.card_w, self.card_h, 3 * mm * self.k, stroke=1, fill=0)
        left: list[tuple[str, float, float]] = []
        right: list[tuple[str, float, float]] = []
        whole = []  # parts that fill the card (its background): pointed at where room is
        for part in self.anatomy.parts:
            bx0, by0, bx1, by1 = part.box
            if bx1 - bx0 > face.width * 0.9 and by1 - by0 > face.height * 0.9:
                whole.append(part.label)
                continue
            side = left if (bx0 + bx1) / 2 < face.width / 2 else right
            # just outside the part, so the dot hides none of it
            ax = bx0 - GAP_MM if side is left else bx1 + GAP_MM
            ax = min(max(ax, EDGE_MM), face.width - EDGE_MM)
            ay = (by0 + by1) / 2
            side.append((part.label, self._x(ax), self._y(ay)))
        for label in whole:
            side = left if len(left) <= len(right) else right
            ay = _roomiest([self.card_h + mm - y for _, _, y in side], self.card_h)
            ax = EDGE_MM if side is left else face.width - EDGE_MM
            side.append((label, self._x(ax), mm + self.card_h - ay))
        self._labels(left, 0.0, x0, "right")
        self._labels(right, self.width, x0 + self.card_w, "left")

    def _x(self, x_mm: float) -> float:
        return self.column + x_mm * mm * self.k

    def _y(self, y_mm: float) -> float:
        return mm + self.card_h - y_mm * mm * self.k

    def _labels(self, items: list[tuple[str, float, float]], edge: float, card_edge: float,
                align: str) -> None:  # fmt: skip
        c = self.canv
        ys = _spread([y for _, _, y in sorted(items, key=lambda t: -t[2])], self.height)
        for (label, ax, ay), ly in zip(sorted(items, key=lambda t: -t[2]), ys, strict=True):
            text_w = stringWidth(label, LABEL_FONT, LABEL_PT)
            if align == "right":
                start = edge + self.column - 1.5 * mm
                tx = start - 1.5 * mm - text_w
            else:
                start = edge - self.column + 1.5 * mm
                tx = start + 1.5 * mm
            path = [(start, ly), (card_edge + (-1 if align == "right" else 1) * 2 * mm, ly),
                    (ax, ay)]  # fmt: skip
            for ink, width in ((PAPER, HALO_PT), (INK, LEADER_PT)):
                c.setStrokeColor(colour(ink))
                c.setLineWidth(width)
                p = c.beginPath()
                p.moveTo(*path[0])
                for pt in path[1:]:
                    p.lineTo(*pt)
                c.drawPath(p, stroke=1, fill=0)
            c.setFillColor(colour(PAPER))
            c.circle(ax, ay, 1.6, stroke=0, fill=1)
            c.setFillColor(colour(INK))
            c.circle(ax, ay, 1.0, stroke=0, fill=1)
            c.setFont(LABEL_FONT, LABEL_PT)
            c.drawString(tx, ly - LABEL_PT * 0.35, label)


def _roomiest(taken: list[float], height: float) -> float:
    """The middle of the widest free stretch between ``taken`` heights (points down from
    the top of a card ``height`` tall), keeping clear of its ends."""
    stops = sorted([0.08 * height, *[t for t in taken if 0 < t < height], 0.92 * height])
    a, b = max(zip(stops, stops[1:], strict=False), key=lambda p: p[1] - p[0])
    return (a + b) / 2


def _spread(ys: list[float], height: float) -> list[float]:
    """Label heights (top first) moved apart to at least LINE_GAP_PT, kept in the figure."""
    out: list[float] = []
    for y in ys:
        y = min(y, height - LABEL_PT)
        out.append(min(y, out[-1] - LINE_GAP_PT) if out else y)
    low = LABEL_PT * 0.5
    for i in range(len(out) - 1, -1, -1):  # pushed back up from the foot
        floor = low if i == len(out) - 1 else out[i + 1] + LINE_GAP_PT
        out[i] = max(out[i], floor)
    return out


def _font_dir(path: str) -> Any:
    from pathlib import Path

    return Path(path) if path else None


CELL_MM = 20.0
"""Width of one piece and its caption in the setup figure."""
ICON_MM = 9.0
CAPTION_PT = 6.5
SEAT_MM, SEAT_GAP_MM = 38.0, 2.0
"""Least width of one player's box, and the gap between boxes."""
ROW_MM, ROW_ICON_MM = 6.0, 11.0
"""Height of one piece's row in a player's box, and the width of its picture."""


class SetupFigure(GeneratedFigure):
    """The table at the start: the shared pieces in the middle, then each player's (one
    box for all players when their pieces are the same)."""

    name = "setup"

    def __init__(self, table: TableAtStart) -> None:
        super().__init__()
        self.table = table
        self.hAlign = "CENTER"

    @property
    def caption(self) -> str:
        head = f"The table ready for a {self.table.players}-player game"
        if not self._seat_groups():
            return f"{head}."
        return f"{head}: the shared pieces in the middle, then what each player has."

    @property
    def labels(self) -> tuple[str, ...]:
        seats = [p for seat in self.table.seats for p in seat]
        return tuple(_caption(p) for p in (*self.table.centre, *seats))

    def _seat_groups(self) -> list[tuple[str, tuple[Pile, ...]]]:
        seats = self.table.seats
        if not any(seats):  # a game without an engine that prints no screen or aid
            return []
        if all(s == seats[0] for s in seats):
            return [(f"Each of the {len(seats)} players", seats[0])]
        return [(f"Player {i}", s) for i, s in enumerate(seats, start=1)]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self.width = availWidth
        self.cols = max(1, int(availWidth // (CELL_MM * mm)))
        self.centre_h = self._rows_height(self.table.centre, self.cols)
        groups = self._seat_groups()
        fit = max(1, int((availWidth + SEAT_GAP_MM * mm) // ((SEAT_MM + SEAT_GAP_MM) * mm)))
        self.seat_cols = max(1, min(len(groups), fit))
        self.seat_w = (availWidth - (self.seat_cols - 1) * SEAT_GAP_MM * mm) / self.seat_cols
        if len(groups) == 1:  # one box for every player: as wide as two
            self.seat_w = min(self.seat_w, 2 * SEAT_MM * mm)
        self.seat_h = max((self._seat_height(s) for _, s in groups), default=0.0)
        seat_rows = -(-len(groups) // self.seat_cols)
        self.height = (6 * mm + self.centre_h + 3 * mm
                       + seat_rows * (self.seat_h + SEAT_GAP_MM * mm))  # fmt: skip
        return self.width, self.height

    def _rows_height(self, piles: tuple[Pile, ...], cols: int) -> float:
        rows = [piles[i : i + cols] for i in range(0, len(piles), cols)]
        return sum(self._cell_h(r) for r in rows)

    def _cell_h(self, row: tuple[Pile, ...]) -> float:
        lines = max(len(_lines(p)) for p in row)
        return ICON_MM * mm + 1.5 * mm + lines * (CAPTION_PT + 1) + 1.5 * mm

    def _seat_lines(self, p: Pile) -> list[str]:
        return _lines(p, self.seat_w - ROW_ICON_MM * mm - 3 * mm)

    def _seat_height(self, seat: tuple[Pile, ...]) -> float:
        rows = sum(max(ROW_MM * mm, len(self._seat_lines(p)) * (CAPTION_PT + 1)) for p in seat)
        return 6 * mm + rows + 1 * mm

    def draw_figure(self) -> None:
        c = self.canv
        top = self.height
        c.setFillColor(colour("#f1efe9"))
        c.setStrokeColor(colour("#8a8a8a"))
        c.setLineWidth(0.5)
        c.roundRect(0, top - 6 * mm - self.centre_h - 1 * mm, self.width, self.centre_h + 7 * mm,
                    2 * mm, stroke=1, fill=1)  # fmt: skip
        c.setFillColor(colour(INK))
        c.setFont(LABEL_BOLD, LABEL_PT)
        c.drawString(2 * mm, top - 4 * mm,
                     f"The middle of the table, {self.table.players} players")  # fmt: skip
        y = top - 6 * mm
        self._grid(self.table.centre, 0, y, self.width, self.cols)
        y -= self.centre_h + 3 * mm
        for i, (title, seat) in enumerate(self._seat_groups()):
            col, row = i % self.seat_cols, i // self.seat_cols
            sx = col * (self.seat_w + SEAT_GAP_MM * mm)
            sy = y - row * (self.seat_h + SEAT_GAP_MM * mm)
            c.setFillColor(colour(PAPER))
            c.setStrokeColor(colour("#8a8a8a"))
            c.setLineWidth(0.5)
            c.roundRect(sx, sy - self.seat_h, self.seat_w, self.seat_h, 2 * mm, stroke=1, fill=1)
            c.setFillColor(colour(INK))
            c.setFont(LABEL_BOLD, LABEL_PT)
            c.drawString(sx + 2 * mm, sy - 3.8 * mm, title)
            self._seat(seat, sx, sy - 5.5 * mm)

    def _seat(self, seat: tuple[Pile, ...], x: float, top: float) -> None:
        """One player's pieces, one a row: a small picture and what it is."""
        c = self.canv
        for pile in seat:
            lines = self._seat_lines(pile)
            h = max(ROW_MM * mm, len(lines) * (CAPTION_PT + 1))
            with _scaled(c, x + (1 + ROW_ICON_MM / 2) * mm, top - h / 2, 0.62):
                draw_piece(c, pile, 0, 0)
            c.setFillColor(colour(INK))
            c.setFont(LABEL_FONT, CAPTION_PT)
            ty = top - h / 2 + (len(lines) - 1) * (CAPTION_PT + 1) / 2 - CAPTION_PT * 0.35
            for k, line in enumerate(lines):
                c.drawString(x + (ROW_ICON_MM + 2) * mm, ty - k * (CAPTION_PT + 1), line)
            top -= h

    def _grid(self, piles: tuple[Pile, ...], x: float, top: float, width: float, cols: int) -> None:
        cell = width / cols
        for start in range(0, len(piles), cols):
            row = piles[start : start + cols]
            for j, pile in enumerate(row):
                cx = x + (j + 0.5) * cell
                draw_piece(self.canv, pile, cx, top - 1 * mm - ICON_MM * mm / 2)
                self.canv.setFillColor(colour(INK))
                self.canv.setFont(LABEL_FONT, CAPTION_PT)
                ty = top - ICON_MM * mm - 1.5 * mm - CAPTION_PT
                for k, line in enumerate(_lines(pile)):
                    self.canv.drawCentredString(cx, ty - k * (CAPTION_PT + 1), line)
            top -= self._cell_h(row)


@contextlib.contextmanager
def _scaled(c: Any, x: float, y: float, k: float) -> Iterator[None]:
    c.saveState()
    c.translate(x, y)
    c.scale(k, k)
    try:
        yield
    finally:
        c.restoreState()


def _caption(p: Pile) -> str:
    return f"{p.name} ({p.shown})" if p.kind in ("money",) else f"{p.name} ×{p.shown}"


def _lines(p: Pile, width: float = (CELL_MM - 2) * mm) -> list[str]:
    """The caption of a piece wrapped to ``width`` points (at most three lines)."""
    text = f"{p.name}: {p.shown}" if p.kind == "money" else f"{p.shown} × {p.name}"
    if p.count == 1 and p.kind in ("board", "track", "screen", "aid"):
        text = p.name
    return simpleSplit(text, LABEL_FONT, CAPTION_PT, width)[:3]


__all__ = [
    "GENERATED",
    "AnatomyFigure",
    "GeneratedFigure",
    "SetupFigure",
    "generated_figure",
    "using_figures",
]
