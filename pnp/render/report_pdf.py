"""A simulation report as a PDF: sections of verdicts and charts, set on A4 pages.

pnp.sim writes the words and the charts' data (:class:`SimDocument`); this module sets
them from the top of each page down, a section per new page, a chart that does not fit
on the next page (a long row chart, like a forest plot of a hundred cards, is split
between pages under the same axis), and writes the file the way a build does: to a
temporary name beside it, renamed when complete, so a failed run leaves the last good
report as it was. The same document gives the same bytes (reportlab ``invariant=1``).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Group, Line, Rect
from reportlab.lib.colors import white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.plan.doc_meta import DocInfo
from pnp.render.chartkit import BOLD, FLAG, FONT, GRID, MUTED, text_shape
from pnp.render.charts import Chart, RowChart, draw_chart, rows_fitting
from pnp.render.pdf import colour, ensure_font, new_canvas

PT_PER_MM = 72.0 / 25.4
MARGIN_MM = 18.0
"""Left, right, top and bottom margins of the text and charts (the printer needs 6)."""
FOOTER_MM = 10.0
"""Baseline of the footer above the paper's foot."""
SPACE_PT = 16.0
"""Between two charts."""
BODY_PT = 9.0
TAG_PT, TOPIC_PT = 30.0, 82.0
"""Widths of a verdict's tag (fine / look) and its topic column."""
TITLE_FONT = "Lato-Black"


@dataclass(frozen=True)
class Verdict:
    """One line of the summary: ``fine``, or something to look at."""

    fine: bool
    topic: str
    text: str


@dataclass(frozen=True)
class Section:
    """A part of the report that starts on a new page."""

    heading: str
    lines: tuple[str, ...] = ()
    """Paragraphs under the heading: what was played, how to read the verdicts."""
    verdicts: tuple[Verdict, ...] = ()
    charts: tuple[Chart, ...] = ()


@dataclass(frozen=True)
class SimDocument:
    info: DocInfo
    title: str
    credit: str
    """Under the title: the original game's designer, as the rulebooks credit them."""
    footer: str
    accent: str
    sections: tuple[Section, ...]
    paper_mm: tuple[float, float] = (210.0, 297.0)


def write_sim_report(path: Path, doc: SimDocument) -> int:
    """Write ``doc`` to ``path`` atomically; returns the number of pages."""
    for name in (FONT, BOLD, TITLE_FONT):
        ensure_font(name)
    pages = list(_pages(doc))
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        c = new_canvas(tmp, doc.paper_mm, doc.info)
        width, margin = doc.paper_mm[0] * PT_PER_MM, MARGIN_MM * PT_PER_MM
        for number, page in enumerate(pages, 1):
            for y, drawing in page:
                renderPDF.draw(drawing, c, margin, y - drawing.height)
            _footer(c, doc.footer, f"{number} / {len(pages)}", width - 2 * margin)
            c.showPage()
        c.save()
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return len(pages)


def _footer(c: Canvas, text: str, number: str, width: float) -> None:
    """The footer (wrapped to two lines, if it must, beside the page number)."""
    margin, size = MARGIN_MM * PT_PER_MM, 7.5
    c.setFont(FONT, size)
    c.setFillColor(MUTED)
    room = width - stringWidth(number, FONT, size) - 12
    lines = simpleSplit(text, FONT, size, room)
    for n, line in enumerate(lines):
        c.drawString(margin, FOOTER_MM * PT_PER_MM + (len(lines) - 1 - n) * (size + 2), line)
    c.drawRightString(margin + width, FOOTER_MM * PT_PER_MM, number)


Page = list[tuple[float, Drawing]]
"""Drawings with the height (points from the paper's foot) of their top edge."""


def _pages(doc: SimDocument) -> Iterator[Page]:
    """Each page's drawings, set from the top down."""
    w, h = (v * PT_PER_MM for v in doc.paper_mm)
    width = w - 2 * MARGIN_MM * PT_PER_MM
    top, foot = h - MARGIN_MM * PT_PER_MM, MARGIN_MM * PT_PER_MM
    for i, section in enumerate(doc.sections):
        page: Page = []
        y = top
        blocks = [_title(doc, width)] if i == 0 else []
        blocks.append(_heading(section.heading, doc.accent, width))
        blocks += [_paragraph(line, width) for line in section.lines]
        blocks += [_verdict(v, width) for v in section.verdicts]
        for block in blocks:
            page.append((y, block))
            y -= block.height + 6
        y -= SPACE_PT - 6
        queue = list(section.charts)
        while queue:
            chart = queue.pop(0)
            drawing, room = draw_chart(chart, width), y - foot
            if drawing.height > room:
                k = rows_fitting(chart, width, room) if isinstance(chart, RowChart) else 0
                if isinstance(chart, RowChart) and min(4, len(chart.rows)) <= k < len(chart.rows):
                    head, rest = chart.split(k)
                    drawing = draw_chart(head, width)
                    queue.insert(0, rest)
                elif y < top:  # start a page and set it there (split if still too long)
                    yield page
                    page, y = [], top
                    queue.insert(0, chart)
                    continue
            page.append((y, drawing))
            y -= drawing.height + SPACE_PT
        yield page


def _title(doc: SimDocument, width: float) -> Drawing:
    g = Group()
    g.add(text_shape(0, -20, doc.title, 20, TITLE_FONT))
    g.add(text_shape(0, -34, doc.credit, BODY_PT, FONT, MUTED))
    return _drawing(g, width, 40)


def _heading(text: str, accent: str, width: float) -> Drawing:
    g = Group()
    g.add(Rect(0, -2.5, width, 2.5, fillColor=colour(accent), strokeColor=None))
    g.add(text_shape(0, -19, text, 13, BOLD))
    return _drawing(g, width, 24)


def _paragraph(text: str, width: float) -> Drawing:
    g = Group()
    lines = simpleSplit(text, FONT, BODY_PT, width)
    for n, line in enumerate(lines):
        g.add(text_shape(0, -(n + 1) * (BODY_PT + 3) + 2, line, BODY_PT))
    return _drawing(g, width, len(lines) * (BODY_PT + 3))


def _verdict(v: Verdict, width: float) -> Drawing:
    """The tag (an outlined *fine*, a filled *look*), the topic in bold, the words."""
    g = Group()
    fill, ink, edge = (None, MUTED, MUTED) if v.fine else (FLAG, white, FLAG)
    tag = TAG_PT - 6
    # centred on the topic's capitals (Lato's cap height is 0.72 em)
    middle = -BODY_PT + 0.36 * BODY_PT
    box = Rect(0, middle - 6, tag, 12, fillColor=fill, strokeColor=edge, strokeWidth=0.6)
    g.add(box)
    word = "fine" if v.fine else "look"
    g.add(text_shape(tag / 2, middle - 0.36 * 7.5, word, 7.5, BOLD, ink, "middle"))
    g.add(text_shape(TAG_PT, -BODY_PT, v.topic, BODY_PT, BOLD))
    lines = simpleSplit(v.text, FONT, BODY_PT, width - TAG_PT - TOPIC_PT)
    for n, line in enumerate(lines):
        g.add(text_shape(TAG_PT + TOPIC_PT, -BODY_PT - n * (BODY_PT + 3), line, BODY_PT))
    height = len(lines) * (BODY_PT + 3) + 4
    g.add(Line(0, -height, width, -height, strokeColor=GRID, strokeWidth=0.4))
    return _drawing(g, width, height)


def _drawing(g: Group, width: float, height: float) -> Drawing:
    """A drawing of ``height`` whose group was drawn from its top edge down."""
    d = Drawing(width, height)
    g.translate(0, height)
    d.add(g)
    return d


__all__ = ["Section", "SimDocument", "Verdict", "write_sim_report"]
