"""The rulebook as a saddle-stitched booklet: set on A5 (half-Letter) pages, then imposed
two up on landscape A4 (Letter) in signature order, to print duplex flipping on the short
edge, fold in the middle and staple on the fold. Page 1 is its cover (pnp.render.cover);
when the pages run short of a multiple of four, the last is its back cover.

Each page platypus sets is drawn into a form XObject of its own instead of onto a page
(:class:`ImposingCanvas`); when the book is done, and its page count known, the sheets
place the forms where pnp.layout.page_formats says. One pass of typesetting, no PDF read back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.page_formats import BACK_COVER, BLANK, booklet_format, booklet_sheets, page_name
from pnp.layout.pages import Page
from pnp.layout.titleart import TitleArt
from pnp.plan.doc_meta import DocInfo
from pnp.render.cover import draw_back_cover
from pnp.render.pdf import BASE_FONT, draw_marks, ensure_font


class ImposingCanvas(Canvas):  # type: ignore[misc]
    """A canvas on which each page shown becomes a form (the document template begins
    it, pnp.render.rulebook); saving lays the forms out on the booklet's sheets."""

    paper = "a4"

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.forms = 0
        self.sheets: list[Page] = []
        self.back_cover: Callable[[Canvas], None] | None = None
        """Draws the back cover (pnp.render.cover), when the booklet has one."""

    def showPage(self) -> None:  # noqa: N802
        self.endForm()
        self.forms += 1

    def save(self) -> None:
        self.sheets = booklet_sheets(self.paper, self.forms)
        for item in (it for sheet in self.sheets for it in sheet.items):
            if item.group == BACK_COVER and self.back_cover is not None:
                self.beginForm(item.face)
                self.back_cover(self)
                self.endForm()
        for sheet in self.sheets:
            self.setPageSize((sheet.size[0] * mm, sheet.size[1] * mm))
            for item in sheet.items:
                if item.group == BLANK or (item.group == BACK_COVER and self.back_cover is None):
                    continue
                self.saveState()
                self.translate(item.trim[0] * mm, item.trim[1] * mm)
                self.doForm(item.face)
                self.restoreState()
            draw_marks(self, sheet)
            Canvas.showPage(self)
        super().save()


def write_booklet(
    path: Path,
    markdown: str,
    paper: str,
    info: DocInfo,
    footer: str,
    accent: str,
    coda: str,
    art: TitleArt | None = None,
) -> list[Page]:
    """Set the rulebook on booklet pages and impose them on ``paper``; the sheets' sides
    (for the manifest: each names the two pages it carries, left then right)."""
    from pnp.render.rulebook import write_rulebook

    made: list[ImposingCanvas] = []
    fmt = booklet_format(paper)
    cover_art = art or TitleArt("", "", "", (), accent, "")

    def canvas(*args: Any, **kw: Any) -> ImposingCanvas:
        kw["initialFontName"] = ensure_font(BASE_FONT)  # as pnp.render.pdf.make_canvas
        c = ImposingCanvas(*args, **kw)
        c.paper = paper
        c.back_cover = partial(draw_back_cover, fmt=fmt, art=cover_art)
        made.append(c)
        return c

    write_rulebook(
        path, markdown, fmt.page, info, footer, accent, coda, art, fmt, canvas, page_name
    )
    return made[-1].sheets
