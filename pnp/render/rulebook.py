"""Rulebooks: Markdown flowed into columns, with a record of where every block landed.

A sheet (A4, Letter) is set in two columns and a booklet page (A5, half-Letter) in one
(pnp.layout.page_formats), so a line holds 45–75 characters. The title and what stands before
the first section run across the top of page 1. The credits open the first column, right
under the title, so the book is set once and no page ever holds the credits alone.

The record (:class:`BookLayout`) is what the test suite checks the typesetting against:
no heading at the foot of a column, no table part without its header row, no worked
example split, no widow or orphan line, no column left a third empty before a section,
no page of credits alone, and the measure itself (characters on each line).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    PageTemplate,
)

from pnp.layout.page_formats import BookFormat, sheet_format
from pnp.layout.paper import PAPERS_MM
from pnp.layout.titleart import TitleArt
from pnp.plan.doc_meta import DocInfo
from pnp.render.blocks import Block, Group, flatten, stack_height
from pnp.render.cover import band_frame, cover_frame, dress, first_page
from pnp.render.floats import Figure, Floats, placed
from pnp.render.generated import GeneratedFigure
from pnp.render.markdown import guard_headings, styles, to_flowables
from pnp.render.md_tables import BlockTable
from pnp.render.pdf import colour, make_canvas

FOOTER_Y_MM = 10.0
RULE_Y_MM = 13.0
"""Distance of the top rule from the top edge."""
TITLE_MOST = 0.4
"""The title block runs across the page when it takes at most this share of it."""
FOOTER_PT = (7.5, 6.0)
"""The footer's type size, and the least it shrinks to before it takes two lines."""


@dataclass(frozen=True)
class PlacedBlock:
    """One drawn block (a paragraph part or a table part), in points on its page."""

    page: int
    kind: str
    """h1–h4, body, item, example, lead, caption (paragraphs), table or figure."""
    top: float
    bottom: float
    lines: int = 0
    """Lines of a paragraph part; rows of a table part (its header row included)."""
    group: int = 0
    """For examples: which worked example the paragraph belongs to."""
    continued: bool = False
    continues: bool = False
    header_first: bool = True
    """For a table part: whether its first row is the header row."""
    chars: tuple[int, ...] = ()
    """For a paragraph part: the characters on each of its lines (the reading measure)."""
    frame: str = "col1"
    """The frame it stands in: title (across page 1), col1, col2."""
    coda: bool = False
    """Part of the credits."""
    text: str = ""
    """For a paragraph part: its text, markup removed; for a table: every cell's."""
    width: float = 0.0
    """For a table part: its width in points."""


@dataclass
class BookLayout:
    """Where everything of a typeset rulebook landed."""

    pages: int = 0
    frame_bottom: float = 0.0
    frame_height: float = 0.0
    """Of the last frame drawn into (every column of a page after the first is alike)."""
    blocks: list[PlacedBlock] = field(default_factory=list)
    frames: dict[tuple[int, str], tuple[float, float]] = field(default_factory=dict)
    """Each (page, frame)'s text area: its bottom and height, in points."""
    figures: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    """Figures pnp drew from the data: page, name (anatomy, setup) and the words printed."""
    cover: bool = False
    """Page 1 is a cover: the title art alone on it (a booklet)."""
    title_art: bool = False
    """The title panel was drawn on page 1 (a cover, or a band across the top)."""

    def on_page(self, n: int) -> list[PlacedBlock]:
        return [b for b in self.blocks if b.page == n]


class _RecordingDoc(BaseDocTemplate):  # type: ignore[misc]
    """A document template that notes each block's page, frame and position as it is
    drawn; with ``page_forms`` each page is drawn into a form XObject of its own (the
    booklet imposes them, pnp.render.booklet_pdf)."""

    def __init__(self, *args: Any, page_forms: Callable[[int], str] | None = None, **kw: Any):
        super().__init__(*args, **kw)
        self.record = BookLayout()
        self.page_forms = page_forms
        self.floats = Floats()

    def handle_pageBegin(self) -> None:  # noqa: N802
        if self.page_forms is not None:
            self.canv.beginForm(self.page_forms(self.page + 1))
        super().handle_pageBegin()

    def filterFlowables(self, flowables: list[Flowable]) -> None:  # noqa: N802
        """A figure that does not fit the rest of its column waits for the next one while
        the text after it fills this one (pnp.render.floats)."""
        self.floats.arrange(flowables)

    def handle_frameBegin(self, *args: Any, **kw: Any) -> None:  # noqa: N802
        self.floats.column()
        super().handle_frameBegin(*args, **kw)

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802
        self.floats.set(flowable)
        frame = self.frame
        art = flowable.art if isinstance(flowable, Figure) else flowable
        if isinstance(art, GeneratedFigure) and art.drawn_y is not None:
            self.record.figures.append((self.page, art.name, art.labels))
        if frame is None or not isinstance(flowable, Block | BlockTable | Figure):
            return
        foot = frame.y1 + frame.bottomPadding
        area = (foot, frame.height - frame.topPadding - frame.bottomPadding)
        self.record.frames[(self.page, frame.id)] = area
        self.record.frame_bottom, self.record.frame_height = area
        bottom = flowable.drawn_y
        if isinstance(flowable, Figure) and bottom is not None:
            top = bottom + flowable.height
            self.record.blocks.append(PlacedBlock(self.page, "figure", top, bottom, frame=frame.id))
            return
        if bottom is None:  # not drawn (platypus only reports drawn flowables)
            return
        if isinstance(flowable, Block):
            placed = PlacedBlock(
                self.page,
                flowable.kind,
                bottom + flowable.height,
                bottom,
                flowable.line_count,
                flowable.group,
                flowable.continued,
                flowable.continues,
                chars=flowable.line_lengths(),
                frame=frame.id,
                coda=flowable.coda,
                text=flowable.plain,
            )
        else:
            first = flowable.rows[0] if flowable.rows else []
            header = bool(first) and all(_is_header(c) for c in first)
            cells = " | ".join(_cell_text(c) for r in flowable.rows for c in r)
            placed = PlacedBlock(
                self.page,
                "table",
                bottom + flowable.size[1],
                bottom,
                len(flowable.rows),
                continued=flowable.continued,
                continues=flowable.continues,
                header_first=header,
                frame=frame.id,
                coda=any(getattr(m, "coda", False) for r in flowable.rows for m in _members(r[0])),
                text=cells,
                width=flowable.size[0],
            )
        self.record.blocks.append(placed)


def _members(cell: Any) -> list[Any]:
    """A table cell's flowables: itself, or the list of them platypus makes of a split."""
    return list(cell) if isinstance(cell, list | tuple) else [cell]


def _is_header(cell: Any) -> bool:
    """Whether a table cell is a header."""
    members = _members(cell)
    return bool(members) and all(getattr(m, "kind", "") == "head" for m in members)


def _cell_text(cell: Any) -> str:
    return " ".join(getattr(m, "plain", "") for m in _members(cell))


def write_rulebook(
    path: Path,
    markdown: str,
    paper: tuple[float, float],
    info: DocInfo,
    footer: str,
    accent: str,
    coda: str = "",
    art: TitleArt | None = None,
    fmt: BookFormat | None = None,
    canvasmaker: Callable[..., Canvas] = make_canvas,
    page_forms: Callable[[int], str] | None = None,
) -> BookLayout:
    """Typeset the rulebook to ``path`` in ``fmt`` (default: two columns on ``paper``);
    returns where every block landed. ``coda`` is Markdown set at the head of the first
    column, under the title, in a smaller size (the credits); ``art`` the title art of
    page 1 (a cover or a band, pnp.render.cover; without it, the accent alone). A booklet
    passes its own ``canvasmaker`` and ``page_forms`` (the name of each page's form)."""
    fmt = fmt or _format_of(paper)
    art = art or TitleArt("", "", "", (), accent, "")
    page_w, page_h = fmt.page[0] * mm, fmt.page[1] * mm
    col_w = fmt.column_width * mm
    flow = to_flowables(markdown, col_w, fmt.scale, accent, False, stretch_tables=False)
    head, story = _title_block(flow, fmt, accent)
    if not head and art.title:  # a rulebook that names no title: the data's
        head = to_flowables(f"# {art.title}\n\n{art.tagline}", col_w, fmt.scale, accent, False)
        _title_block(head, fmt, accent)
    if stack_height(head, fmt.text_width * mm) > TITLE_MOST * page_h:
        head, story = [], [*head, *story]  # it runs in the columns, the panel holds the title
        head = to_flowables(f"# {art.title}", col_w, fmt.scale, accent, False) if art.title else []
    words = dress(head, art, fmt.scale, fmt.cover) if head else []
    panel = (cover_frame if fmt.cover else band_frame)(fmt, words, art) if words else None
    story = placed(story, (fmt.page[1] - fmt.top - fmt.bottom) * mm)
    story = guard_headings(story)
    if coda:
        credits = to_flowables(coda, col_w, fmt.scale * 0.9, accent, False, stretch_tables=False)
        for f in flatten(credits):
            f.coda = True
        at = _after_title(story)
        story = [*story[:at], Group(credits), *story[at:]]  # kept in one column
    doc = _RecordingDoc(
        str(path),
        pagesize=(page_w, page_h),
        invariant=1,
        pageCompression=1,
        page_forms=page_forms,
        **info.doc_kwargs(),
    )
    on_page = _page_decor(fmt, footer, accent)
    first = first_page(fmt, panel, art, on_page, partial(_frames, fmt, 1))
    doc.addPageTemplates(
        [
            first,
            PageTemplate("even", _frames(fmt, 2), on_page, autoNextPageTemplate="odd"),
            PageTemplate("odd", _frames(fmt, 3), on_page, autoNextPageTemplate="even"),
        ]
    )
    doc.build(([*words, FrameBreak()] if words else []) + story, canvasmaker=canvasmaker)
    doc.record.pages = doc.page
    doc.record.cover = fmt.cover and panel is not None
    doc.record.title_art = panel is not None
    return doc.record


def _format_of(paper: tuple[float, float]) -> BookFormat:
    """The two-column format of a paper given by its size (A4's for a size of its own)."""
    name = next((k for k, v in PAPERS_MM.items() if v == paper), "a4")
    return replace(sheet_format(name), page=paper)


Story = list[Flowable]


def _title_block(story: Story, fmt: BookFormat, accent: str) -> tuple[Story, Story]:
    """What stands before the first section (title, tagline, who plays), to run across
    the top of page 1, its paragraphs set as a lead; and the rest."""
    first = next((i for i, f in enumerate(story) if getattr(f, "kind", "") == "h2"), len(story))
    head = story[:first]
    lead = _lead_style(fmt.scale, accent)
    for f in flatten(head):
        if isinstance(f, Block) and f.kind == "body":
            f.style, f.kind = lead, "lead"
    return head, story[first:]


def _after_title(story: Story) -> int:
    """Where the first column's text starts: after the title when it stands in the
    columns too (a book with no sections, or a title block too tall to run across)."""
    for i, f in enumerate(story[:4]):
        if getattr(f, "kind", "") == "h1":
            return i + 1
    return 0


def _lead_style(scale: float, accent: str) -> ParagraphStyle:
    body = styles(scale, accent)["body"]
    return ParagraphStyle("lead", body, fontSize=11 * scale, leading=14.5 * scale)


def _frames(fmt: BookFormat, page: int, top: float | None = None) -> list[Frame]:
    """The columns of page ``page`` (its parity sets the margins of a facing page), from
    ``top`` (points up the page; default the top margin) down to the bottom margin."""
    left = fmt.text_left(page) * mm
    top = (fmt.page[1] - fmt.top) * mm if top is None else top
    bottom = fmt.bottom * mm
    col_w, step = fmt.column_width * mm, (fmt.column_width + fmt.gutter) * mm
    return [
        _frame(left + i * step, bottom, col_w, top - bottom, f"col{i + 1}")
        for i in range(fmt.columns)
    ]


def _frame(x: float, y: float, w: float, h: float, name: str) -> Frame:
    return Frame(x, y, w, h, 0, 0, 0, 0, id=name)


def _page_decor(fmt: BookFormat, footer: str, accent: str) -> Callable[[Canvas, Any], None]:
    """What every page carries: the accent rule at the top, the credit line and the page
    number at the foot (the number on the outer side of a facing page)."""

    def on_page(canvas: Canvas, doc: _RecordingDoc) -> None:
        left = fmt.text_left(doc.page) * mm
        right = left + fmt.text_width * mm
        number_right = not fmt.facing or doc.page % 2 == 1
        canvas.saveState()
        canvas.setFont("Lato-Bold", 8)
        canvas.setFillColor(colour("#555555"))
        folio = str(doc.page)
        room = right - left - stringWidth("0000", "Lato-Bold", 8)
        if number_right:
            canvas.drawRightString(right, FOOTER_Y_MM * mm, folio)
        else:
            canvas.drawString(left, FOOTER_Y_MM * mm, folio)
        size, lines = _footer_lines(footer, room)
        canvas.setFont("Lato-Italic", size)
        for i, line in enumerate(lines):
            y = (FOOTER_Y_MM * mm) + (len(lines) - 1 - i) * size * 1.2
            if number_right:
                canvas.drawString(left, y, line)
            else:
                canvas.drawRightString(right, y, line)
        canvas.setStrokeColor(colour(accent))
        canvas.setLineWidth(1.2)
        y = (fmt.page[1] - RULE_Y_MM) * mm
        canvas.line(left, y, right, y)
        canvas.restoreState()

    return on_page


def _footer_lines(text: str, room: float) -> tuple[float, list[str]]:
    """The footer at the largest size down to the least that fits on one line, else at
    the least size broken into lines at spaces (a booklet page's long credit line)."""
    from reportlab.lib.utils import simpleSplit

    largest, least = FOOTER_PT
    size = largest
    while size > least and stringWidth(text, "Lato-Italic", size) > room:
        size = round(size - 0.25, 2)
    if stringWidth(text, "Lato-Italic", size) <= room:
        return size, [text]
    return size, simpleSplit(text, "Lato-Italic", size, room)
