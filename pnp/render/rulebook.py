"""Rulebooks: Markdown flowed over pages, with a record of where every block landed.

The record (:class:`BookLayout`) is what the test suite checks the typesetting against:
no heading at the foot of a page, no table part without its header row, no worked
example split, no widow or orphan line, no page left a third empty before a section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate

from pnp.render.blocks import Block, Group
from pnp.render.generated import GeneratedFigure
from pnp.render.markdown import to_flowables
from pnp.render.meta import DocInfo
from pnp.render.pdf import colour, make_canvas
from pnp.render.tables import BlockTable

MARGIN_MM = (20.0, 20.0, 18.0, 18.0)
"""Left, right, top, bottom margins of the text frame."""
FOOTER_Y_MM = 10.0
RULE_Y_MM = 13.0
"""Distance of the top rule from the top edge."""


@dataclass(frozen=True)
class PlacedBlock:
    """One drawn block (a paragraph part or a table part), in points on its page."""

    page: int
    kind: str
    """h1–h4, body, item, example, caption (paragraphs) or table."""
    top: float
    bottom: float
    lines: int = 0
    group: int = 0
    """For examples: which worked example the paragraph belongs to."""
    continued: bool = False
    continues: bool = False
    header_first: bool = True
    """For a table part: whether its first row is the header row."""


@dataclass
class BookLayout:
    """Where everything of a typeset rulebook landed."""

    pages: int = 0
    frame_bottom: float = 0.0
    frame_height: float = 0.0
    blocks: list[PlacedBlock] = field(default_factory=list)
    figures: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    """Figures pnp drew from the data: page, name (anatomy, setup) and the words printed."""

    def on_page(self, n: int) -> list[PlacedBlock]:
        return [b for b in self.blocks if b.page == n]


class _RecordingDoc(SimpleDocTemplate):  # type: ignore[misc]
    """A document template that notes each block's page and position as it is drawn."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.record = BookLayout()

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802
        frame = self.frame
        if isinstance(flowable, GeneratedFigure) and flowable.drawn_y is not None:
            self.record.figures.append((self.page, flowable.name, flowable.labels))
        if frame is None or not isinstance(flowable, Block | BlockTable):
            return
        # the frame's text area, from the geometry it was made with
        self.record.frame_bottom = frame.y1 + frame.bottomPadding
        self.record.frame_height = (
            frame.y1 + frame.height - frame.topPadding - self.record.frame_bottom
        )
        bottom = flowable.drawn_y
        if bottom is None:  # not drawn (platypus only reports drawn flowables)
            return
        if isinstance(flowable, Block):
            self.record.blocks.append(
                PlacedBlock(
                    self.page,
                    flowable.kind,
                    bottom + flowable.height,
                    bottom,
                    flowable.line_count,
                    flowable.group,
                    flowable.continued,
                    flowable.continues,
                )
            )
        else:
            first = flowable.rows[0] if flowable.rows else []
            header = bool(first) and all(_is_header(c) for c in first)
            self.record.blocks.append(
                PlacedBlock(
                    self.page, "table", bottom + flowable.size[1], bottom, header_first=header
                )
            )


def _is_header(cell: Any) -> bool:
    """Whether a table cell (a flowable, or the tuple of them platypus makes) is a header."""
    members = cell if isinstance(cell, list | tuple) else [cell]
    return bool(members) and all(getattr(m, "kind", "") == "head" for m in members)


def write_rulebook(
    path: Path,
    markdown: str,
    paper: tuple[float, float],
    info: DocInfo,
    footer: str,
    accent: str,
    coda: str = "",
) -> BookLayout:
    """Typeset the rulebook to ``path``; returns where every block landed. ``coda`` is
    Markdown kept together on one page at the end (the credits)."""
    left, right, top, bottom = (m * mm for m in MARGIN_MM)
    page_w, page_h = paper[0] * mm, paper[1] * mm

    def on_page(canvas: Canvas, doc: _RecordingDoc) -> None:
        canvas.saveState()
        canvas.setFont("Lato-Italic", 7.5)
        canvas.setFillColor(colour("#555555"))
        canvas.drawString(left, FOOTER_Y_MM * mm, footer)
        canvas.setFont("Lato-Bold", 8)
        canvas.drawRightString(page_w - right, FOOTER_Y_MM * mm, str(doc.page))
        canvas.setStrokeColor(colour(accent))
        canvas.setLineWidth(1.2)
        y = page_h - RULE_Y_MM * mm
        canvas.line(left, y, page_w - right, y)
        canvas.restoreState()

    doc = _RecordingDoc(
        str(path),
        pagesize=(page_w, page_h),
        invariant=1,
        leftMargin=left,
        rightMargin=right,
        topMargin=top,
        bottomMargin=bottom,
        **info.doc_kwargs(),
    )
    width = page_w - left - right
    story = to_flowables(markdown, width, 1.0, accent)
    if coda:
        story.append(Group(to_flowables(coda, width, 1.0, accent, keep_headings=False)))
    doc.build(
        story,
        onFirstPage=on_page,
        onLaterPages=on_page,
        canvasmaker=make_canvas,
    )
    doc.record.pages = doc.page
    return doc.record
