"""Canvas set-up, embedded TrueType fonts, and drawing laid-out faces and pages."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import IO, Any
from weakref import WeakKeyDictionary

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.layout.ops import POLYGONS, Face, Icon, Picture, Shape, TextBlock
from pnp.layout.pages import Page, Placed
from pnp.plan.doc_meta import DocInfo
from pnp.render.fonttags import TaggedTTFont
from pnp.spec.colour import Colour
from pnp.text.fonts import load_font

MARK_WIDTH_PT = 0.5
MARK_HALO_PT = 1.5
FOLD_COLOUR = "#808080"
FOLD_DASH_PT = (4, 3)
BASE_FONT = "Lato-Regular"
"""Every canvas starts in an embedded font (reportlab's default is unembedded Helvetica)."""
DOCUMENT_FONTS = ("Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-BoldItalic", "Lato-Black")
"""The faces rulebooks and aids are set in (regular, bold, italic, both, and black
headings)."""
FORM_PAD_MM = 10.0
"""Faces are drawn this far past the trim; each placement clips to its own bleed."""


@cache
def colour(value: Colour | str) -> Color:
    """The reportlab colour of a colour (or of its ``#rrggbb``)."""
    r, g, b = Colour.of(value).channels
    return Color(r, g, b)


_registered: set[str] = set()


def ensure_font(name: str, font_dir: Path | None = None) -> str:
    """Register a TTF with reportlab (embedded as a subset) under its file stem."""
    if name not in _registered:
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TaggedTTFont(name, str(load_font(name, font_dir).path)))
        _registered.add(name)
    return name


def make_canvas(path: str | IO[bytes], **kw: Any) -> Canvas:
    """A reportlab canvas that starts in the embedded base font; also a doc canvasmaker."""
    kw["initialFontName"] = ensure_font(BASE_FONT)
    return Canvas(path, **kw)


def new_canvas(path: Path, size_mm: tuple[float, float], info: DocInfo | str) -> Canvas:
    """A canvas whose output is byte-identical for identical drawing (no timestamps, fixed
    ids), carrying ``info`` (a DocInfo, or just a title) as its metadata."""
    c = make_canvas(
        str(path), pagesize=(size_mm[0] * mm, size_mm[1] * mm), invariant=1, pageCompression=1
    )
    DocInfo.of(info).apply(c)
    return c


def draw_face(c: Canvas, face: Face, font_dir: Path | None = None) -> None:
    """Draw a face with its trim's bottom-left at the origin (points)."""
    h = face.height
    for op in face.ops:
        if isinstance(op, Shape):
            _shape(c, op, face)
        elif isinstance(op, TextBlock):
            _text(c, op, h, font_dir)
        elif isinstance(op, Icon):
            _turned(c, op.rotate, (op.x + op.w / 2, op.y + op.h / 2), h)
            draw_icon(c, op.path, op.x * mm, (h - op.y - op.h) * mm, op.w * mm, op.h * mm, op.color)
            if op.rotate:
                c.restoreState()
        else:
            _picture(c, op, h)


def _shape(c: Canvas, s: Shape, face: Face) -> None:
    x, y, w, hh = s.x, face.height - s.y - s.h, s.w, s.h
    if s.kind == "rect" and s.fill and s.radius == 0 and _touches_edges(s, face):
        x, y, w, hh = (
            -FORM_PAD_MM,
            -FORM_PAD_MM,
            face.width + 2 * FORM_PAD_MM,
            face.height + 2 * FORM_PAD_MM,
        )
    fill, stroke = s.fill is not None, s.stroke is not None
    if fill:
        c.setFillColor(colour(s.fill))  # type: ignore[arg-type]
    if stroke:
        c.setStrokeColor(colour(s.stroke))  # type: ignore[arg-type]
        c.setLineWidth(s.stroke_width * mm)
    if s.kind == "line":
        if s.dash:
            c.setDash([s.dash * mm, s.dash * 0.6 * mm])
        c.line(x * mm, (face.height - s.y) * mm, (s.x + s.w) * mm, (face.height - s.y - s.h) * mm)
        if s.dash:
            c.setDash([])
    elif s.kind == "ellipse":
        c.ellipse(x * mm, y * mm, (x + w) * mm, (y + hh) * mm, stroke=stroke, fill=fill)
    elif s.kind in POLYGONS:
        path = c.beginPath()
        points = POLYGONS[s.kind]
        for i, (px, py) in enumerate(points):  # unit box, y up
            (path.lineTo if i else path.moveTo)((x + px * w) * mm, (y + py * hh) * mm)
        path.close()
        c.drawPath(path, stroke=stroke, fill=fill)
    elif s.radius:
        c.roundRect(x * mm, y * mm, w * mm, hh * mm, s.radius * mm, stroke=stroke, fill=fill)
    else:
        c.rect(x * mm, y * mm, w * mm, hh * mm, stroke=stroke, fill=fill)


def _touches_edges(s: Shape, face: Face) -> bool:
    return s.x <= 0 and s.y <= 0 and s.x + s.w >= face.width and s.y + s.h >= face.height


def _turned(c: Canvas, rotate: int, centre: tuple[float, float], h: float) -> None:
    """Start turning what follows about ``centre`` (mm from the top-left); caller restores."""
    if rotate:
        c.saveState()
        cx, cy = centre[0] * mm, (h - centre[1]) * mm
        c.translate(cx, cy)
        c.rotate(rotate)
        c.translate(-cx, -cy)


def _text(c: Canvas, t: TextBlock, h: float, font_dir: Path | None) -> None:
    c.setFillColor(colour(t.color))
    c.setFont(ensure_font(t.font, font_dir), t.size)
    _turned(c, t.rotate, t.centre, h)
    if t.runs:
        _runs(c, t, h, font_dir)
    else:
        for x, y, line in t.lines:
            c.drawString(x * mm, (h - y) * mm, line)
    if t.rotate:
        c.restoreState()


def _runs(c: Canvas, t: TextBlock, h: float, font_dir: Path | None) -> None:
    font = t.font
    for run in t.runs:
        if run.icon:
            draw_icon(c, run.icon, run.x * mm, (h - run.y) * mm, run.w * mm, run.h * mm, t.color)
            continue
        if run.font != font:
            font = run.font
            c.setFont(ensure_font(font, font_dir), t.size)
        c.drawString(run.x * mm, (h - run.y) * mm, run.text)
    c.setFont(ensure_font(t.font, font_dir), t.size)


_icon_forms: WeakKeyDictionary[Canvas, dict[str, str]] = WeakKeyDictionary()
"""Per canvas, the form XObject each icon drawn on it became."""


def draw_icon(c: Canvas, path: str, x: float, y: float, w: float, h: float, ink: str) -> None:
    """An SVG icon filled in one colour, fitted into w×h points with its bottom-left at (x, y).

    Each icon's paths are written once per document, as a form XObject without a colour
    of its own: every use is a reference filled in the colour set around it."""
    from pnp.render.svg import icon_shapes

    width, height, tree = icon_shapes(path)
    forms = _icon_forms.setdefault(c, {})
    name = forms.get(path)
    if name is None:
        from pnp.render.svg import draw_shape

        name = forms[path] = f"I{len(forms)}"
        c.beginForm(name, 0, 0, width, height)
        draw_shape(c, tree)
        c.endForm()
    scale = min(w / width, h / height)
    c.saveState()
    c.setFillColor(colour(ink))
    c.translate(x + (w - width * scale) / 2, y + (h - height * scale) / 2)
    c.scale(scale, scale)
    c.doForm(name)
    c.restoreState()


def _picture(c: Canvas, p: Picture, h: float) -> None:
    fx, fy, fw, fh = p.frame
    c.saveState()
    frame = c.beginPath()
    frame.rect(fx * mm, (h - fy - fh) * mm, fw * mm, fh * mm)
    c.clipPath(frame, stroke=0, fill=0)
    c.drawImage(p.path, p.x * mm, (h - p.y - p.h) * mm, p.w * mm, p.h * mm, mask="auto")
    c.restoreState()


class FaceDrawer:
    """Draws placed faces on a canvas. A face placed more than once in the document (a
    deck's back, a counter) becomes one form XObject drawn by reference; a face placed
    once is drawn in place, which is cheaper than an XObject of its own."""

    def __init__(
        self, c: Canvas, faces: dict[str, Face], pages: list[Page], font_dir: Path | None = None
    ) -> None:
        self.c, self.faces, self.font_dir = c, faces, font_dir
        uses = Counter(item.face for page in pages for item in page.items)
        self.reused = {key for key, n in uses.items() if n > 1}
        self.forms: dict[str, str] = {}

    def _form(self, key: str) -> str:
        name = self.forms.get(key)
        if name is None:
            name = self.forms[key] = f"F{len(self.forms)}"
            face = self.faces[key]
            pad = FORM_PAD_MM * mm
            self.c.beginForm(name, -pad, -pad, face.width * mm + pad, face.height * mm + pad)
            draw_face(self.c, face, self.font_dir)
            self.c.endForm()
        return name

    def place(self, item: Placed) -> None:
        c = self.c
        form = self._form(item.face) if item.face in self.reused else None
        x0, y0, x1, y1 = item.clip
        c.saveState()
        path = c.beginPath()
        path.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(item.trim[0] * mm, item.trim[1] * mm)
        if item.rotate == 90:  # lying on its side: the face's top towards the left
            c.translate((item.trim[2] - item.trim[0]) * mm, 0)
        elif item.rotate == 270:
            c.translate(0, (item.trim[3] - item.trim[1]) * mm)
        elif item.rotate == 180:  # a tessellated triangle pointing down
            c.translate((item.trim[2] - item.trim[0]) * mm, (item.trim[3] - item.trim[1]) * mm)
        if item.rotate:
            c.rotate(item.rotate)
        if form is None:  # its only use: let it go once drawn, the canvas has it now
            draw_face(c, self.faces.pop(item.face), self.font_dir)
        else:
            c.doForm(form)
        c.restoreState()


def draw_page(
    c: Canvas, page: Page, drawer: FaceDrawer | None = None, font_dir: Path | None = None
) -> None:
    """Draw a page: its placed faces, its own decor, then fold lines, crop marks and
    registration marks over them."""
    for item in page.items:
        assert drawer is not None, "a page with placed faces needs a FaceDrawer"
        drawer.place(item)
    if page.decor:
        draw_face(c, Face(page.size[0], page.size[1], tuple(page.decor)), font_dir)
    draw_marks(c, page)
    draw_label(c, page)


def set_boxes(c: Canvas, page: Page) -> None:
    """The page's TrimBox and BleedBox, when it carries one piece (pnp.layout.shop); none
    on other pages (reportlab keeps a box for the pages that follow until it is unset)."""
    trim, bleed = page.boxes or (None, None)
    c.setTrimBox(None if trim is None else [round(v * mm, 3) for v in trim])
    c.setBleedBox(None if bleed is None else [round(v * mm, 3) for v in bleed])


def draw_label(c: Canvas, page: Page) -> None:
    """The sheet's label, in its margin, after everything else (it overlaps nothing)."""
    if page.label is not None:
        draw_face(c, Face(page.size[0], page.size[1], page.label.blocks))


def draw_marks(c: Canvas, page: Page) -> None:
    """Fold lines dashed grey; crop marks solid black on a thin white halo, so a mark that
    starts over a dark bleed still shows; registration marks filled black."""
    if page.folds:
        c.saveState()
        c.setStrokeColor(colour(FOLD_COLOUR))
        c.setLineWidth(MARK_WIDTH_PT)
        c.setDash(*FOLD_DASH_PT)
        for x0, y0, x1, y1 in page.folds:
            c.line(x0 * mm, y0 * mm, x1 * mm, y1 * mm)
        c.restoreState()
    if page.marks:
        c.saveState()
        c.setLineCap(0)
        for ink, width in (("#ffffff", MARK_HALO_PT), ("#000000", MARK_WIDTH_PT)):
            c.setStrokeColor(colour(ink))
            c.setLineWidth(width)
            for x0, y0, x1, y1 in page.marks:
                c.line(x0 * mm, y0 * mm, x1 * mm, y1 * mm)
        c.restoreState()
    if page.registration:
        c.setFillColor(colour("#000000"))
        for x0, y0, x1, y1 in page.registration:
            c.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm, stroke=0, fill=1)
