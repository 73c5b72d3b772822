"""Counter sheets: tokens from the data, in blocks under their group headings.

``--chits square`` (the default) prints every counter as a gang-cut square carrying its
shape as an emblem; ``--chits shaped`` keeps the shapes: rounds at a standard punch's
size (the token's ``punch_mm``), triangles tessellated, diamonds spaced for scissors.
"""

from __future__ import annotations

from typing import Any

from pnp._errors import DataError, Location
from pnp.layout.cards import SheetSettings
from pnp.layout.chit_faces import shaped_face, square_face
from pnp.layout.chit_search import pack_groups
from pnp.layout.chit_shapes import PATTERNS
from pnp.layout.chits import (
    CONTINUED,
    GANG_MARK_MM,
    GAP_MM,
    HEADING_MM,
    TOKEN_BLEED_MM,
    Area,
    Block,
    Packer,
    Run,
)
from pnp.layout.labels import LABEL_BAND_MM
from pnp.layout.ops import Face, TextBlock
from pnp.layout.pages import Cut, Page, Placed
from pnp.layout.paper import CHITS, PAPERS_MM
from pnp.layout.sheet import Rect, marks_around, trim_lines, usable_area
from pnp.layout.tess import lines, marks, surround
from pnp.layout.textfit import set_text
from pnp.spec.components import Token, TokensComponent
from pnp.spec.game import Game
from pnp.text.fonts import load_font
from pnp.text.icons import find_icon, icon_dirs
from pnp.text.template import render_colour, render_text

__all__ = ["CHITS", "CONTINUED", "GANG_MARK_MM", "GAP_MM", "TOKEN_BLEED_MM", "lay_out_tokens"]

PAGE_MARGIN_MM = 10.0
"""Text pages (tracks) keep this far from the paper's edge, or the printer margin if more."""
TITLE_MM = 9.0
PUNCHES_MM = (16.0, 19.0, 25.0, 25.4)
"""Standard round punch diameters a ``punch_mm`` may name (5/8 in, 3/4 in, 25 mm, 1 in)."""
NOTES = {
    "spaced": " · punch or cut along the outline",
    "tess": " · cut straight from mark to mark, across the block, then row by row",
}
"""What a heading adds for pieces that are not plain squares (shaped chits only)."""
HEADING_PT = 10.0


def title_block(
    text: str,
    x: float,
    y: float,
    size: float,
    font: str = "Lato-Black",
    colour: str = "#141414",
    width: float | None = None,
    align: str = "left",
) -> TextBlock:
    """One line of text whose top is at ``y`` (mm from the top), ``width`` wide."""
    box = (x, y, width or PAPERS_MM["letter"][0], size * 0.5)
    return set_text(text, font, size, size, 1.0, box, align, "top", colour, who=repr(text))


MAX_TOKEN_COUNT = 1000
"""Most copies of one counter: 1,000 chips of 20 mm fill about ten A4 sheets, more than
any of the five games prints of all its counters together; a larger count is a typo
(or a number meant for another key) and would print, or hang, without end."""
MIN_TOKEN_MM = 8.0
"""Smallest counter: its label is then about 9 pt, above the 6 pt floor of every printed piece."""


def _resolve(
    token: Token, ctx: dict[str, Any], where: Location, largest_mm: float
) -> dict[str, Any]:
    """The counter's fields rendered; its count and size read as bounded numbers (the
    size at most ``largest_mm``, what one page holds under its titles), its punch one of
    the standard ones."""
    out: dict[str, Any] = {
        k: render_text(str(v), ctx, where, f"token {k}") for k, v in token.model_dump().items()
    }
    out["color"] = render_colour(token.color, ctx, where, "token color")
    out["ink"] = render_colour(token.ink, ctx, where, "token ink")
    count = _number(out["count"], "count", where, whole=True)
    if not 0 <= count <= MAX_TOKEN_COUNT:
        raise DataError(
            f"token count {out['count']!r} must be from 0 to {MAX_TOKEN_COUNT:,} "
            "(copies of one counter)",
            where,
        )
    size = _number(out["size_mm"], "size_mm", where)
    if not MIN_TOKEN_MM <= size <= largest_mm:  # nan fails both comparisons
        raise DataError(
            f"token size_mm {out['size_mm']!r} must be from {MIN_TOKEN_MM:g} to "
            f"{largest_mm:.1f} mm (the largest counter a page holds under its titles)",
            where,
        )
    punch = None
    if out["punch_mm"].strip():
        punch = _number(out["punch_mm"], "punch_mm", where)
        sizes = ", ".join(f"{p:g}" for p in PUNCHES_MM[:-1])
        if punch not in PUNCHES_MM:
            raise DataError(
                f"token punch_mm {out['punch_mm']!r} is no standard round punch: "
                f"{sizes} or {PUNCHES_MM[-1]:g} mm",
                where,
            )
        if out["shape"] != "circle":
            raise DataError(
                f"token punch_mm {out['punch_mm']!r} is for a circle; this token is a "
                f"{out['shape']} (drop punch_mm, or make it shape: circle)",
                where,
            )
    pattern = out["pattern"].strip()
    if pattern and pattern not in PATTERNS:
        raise DataError(
            f"token pattern {pattern!r} is none of {', '.join(PATTERNS)} (or empty: plain)", where
        )
    out["count"], out["size_mm"], out["punch_mm"], out["pattern"] = count, size, punch, pattern
    return out


def _number(text: str, key: str, where: Location, whole: bool = False) -> Any:
    try:
        return int(text) if whole else float(text)
    except ValueError:
        raise DataError(f"token {key} {text!r} is not a number", where) from None


def token_area(options: SheetSettings) -> Area:
    """Where blocks go: inside the layout margin, a chip's colour stopping at it."""
    w, h = PAPERS_MM[options.paper]
    m = options.inner_margin + TOKEN_BLEED_MM
    return Area(m, w - m, m, h - _foot(options), m + TITLE_MM)


def _foot(options: SheetSettings) -> float:
    """Kept free at the foot: the sheet label's band, unless registration room does."""
    return max(options.inner_margin + TOKEN_BLEED_MM, options.margin + LABEL_BAND_MM)


def largest_token_mm(options: SheetSettings) -> float:
    """The largest counter a page holds below its titles, with crop marks around it, on
    A4 and on Letter alike (a game's files build on both; validate lays out A4)."""
    m = options.inner_margin + TOKEN_BLEED_MM
    width = min(w for w, _ in PAPERS_MM.values()) - 2 * m
    height = min(h for _, h in PAPERS_MM.values()) - m - _foot(options) - TITLE_MM - HEADING_MM
    return min(width, height) - 2 * GANG_MARK_MM


Chit = tuple[str, str, dict[str, Any]]
"""A printed copy: its item id, its face key and its resolved spec."""


def _kind(spec: dict[str, Any], shaped: bool) -> tuple[str, float]:
    """How a counter prints: gang-cut, tessellated or spaced, and at what size."""
    if not shaped or spec["shape"] == "square":
        return "gang", spec["size_mm"]
    if spec["shape"] == "triangle":
        return "tess", spec["size_mm"]
    return "spaced", spec["punch_mm"] or spec["size_mm"]


def _runs(chits: list[Chit], shaped: bool) -> list[tuple[Run, list[Chit]]]:
    """Consecutive chits that may share a block: one size, and one colour where they
    butt (a miscut must not show a neighbour's colour)."""
    out: list[tuple[Run, list[Chit]]] = []
    last: tuple[Any, ...] | None = None
    for chit in chits:
        kind, d = _kind(chit[2], shaped)
        key = (kind, d, None if kind == "spaced" else (chit[2]["color"], chit[2]["pattern"]))
        if key != last:
            out.append((Run(kind, d, 0), []))
            last = key
        out[-1][1].append(chit)
    return [(Run(r.kind, r.d, len(c)), c) for r, c in out]


def lay_out_tokens(
    game: Game,
    comp: TokensComponent,
    index: int,
    options: SheetSettings,
    area: Area | None = None,
    faces_only: bool = False,
) -> tuple[list[Page], dict[str, Face]]:
    """Pages of counters: gang-cut blocks sharing cut lines with a crop mark on every
    line, tessellated triangles, or spaced rounds each with its cut outline; on each
    page inside ``area`` (mm, y down), by default all the page's room for them. With
    ``faces_only`` (a figure of the pieces), the faces alone: no sheet is packed."""
    shaped = options.chits == "shaped"
    faces: dict[str, Face] = {}
    area = area or token_area(options)
    bold = load_font("Lato-Bold")
    placed: list[tuple[str, list[tuple[Run, list[Chit]]]]] = []
    headed: list[tuple[str, list[Run]]] = []
    largest = largest_token_mm(options)
    for gi, group in enumerate(comp.groups):
        where = game.spec_location("components", index, "groups", gi)
        rows: list[Any] = [None]
        if group.each is not None:
            rows = game.spec.tables.get(group.each)  # type: ignore[assignment]
            if not isinstance(rows, list):
                raise DataError(f"each: no table {group.each!r} under tables:", where)
        ctx = {"tables": game.spec.tables}
        specs = [_resolve(group.token, {**ctx, "row": r}, where, largest) for r in rows]
        chits: list[Chit] = []
        for ri, spec in enumerate(specs):
            key = f"token:{comp.id}:{gi}:{ri}"
            kind, d = _kind(spec, shaped)
            who = f"{comp.id}: {group.title}"
            args = (spec["label"], spec["sub"], spec["shape"], d, spec["color"], spec["ink"])
            name = spec["icon"].strip()
            icon = str(find_icon(name, icon_dirs(game.template_dirs()), where)) if name else ""
            pattern = spec["pattern"]
            if kind == "gang":
                faces[key] = square_face(*args, who, where, icon, pattern)
            else:
                faces[key] = shaped_face(*args, who, where, kind == "spaced", icon, pattern)
            item = key.split(":", 1)[1]
            chits += [(f"{item}:{n + 1}", key, spec) for n in range(spec["count"])]
        runs = [(r, c) for r, c in _runs(chits, shaped) if r.n]
        if not runs:
            continue
        note = "".join(sorted({NOTES.get(r.kind, "") for r, _ in runs}))
        headed.append((group.title + note, [r for r, _ in runs]))
        placed.append((group.title, runs))
    if faces_only:
        return [], faces
    room = usable_area(PAPERS_MM[options.paper], options.inner_margin)
    packer = pack_groups(area, lambda t: bold.width(t, HEADING_PT) * 25.4 / 72, headed, room)
    return _pages(comp.title, options, area, packer, placed), faces


def _pages(
    title: str,
    options: SheetSettings,
    area: Area,
    packer: Packer,
    groups: list[tuple[str, list[tuple[Run, list[Chit]]]]],
) -> list[Page]:
    """Turn the packer's blocks into pages of placed chits, cuts, marks and headings."""
    size = PAPERS_MM[options.paper]
    pages = [Page(size, bleed=TOKEN_BLEED_MM) for _ in range(packer.page_count)]
    for page in pages:
        page.registration = options.registration_marks(size)
    pages[0].decor.append(title_block(title, area.left, area.first_top - TITLE_MM, 14))
    for h in packer.headings:
        pages[h.page].decor.append(title_block(h.text, h.x, h.y, HEADING_PT, "Lato-Bold"))
    for block in packer.blocks:
        name, runs = groups[block.group]
        chits = runs[block.index][1]
        _place(pages[block.page], block, name, chits[block.first : block.first + block.count])
    for page in pages:
        kinds = {"punch" if c.circle or c.polygon == "diamond" else "gang" for c in page.cuts}
        kinds |= {"tess" for c in page.cuts if c.polygon.startswith("triangle")}
        page.layout = "+".join(sorted(kinds - ({"gang"} if "tess" in kinds else set())))
    return pages


def _place(page: Page, block: Block, group: str, chits: list[Chit]) -> None:
    run, h = block.run, page.size[1]
    d = run.d
    slots = []
    for i in range(len(chits)):
        x, y, down = run.slot(i, block.cols)
        slots.append((block.x + x, block.y + y, down))
    trims = [(x, h - y - d, x + d, h - y) for x, y, _ in slots]
    if run.kind == "gang":
        _gang(page, trims, [c[0] for c in chits], group, [c[1] for c in chits])
        return
    b = TOKEN_BLEED_MM
    for (item, key, spec), trim, (_, _, down) in zip(chits, trims, slots, strict=True):
        if run.kind == "tess":
            page.items.append(Placed(item, group, key, trim, trim, rotate=180 if down else 0))
            page.cuts.append(Cut(trim, polygon="triangle-down" if down else "triangle"))
            continue
        clip = (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b)
        page.items.append(Placed(item, group, key, trim, clip))
        circle = spec["shape"] == "circle"
        page.cuts.append(Cut(trim, circle=circle, polygon="" if circle else spec["shape"]))
    if run.kind == "tess":  # no line across the art: a crop mark where each line leaves
        fill = chits[0][2]["color"]
        page.decor.extend(surround(slots, d, fill))
        page.marks.extend(marks(lines(slots, d), h))


def _gang(page: Page, trims: list[Rect], ids: list[str], group: str, keys: list[str]) -> None:
    """Squares butted in a block: colour past the edges with no square beyond them, one
    cut per square for a cutting machine, crop marks on every line around the block."""
    ex = (
        min(t[0] for t in trims),
        min(t[1] for t in trims),
        max(t[2] for t in trims),
        max(t[3] for t in trims),
    )
    b = TOKEN_BLEED_MM
    corners = {(round(t[0], 3), round(t[1], 3)) for t in trims}
    d = trims[0][2] - trims[0][0]
    for item_id, key, t in zip(ids, keys, trims, strict=True):
        x, y = round(t[0], 3), round(t[1], 3)

        def alone(dx: int, dy: int, x: float = x, y: float = y) -> float:
            """Bleed towards a side with no square beside it."""
            return 0.0 if (round(x + dx * d, 3), round(y + dy * d, 3)) in corners else b

        clip = (t[0] - alone(-1, 0), t[1] - alone(0, -1), t[2] + alone(1, 0), t[3] + alone(0, 1))
        page.items.append(Placed(item_id, group, key, t, clip))
        page.cuts.append(Cut(t))
    xs, ys = trim_lines(trims)
    m = GANG_MARK_MM
    page.marks.extend(marks_around(xs, ys, ex, (ex[0] - m, ex[1] - m, ex[2] + m, ex[3] + m)))
