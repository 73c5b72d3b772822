"""Counter sheets: tokens from the data, packed in rows under their group titles."""

from __future__ import annotations

import math
from typing import Any

from pnp._errors import DataError, Location
from pnp.layout.cards import SheetOptions
from pnp.layout.labels import LABEL_BAND_MM
from pnp.layout.ops import Face, Icon, Shape, TextBlock
from pnp.layout.pages import Cut, Page, Placed
from pnp.layout.sheet import PAPERS_MM, Rect, marks_around, trim_lines
from pnp.layout.textfit import set_text
from pnp.spec.components import Token, TokensComponent
from pnp.spec.load import Game
from pnp.text.icons import find_icon, icon_dirs
from pnp.text.template import render_colour, render_text

PAGE_MARGIN_MM = 10.0
"""Text pages (tracks) keep this far from the paper's edge, or the printer margin if more."""
GAP_MM = 3.0
"""Between round chips (room for a punch's rim or scissors) and between blocks."""
TITLE_MM = 9.0
GROUP_TITLE_MM = 6.5
GANG_MARK_MM = 3.0
"""Crop marks around a gang-cut block run this far out from its edge."""
TOKEN_BLEED_MM = 1.2
"""Colour past a counter's cut line: a cut that misses by 1 mm shows no white."""
CUT_COLOUR = "#444444"
ROUND_NOTE = " · punch or cut along the outline"


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


def token_face(
    label: str,
    sub: str,
    shape: str,
    d: float,
    fill: str,
    ink: str,
    who: str,
    where: Location,
    icon: str = "",
) -> Face:
    """A counter ``d`` mm across; ``icon`` (an SVG path) is a symbol above its words."""
    b = TOKEN_BLEED_MM
    if shape != "square":  # colour past the outline, then the outline to cut along
        kind = "ellipse" if shape == "circle" else shape
        ops: list[Shape | TextBlock | Icon] = [
            Shape(kind, -b, -b, d + 2 * b, d + 2 * b, fill, None, 0, 0),
            Shape(kind, 0, 0, d, d, fill, CUT_COLOUR, 0.25, 0),
        ]
    else:  # gang-cut: colour to the edges and beyond, the crop marks show the cuts
        ops = [Shape("rect", 0, 0, d, d, fill, None, 0, 0)]
    label_h = d * (0.42 if sub else 0.55)
    top = d * (0.18 if sub else 0.22)
    if shape == "triangle":  # the words sit in the wide lower part
        label_h, top = d * (0.3 if sub else 0.36), d * (0.44 if sub else 0.5)
    if icon:  # the symbol takes the upper part, the words move below it
        size = d * (0.3 if shape == "triangle" or sub else 0.4)
        icon_top = d * (0.4 if shape == "triangle" else 0.14)
        ops.append(Icon(icon, (d - size) / 2, icon_top, size, size, ink))
        top = icon_top + size + d * 0.03
        label_h = d * (0.16 if sub else 0.22)
    ops.append(
        set_text(
            label,
            "Lato-Black",
            d * 1.6,
            5,
            1.1,
            (d * 0.15, top, d * 0.7, label_h),
            "center",
            "middle",
            ink,
            0,
            f"{who}: label",
            where,
        )
    )
    if sub:
        ops.append(
            set_text(
                sub,
                "Lato-Bold",
                min(7.0, d * 0.32),
                3.5,
                1.1,
                (d * 0.14, top + label_h, d * 0.72, d * 0.26),
                "center",
                "middle",
                ink,
                0,
                f"{who}: sub",
                where,
            )
        )
    return Face(d, d, tuple(ops))


MAX_TOKEN_COUNT = 1000
"""Most copies of one counter: 1,000 chips of 20 mm fill about ten A4 sheets, more than
any of the five games prints of all its counters together; a larger count is a typo
(or a number meant for another key) and would print, or hang, without end."""
MIN_TOKEN_MM = 8.0
"""Smallest counter: its label is then about 9 pt, above the 6 pt floor of DESIGN.md §4."""


def _resolve(
    token: Token, ctx: dict[str, Any], where: Location, largest_mm: float
) -> dict[str, Any]:
    """The counter's fields rendered; its count and size read as bounded numbers (the
    size at most ``largest_mm``, what one page holds under its titles)."""
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
    out["count"], out["size_mm"] = count, size
    return out


def _number(text: str, key: str, where: Location, whole: bool = False) -> Any:
    try:
        return int(text) if whole else float(text)
    except ValueError:
        raise DataError(f"token {key} {text!r} is not a number", where) from None


class _Packer:
    """Fills pages top to bottom with group titles, rows of round chips and gang-cut
    blocks of squares, inside the layout margin."""

    def __init__(self, title: str, options: SheetOptions) -> None:
        self.options = options
        self.size = PAPERS_MM[options.paper]
        m = options.inner_margin + TOKEN_BLEED_MM  # a chip's colour stops at the margin
        self.left, self.right = m, self.size[0] - m
        # the foot keeps the sheet label's band free, unless registration room already does
        self.foot = max(m, options.margin + LABEL_BAND_MM)
        self.top, self.bottom = m, self.size[1] - self.foot
        self.pages: list[Page] = []
        self.new_page()
        self.pages[0].decor.append(title_block(title, self.left, self.top, 14))
        self.y = self.top + TITLE_MM

    def largest(self) -> float:
        """The largest counter a page holds below its titles, with crop marks around it, on
        A4 and on Letter alike (a game's files build on both; validate lays out A4)."""
        m = self.left
        width = min(w for w, _ in PAPERS_MM.values()) - 2 * m
        height = min(h for _, h in PAPERS_MM.values()) - m - self.foot - TITLE_MM - GROUP_TITLE_MM
        return min(width, height) - 2 * GANG_MARK_MM

    def new_page(self) -> None:
        page = Page(self.size, bleed=TOKEN_BLEED_MM)
        page.registration = self.options.registration_marks(self.size)
        self.pages.append(page)
        self.x, self.y, self.row_h = self.left, self.top, 0.0

    def room(self, h: float) -> bool:
        return self.y + h <= self.bottom + 1e-9

    def title(self, text: str, first_h: float) -> None:
        if not self.room(GROUP_TITLE_MM + first_h):
            self.new_page()
        self.pages[-1].decor.append(title_block(text, self.left, self.y, 10, "Lato-Bold"))
        self.y += GROUP_TITLE_MM
        self.x, self.row_h = self.left, 0.0

    def end_row(self) -> None:
        if self.row_h:
            self.y += self.row_h + GAP_MM
        self.x, self.row_h = self.left, 0.0

    def chip(self, d: float) -> Rect:
        """Where the next round chip goes (trim box, mm from the bottom-left)."""
        if self.x + d > self.right + 1e-9:
            self.end_row()
        if not self.room(d):
            self.new_page()
        trim = (self.x, self.size[1] - self.y - d, self.x + d, self.size[1] - self.y)
        self.x += d + GAP_MM
        self.row_h = max(self.row_h, d)
        return trim

    def block(self, d: float, count: int) -> list[tuple[Page, list[Rect]]]:
        """Gang-cut blocks of ``count`` squares: rows of butted squares framed by crop marks,
        beside the previous block when it fits on the row, split over pages when needed."""
        m = GANG_MARK_MM
        full = max(1, int((self.right - self.left - 2 * m + 1e-9) // d))
        blocks: list[tuple[Page, list[Rect]]] = []
        while count:
            cols = min(count, full)
            width = cols * d + 2 * m
            if self.x > self.left and self.x + width > self.right + 1e-9:
                self.end_row()
            rows = int((self.bottom - self.y - 2 * m + 1e-9) // d)
            if rows < 1:
                self.new_page()
                continue
            n = min(count, rows * cols)
            x0, top = self.x + m, self.size[1] - self.y - m
            trims = [
                (x0 + c * d, top - (r + 1) * d, x0 + (c + 1) * d, top - r * d)
                for r, c in (divmod(i, cols) for i in range(n))
            ]
            blocks.append((self.pages[-1], trims))
            self.x += width + GAP_MM
            self.row_h = max(self.row_h, math.ceil(n / cols) * d + 2 * m)
            count -= n
        return blocks


def lay_out_tokens(
    game: Game, comp: TokensComponent, index: int, options: SheetOptions
) -> tuple[list[Page], dict[str, Face]]:
    """Pages of counters: round chips spaced for a punch or scissors, each with its cut
    outline; squares gang-cut in blocks that share cut lines, crop marks on every line."""
    faces: dict[str, Face] = {}
    pack = _Packer(comp.title, options)
    for gi, group in enumerate(comp.groups):
        where = game.spec_location("components", index, "groups", gi)
        rows: list[Any] = [None]
        if group.each is not None:
            rows = game.spec.tables.get(group.each)  # type: ignore[assignment]
            if not isinstance(rows, list):
                raise DataError(f"each: no table {group.each!r} under tables:", where)
        ctx = {"tables": game.spec.tables}
        specs = [_resolve(group.token, {**ctx, "row": r}, where, pack.largest()) for r in rows]
        round_chips = any(s["shape"] != "square" for s in specs)
        pack.title(group.title + (ROUND_NOTE if round_chips else ""), specs[0]["size_mm"])
        for ri, spec in enumerate(specs):
            d = spec["size_mm"]
            key = f"token:{comp.id}:{gi}:{ri}"
            icon = spec["icon"].strip()
            faces[key] = token_face(
                spec["label"],
                spec["sub"],
                spec["shape"],
                d,
                spec["color"],
                spec["ink"],
                f"{comp.id}: {group.title}",
                where,
                str(find_icon(icon, icon_dirs(game.template_dirs()), where)) if icon else "",
            )
            item_id = key.split(":", 1)[1]
            if spec["shape"] != "square":
                polygon = "" if spec["shape"] == "circle" else spec["shape"]
                for n in range(spec["count"]):
                    trim = pack.chip(d)
                    page = pack.pages[-1]
                    b = TOKEN_BLEED_MM
                    clip = (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b)
                    page.items.append(Placed(f"{item_id}:{n + 1}", group.title, key, trim, clip))
                    page.cuts.append(Cut(trim, circle=not polygon, polygon=polygon))
                continue
            n = 0
            for page, trims in pack.block(d, spec["count"]):
                ids = [f"{item_id}:{n + i + 1}" for i in range(len(trims))]
                _gang(page, trims, ids, group.title, key)
                n += len(trims)
        pack.end_row()
        pack.y += GAP_MM
    for page in pack.pages:
        page.layout = "+".join(
            sorted({"punch" if c.circle or c.polygon else "gang" for c in page.cuts})
        )
    return pack.pages, faces


def _gang(page: Page, trims: list[Rect], ids: list[str], group: str, key: str) -> None:
    ex = (
        min(t[0] for t in trims),
        min(t[1] for t in trims),
        max(t[2] for t in trims),
        max(t[3] for t in trims),
    )
    b = TOKEN_BLEED_MM
    corners = {(round(t[0], 3), round(t[1], 3)) for t in trims}
    d = trims[0][2] - trims[0][0]
    for item_id, t in zip(ids, trims, strict=True):
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
