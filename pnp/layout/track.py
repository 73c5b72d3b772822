"""Track sheets: tracks drawn as paths of spaces and tables set as tables, from the game's
data tables, in the game's own colours (its `accent`, tinted).

A track is a column of spaces joined by a ribbon with chevrons pointing the way, one
space per row of its table and in that order; each space holds its label (where the
counter sits) and shows its value on a tab beside it, so the value stays readable with
the counter on the space. A table is a heading row and rows in light bands. A section
marked `beside:` stands to the right of the one before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp._errors import DataError, Location
from pnp.layout.ops import Box, Shape, TextBlock
from pnp.layout.pages import Page
from pnp.layout.paper import PAPERS_MM
from pnp.layout.textfit import PT_TO_MM, set_text
from pnp.layout.tints import ink_on, mix
from pnp.layout.tokens import PAGE_MARGIN_MM, title_block
from pnp.spec.components import TrackComponent, TrackSection
from pnp.spec.game import Game
from pnp.text.icons import icon_dirs
from pnp.text.template import evaluate, is_true, render_text

INK = "#141414"
WHITE = "#ffffff"
RULE = "#9a9a9a"
INSET_MM = 5.0
"""Page content keeps this far inside the text margin."""
HEAD_MM = 9.0
"""A section's title, above its track or table: a line at 12 pt, or two smaller."""
GAP_MM = 7.0
"""Between two spaces of a track: the ribbon and its chevron show there."""
TAB_MM = 46.0
"""Width of the tab beside each space that shows its value."""
FLAG_MM = 15.0
"""Room left of the spaces for the flag that marks the start space."""
ROW_MM = 10.5
COLUMN_GAP_MM = 10.0
NOTE_PT = 9.0


@dataclass(frozen=True, slots=True)
class _Space:
    label: str
    value: str
    start: bool


def _rows(game: Game, section: TrackSection, where: Location) -> list[_Space]:
    """The section's table row by row: label, value and whether a marker starts there."""
    table = game.spec.tables.get(section.table)
    if not isinstance(table, list) or not table:
        raise DataError(f"no table {section.table!r} under tables:", where)
    out = []
    for i, row in enumerate(table):
        loop = {"index": i + 1, "index0": i, "first": i == 0, "last": i == len(table) - 1}
        ctx = {"row": row, "loop": loop, "tables": game.spec.tables}
        start = bool(section.start) and is_true(section.start, ctx, where, "start")
        label = evaluate(section.label, ctx, where, "label")
        out.append(_Space(label, evaluate(section.value, ctx, where, "value"), start))
    return out


def _note(text: str, x: float, y: float, w: float, where: Location) -> tuple[TextBlock, float]:
    block = set_text(
        text, "Lato-Italic", NOTE_PT, 7, 1.25, (x, y, w, 40), colour="#444444", who="note",
        where=where,
    )  # fmt: skip
    return block, block.size * 1.25 * PT_TO_MM * len(block.lines)


def _track(
    game: Game, section: TrackSection, spaces: list[_Space], x: float, y: float, where: Location
) -> tuple[list[Shape | TextBlock], float]:
    """A column of spaces from ``(x, y)``, ``FLAG_MM + space_mm + TAB_MM`` wide; the ops
    and their height."""
    accent, s, n = game.spec.accent, section.space_mm, len(spaces)
    sx = x + FLAG_MM
    ops: list[Shape | TextBlock] = []
    ribbon = s * 0.42
    height = n * s + (n - 1) * GAP_MM
    ops.append(
        Shape("rect", sx + (s - ribbon) / 2, y + s / 2, ribbon, height - s,
              mix(accent, WHITE, 0.78), None, 0, ribbon / 2)
    )  # fmt: skip
    dirs = icon_dirs(game.template_dirs())
    icon = f":{section.icon}: " if section.icon else ""
    for i, space in enumerate(spaces):
        top = y + i * (s + GAP_MM)
        fill = mix(accent, WHITE, 0.82 * (1 - i / max(n - 1, 1)))  # light to the accent
        ink = ink_on(fill)
        tab_x = sx + s - 3
        ops.append(
            Shape("rect", tab_x, top + s * 0.2, TAB_MM + 3, s * 0.6, WHITE,
                  mix(accent, WHITE, 0.35), 0.35, 2.0)
        )  # fmt: skip
        ops.append(Shape("rect", sx, top, s, s, fill, accent, 0.5, s * 0.14))
        ops.append(
            set_text(
                space.label, "Lato-Black", s * 1.35, 10, 1.0, (sx + 1, top + s * 0.14, s - 2,
                s * 0.72), "center", "middle", ink, who=f"space {i + 1}", where=where,
            )
        )  # fmt: skip
        ops.append(
            set_text(
                icon + space.value, "Lato-Bold", 13, 8, 1.0,
                (tab_x + 5, top + s * 0.2, TAB_MM - 6, s * 0.6), "left", "middle",
                mix(accent, INK, 0.3), who=f"space {i + 1} value", where=where, rich=True,
                icon_dirs=dirs,
            )
        )  # fmt: skip
        if i < n - 1:
            ops += _chevron(sx + s / 2, top + s + GAP_MM / 2, accent)
        if space.start:
            ops += _flag(x, top + s / 2, accent, where)
    return ops, height


def _chevron(cx: float, cy: float, colour: str) -> list[Shape | TextBlock]:
    """A 'v' pointing down the track, the way a marker moves."""
    half, drop, width = 2.6, 1.8, 0.7
    return [
        Shape("line", cx - half, cy - drop / 2, half, drop, None, colour, width, 0),
        Shape("line", cx, cy + drop / 2, half, -drop, None, colour, width, 0),
    ]


def _flag(x: float, cy: float, accent: str, where: Location) -> list[Shape | TextBlock]:
    """'START' on a tab pointing at the space a marker starts on."""
    w, h = FLAG_MM - 2.5, 6.0
    return [
        Shape("rect", x, cy - h / 2, w, h, accent, None, 0, 1.2),
        Shape("diamond", x + w - 1.8, cy - 1.8, 3.6, 3.6, accent, None, 0, 0),
        set_text("START", "Lato-Black", 7, 6, 1.0, (x, cy - h / 2, w - 0.6, h), "center",
                 "middle", ink_on(accent), who="start flag", where=where),
    ]  # fmt: skip


def _table(
    game: Game, section: TrackSection, rows: list[_Space], x: float, y: float, width: float,
    where: Location,
) -> tuple[list[Shape | TextBlock], float]:  # fmt: skip
    """Two columns in bands under a heading row in the accent; the ops and their height."""
    accent, y0 = game.spec.accent, y
    col = width / 2
    ops: list[Shape | TextBlock] = []
    if section.header:
        heads = [*section.header, ""][:2]
        ops.append(Shape("rect", x, y, width, ROW_MM, accent, None, 0, 0))
        for c, head in enumerate(heads):
            ops.append(
                set_text(head, "Lato-Bold", 11, 7, 1.0, (x + c * col + 2, y, col - 4, ROW_MM),
                         "center", "middle", ink_on(accent), who=f"heading {c + 1}", where=where)
            )  # fmt: skip
        y += ROW_MM
    top = y
    for i, row in enumerate(rows):
        ry = top + i * ROW_MM
        fill = mix(accent, WHITE, 0.9) if i % 2 == 0 else WHITE
        ops.append(Shape("rect", x, ry, width, ROW_MM, fill, None, 0, 0))
        for c, (text, font) in enumerate(((row.label, "Lato-Black"), (row.value, "Lato-Bold"))):
            ops.append(
                set_text(text, font, 13, 8, 1.0, (x + c * col + 2, ry, col - 4, ROW_MM),
                         "center", "middle", INK, who=f"row {i + 1}", where=where)
            )  # fmt: skip
    bottom = top + ROW_MM * len(rows)
    ops.append(Shape("line", x + col, top, 0, bottom - top, None, RULE, 0.2, 0))
    ops.append(Shape("line", x, bottom, width, 0, None, accent, 0.5, 0))
    return ops, bottom - y0


def lay_out_track(
    game: Game, comp: TrackComponent, index: int, paper: str, margin: float
) -> list[Page]:
    """One page of the component's tracks and tables, kept inside the printer margin."""
    return [track_sheet(game, comp, index, paper, margin)[0]]


def track_sheet(
    game: Game, comp: TrackComponent, index: int, paper: str, margin: float
) -> tuple[Page, dict[str, Box]]:
    """The page of tracks and tables, and where each space of its tracks lies: by
    ``COMPONENT.TABLE:N`` (space N, from 1, of the track drawn from table TABLE), the
    space's x0, y0, x1, y1 in mm from the page's top-left."""
    spots: dict[str, Box] = {}
    pw, ph = PAPERS_MM[paper]
    edge = max(PAGE_MARGIN_MM, margin)
    left, width = edge + INSET_MM, pw - 2 * (edge + INSET_MM)
    page = Page((pw, ph), decor=[title_block(comp.title, left, edge + 2, 16)])
    y = row_top = row_bottom = edge + 14
    x = left
    for si, section in enumerate(comp.sections):
        where = game.spec_location("components", index, "sections", si)
        rows = _rows(game, section, where)
        if section.beside and si:
            x, y = x + COLUMN_GAP_MM, row_top
        else:
            x, y = left, row_bottom
            row_top = y
        room = left + width - x
        next_beside = si + 1 < len(comp.sections) and comp.sections[si + 1].beside
        if section.type == "track":
            used = FLAG_MM + section.space_mm + TAB_MM
        else:
            used = min(room, width / 2) if next_beside else room
        page.decor.append(
            set_text(section.title, "Lato-Bold", 12, 8, 1.05, (x, y, min(used, room), HEAD_MM),
                     "left", "top", INK, who="section title", where=where)
        )  # fmt: skip
        y += HEAD_MM + 1.5
        if section.type == "track":
            ops, h = _track(game, section, rows, x, y, where)
            s, sx = section.space_mm, x + FLAG_MM
            for i in range(len(rows)):
                top = y + i * (s + GAP_MM)
                spots[f"{comp.id}.{section.table}:{i + 1}"] = (sx, top, sx + s, top + s)
        else:
            ops, h = _table(game, section, rows, x, y, used, where)
        if used > room + 1e-6 or y + h > ph - edge:
            raise DataError(
                f"section {section.title!r} does not fit on the {paper} page "
                f"inside a {edge:g} mm margin",
                where,
            )
        page.decor += ops
        y += h
        if section.note:
            note = render_text(section.note, {"tables": game.spec.tables}, where, "note")
            block, nh = _note(note, x, y + 2.5, used, where)
            page.decor.append(block)
            y += nh + 2.5
        x += used
        row_bottom = max(row_bottom, y + 9)
    return page, spots
