"""Write PDFs: card and token sheets, track pages, rulebooks and player aids."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.units import mm

from pnp.layout.ops import Face
from pnp.layout.pages import Page
from pnp.layout.tints import mix
from pnp.layout.titleart import TitleArt
from pnp.plan.doc_meta import DocInfo
from pnp.render.pdf import (
    DOCUMENT_FONTS,
    FORM_PAD_MM,
    FaceDrawer,
    colour,
    draw_page,
    ensure_font,
    new_canvas,
    set_boxes,
)

AID_TINT = 0.9
"""An aid's background: its accent this share of the way to white."""

if TYPE_CHECKING:  # aids bring platypus and markdown: imported only to draw one
    from reportlab.pdfgen.canvas import Canvas

    from pnp.plan.typeset_jobs import Source
    from pnp.render.aid import AidLayout


def write_pages(
    path: Path,
    pages: list[Page],
    faces: dict[str, Face],
    info: DocInfo | str,
    font_dir: Path | None = None,
) -> None:
    """Pages of placed faces (cards, tokens) and page decor (tracks).

    Faces placed only once are dropped from ``faces`` as they are drawn, so memory
    stays close to the PDF's own size as decks grow: the dict is consumed."""
    c = new_canvas(path, pages[0].size, info)
    drawer = FaceDrawer(c, faces, pages, font_dir)
    for page in pages:
        c.setPageSize((page.size[0] * mm, page.size[1] * mm))
        set_boxes(c, page)
        draw_page(c, page, drawer, font_dir)
        c.showPage()
    c.save()


def write_aid(
    path: Path,
    pages: list[Page],
    layout: AidLayout,
    info: DocInfo,
    accent: str,
    back: AidLayout | None = None,
) -> None:
    """Player-aid panels: a tint of the accent to the bleed, a border and the laid-out
    text, drawn once and placed per copy, each clipped to its own bleed; the ``back``
    face on the back pages' panels."""
    c = new_canvas(path, pages[0].size, info)
    pad = FORM_PAD_MM
    for name, laid in (("aid", layout), ("aidback", back)):
        if laid is None:
            continue
        w, h = laid.size_mm
        c.beginForm(name, -pad * mm, -pad * mm, (w + pad) * mm, (h + pad) * mm)
        draw_aid_panel(c, laid, accent, pad)
        c.endForm()
    for page in pages:
        for item in page.items:
            c.saveState()
            x0, y0, x1, y1 = item.clip
            clip = c.beginPath()
            clip.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm)
            c.clipPath(clip, stroke=0, fill=0)
            c.translate(item.trim[0] * mm, item.trim[1] * mm)
            if item.rotate == 90:  # on its side, its top towards the left
                c.translate((item.trim[2] - item.trim[0]) * mm, 0)
                c.rotate(90)
            elif item.rotate == 270:  # the back of such a panel: its top towards the right
                c.translate(0, (item.trim[3] - item.trim[1]) * mm)
                c.rotate(-90)
            c.doForm("aidback" if item.side == "back" else "aid")
            c.restoreState()
        draw_page(
            c, Page(page.size, marks=page.marks, registration=page.registration, label=page.label)
        )
        c.showPage()
    c.save()


def draw_aid_panel(c: Canvas, laid: AidLayout, accent: str, pad: float) -> None:
    """One aid panel with its bottom-left at the origin: the tint of the accent ``pad`` mm
    past its edge, the border and the text."""
    from pnp.render.aid import FRAME_MM, draw_aid

    w, h = laid.size_mm
    c.setFillColor(colour(aid_ground(accent)))
    c.rect(-pad * mm, -pad * mm, (w + 2 * pad) * mm, (h + 2 * pad) * mm, stroke=0, fill=1)
    c.setStrokeColor(colour(accent))
    c.setLineWidth(2)
    f = FRAME_MM
    c.roundRect(f * mm, f * mm, (w - 2 * f) * mm, (h - 2 * f) * mm, 3 * mm)
    draw_aid(c, laid)


def aid_ground(accent: str) -> str:
    """An aid's background: a light tint of the game's accent, dark text legible on it."""
    return mix(accent, "#ffffff", AID_TINT)


def aid_file(
    path: Path,
    pages: list[Page],
    text: str,
    size_mm: tuple[float, float],
    title: str,
    accent: str,
    credit: str,
    info: DocInfo,
    back_text: str = "",
    sources: tuple[Source | None, Source | None] = (None, None),
) -> list[Page]:
    """Lay out an aid's rendered Markdown (and its back's) in its panel and write its
    pages (the pages come back for the manifest); ``sources`` name the templates of the
    front and the back (pnp.plan.doc_text.aid_source), for an error."""
    from pnp.render.aid import lay_out_aid

    front_source, back_source = sources
    front = lay_out_aid(text, size_mm, title, accent, credit, front_source)
    back = (
        lay_out_aid(back_text, size_mm, title, accent, credit, back_source) if back_text else None
    )
    write_aid(path, pages, front, info, accent, back)
    return pages


def rulebook_file(
    path: Path,
    text: str,
    paper: tuple[float, float],
    info: DocInfo,
    footer: str,
    accent: str,
    coda: str,
    art: TitleArt | None = None,
    figures: dict[str, Any] | None = None,
) -> list[Page]:
    """Typeset a rulebook's rendered Markdown, with its title art and the data of the
    figures pnp draws (pnp.render.generated); its pages, counted as they were set."""
    from pnp.render.generated import using_figures
    from pnp.render.rulebook import write_rulebook

    with using_figures(figures or {}):
        book = write_rulebook(path, text, paper, info, footer, accent, coda, art)
    return [Page(paper) for _ in range(book.pages)]


def booklet_file(
    path: Path,
    text: str,
    paper: str,
    info: DocInfo,
    footer: str,
    accent: str,
    coda: str,
    art: TitleArt | None = None,
    figures: dict[str, Any] | None = None,
) -> list[Page]:
    """Typeset the rulebook on booklet pages imposed two up on ``paper``, its cover first,
    with the data of the figures pnp draws; the sheets' sides, each naming the booklet
    pages on it (pnp.layout.page_formats)."""
    from pnp.render.booklet_pdf import write_booklet
    from pnp.render.generated import using_figures

    with using_figures(figures or {}):
        return write_booklet(path, text, paper, info, footer, accent, coda, art)


def prepare_typesetting() -> None:
    """Load what typesetting documents needs (platypus, markdown-it, the document fonts),
    so that a process can do it while waiting for its first document."""
    from pnp.render.markdown import styles, to_flowables

    for name in DOCUMENT_FONTS:
        ensure_font(name)
    styles()
    to_flowables("# pnp\n\nready", 100.0, 1.0, "#000000")
