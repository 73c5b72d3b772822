"""Boards: regions from the data drawn as one face, printed on one sheet when the board
fits the paper, else on tiles that overlap by a glue strip.

A tile is a window onto the board face: the same drawing, shifted and clipped. Each sheet
has a band at the top with the board's title, the tile's name and a small assembly
diagram; crop marks run outward from every cut line and stop at the printer margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from pnp._errors import DataError, LayoutError, Location
from pnp.layout.ops import Face, Icon, Picture, Shape, TextBlock
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import PAPERS_MM, Rect
from pnp.layout.textfit import set_text
from pnp.spec.components import BoardComponent, BoardRegion
from pnp.spec.load import Game
from pnp.text.template import evaluate, render_colour, render_text

PRINTER_MARGIN_MM = 6.0
MARK_ROOM_MM = 5.0
"""Room between the printer margin and a cut line, where the crop marks go."""
BAND_MM = 12.0
"""Band at the top of every board sheet: title, tile name, assembly diagram."""
OVERLAP_MM = 10.0
"""Glue strip a tile shares with its right-hand and lower neighbours."""
MARK_GAP_MM = 1.0
MARK_LEN_MM = 3.5
INK = "#141414"
GUIDE = "#8a8a8a"


@dataclass(frozen=True, slots=True)
class Tile:
    """One sheet's window onto the board: its name and its rectangle in board mm
    (x0, y0 from the board's top-left, y down; x1, y1 exclusive)."""

    name: str
    row: int
    col: int
    board: Rect


@dataclass(frozen=True, slots=True)
class TilePlan:
    page: tuple[float, float]
    rows: int
    cols: int
    tiles: tuple[Tile, ...]


def _room(page: tuple[float, float], margin: float) -> tuple[float, float]:
    inset = margin + MARK_ROOM_MM
    return (page[0] - 2 * inset, page[1] - 2 * inset - BAND_MM)


def _spans(length: float, room: float) -> list[tuple[float, float]]:
    """Windows of at most ``room`` mm covering ``length``, each overlapping the next."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    step = room - OVERLAP_MM
    n = math.ceil((length - OVERLAP_MM) / step - 1e-9)
    return [(i * step, min(length, i * step + room)) for i in range(n)]


def plan_tiles(
    board: tuple[float, float], paper: str, margin: float = PRINTER_MARGIN_MM
) -> TilePlan:
    """Portrait or landscape, whichever needs fewer sheets (portrait on a tie)."""
    pw, ph = PAPERS_MM[paper]
    best: TilePlan | None = None
    for page in ((pw, ph), (ph, pw)):
        room_w, room_h = _room(page, margin)
        if room_w <= OVERLAP_MM or room_h <= OVERLAP_MM:
            continue
        xs, ys = _spans(board[0], room_w), _spans(board[1], room_h)
        tiles = tuple(
            Tile(f"{chr(ord('A') + r)}{c + 1}", r, c, (x0, y0, x1, y1))
            for r, (y0, y1) in enumerate(ys)
            for c, (x0, x1) in enumerate(xs)
        )
        plan = TilePlan(page, len(ys), len(xs), tiles)
        if best is None or len(plan.tiles) < len(best.tiles):
            best = plan
    if best is None:
        raise DataError(f"a {paper} sheet has no room for a board inside a {margin} mm margin")
    return best


def _space_context(game: Game, i: int, n: int) -> dict[str, Any]:
    return {
        "space": {"index0": i, "index": i + 1, "count": n, "first": i == 0, "last": i == n - 1},
        "tables": game.spec.tables,
        "game": {"name": game.spec.name, "id": game.spec.id},
    }


def _spaces(game: Game, region: BoardRegion, where: Location) -> int:
    ctx = _space_context(game, 0, 0)
    text = evaluate(region.spaces, ctx, where, "spaces")
    try:
        n = int(text)
    except ValueError:
        raise DataError(f"spaces: {text[:40]!r} is not a whole number", where) from None
    if not 1 <= n <= 200:
        raise DataError(f"spaces: {n} is outside 1–200", where)
    return n


def _track(game: Game, region: BoardRegion, where: Location) -> list[Shape | TextBlock]:
    x, y, w, h = region.rect
    n = _spaces(game, region, where)
    across = region.direction == "across"
    sw, sh = (w / n, h) if across else (w, h / n)
    if min(sw, sh) < 5.0:
        raise DataError(f"{n} spaces of {sw:.1f}×{sh:.1f} mm are too small (5 mm at least)", where)
    ops: list[Shape | TextBlock] = []
    for i in range(n):
        ctx = _space_context(game, i, n)
        sx, sy = (x + i * sw, y) if across else (x, y + i * sh)
        fill = render_colour(region.fill, ctx, where, "fill")
        ops.append(Shape("rect", sx, sy, sw, sh, fill, region.stroke, 0.35, 0))
        label = evaluate(region.label, ctx, where, "label") if region.label else ""
        marked = bool(region.mark) and evaluate(region.mark, ctx, where, "mark") not in (
            "",
            "False",
            "false",
            "0",
            "None",
        )
        if label:
            box_h = sh * (0.55 if marked else 0.8)
            ops.append(
                set_text(
                    label,
                    "Lato-Black",
                    region.font_size,
                    5,
                    1.0,
                    (sx + 0.8, sy + sh * 0.08, sw - 1.6, box_h),
                    "center",
                    "middle",
                    INK,
                    who=f"space {i + 1}",
                    where=where,
                )
            )
        if marked:
            d = min(sw, sh) * 0.32
            cy = sy + (sh * 0.78 if label else sh / 2)
            ops.append(
                Shape("ellipse", sx + (sw - d) / 2, cy - d / 2, d, d, "#ffffff", INK, 0.4, 0)
            )
    if region.title:
        title = render_text(region.title, _space_context(game, 0, n), where, "title")
        ops.append(
            set_text(
                title,
                "Lato-Bold",
                10,
                6,
                1.0,
                (x, y - 6.0, w, 5.0),
                "left",
                "bottom",
                INK,
                who="track title",
                where=where,
            )
        )
    return ops


def _box(game: Game, region: BoardRegion, where: Location) -> list[Shape | TextBlock]:
    x, y, w, h = region.rect
    ctx = _space_context(game, 0, 1)
    ops: list[Shape | TextBlock] = []
    fill = render_colour(region.fill, ctx, where, "fill")
    if region.kind == "box":
        ops.append(Shape("rect", x, y, w, h, fill, region.stroke, 0.5, 2.0))
    top = y + 2.0
    if region.title:
        title = render_text(region.title, ctx, where, "title")
        ops.append(
            set_text(
                title,
                "Lato-Black",
                region.font_size,
                6,
                1.0,
                (x + 2, top, w - 4, 7),
                "center",
                "top",
                INK,
                who="title",
                where=where,
            )
        )
        top += region.font_size * 0.5
    if region.text:
        body = render_text(region.text, ctx, where, "text")
        ops.append(
            set_text(
                body,
                "Lato-Regular",
                region.font_size * 0.8,
                5,
                1.2,
                (x + 2.5, top + 1, w - 5, y + h - top - 2.5),
                "center",
                "middle",
                INK,
                who="text",
                where=where,
            )
        )
    return ops


CREDIT_STRIP_MM = 4.0
"""Free strip at the foot of a board where its credit line goes."""


def credit_block(text: str, box: tuple[float, float, float, float]) -> TextBlock:
    """The game's credit line, small and grey, right-aligned in ``box``; when one line
    does not fit at 5 pt (the least the copyright line may print at), two lines whose
    foot stays where the box's is."""
    try:
        return _credit(text, box)
    except LayoutError:
        x, y, w, h = box
        return _credit(text, (x, y - h, w, 2 * h))


def _credit(text: str, box: tuple[float, float, float, float]) -> TextBlock:
    return set_text(
        text,
        "Lato-Italic",
        5.5,
        4,
        1.0,
        box,
        "right",
        "bottom",
        GUIDE,
        who="credit line",
        fine_print=True,
    )


def board_face(game: Game, comp: BoardComponent, index: int, credit: str = "") -> Face:
    """The whole board as one drawing, in board mm; ``credit`` goes in the free strip at
    its foot (None fits when a region reaches into it)."""
    bw, bh = comp.size_mm
    ops: list[Shape | TextBlock] = [Shape("rect", 0, 0, bw, bh, comp.background, None, 0, 0)]
    lowest = 0.0
    for ri, region in enumerate(comp.regions):
        where = game.spec_location("components", index, "regions", ri)
        x, y, w, h = region.rect
        if x < 0 or y < 0 or w <= 0 or h <= 0 or x + w > bw + 1e-6 or y + h > bh + 1e-6:
            raise DataError(f"region {region.rect} lies outside the {bw:g}×{bh:g} mm board", where)
        ops += _track(game, region, where) if region.kind == "track" else _box(game, region, where)
        lowest = max(lowest, y + h)
    if credit and lowest <= bh - CREDIT_STRIP_MM:
        ops.append(credit_block(credit, (3.0, bh - CREDIT_STRIP_MM + 0.5, bw - 6.0, 3.0)))
    ops.append(Shape("rect", 0, 0, bw, bh, None, INK, 0.6, 0))
    return Face(bw, bh, tuple(ops))


def _shift(
    op: Shape | TextBlock | Icon | Picture, dx: float, dy: float
) -> Shape | TextBlock | Icon | Picture:
    if isinstance(op, TextBlock):
        lines = tuple((x + dx, y + dy, t) for x, y, t in op.lines)
        runs = tuple(replace(r, x=r.x + dx, y=r.y + dy) for r in op.runs)
        centre = (op.centre[0] + dx, op.centre[1] + dy)
        return replace(op, lines=lines, centre=centre, runs=runs)
    if isinstance(op, Picture):
        fx, fy, fw, fh = op.frame
        return replace(op, x=op.x + dx, y=op.y + dy, frame=(fx + dx, fy + dy, fw, fh))
    return replace(op, x=op.x + dx, y=op.y + dy)


def _guides(tile: Tile, plan: TilePlan, board: tuple[float, float]) -> list[Shape | TextBlock]:
    """Glue strips and alignment crosses, in tile mm: where the next tile's edge lands."""
    x0, y0, x1, y1 = tile.board
    w, h = x1 - x0, y1 - y0
    ops: list[Shape | TextBlock] = []
    crosses: list[tuple[float, float]] = []
    if tile.col < plan.cols - 1:  # a strip on the right, under the next tile
        edge = w - OVERLAP_MM
        ops.append(Shape("line", edge, 0, 0, h, None, GUIDE, 0.3, 0))
        crosses += [(edge + OVERLAP_MM / 2, h * f) for f in (0.25, 0.75)]
    if tile.row < plan.rows - 1:
        edge = h - OVERLAP_MM
        ops.append(Shape("line", 0, edge, w, 0, None, GUIDE, 0.3, 0))
        crosses += [(w * f, edge + OVERLAP_MM / 2) for f in (0.25, 0.75)]
    if tile.col > 0:  # the same crosses, seen from the tile that goes on top
        crosses += [(OVERLAP_MM / 2, h * f) for f in (0.25, 0.75)]
    if tile.row > 0:
        crosses += [(w * f, OVERLAP_MM / 2) for f in (0.25, 0.75)]
    for cx, cy in crosses:
        ops.append(Shape("line", cx - 2, cy, 4, 0, None, GUIDE, 0.3, 0))
        ops.append(Shape("line", cx, cy - 2, 0, 4, None, GUIDE, 0.3, 0))
    return ops


def _band(
    comp: BoardComponent, plan: TilePlan, tile: Tile, left: float, top: float, width: float
) -> list[Shape | TextBlock]:
    """Title, tile name and the assembly diagram with this tile filled in."""
    ops: list[Shape | TextBlock] = []
    cell = min(6.0, (BAND_MM - 3) / plan.rows, 24.0 / plan.cols)
    dx = left + width - cell * plan.cols if len(plan.tiles) > 1 else left + width
    for t in plan.tiles if len(plan.tiles) > 1 else ():
        fill = INK if t is tile else "#ffffff"
        ops.append(
            Shape("rect", dx + t.col * cell, top + t.row * cell, cell, cell, fill, INK, 0.25, 0)
        )
    text = comp.title
    if len(plan.tiles) > 1:
        text += f" — sheet {tile.name} of {len(plan.tiles)}: "
        text += "lay the next sheet's edge on the grey line and glue"
    ops.append(
        set_text(
            text,
            "Lato-Bold",
            10,
            6,
            1.0,
            (left, top, dx - left - 3, 6),
            "left",
            "top",
            INK,
            who="board title",
        )
    )
    return ops


def crop_marks_around(trim: Rect, margin: float, page: tuple[float, float]) -> list[Rect]:
    """Crop marks on the four cut lines, from just outside the cut to the margin."""
    x0, y0, x1, y1 = trim
    pw, ph = page
    gap, end = MARK_GAP_MM, MARK_GAP_MM + MARK_LEN_MM
    out: list[Rect] = []
    for x in (x0, x1):
        out.append((x, y1 + gap, x, min(ph - margin, y1 + end)))
        out.append((x, y0 - gap, x, max(margin, y0 - end)))
    for y in (y0, y1):
        out.append((x0 - gap, y, max(margin, x0 - end), y))
        out.append((x1 + gap, y, min(pw - margin, x1 + end), y))
    return [m for m in out if abs(m[0] - m[2]) + abs(m[1] - m[3]) > 0.5]


def lay_out_board(
    game: Game,
    comp: BoardComponent,
    index: int,
    paper: str,
    margin: float = PRINTER_MARGIN_MM,
    credit: str = "",
) -> tuple[list[Page], dict[str, Face]]:
    """Sheets of a board, one per tile, and the faces they place."""
    face = board_face(game, comp, index, credit)
    board = comp.size_mm
    plan = plan_tiles(board, paper, margin)
    pw, ph = plan.page
    inset = margin + MARK_ROOM_MM
    pages: list[Page] = []
    faces: dict[str, Face] = {}
    for tile in plan.tiles:
        x0, y0, x1, y1 = tile.board
        w, h = x1 - x0, y1 - y0
        ops = tuple(_shift(op, -x0, -y0) for op in face.ops)
        key = f"{comp.id}:{tile.name}"
        faces[key] = Face(w, h, ops + tuple(_guides(tile, plan, board)))
        room_w, room_h = _room((pw, ph), margin)
        left = inset + (room_w - w) / 2  # the tile's top-left, mm from the page's top-left
        top = inset + BAND_MM + (room_h - h) / 2
        trim = (left, ph - top - h, left + w, ph - top)
        page = Page((pw, ph), items=[Placed(tile.name, comp.id, key, trim, trim, tile.board)])
        page.decor = _band(comp, plan, tile, inset, inset, pw - 2 * inset)
        page.marks = crop_marks_around(trim, margin, (pw, ph))
        pages.append(page)
    return pages, faces
