"""Text measured once and set at any size: how an aid's size is searched cheaply.

Every length of the aid styles (font sizes, leading, spaces, indents, paddings) is a
constant times the scale, and string widths grow with the font size. So text set at
scale ``s`` in a frame ``W`` wide breaks into the lines it breaks into at scale 1 in a
frame ``W / s`` wide, and is ``s`` times as tall. The flowables are built once at scale
1; platypus itself (``Flowable.wrap``) says how many lines a paragraph takes at a width,
and each answer is kept as a range of widths: a paragraph set ``x`` wide keeps its lines
at every width down to its widest line, and never takes more lines in a wider frame.
So most sizes the search tries are judged on what is known already (a height between
two bounds, clear of the threshold), and platypus is asked only about the paragraphs
that could tip the answer.

Scaled widths differ from platypus's own at scale ``s`` in the last bits of a float. A
line count is trusted only when it holds over a small band of widths around the one
asked (:data:`BAND`), a table's column widths only when no choice in sharing them out
was close, and a height only when it is not within :data:`TIE_PT` of its threshold.
Otherwise :class:`Unsure` is raised and the caller asks platypus at that size. So is
anything not measured here (images, soft hyphens, a word longer than its line).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

from reportlab.lib.enums import TA_JUSTIFY
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer

from pnp.render.blocks import UNBOUNDED, Block, flatten
from pnp.render.md_tables import BlockTable, share_width

TIE_PT = 1e-6
"""Heights closer than this to their threshold are left to platypus."""
BAND = 1e-6
"""A line count is trusted when it holds from this fraction below the width to this
fraction above it: far wider than the float noise of scaling (about 1e-15), and than
the rounding of a table's natural widths (platypus measures them in a frame 1e9 wide,
to about 1e-7 pt)."""
GALLOP = 0.02
"""How far above a width (as a fraction of it) a paragraph is first set when its count
is known just below: a size search tries widths ever closer together."""
SHARE_TIE_PT = 1e-4
"""A choice in sharing out a table's width closer than this (in points at scale 1) is
left to platypus."""


class Unsure(Exception):
    """The measurement cannot promise the answer platypus would give."""


Open = list[tuple[float, "Para", float, float]]
"""Paragraphs whose line count is not known yet: the height it leaves open at scale 1,
the paragraph, and the scale and width it was asked at."""


class Count(Enum):
    """Which line count a height is computed with: the fewest lines or the most that
    what is known allows, or the exact count (asking platypus when it is not known)."""

    FEWEST = 0
    MOST = 1
    EXACT = 2


@dataclass(eq=False)
class Para:
    """A paragraph set at scale 1, and what platypus said of its lines so far."""

    block: Block
    leading: float
    before: float
    after: float
    line_cut: float
    """How much narrower than its frame the narrowest line is (indents, a bullet)."""
    widest: float
    """Width of the widest line set without wrapping (for table cells)."""
    longest: float
    """Width of the longest word (``Paragraph.minWidth``)."""
    known: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Line counts at scale 1, each with the narrowest and widest frame width known to
    give it (a paragraph takes that many lines at every width between the two)."""
    _seen: dict[float, tuple[float, float]] = field(default_factory=dict)
    """The bounds given at each width since the last thing learnt."""

    def lines(
        self, scale: float, width: float, count: Count = Count.EXACT, open_: Open | None = None
    ) -> float:
        """Lines of the paragraph at ``scale`` in a frame ``width`` points wide (for
        ``FEWEST`` and ``MOST``, bounds from what is known: ``MOST`` may be infinite;
        a paragraph whose bounds differ is added to ``open_``)."""
        w = width / scale
        if self.longest >= (w - self.line_cut) * (1 - BAND):
            raise Unsure("a word longer than its line")
        low, high = w * (1 - BAND), w * (1 + BAND)
        asks = self._asks(low, high) if count is Count.EXACT else []
        for ask in [*asks, None]:
            fewest, most = self._seen.get(w) or self._seen.setdefault(w, self._bounds(low, high))
            if fewest == most or count is not Count.EXACT:
                if fewest != most and open_ is not None:
                    open_.append(((most - fewest) * self.leading, self, scale, width))
                return fewest if count is Count.FEWEST else most
            if ask is not None:
                self.learn(ask)
        raise Unsure("a line break too close to call")

    def _asks(self, low: float, high: float) -> list[float]:
        """The widths to set the paragraph at, in turn, until its count between ``low``
        and ``high`` is known. When a count is known just above the band, its foot first:
        if the answer is that count, it holds from there up. Otherwise its top (the count
        found there holds down to the paragraph's widest line), and when a count is known
        below and none close above, a width well above the band before that: one answer
        then settles this width and the next few tried above it."""
        above = min((a for a, b in self.known.values() if b >= high), default=math.inf)
        below = max((b for a, b in self.known.values() if a <= low), default=-math.inf)
        reach = high * (1 + GALLOP)
        if above <= reach and above - high <= low - below:
            return [low, high]
        if below > -math.inf and reach < above:
            return [reach, high, low]
        return [high, low]

    def _bounds(self, low: float, high: float) -> tuple[float, float]:
        """The fewest and the most lines the paragraph can take between ``low`` and
        ``high`` wide, from the counts known (fewer lines in a wider frame)."""
        fewest = max((n for n, (_, b) in self.known.items() if b >= high), default=0)
        most = min((n for n, (a, _) in self.known.items() if a <= low), default=math.inf)
        return fewest, most

    def learn(self, width: float) -> None:
        """Set the paragraph ``width`` wide and note the widths that give its count of
        lines: down to its widest line, every line still fits, and each word that did not
        fit at the end of a line still does not."""
        self.block.wrap(width, UNBOUNDED)
        self._seen.clear()
        actual = self.block.getActualLineWidths0()
        n = len(actual)
        narrowest = min(width, max(actual, default=0.0) * (1 + 1e-9))
        was = self.known.get(n, (narrowest, width))
        self.known[n] = (min(was[0], narrowest), max(was[1], width))


@dataclass(frozen=True)
class Grid:
    """A table at scale 1: its cells, which columns hold numbers, and its spaces."""

    rows: tuple[tuple[Para, ...], ...]
    numeric: tuple[int, ...]
    before: float
    after: float
    _columns: dict[tuple[float, float], list[float] | Unsure] = field(default_factory=dict)

    def height(
        self, scale: float, avail: float, count: Count = Count.EXACT, open_: Open | None = None
    ) -> float:
        """Height of the table at ``scale`` (as :func:`pnp.render.md_tables.table_flowable`
        sizes it); infinite when it is wider than ``avail``."""
        columns = self._columns.get((scale, avail))
        if columns is None:
            columns = self._columns[(scale, avail)] = self._inner_widths(scale, avail)
        if isinstance(columns, Unsure):
            raise columns
        if not columns:
            return math.inf  # wider than its frame: it does not fit at this size
        total = 0.0
        for row in self.rows:
            tallest = max(
                c.lines(scale, columns[j], count, open_) * c.leading * scale
                for j, c in enumerate(row)
            )
            total += tallest + 2.6 * scale + 1.8 * scale
        return total

    def _inner_widths(self, scale: float, avail: float) -> list[float] | Unsure:
        """The width each column gives its text at ``scale``; empty when the table is
        wider than ``avail``, an :class:`Unsure` when sharing the width out was close."""
        pad = 4 * scale
        n = len(self.rows[0])
        natural, least = [2 * pad] * n, [2 * pad] * n
        for row in self.rows:
            for j, cell in enumerate(row):
                natural[j] = max(natural[j], cell.widest * scale + 2 * pad + 0.5)
                least[j] = max(least[j], cell.longest * scale + 2 * pad + 0.5)
        calls: list[float] = []
        widths = share_width(natural, least, avail, calls)
        calls.append(sum(widths) - avail - 0.0005)  # rounded to 0.001 pt, as it is judged
        if min(map(abs, calls)) <= SHARE_TIE_PT * scale:
            return Unsure("a column width too close to call")
        if round(sum(widths) - avail, 3) > 0:
            return []
        right = [pad] * n
        for j in self.numeric:
            inner = max(r[j].widest * scale for r in self.rows) + 0.5
            right[j] = max(pad, (widths[j] - inner) / 2)
        return [widths[j] - pad - right[j] for j in range(n)]


Measured = list[Para | Grid | float]


def measure(flow: list[Flowable]) -> Measured | None:
    """The flowables (built at scale 1) as measurements; a float is a spacer's height.
    None when something in them is not measured here."""
    out: Measured = []
    for f in flatten(flow):
        if isinstance(f, Block):
            para = _para(f, 0.0, f.minWidth())
            if para is None:
                return None
            out.append(para)
        elif isinstance(f, BlockTable):
            cells = [
                [_para(c, *e) if isinstance(c, Block) else None for c, e in zip(r, er, strict=True)]
                for r, er in zip(f.rows, f.extents, strict=True)
            ]
            if not cells or any(c is None for r in cells for c in r):
                return None
            rows = tuple(tuple(c for c in r if c is not None) for r in cells)
            out.append(Grid(rows, f.numeric, f.getSpaceBefore(), f.getSpaceAfter()))
        elif type(f) is Spacer:
            out.append(float(f.wrap(0, UNBOUNDED)[1]))
        else:
            return None
    return out


def stack_height(measured: Measured, scale: float, width: float) -> float:
    """What :func:`pnp.render.blocks.stack_height` gives for the flowables at ``scale``."""
    return _stack(measured, [_height(m, scale, width, Count.EXACT) for m in measured], scale)


def fits(measured: Measured, scale: float, width: float, avail: float) -> bool:
    """Whether the text at ``scale`` fits ``avail`` points of height (or :class:`Unsure`).
    Judged on bounds from the line counts known; while they do not settle it, platypus
    is asked about the paragraph whose count leaves the most height open. Once every
    count is known the bounds are the height :func:`stack_height` gives."""
    opens: list[Open] = [[] for _ in measured]
    fewest = [
        _height(m, scale, width, Count.FEWEST, o) for m, o in zip(measured, opens, strict=True)
    ]
    most = [_height(m, scale, width, Count.MOST) for m in measured]
    while True:
        if _stack(measured, fewest, scale) > avail + TIE_PT:
            return False
        if _stack(measured, most, scale) < avail - TIE_PT:
            return True
        waiting = [(o[0], i, o) for i, found in enumerate(opens) for o in found]
        if not waiting:
            raise Unsure("too close to call")
        _, i, (_, para, at_scale, at_width) = max(waiting, key=lambda w: w[0])
        para.lines(at_scale, at_width)
        opens[i] = []
        fewest[i] = _height(measured[i], scale, width, Count.FEWEST, opens[i])
        most[i] = _height(measured[i], scale, width, Count.MOST)


def _height(
    m: Para | Grid | float, scale: float, width: float, count: Count, open_: Open | None = None
) -> float:
    """The height of one measured flowable at ``scale`` (see :class:`Count`)."""
    if isinstance(m, float):
        return m * scale
    if isinstance(m, Grid):
        return m.height(scale, width, count, open_)
    return m.lines(scale, width, count, open_) * m.leading * scale


def _stack(measured: Measured, heights: list[float], scale: float) -> float:
    """Heights stacked with the spaces between them, as platypus adds them up."""
    total, after = 0.0, None
    for m, h in zip(measured, heights, strict=True):
        before, next_after = (0.0, 0.0) if isinstance(m, float) else (m.before, m.after)
        if after is not None:
            total += after + before * scale
        total += h
        after = next_after * scale
    return total


def _para(p: Block, widest: float, longest: float) -> Para | None:
    """A paragraph of the project's own markup; None for text whose line breaking does
    not scale with its size (soft hyphens, hyphenation) or does not fill lines from the
    left (justified text, CJK or right-to-left wrapping, leaders)."""
    st = p.style
    if "\xad" in p.text or "&shy;" in p.text or st.alignment == TA_JUSTIFY:
        return None
    if st.hyphenationLang or st.embeddedHyphenation or st.uriWasteReduce:
        return None
    if st.wordWrap or st.endDots or getattr(st, "autoLeading", ""):
        return None
    cut = st.leftIndent + max(st.firstLineIndent, 0.0) + st.rightIndent
    if p.bullet:
        bullet = stringWidth(p.bullet, st.bulletFontName, st.bulletFontSize)
        cut += max(0.0, st.bulletIndent + bullet + 0.6 * st.bulletFontSize - st.leftIndent)
    para = Para(p, st.leading, st.spaceBefore, st.spaceAfter, cut, widest, longest)
    if widest:  # a table cell: its lines set without wrapping, as its width was measured
        para.learn(UNBOUNDED)
    return para
