"""Write PDFs: card and token sheets, track pages, rulebooks and player aids."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp._errors import LayoutError
from pnp.layout.ops import Face
from pnp.layout.pages import Page
from pnp.render.pdf import FaceDrawer, colour, draw_page, make_canvas, new_canvas


def write_pages(
    path: Path, pages: list[Page], faces: dict[str, Face], title: str, font_dir: Path | None = None
) -> None:
    """Pages of placed faces (cards, tokens) and page decor (tracks).

    Faces placed only once are dropped from ``faces`` as they are drawn, so memory
    stays close to the PDF's own size as decks grow: the dict is consumed."""
    c = new_canvas(path, pages[0].size, title)
    drawer = FaceDrawer(c, faces, pages, font_dir)
    for page in pages:
        c.setPageSize((page.size[0] * mm, page.size[1] * mm))
        draw_page(c, page, drawer, font_dir)
        c.showPage()
    c.save()


def write_rulebook(
    path: Path, markdown: str, paper: tuple[float, float], title: str, footer: str, accent: str
) -> int:
    """A typeset rulebook; returns its page count."""
    from reportlab.platypus import SimpleDocTemplate

    from pnp.render.markdown import to_flowables

    pages = [0]

    def on_page(canvas: Canvas, doc: SimpleDocTemplate) -> None:
        pages[0] = doc.page
        canvas.saveState()
        canvas.setFont("Lato-Italic", 8)
        canvas.setFillColor(colour("#666666"))
        canvas.drawCentredString(paper[0] * mm / 2, 10 * mm, f"{footer} — {doc.page}")
        canvas.setStrokeColor(colour(accent))
        canvas.setLineWidth(1.2)
        canvas.line(20 * mm, (paper[1] - 13) * mm, (paper[0] - 20) * mm, (paper[1] - 13) * mm)
        canvas.restoreState()

    doc = SimpleDocTemplate(
        str(path),
        pagesize=(paper[0] * mm, paper[1] * mm),
        title=title,
        author="pnp",
        creator="pnp",
        invariant=1,
        leftMargin=20 * mm,
        rightMargin=20 * mm,
        topMargin=18 * mm,
        bottomMargin=18 * mm,
    )
    doc.build(
        to_flowables(markdown, 1.0, accent),
        onFirstPage=on_page,
        onLaterPages=on_page,
        canvasmaker=make_canvas,
    )
    return pages[0]


AID_INSET_MM = 4.5
AID_SCALE = 0.82


def _aid_frame(x0: float, y0: float, x1: float, y1: float) -> Any:
    from reportlab.platypus import Frame

    inset = AID_INSET_MM
    return Frame(
        (x0 + inset) * mm,
        (y0 + inset) * mm,
        (x1 - x0 - 2 * inset) * mm,
        (y1 - y0 - 2 * inset) * mm,
        0,
        0,
        0,
        0,
        showBoundary=0,
    )


def _fill_aid(
    c: Canvas, rect: tuple[float, float, float, float], markdown: str, title: str, accent: str
) -> None:
    from pnp.render.markdown import to_flowables

    story = to_flowables(markdown, AID_SCALE, accent, keep_headings=False)
    _aid_frame(*rect).addFromList(story, c)
    if story:
        w, h = rect[2] - rect[0], rect[3] - rect[1]
        raise LayoutError(
            f"{title}: the text does not fit the {w:.0f}×{h:.0f} mm aid panel; "
            "shorten the aid template"
        )


def check_aid(markdown: str, size_mm: tuple[float, float], title: str, accent: str) -> None:
    """Flow the aid into one panel on a scratch canvas: overflow is found before writing."""
    _fill_aid(make_canvas(io.BytesIO()), (0, 0, *size_mm), markdown, title, accent)


def write_aid(path: Path, pages: list[Page], markdown: str, title: str, accent: str) -> None:
    """Player-aid panels: a border and the Markdown flowed inside; overflow is an error."""
    c = new_canvas(path, pages[0].size, title)
    for page in pages:
        for item in page.items:
            x0, y0, x1, y1 = item.trim
            c.setStrokeColor(colour(accent))
            c.setLineWidth(2)
            c.roundRect(
                (x0 + 2) * mm, (y0 + 2) * mm, (x1 - x0 - 4) * mm, (y1 - y0 - 4) * mm, 3 * mm
            )
            _fill_aid(c, item.trim, markdown, title, accent)
        if page.marks:
            draw_page(c, Page(page.size, marks=page.marks, registration=page.registration))
        c.showPage()
    c.save()
