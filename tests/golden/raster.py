"""Raster goldens: the pages of each built PDF at 40 dpi in grey, compared with a tolerance.

They cover what the display-list goldens cannot: rulebooks and aids (set by platypus, not
laid out as ops) and whether render draws what layout says. Anti-aliasing and hinting
differ a little between pdfium, reportlab and FreeType versions; a moved card, a missing
text block or a colour change does not stay within the tolerance (tests/test_golden.py
shows both).

One PNG per PDF: its pages stacked top to bottom, with the page heights and the PDF's page
count in a text chunk (``pages``, ``heights``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, PngImagePlugin

DPI = 40
"""1 mm is 1.57 px: a card moved by 1 mm moves its edges by more than a pixel."""
SHEET_PAGES = 4
"""Pages kept of a file of sheets (two sheets, fronts and backs): every op on every page is
in the display-list golden already. Rulebooks and aids keep every page."""
TILE = 8
"""Pixels a side of the squares (5 mm at 40 dpi) whose mean grey is compared: anti-aliasing
moves grey between neighbouring pixels but keeps a square's ink, while a word left out, a
moved edge or another colour changes it."""
MAX_TILE = 10
"""Largest difference of one square's mean grey, in levels of 255. Measured on the five
bundled games (DPI 40, TILE 8): reportlab 4.4.3 with pypdfium2 4.0.0 against reportlab
5.1.0 with pypdfium2 5.15.2, 1 at most (the PDF bytes differ); a 0.5 px Gaussian blur of
every page (a softer anti-aliasing filter) 5; moving a card by 1 mm 47, by 0.5 mm 24;
leaving out a 6.5 pt line of a card 17, a 7 pt word 17; a card's band in another colour
18 or more."""


@dataclass(frozen=True)
class Pages:
    """The pages of one PDF as grey images (the first ``len(images)`` of ``count``)."""

    images: list[Image.Image]
    count: int


def render(pdf: Path, keep: int | None = None) -> Pages:
    """The first ``keep`` pages of ``pdf`` (all when None) at :data:`DPI`, in grey."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        count = len(doc)
        images = []
        for i in range(min(count, keep or count)):
            page = doc[i]
            try:  # each page closed before its document: pypdfium2 4 crashes otherwise
                images.append(_page(page))
            finally:
                page.close()
        return Pages(images, count)
    finally:
        doc.close()


def _page(page: Any) -> Image.Image:
    """One page at :data:`DPI` in grey, at the size its box gives (pdfium may round a pixel
    differently between versions: the image is cut or padded white to that size)."""
    w, h = page.get_size()
    size = (round(w * DPI / 72), round(h * DPI / 72))
    bitmap = page.render(scale=DPI / 72, grayscale=True, draw_annots=False)
    image = bitmap.to_pil().convert("L")
    if image.size == size:
        return image
    out = Image.new("L", size, 255)
    out.paste(image, (0, 0))
    return out


def save(pages: Pages, path: Path) -> None:
    """The pages stacked into one PNG at ``path``, their heights and count in a text chunk."""
    width = max(im.width for im in pages.images)
    sheet = Image.new("L", (width, sum(im.height for im in pages.images)), 255)
    y = 0
    for im in pages.images:
        sheet.paste(im, (0, y))
        y += im.height
    info = PngImagePlugin.PngInfo()
    info.add_text("pages", str(pages.count))
    info.add_text("heights", ",".join(f"{im.width}x{im.height}" for im in pages.images))
    path.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(path, format="PNG", optimize=True, pnginfo=info)


def load(path: Path) -> Pages:
    """The pages a golden PNG written by :func:`save` holds."""
    with Image.open(path) as sheet:
        sheet.load()
        text = sheet.text  # type: ignore[attr-defined]
    images, y = [], 0
    for size in text["heights"].split(","):
        w, h = (int(v) for v in size.split("x"))
        images.append(sheet.crop((0, y, w, y + h)))
        y += h
    return Pages(images, int(text["pages"]))


def differences(name: str, expected: Pages, actual: Pages) -> list[str]:
    """What differs beyond the tolerance, one readable line per page ([] when nothing)."""
    out = []
    if expected.count != actual.count:
        out.append(f"{name}: {actual.count} pages, the golden has {expected.count}")
    for number, (want, got) in enumerate(zip(expected.images, actual.images, strict=False), 1):
        if want.size != got.size:
            out.append(f"{name} page {number}: {got.size} px, the golden is {want.size} px")
            continue
        worst, box = worst_squares(want, got)
        if worst > MAX_TILE:
            x0, y0, x1, y1 = (round(v * 25.4 / DPI) for v in box)
            out.append(
                f"{name} page {number}: squares of {TILE}x{TILE} px differ in mean grey by "
                f"up to {worst} levels (at most {MAX_TILE}), within x={x0}-{x1} mm, "
                f"y={y0}-{y1} mm from the top-left"
            )
    return out


def worst_squares(want: Image.Image, got: Image.Image) -> tuple[int, tuple[int, ...]]:
    """The largest difference between the mean greys of a TILE×TILE square in the two
    images, and the box (pixels) around every square beyond :data:`MAX_TILE`."""
    diff = ImageChops.difference(want.reduce(TILE), got.reduce(TILE))  # a pixel: a square
    _, high = diff.getextrema()  # one band: the least and the largest difference
    worst = int(high)  # type: ignore[arg-type]
    over = diff.point(lambda v: 255 if v > MAX_TILE else 0).getbbox() or (0, 0, 0, 0)
    return worst, tuple(v * TILE for v in over)
