"""Markdown tables as platypus tables: widths from measured text, numbers aligned."""

from __future__ import annotations

import re

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Table, TableStyle

from pnp.render.blocks import Block, natural_width, plain_text
from pnp.render.pdf import colour

_NUMBER = re.compile(r"^[+\-–−]?\$?[\d.,/]+\s*[a-z%+]{0,2}$")
"""A cell that holds a number, an amount or a ratio ($200m, 16+, 1/6): right-aligned."""


def column_widths(rows: list[list[Block]], avail: float, pad: float) -> list[float]:
    """Widths from the measured text: see :func:`share_width`."""
    n = max(len(r) for r in rows)
    natural = [2 * pad] * n
    least = [2 * pad] * n
    for row in rows:
        for j, cell in enumerate(row):
            natural[j] = max(natural[j], natural_width(cell) + 2 * pad + 0.5)
            least[j] = max(least[j], cell.minWidth() + 2 * pad + 0.5)
    return share_width(natural, least, avail)


def share_width(natural: list[float], least: list[float], avail: float) -> list[float]:
    """Every column gets its ``natural`` width when all fit (the spare width shared out
    in proportion); otherwise narrow columns keep theirs and the wide ones share what is
    left, never below their ``least`` (the longest word)."""
    n = len(natural)
    if sum(natural) <= avail:
        return [w * avail / sum(natural) for w in natural]
    widths: list[float | None] = [None] * n
    remaining, open_cols = avail, set(range(n))
    while open_cols:
        share = remaining / len(open_cols)
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
) -> Table:
    """A table whose header row repeats on every page it runs onto; numeric columns
    are right-aligned. ``overflow`` says how many points it is wider than ``avail``."""
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
    widths = column_widths(rows, avail, pad)
    padding = [("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad)]
    for j in numeric:  # right-aligned figures, the column of them centred under its header
        inner = max(natural_width(r[j]) for r in rows) + 0.5
        padding.append(("RIGHTPADDING", (j, 0), (j, -1), max(pad, (widths[j] - inner) / 2)))
    cell_lead = st["cell"].leading
    table = Table(
        rows, colWidths=widths, repeatRows=1, hAlign="LEFT", splitInRow=int(2 * cell_lead) + 8
    )
    table.overflow = max(0.0, round(sum(widths) - avail, 3))
    table.numeric = numeric
    table.spaceBefore = 2 * scale
    table.spaceAfter = 7 * scale
    table.setStyle(
        TableStyle(
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
    )
    return table
