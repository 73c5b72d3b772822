"""The rulebook's setup figure: the table at the start, every piece as it prints (the
same faces, outlines and colours as its sheet, under the build's ``--chits``), scaled
alike, each with a caption: the middle of the table first (a board with the pieces on
its spaces, the decks, the supply), then what every player gets and what each one has
besides."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.ops import Box, PileView, TableView
from pnp.render.drawn_figure import LABEL_BOLD, LABEL_FONT, LABEL_PT, GeneratedFigure
from pnp.render.pdf import colour
from pnp.render.pieces import Picture, Placed, draw_picture, picture
from pnp.spec.kinds import kind_named

CARD_SCALE, COUNTER_SCALE = 0.2, 0.26
"""Cards are drawn at this share of their printed size, counters at this (a little
larger, so that a small one still shows its colour, shape and letter)."""
SHEET_MOST_MM = (60.0, 44.0)
"""A board or track sheet is drawn at most this wide and tall (and no larger than the
pieces' scale); a screen or aid, which every player has, at most half that."""
SHRINK = (1.0, 0.9, 0.8)
"""The pieces' sizes tried, from full, for a figure to fit the room left in its column."""
CAPTION_PT = 6.5
LEADING = CAPTION_PT + 1.2
PAD, GAP, TITLE_H = 2.2 * mm, 3.0 * mm, 5.5 * mm
"""Inside a box; between two pieces or two boxes; a box's title strip."""
CELL_MOST, SEAT_CELL = 18 * mm, 14 * mm
"""A caption under a picture wraps at the picture's width, or at least this wide (in
a player's box, this)."""
BESIDE_MOST = 30 * mm
"""A caption beside a picture wraps at this width."""
SEAT_LABEL = 13 * mm
"""Room for "Player 1" at the start of each player's line."""
TABLE, SEAT, RULE, INK = "#efece4", "#ffffff", "#8a8a8a", "#1a1a1a"


@dataclass
class Item:
    """A pile in the figure: its picture and its caption's lines, under the picture or
    (``beside``) to its right."""

    pile: str
    pic: Picture
    lines: list[str]
    beside: bool = False
    sheet: bool = False
    """A board or a track sheet: the smaller pieces gather beside it."""
    kind: str = ""

    @property
    def text_w(self) -> float:
        return max((stringWidth(s, LABEL_FONT, CAPTION_PT) for s in self.lines), default=0.0)

    @property
    def width(self) -> float:
        if self.beside:
            return self.pic.width + 1.5 * mm + self.text_w
        return max(self.pic.width, self.text_w)

    @property
    def text_h(self) -> float:
        return len(self.lines) * LEADING


@dataclass(frozen=True)
class Spot:
    """Where an item goes: its left, the top of its line and the height of the line's
    pictures (points, y down from the figure's top)."""

    item: Item
    x: float
    y: float
    pic_h: float


@dataclass
class BoxPlan:
    """A box of the figure: its title, its top-left and size (points, y down from the
    figure's top), the items in it and the players' names down its left."""

    title: str
    x: float
    y: float
    w: float
    h: float
    fill: str
    spots: list[Spot] = field(default_factory=list)
    names: list[tuple[str, float]] = field(default_factory=list)


class SetupFigure(GeneratedFigure):
    """The table at the start, drawn with the printed pieces."""

    name = "setup"

    def __init__(self, table: TableView, boxes: list[BoxPlan] | None = None) -> None:
        super().__init__()
        self.table = table
        self.hAlign = "CENTER"
        self.part = boxes is not None
        """A part of the figure that was split between columns: its boxes are given."""
        self.boxes: list[BoxPlan] = boxes or []
        self.shrink = 1.0
        self.drawn: list[tuple[str, Placed]] = []
        """Every piece drawn, with the name of its pile (what the tests compare)."""

    @property
    def caption(self) -> str:
        head = f"The table ready for a {self.table.players}-player game"
        if not any(self.table.seats):
            return f"{head}."
        return f"{head}: the shared pieces in the middle, then what each player has."

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(" ".join(s.item.lines) for b in self.boxes for s in b.spots)

    def _common(self) -> tuple[list[PileView], list[list[PileView]]]:
        """What every seat has alike, and what each has besides."""
        seats = self.table.seats
        if not seats:
            return [], []
        common = [p for p in seats[0] if all(p in s for s in seats[1:])]
        return common, [[p for p in s if p not in common] for s in seats]

    def plan(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        """The figure at full scale, or a little smaller where that fits the room left
        in the column and full scale does not (else it splits between its boxes)."""
        if not self.part:
            for shrink in SHRINK:
                self.boxes = self._boxes(availWidth, shrink)
                if self.boxes[-1].y + self.boxes[-1].h <= availHeight:
                    break
            else:
                self.boxes = self._boxes(availWidth, 1.0)
        top, last = self.boxes[0], self.boxes[-1]
        self.width, self.height = max(b.x + b.w for b in self.boxes), last.y + last.h - top.y
        return self.width, self.height

    def _boxes(self, width: float, shrink: float) -> list[BoxPlan]:
        """The boxes of the figure ``width`` points wide, the pieces ``shrink`` times
        their size in the figure."""
        self.shrink = shrink
        inner = width - 2 * PAD
        title = f"The middle of the table, {self.table.players} players"
        centre = _box(title, self._items(self.table.centre, inner, CELL_MOST), 0.0, width, TABLE)
        boxes = [centre]
        y = centre.y + centre.h + GAP
        common, own = self._common()
        if common or any(own):
            layouts: list[list[BoxPlan]] = [self._seat_lines(common, own, y, width)]
            if any(own):  # or a box for each player, side by side
                layouts += [self._seat_boxes(common, own, y, width, cols) for cols in (2, 3)]
            best = min(layouts, key=_bottom)
            boxes += best
        return boxes

    def split(self, availWidth: float, availHeight: float) -> list[SetupFigure]:  # noqa: N803
        """The boxes that fit, and the rest in the next column (the middle of the table
        apart from the players), when the whole figure does not fit."""
        self.wrap(availWidth, availHeight)
        top = self.boxes[0].y
        n = 0
        while n < len(self.boxes) and self.boxes[n].y + self.boxes[n].h - top <= availHeight:
            n += 1
        fit, rest = self.boxes[:n], self.boxes[n:]
        if not fit or not rest:
            return []
        # the rest as a figure of its own, its boxes moved up to its top
        dy = rest[0].y
        moved = [replace(b, y=b.y - dy, spots=[replace(s, y=s.y - dy) for s in b.spots],
                         names=[(n, y - dy) for n, y in b.names]) for b in rest]  # fmt: skip
        return [SetupFigure(self.table, fit), SetupFigure(self.table, moved)]

    def _seat_lines(self, common: list[PileView], own: list[list[PileView]], y: float,
                    w: float) -> list[BoxPlan]:  # fmt: skip
        """What every player has, then what each has besides, a line each: its name
        first, each caption beside its picture."""
        n = len(self.table.seats)
        lines = [("Each", common)] if common and any(own) else []
        lines += [("Each has", common)] if common and not any(own) else []
        lines += [(f"Player {i + 1}", s) for i, s in enumerate(own) if s]
        room = w - 2 * PAD - SEAT_LABEL
        box = BoxPlan(f"The {n} players" if n > 1 else "The player", 0.0, y, w, 0.0, SEAT)
        top = y + TITLE_H
        for name, piles in lines:
            placed, h = _flow(self._items(tuple(piles), room, BESIDE_MOST, True), room, False)
            first = max(placed[0].pic_h, placed[0].item.text_h) if placed else LEADING
            box.names.append((name, top + first / 2))
            box.spots += [Spot(s.item, PAD + SEAT_LABEL + s.x, top + s.y, s.pic_h) for s in placed]
            top += max(h, LEADING + 1.5 * mm)
        box.h = top - y + PAD - 1.5 * mm
        return [box]

    def _seat_boxes(self, common: list[PileView], own: list[list[PileView]], y: float,
                    w: float, cols: int) -> list[BoxPlan]:  # fmt: skip
        """What every player has in a box across, then a box for each player, ``cols``
        side by side, all of one height."""
        boxes = []
        n = len(self.table.seats)
        if common:
            items = self._items(tuple(common), w - 2 * PAD, CELL_MOST)
            boxes.append(_box(f"Each of the {n} players", items, y, w))
            y += boxes[-1].h + GAP
        box_w = (w - (cols - 1) * GAP) / cols
        room = box_w - 2 * PAD
        mine = [_box(f"Player {i + 1}", self._items(tuple(s), room, SEAT_CELL), 0.0, box_w)
                for i, s in enumerate(own)]  # fmt: skip
        if any(s.x + s.item.width > box_w - PAD + 0.01 for b in mine for s in b.spots):
            return [BoxPlan("", 0.0, y, w, float("inf"), SEAT)]  # a piece wider than a box
        for start in range(0, len(mine), cols):
            row = mine[start : start + cols]
            tallest = max(b.h for b in row)
            for col, box in enumerate(row):
                dx = col * (box_w + GAP)
                box.x, box.y, box.h = dx, y, tallest
                box.spots = [Spot(s.item, s.x + dx, s.y + y, s.pic_h) for s in box.spots]
            y += tallest + GAP
        return boxes + mine

    def _items(self, piles: tuple[PileView, ...], inner: float, wrap: float,
               beside: bool = False) -> list[Item]:  # fmt: skip
        """The piles' pictures and captions; a pile lying on a board is drawn on it."""
        on_board: dict[str, list[tuple[PileView, Box]]] = {}
        for p in piles:
            for board, spot in p.on:
                on_board.setdefault(board, []).append((p, spot))
        out = []
        for p in piles:
            if p.on:
                continue
            k = (COUNTER_SCALE if p.kind in ("counters", "money") else CARD_SCALE) * self.shrink
            lies = _lies(p.kind)
            if lies != "piece" and p.pieces:
                w, h = p.pieces[0].size
                most_w, most_h = SHEET_MOST_MM
                share = 0.5 if beside else 1.0  # what each player has: a screen
                most_w, most_h = most_w * self.shrink, most_h * self.shrink
                k = min(1.0, min(inner, most_w * mm * share) / (w * mm), most_h * share / h)
            on = tuple(on_board.get(p.pieces[0].key, ())) if p.pieces else ()
            pic = picture(p, k, on)
            text = _caption(p, [o for o, _ in on])
            wrap_at = min(wrap, inner - pic.width - 1.5 * mm) if beside else max(pic.width, wrap)
            sheet = lies in ("board", "sheet")
            kind = {"hand": "deck", "money": "counters"}.get(p.kind, p.kind)
            out.append(Item(p.name, pic, _lines(text, wrap_at), beside, sheet, kind))
        return out

    def draw_figure(self) -> None:
        c, top = self.canv, self.height + self.boxes[0].y
        font_dir = Path(self.table.font_dir) if self.table.font_dir else None
        self.drawn = []
        for box in self.boxes:
            c.setFillColor(colour(box.fill))
            c.setStrokeColor(colour(RULE))
            c.setLineWidth(0.5)
            c.roundRect(box.x, top - box.y - box.h, box.w, box.h, 2 * mm, stroke=1, fill=1)
            c.setFillColor(colour(INK))
            c.setFont(LABEL_BOLD, LABEL_PT)
            c.drawString(box.x + PAD, top - box.y - 3.8 * mm, box.title)
            for name, y in box.names:
                c.setFont(LABEL_BOLD, CAPTION_PT)
                c.drawString(box.x + PAD, top - y - CAPTION_PT * 0.35, name)
            for spot in box.spots:
                self._item(spot, top, font_dir)

    def _item(self, spot: Spot, top: float, font_dir: Path | None) -> None:
        c, item = self.canv, spot.item
        if item.beside:  # picture and caption centred on the line
            mid = top - spot.y - max(spot.pic_h, item.text_h) / 2
            px, base = spot.x, mid - item.pic.height / 2
            tx, ty = spot.x + item.pic.width + 1.5 * mm, mid + item.text_h / 2 - LEADING
        else:  # pictures stand on one line, captions centred under them
            px = spot.x + (item.width - item.pic.width) / 2
            base = top - spot.y - spot.pic_h
            tx, ty = spot.x + item.width / 2, base - 1.2 * mm - LEADING + 1.0
        draw_picture(c, item.pic, px, base, font_dir)
        self.drawn += [(p.pile or item.pile, p) for p in item.pic.placed]
        c.setFillColor(colour(INK))
        c.setFont(LABEL_FONT, CAPTION_PT)
        for n, line in enumerate(item.lines):
            if item.beside:
                c.drawString(tx, ty - n * LEADING + 1.5, line)
            else:
                c.drawCentredString(tx, ty - n * LEADING, line)


def _bottom(boxes: list[BoxPlan]) -> float:
    return boxes[-1].y + boxes[-1].h


def _box(title: str, items: list[Item], y: float, w: float, fill: str = SEAT) -> BoxPlan:
    """A box of pictures with their captions under them, in centred rows."""
    placed, h = _flow(items, w - 2 * PAD)
    box = BoxPlan(title, 0.0, y, w, TITLE_H + h + PAD, fill)
    box.spots = [Spot(s.item, PAD + s.x, y + TITLE_H + s.y, s.pic_h) for s in placed]
    return box


def _flow(items: list[Item], width: float, centred: bool = True) -> tuple[list[Spot], float]:
    """Items in rows across ``width``; first, beside each board or track sheet, what
    fits in the room to its right (in rows of its own, no taller than the sheet)."""
    out: list[Spot] = []
    y = 0.0
    items = sorted(items, key=lambda it: not it.sheet)  # boards and tracks first
    while items and items[0].sheet and not items[0].beside:
        sheet = items.pop(0)
        room = width - sheet.width - GAP
        sheet_h = sheet.pic.height + 1.2 * mm + sheet.text_h
        side: list[Item] = []
        for run in _runs(items):  # whole runs of one kind, those that fit
            fits = all(it.width <= room and not it.sheet for it in run)
            if fits and _rows(side + run, room, centred)[1] <= sheet_h + 1.5 * mm:
                side += run
        items = [it for it in items if all(it is not x for x in side)]
        placed, side_h = _rows(side, room, centred)
        used = max((s.x + s.item.width for s in placed), default=-GAP)
        left = (width - sheet.width - GAP - used) / 2 if centred else 0.0
        out.append(Spot(sheet, left, y, sheet.pic.height))
        out += [Spot(s.item, left + sheet.width + GAP + s.x, y + s.y, s.pic_h) for s in placed]
        y += max(sheet_h + 1.5 * mm, side_h)
    placed, h = _rows(items, width, centred)
    return out + [Spot(s.item, s.x, y + s.y, s.pic_h) for s in placed], y + h


def _runs(items: list[Item]) -> list[list[Item]]:
    """Consecutive items of one kind (decks, a row of cards, counters), kept together."""
    out: list[list[Item]] = []
    for it in items:
        if out and out[-1][-1].kind == it.kind:
            out[-1].append(it)
        else:
            out.append([it])
    return out


def _rows(items: list[Item], width: float, centred: bool = True) -> tuple[list[Spot], float]:
    """Items in rows across ``width`` (each row centred, or from the left), pictures on
    one line with their captions under them, or beside; the spots (relative to the
    area's top-left) and the height of all rows."""
    rows: list[list[Item]] = []
    used = 0.0
    for it in items:
        if rows and used + GAP + it.width <= width:
            rows[-1].append(it)
            used += GAP + it.width
        else:
            rows.append([it])
            used = it.width
    out, y = [], 0.0
    for row in rows:
        total = sum(i.width for i in row) + GAP * (len(row) - 1)
        x = max(0.0, (width - total) / 2) if centred else 0.0
        pic_h = max(i.pic.height for i in row)
        for it in row:
            out.append(Spot(it, x, y, pic_h))
            x += it.width + GAP
        if row[0].beside:
            y += max(pic_h, max(i.text_h for i in row)) + 1.5 * mm
        else:
            y += pic_h + 1.2 * mm + max(i.text_h for i in row) + 1.5 * mm
    return out, y


def _caption(p: PileView, on: list[PileView]) -> str:
    """What a pile is and how many (one component, or one counter, by its name alone); a
    board names what lies on it."""
    if p.kind == "money":
        text = f"{p.name}: {p.shown}"
    elif p.count == 1 and (p.kind == "counters" or kind_named(p.kind) is not None):
        text = p.name
    else:
        text = f"{p.shown} × {p.name}"
    if on:
        what = [o.name.replace(", on ", " on ") if o.count == 1 else f"{o.shown} × {o.name}"
                for o in on]  # fmt: skip
        text += "; on it: " + "; ".join(what)
    return text


def _lies(kind: str) -> str:
    """How a pile of ``kind`` is drawn: as its component kind declares (a board, a sheet,
    flat), else as pieces (a pile kind: deck, hand, counters)."""
    declared = kind_named(kind)
    return declared.lies if declared else "piece"


def _lines(text: str, width: float) -> list[str]:
    """The caption wrapped to ``width`` points (at most four lines)."""
    return simpleSplit(text, LABEL_FONT, CAPTION_PT, width)[:4]


__all__ = ["CARD_SCALE", "COUNTER_SCALE", "SetupFigure"]
