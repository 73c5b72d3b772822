"""Card faces as pixels: drawn to a scratch PDF with reportlab, rasterised by pdfium."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageChops
from reportlab.lib.units import mm

from pnp.layout.images import DPI
from pnp.layout.ops import Face
from pnp.render.pdf import draw_face, make_canvas


def rasterise(
    faces: dict[str, Face],
    bleed_mm: float,
    size_px: dict[str, tuple[int, int]],
    font_dir: Path | None = None,
) -> Iterator[tuple[str, Image.Image]]:
    """Each face with ``bleed_mm`` around its trim, at exactly ``size_px[key]`` pixels."""
    import pypdfium2 as pdfium

    keys = list(faces)
    buf = io.BytesIO()
    c = make_canvas(buf, invariant=1)
    for key in keys:
        face = faces[key]
        c.setPageSize(((face.width + 2 * bleed_mm) * mm, (face.height + 2 * bleed_mm) * mm))
        c.translate(bleed_mm * mm, bleed_mm * mm)
        draw_face(c, face, font_dir)
        c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    try:
        for i, key in enumerate(keys):
            page = pdf[i]
            w_px, h_px = size_px[key]
            scale = w_px / page.get_width()
            image = page.render(scale=scale, draw_annots=False).to_pil().convert("RGB")
            if image.size != (w_px, h_px):  # a pixel of rounding at most
                image = image.resize((w_px, h_px), Image.Resampling.LANCZOS)
            yield key, image
    finally:
        pdf.close()


EXIF_X_RESOLUTION, EXIF_Y_RESOLUTION, EXIF_RESOLUTION_UNIT, EXIF_INCH = 0x011A, 0x011B, 0x0128, 2


def save_png(image: Image.Image, path: Path, dpi: int = DPI) -> None:
    """PNG with no timestamp or other varying chunk: same image, same bytes.

    Its resolution is recorded twice. PNG's own pHYs chunk counts whole pixels per metre,
    so 300 dpi is stored as 11811 px/m, the nearest there is (11811.02 would be exact),
    and reads back as 299.9994 dpi in Pillow; an EXIF block adds 300/1 pixels per inch,
    exactly, for the readers that look there."""
    exif = Image.Exif()
    exif[EXIF_X_RESOLUTION] = exif[EXIF_Y_RESOLUTION] = dpi
    exif[EXIF_RESOLUTION_UNIT] = EXIF_INCH
    image.save(path, format="PNG", optimize=False, dpi=(dpi, dpi), exif=exif)


COVERAGE_DPI = 50
"""Resolution at which a written document is rasterised to measure its ink."""


def pdf_coverage(path: Path, dpi: float = COVERAGE_DPI) -> float:
    """The mean share of a PDF's pages that ink covers, each pixel counted by its
    heaviest process ink (1 − min(R, G, B)), as pnp.layout.ink counts laid-out faces."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        total = 0.0
        for page in pdf:
            image = page.render(scale=dpi / 72, draw_annots=False).to_pil().convert("RGB")
            lightest = image.getchannel("R")
            for band in ("G", "B"):
                lightest = ImageChops.darker(lightest, image.getchannel(band))
            histogram = lightest.histogram()
            pixels = sum(histogram)
            total += sum(n * (255 - v) for v, n in enumerate(histogram)) / 255 / pixels
        return total / len(pdf) if len(pdf) else 0.0
    finally:
        pdf.close()
