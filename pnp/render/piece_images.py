"""Single printed pieces as PNG images for a screen (`pnp serve`): a face with its bleed,
a page of decor (a track), an aid's panel. Each is drawn by the code that draws its sheet
to a one-page PDF in memory, then rasterised by pdfium."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageOps
from reportlab.lib.units import mm

from pnp.layout.ops import Face
from pnp.layout.pages import Page
from pnp.render.pdf import FaceDrawer, draw_face, draw_page, make_canvas

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.plan.typeset_jobs import AidText

SCREEN_DPI = 150
"""Resolution of a piece on screen: sharp at twice its printed size on most displays."""

Draw = Callable[["Canvas"], None]


def face_png(
    face: Face,
    bleed_mm: float,
    dpi: float = SCREEN_DPI,
    grey: bool = False,
    font_dir: Path | None = None,
) -> bytes:
    """``face`` with ``bleed_mm`` of its art round the trim, as a PNG."""

    def draw(c: Canvas) -> None:
        c.translate(bleed_mm * mm, bleed_mm * mm)
        draw_face(c, face, font_dir)

    size = (face.width + 2 * bleed_mm, face.height + 2 * bleed_mm)
    return _png(draw, size, dpi, grey)


def page_png(
    page: Page,
    faces: dict[str, Face],
    dpi: float = SCREEN_DPI,
    grey: bool = False,
    font_dir: Path | None = None,
) -> bytes:
    """A whole page as it prints (a track's sheet: its decor, label and marks)."""

    def draw(c: Canvas) -> None:
        draw_page(c, page, FaceDrawer(c, dict(faces), [page], font_dir), font_dir)

    return _png(draw, page.size, dpi, grey)


def aid_png(
    doc: AidText, back: bool, bleed_mm: float, dpi: float = SCREEN_DPI, grey: bool = False
) -> bytes:
    """An aid's panel (or its back), its text set as its file sets it, with ``bleed_mm`` of
    its ground round the trim."""
    from pnp.render.aid import lay_out_aid
    from pnp.render.writers import draw_aid_panel

    text, source = (doc.back_text, doc.sources[1]) if back else (doc.text, doc.sources[0])
    laid = lay_out_aid(text, doc.size_mm, doc.title, doc.accent, doc.credit, source)

    def draw(c: Canvas) -> None:
        c.translate(bleed_mm * mm, bleed_mm * mm)
        draw_aid_panel(c, laid, doc.accent, bleed_mm)

    w, h = doc.size_mm
    return _png(draw, (w + 2 * bleed_mm, h + 2 * bleed_mm), dpi, grey)


def _png(draw: Draw, size_mm: tuple[float, float], dpi: float, grey: bool) -> bytes:
    """What ``draw`` draws on a page of ``size_mm``, at ``dpi``, as PNG bytes."""
    import pypdfium2 as pdfium

    buf = io.BytesIO()
    c = make_canvas(buf, pagesize=(size_mm[0] * mm, size_mm[1] * mm), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    try:
        image = pdf[0].render(scale=dpi / 72, draw_annots=False).to_pil().convert("RGB")
    finally:
        pdf.close()
    shown: Image.Image = ImageOps.grayscale(image) if grey else image
    out = io.BytesIO()
    shown.save(out, format="PNG", compress_level=1)
    return out.getvalue()


__all__ = ["SCREEN_DPI", "aid_png", "face_png", "page_png"]
