"""Boards: regions from the data drawn as one face, printed on one sheet when the board
fits the paper, else on tiles that overlap by a glue strip.

A tile is a window onto the board face: the same drawing, shifted and clipped to the
tile's trim plus BLEED_MM (at an inner edge the bleed is the neighbouring tile's art, so
a glued seam shows no white either). Each sheet has a band at the top with the board's
title, the tile's name and a small assembly diagram; crop marks run outward from every
cut line, beyond the bleed, and stop at the printer margin. The parts a board is drawn
from are in pnp.layout.boardparts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp._errors import DataError, LayoutError
from pnp.layout.boardparts import region_extent, region_ops
from pnp.layout.ops import Face, Icon, Picture, Shape, TextBlock
from pnp.layout.pages import Page, Placed
from pnp.layout.paper import PAPERS_MM
from pnp.layout.sheet import Rect
from pnp.layout.textfit import set_text
from pnp.layout.tints import legible
from pnp.spec.components import BoardComponent
from pnp.spec.game import Game
from pnp.text.icons import icon_dirs

PRINTER_MARGIN_MM = 6.0
MARK_ROOM_MM = 5.0
"""Room between the printer margin and a cut line, where the crop marks go."""
BLEED_MM = 3.0
"""Art past a board's trim (3 mm, the trade norm)."""
SAFE_MM = 3.0
"""No text, frame or space of a board closer to its trim than this."""
BOARD_MARK_ROOM_MM = BLEED_MM + MARK_ROOM_MM
"""Room between a board's cut line and the printer margin: its bleed, then the marks."""
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
    inset = margin + BOARD_MARK_ROOM_MM
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


FRAME_CLEAR_MM = 2.0
"""Room between a frame's inner edge and the credit line inside it."""
CREDIT_H_MM = 3.0
"""Height of the credit line's box at the foot of a board."""
CREDIT_CONTRAST = 4.5
"""Contrast the credit line keeps with the board under it (WCAG AA for small text)."""


def safe_inset(comp: BoardComponent) -> float:
    """How far inside the trim text may start: the safe zone, or 2 mm inside the frame's
    inner edge (1.2 mm, as before, read as touching it on the printed mat)."""
    if not comp.frame:
        return SAFE_MM
    return max(SAFE_MM, comp.frame.inset + comp.frame.width / 2 + FRAME_CLEAR_MM)


def credit_block(
    text: str, box: tuple[float, float, float, float], ground: str | None = None
) -> TextBlock:
    """The game's credit line, small and grey (with ``ground``, the colour it lies on, a
    grey that keeps 4.5:1 on it), right-aligned in ``box``; when one line does not fit at
    5 pt (the least the copyright line may print at), two lines whose foot stays where the
    box's is."""
    grey = GUIDE if ground is None else legible(GUIDE, ground, CREDIT_CONTRAST)
    try:
        return _credit(text, box, grey)
    except LayoutError:
        x, y, w, h = box
        return _credit(text, (x, y - h, w, 2 * h), grey)


def _credit(text: str, box: tuple[float, float, float, float], grey: str) -> TextBlock:
    return set_text(
        text,
        "Lato-Italic",
        5.5,
        4,
        1.0,
        box,
        "right",
        "bottom",
        grey,
        who="credit line",
        fine_print=True,
    )


def board_face(game: Game, comp: BoardComponent, index: int, credit: str = "") -> Face:
    """The whole board as one drawing, in board mm: the background runs BLEED_MM past the
    trim, every region keeps SAFE_MM inside it (a 1 mm miscut clips nothing), a frame, if
    any, lies at its inset; ``credit`` goes at the foot when no region reaches there."""
    bw, bh = comp.size_mm
    b = BLEED_MM
    ops: list[Shape | TextBlock | Icon | Picture] = [
        Shape("rect", -b, -b, bw + 2 * b, bh + 2 * b, comp.background, None, 0, 0)
    ]
    icons = icon_dirs(game.template_dirs())
    lowest = 0.0
    for ri, region in enumerate(comp.regions):
        keys = ("components", index, "regions", ri)
        where = game.spec_location(*keys)
        x0, y0, x1, y1 = region_extent(game, region, where)
        if x0 < 0 or y0 < 0 or x1 > bw + 1e-6 or y1 > bh + 1e-6:
            shown = f"[{x0:g}, {y0:g}] to [{x1:g}, {y1:g}] mm"
            raise DataError(f"region {shown} lies outside the {bw:g}×{bh:g} mm board", where)
        if (
            x0 < SAFE_MM - 1e-6
            or y0 < SAFE_MM - 1e-6
            or x1 > bw - SAFE_MM + 1e-6
            or y1 > bh - SAFE_MM + 1e-6
        ):
            raise DataError(
                f"region [{x0:g}, {y0:g}] to [{x1:g}, {y1:g}] mm reaches into the {SAFE_MM:g} mm "
                f"safe zone of the {bw:g}×{bh:g} mm board (keep it within {SAFE_MM:g}–"
                f"{bw - SAFE_MM:g} mm across and {SAFE_MM:g}–{bh - SAFE_MM:g} mm down)",
                where,
            )
        ops += region_ops(game, region, keys, icons)
        lowest = max(lowest, y1)
    if comp.frame:
        f = comp.frame
        ops.append(
            Shape(
                "rect",
                f.inset,
                f.inset,
                bw - 2 * f.inset,
                bh - 2 * f.inset,
                None,
                f.color,
                f.width,
                0,
            )
        )
    inset = safe_inset(comp)
    if credit and lowest <= bh - inset - CREDIT_H_MM:
        ops.append(
            credit_block(
                credit,
                (inset, bh - inset - CREDIT_H_MM, bw - 2 * inset, CREDIT_H_MM),
                comp.background,
            )
        )
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


def crop_marks_around(
    trim: Rect, margin: float, page: tuple[float, float], bleed: float = 0.0
) -> list[Rect]:
    """Crop marks on the four cut lines, from just outside the cut (and its ``bleed``) to
    the margin."""
    x0, y0, x1, y1 = trim
    pw, ph = page
    gap, end = bleed + MARK_GAP_MM, bleed + MARK_GAP_MM + MARK_LEN_MM
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
    inset = margin + BOARD_MARK_ROOM_MM
    b = BLEED_MM
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
        top = margin + BAND_MM + BOARD_MARK_ROOM_MM + (room_h - h) / 2
        trim = (left, ph - top - h, left + w, ph - top)
        clip = (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b)
        page = Page((pw, ph), items=[Placed(tile.name, comp.id, key, trim, clip, tile.board)])
        page.decor = _band(comp, plan, tile, inset, margin + 0.5, pw - 2 * inset)
        page.marks = crop_marks_around(trim, margin, (pw, ph), b)
        page.bleed, page.layout = b, "tile"  # the manifest records both
        pages.append(page)
    return pages, faces
