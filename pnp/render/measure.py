"""Text measured once and set at any size: how an aid's size is searched cheaply.

String widths are additive and scale with the font size, and every length of the
aid styles (leading, spaces, indents, paddings) is a constant times the scale. So the
flowables are built once at scale 1, each word's width is measured once, and the
height at another scale comes from breaking the scaled widths into lines the way
reportlab's ``Paragraph.breakLines`` does (space shrinkage, first-line bullet width,
``<br/>``) and sizing tables as ``platypus.Table`` does.

Scaled widths differ from reportlab's own in the last bits of a float, so a decision
closer than :data:`TIE_PT` to its threshold is not taken: :class:`Unsure` is raised
and the caller asks platypus. So is anything not mirrored here (images, soft hyphens,
a word longer than its line).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table
from reportlab.platypus.paragraph import _FK_BREAK, _getFragWords, _HSFrag, _SHYWord

from pnp.render.blocks import UNBOUNDED, flatten
from pnp.render.tables import share_width

TIE_PT = 1e-6
"""Decisions closer than this to their threshold are left to platypus."""


class Unsure(Exception):
    """The measurement cannot promise the answer platypus would give."""


@dataclass(frozen=True)
class Word:
    """A word at scale 1: its width, the width of the space after it, and whether it is
    a forced line break (``<br/>``)."""

    width: float
    space: float
    brk: bool = False


@dataclass(frozen=True)
class Para:
    """A paragraph at scale 1. ``simple`` is reportlab's one-font path, where the space
    is the font's and shrinkage counts words; otherwise spaces are per word."""

    words: tuple[Word, ...]
    simple: bool
    indent: float
    first_cut: float
    """How much narrower the first line is (a bullet wider than the indent)."""
    leading: float
    before: float
    after: float

    def lines(self, scale: float, width: float) -> int:
        """Lines of the paragraph at ``scale`` in a frame ``width`` points wide."""
        later = width - self.indent * scale
        limit = later - self.first_cut * scale
        lines, cur, pending, shrink, count = 0, 0.0, 0.0, 0.0, 0
        for w in self.words:
            if w.brk:
                lines, cur, pending, shrink, count, limit = lines + 1, 0.0, 0.0, 0.0, 0, later
                continue
            ww = w.width * scale
            if not count and self.simple:
                new = ww
            else:
                new = cur + pending + ww if ww > 0 or self.simple else cur
            if self.simple:
                lim = limit + 0.05 * pending * count
            else:
                lim = limit + 0.05 * (pending + shrink)
            _decide(new, lim)
            if new > lim and ww > limit:
                raise Unsure("a word longer than its line")
            if new > lim and count:
                lines, cur, count, shrink, limit = lines + 1, ww, 1, 0.0, later
            else:
                shrink += pending if count else 0.0
                cur, count = new, count + 1
            pending = w.space * scale
        return lines + (1 if count else 0)

    def natural(self, scale: float) -> float:
        """Width of the widest line, set without wrapping."""
        widest, cur, pending, count = 0.0, 0.0, 0.0, 0
        for w in self.words:
            if w.brk:
                widest, cur, pending, count = max(widest, cur), 0.0, 0.0, 0
                continue
            cur = cur + pending + w.width * scale if count else w.width * scale
            pending, count = w.space * scale, count + 1
        line_width = UNBOUNDED - self.indent * scale
        return UNBOUNDED - (line_width - max(widest, cur))  # as platypus rounds it

    def least(self, scale: float) -> float:
        """Width of the widest word."""
        return max((w.width * scale for w in self.words), default=0.0)


@dataclass(frozen=True)
class Grid:
    """A table at scale 1: its cells, which columns hold numbers, and its spaces."""

    rows: tuple[tuple[Para, ...], ...]
    numeric: tuple[int, ...]
    before: float
    after: float

    def height(self, scale: float, avail: float) -> float:
        """Height of the table at ``scale``; raises :class:`Unsure` if it would overflow."""
        pad = 4 * scale
        n = len(self.rows[0])
        natural, least = [2 * pad] * n, [2 * pad] * n
        for row in self.rows:
            for j, cell in enumerate(row):
                natural[j] = max(natural[j], cell.natural(scale) + 2 * pad + 0.5)
                least[j] = max(least[j], cell.least(scale) + 2 * pad + 0.5)
        _decide(sum(natural), avail)
        widths = share_width(natural, least, avail)
        _decide(sum(widths) - avail, 0.0005)
        if round(sum(widths) - avail, 3) > 0:
            return math.inf  # wider than its frame: it does not fit at this size
        right = [pad] * n
        for j in self.numeric:
            inner = max(r[j].natural(scale) for r in self.rows) + 0.5
            right[j] = max(pad, (widths[j] - inner) / 2)
        total = 0.0
        for row in self.rows:
            tallest = max(
                c.lines(scale, widths[j] - pad - right[j]) * c.leading * scale
                for j, c in enumerate(row)
            )
            total += tallest + 2.6 * scale + 1.8 * scale
        return total


def measure(flow: list[Flowable]) -> list[Para | Grid | float] | None:
    """The flowables (built at scale 1) as measurements; a float is a spacer's height.
    None when something in them is not mirrored here."""
    out: list[Para | Grid | float] = []
    for f in flatten(flow):
        if isinstance(f, Paragraph):
            para = _para(f)
            if para is None:
                return None
            out.append(para)
        elif isinstance(f, Table):
            cells = [[_cell(c) for c in r] for r in f._cellvalues]
            if any(c is None for r in cells for c in r):
                return None
            rows = tuple(tuple(c for c in r if c is not None) for r in cells)
            numeric = tuple(getattr(f, "numeric", ()))
            out.append(Grid(rows, numeric, f.getSpaceBefore(), f.getSpaceAfter()))
        elif type(f) is Spacer:
            out.append(f.height)
        else:
            return None
    return out


def stack_height(measured: list[Para | Grid | float], scale: float, width: float) -> float:
    """What :func:`pnp.render.blocks.stack_height` gives for the flowables at ``scale``."""
    total, after = 0.0, None
    for m in measured:
        if isinstance(m, float):
            h, before, next_after = m * scale, 0.0, 0.0
        elif isinstance(m, Grid):
            h, before, next_after = m.height(scale, width), m.before, m.after
        else:
            h, before, next_after = m.lines(scale, width) * m.leading * scale, m.before, m.after
        if after is not None:
            total += after + before * scale
        total += h
        after = next_after * scale
    return total


def fits(measured: list[Para | Grid | float], scale: float, width: float, avail: float) -> bool:
    """Whether the text at ``scale`` fits ``avail`` points of height (or :class:`Unsure`)."""
    height = stack_height(measured, scale, width)
    _decide(height, avail)
    return height <= avail


def _decide(value: float, threshold: float) -> None:
    if abs(value - threshold) <= TIE_PT:
        raise Unsure("too close to call")


def _cell(cell: object) -> Para | None:
    """A table cell: a paragraph, or the tuple of one that platypus makes of it."""
    if isinstance(cell, list | tuple):
        return _cell(cell[0]) if len(cell) == 1 else None
    return _para(cell) if isinstance(cell, Paragraph) else None


def _para(p: Paragraph) -> Para | None:
    st = p.style
    if st.firstLineIndent or st.rightIndent or st.spaceShrinkage != 0.05:
        return None
    frags = p.frags
    if any(hasattr(f, "cbDefn") or getattr(f, "backColor", None) for f in frags):
        return None
    if len(frags) == 1 and hasattr(frags[0], "text"):
        f = frags[0]
        space = stringWidth(" ", f.fontName, f.fontSize)
        words = tuple(Word(stringWidth(w, f.fontName, f.fontSize), space) for w in f.text.split())
        simple = True
    else:
        words_: list[Word] = []
        for fw in _getFragWords(frags):
            if isinstance(fw, _SHYWord):
                return None
            last = fw[-1][0]
            space = stringWidth(" ", last.fontName, last.fontSize) if isinstance(fw, _HSFrag) else 0
            words_.append(Word(fw[0], space, fw[1][0]._fkind == _FK_BREAK))
        words, simple = tuple(words_), False
    first_cut = 0.0
    if p.bulletText:
        bullet = stringWidth(p.bulletText, st.bulletFontName, st.bulletFontSize)
        first_cut = max(0.0, st.bulletIndent + bullet + 0.6 * st.bulletFontSize - st.leftIndent)
    return Para(words, simple, st.leftIndent, first_cut, st.leading, st.spaceBefore, st.spaceAfter)
