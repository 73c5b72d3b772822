"""Markdown tables as platypus tables: widths from measured text, numbers aligned."""

from __future__ import annotations

import re
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Table, TableStyle

from pnp.render.blocks import UNBOUNDED, Block, natural_width, plain_text
from pnp.render.pdf import colour

_NUMBER = re.compile(r"^[+\-–−]?\$?[\d.,/]+\s*[a-z%+]{0,2}$")
"""A cell that holds a number, an amount or a ratio ($200m, 16+, 1/6): right-aligned."""
LEAST_ROWS = 2
"""Body rows a part of a split table keeps at least."""
Extents = list[list[tuple[float, float]]]
"""Each cell's natural and least width, row by row."""


class BlockTable(Table):  # type: ignore[misc]
    """A platypus table that keeps what the project needs to know of it: the rows it was
    made of (platypus makes each part of a split table of the rows that part holds), its
    size when last wrapped and where it was last drawn. ``numeric`` lists the columns of
    right-aligned figures; ``overflow`` says how many points it is wider than its frame."""

    numeric: tuple[int, ...] = ()
    overflow = 0.0
    col_widths: list[float] = []
    extents: Extents = []
    """Each cell's natural and least width (:func:`cell_extents`), for a table made here."""
    table_style: TableStyle | None = None
    size: tuple[float, float] = (0.0, 0.0)
    drawn_y: float | None = None
    """Where the table's foot was last drawn, in points up the page."""

    def __init__(self, data: list[list[Any]], *args: Any, **kw: Any) -> None:
        super().__init__(data, *args, **kw)
        self.rows = data
        self._head: tuple[float, float] | None = None

    continued = False
    continues = False
    """Whether this part follows from, or goes on to, another part of the same table."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self.size = super().wrap(availWidth, availHeight)
        return self.size

    def split(self, availWidth: float, availHeight: float) -> list[Any]:  # noqa: N803
        """Splits as platypus does, but never leaves fewer than :data:`LEAST_ROWS` body
        rows on either side (a lone row under a repeated header reads as a mistake):
        the break moves up a row at a time, or the whole table moves on."""
        height = availHeight
        while True:
            parts = super().split(availWidth, height)
            if len(parts) != 2:
                return parts  # type: ignore[no-any-return]
            first, rest = parts
            if len(first.rows) - 1 < LEAST_ROWS:
                return []
            if len(rest.rows) - 1 >= LEAST_ROWS:
                break
            height = first.wrap(availWidth, UNBOUNDED)[1] - 0.5
        first.continued, first.continues = self.continued, True
        rest.continued, rest.continues = True, self.continues
        return parts

    def draw(self) -> None:
        """Draws as a table does, noting where (for the rulebook's record)."""
        self.drawn_y = self.canv.absolutePosition(0, 0)[1]
        super().draw()

    def head_height(self, width: float) -> float:
        """Height of the header row and the first :data:`LEAST_ROWS` rows (the least part
        :meth:`split` leaves): a table of just those rows, set with the same widths and
        style, as platypus sizes it."""
        if self._head is None or self._head[0] != width:
            head = self.rows[: 1 + LEAST_ROWS]
            first = BlockTable(head, colWidths=self.col_widths, style=self.table_style)
            self._head = (width, first.wrap(width, UNBOUNDED)[1])
        return self._head[1]


def cell_extents(rows: list[list[Block]]) -> Extents:
    """Each cell's natural width (its widest line, set without wrapping) and least width
    (its longest word)."""
    return [[(natural_width(c), c.minWidth()) for c in r] for r in rows]


def column_widths(extents: Extents, avail: float, pad: float, stretch: bool = True) -> list[float]:
    """Widths from the measured text: see :func:`share_width` (with ``stretch``) or
    :func:`fit_width`."""
    n = max(len(r) for r in extents)
    natural = [2 * pad] * n
    least = [2 * pad] * n
    body = [2 * pad] * n
    for i, row in enumerate(extents):
        for j, (wide, narrow) in enumerate(row):
            natural[j] = max(natural[j], wide + 2 * pad + 0.5)
            least[j] = max(least[j], narrow + 2 * pad + 0.5)
            if i:
                body[j] = max(body[j], wide + 2 * pad + 0.5)
    if not stretch:
        return fit_width(natural, least, body, avail)
    return share_width(natural, least, avail)


def fit_width(
    natural: list[float], least: list[float], body: list[float], avail: float
) -> list[float]:
    """A table as wide as its text: every column its ``natural`` width when all fit;
    otherwise the body rows stay unbroken (``body``: the widest body cell, or the header's
    longest word) and the headers wrap, sharing the width left over in proportion to what
    each still lacks; when even the body does not fit, :func:`share_width`."""
    if sum(natural) <= avail:
        return natural
    want = [max(b, lo) for b, lo in zip(body, least, strict=True)]
    if sum(want) > avail:
        return share_width(natural, least, avail)
    lack = [nat - w for nat, w in zip(natural, want, strict=True)]
    share = (avail - sum(want)) / sum(lack)  # below 1: natural did not fit
    return [w + d * share for w, d in zip(want, lack, strict=True)]


def share_width(
    natural: list[float], least: list[float], avail: float, calls: list[float] | None = None
) -> list[float]:
    """Every column gets its ``natural`` width when all fit (the spare width shared out
    in proportion); otherwise narrow columns keep theirs and the wide ones share what is
    left, never below their ``least`` (the longest word). ``calls`` (when given) gets
    the margin of every choice made, for callers that must know how close they were."""
    n = len(natural)
    margins = calls if calls is not None else []
    margins.append(sum(natural) - avail)
    if sum(natural) <= avail:
        return [w * avail / sum(natural) for w in natural]
    widths: list[float | None] = [None] * n
    remaining, open_cols = avail, set(range(n))
    while open_cols:
        share = remaining / len(open_cols)
        margins.extend(natural[j] - share for j in open_cols)
        fixed = {j for j in open_cols if natural[j] <= share}
        if not fixed:
            break
        for j in fixed:
            widths[j] = natural[j]
            remaining -= natural[j]
        open_cols -= fixed
    wide = sum(natural[j] for j in open_cols)
    for j in open_cols:
        widths[j] = max(least[j], remaining * natural[j] / wide)
    return [w or 0.0 for w in widths]


def table_flowable(
    rows: list[list[Block]],
    avail: float,
    st: dict[str, ParagraphStyle],
    accent: str,
    scale: float,
    stretch: bool = True,
) -> Table:
    """A table whose header row repeats on every page it runs onto; numeric columns
    are right-aligned. ``overflow`` says how many points it is wider than ``avail``.
    Unless ``stretch``, a table narrower than ``avail`` keeps its columns' natural
    widths (two numbers take the room of two numbers, not a column's)."""
    n = max(len(r) for r in rows)
    for r in rows:
        r.extend(Block("", st["cell"], "cell") for _ in range(n - len(r)))
    numeric = []
    for j in range(n):
        body = [r[j] for r in rows[1:] if r[j].text.strip()]
        if body and all(_NUMBER.match(plain_text(c.text)) for c in body):
            numeric.append(j)
            for r in rows:
                r[j].style = st["head-num" if r[j].kind == "head" else "num"]
    pad = 4 * scale
    extents = cell_extents(rows)
    widths = column_widths(extents, avail, pad, stretch)
    padding = [("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad)]
    for j in numeric:  # right-aligned figures, the column of them centred under its header
        inner = max(r[j][0] for r in extents) + 0.5
        padding.append(("RIGHTPADDING", (j, 0), (j, -1), max(pad, (widths[j] - inner) / 2)))
    cell_lead = st["cell"].leading
    table = BlockTable(
        rows,
        colWidths=widths,
        repeatRows=1,
        hAlign="LEFT",
        splitInRow=int(2 * cell_lead) + 8,
        spaceBefore=2 * scale,
        spaceAfter=7 * scale,
    )
    table.overflow = max(0.0, round(sum(widths) - avail, 3))
    table.numeric = tuple(numeric)
    table.col_widths = widths
    table.extents = extents
    table.table_style = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), "Lato-Regular"),  # else platypus sets Helvetica
            ("BACKGROUND", (0, 0), (-1, 0), colour(accent)),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colour("#ffffff"), colour("#f3efe4")]),
            ("GRID", (0, 0), (-1, -1), 0.25, colour("#9a9a9a")),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            *padding,
            ("TOPPADDING", (0, 0), (-1, -1), 1.8 * scale),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6 * scale),
        ]
    )
    table.setStyle(table.table_style)
    return table
