"""Player aids: the text set at the largest size that fills one card-sized panel.

The size is searched on the measured height of the laid-out text (string widths from
the font's metrics, as platypus wraps it), then the text is laid out once at that size
and the few points left over are shared out between its blocks, so the last line ends
at the foot of the panel. Every copy on the sheet draws that one layout.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table

from pnp._errors import LayoutError, Location
from pnp.render.blocks import UNBOUNDED, flatten, stack_height
from pnp.render.markdown import styles, to_flowables
from pnp.render.measure import Unsure, measure
from pnp.render.measure import fits as measured_fit
from pnp.render.pdf import colour

FRAME_MM = 3.5
"""The border is drawn this far inside the panel's edge (a cut that misses by a millimetre
or two leaves it whole and even all round)."""
INSET_MM = 5.0
"""Text stays this far inside the panel's edge, clear of the border."""
MIN_BODY_PT = 6.5
"""Smallest body size an aid may be set in: below it the text does not fit."""
MAX_BODY_PT = 13.0
BODY_PT_AT_SCALE_1 = 10.0
CREDIT_PT = 5.2
CREDIT_GAP_MM = 1.2
MAX_EXTRA_GAP_PT = 6.0
"""At most this much space is added between two blocks to fill the panel."""
SEARCH_STEPS = 14


@dataclass
class AidLayout:
    """An aid laid out in a panel; positions in points from the panel's bottom-left."""

    size_mm: tuple[float, float]
    body_pt: float
    placed: list[tuple[Flowable, float, float]]
    text_bottom_pt: float
    """Where the lowest block ends."""
    area_bottom_pt: float
    """The foot of the area the text may use (above the credit line)."""
    credit: Paragraph | None
    credit_y_pt: float

    @property
    def smallest_pt(self) -> float:
        """The smallest size the panel's text is set in (bullets too; the credit aside)."""
        sheet = styles(self.body_pt / BODY_PT_AT_SCALE_1)
        return min([s.fontSize for s in sheet.values()] + [sheet["item"].bulletFontSize])

    @property
    def gap_mm(self) -> float:
        """Empty height left between the last line and the foot of the text area."""
        return (self.text_bottom_pt - self.area_bottom_pt) / mm


def lay_out_aid(
    markdown: str,
    size_mm: tuple[float, float],
    title: str,
    accent: str,
    credit: str = "",
    source: tuple[str, Location] | None = None,
) -> AidLayout:
    """Find the largest size at which ``markdown`` fits the panel and lay it out;
    ``source`` says which file the text came from and where it was named, for the error
    when it cannot fit."""
    w_pt, h_pt = size_mm[0] * mm, size_mm[1] * mm
    inset = INSET_MM * mm
    width = w_pt - 2 * inset
    credit_p, credit_h = _credit(credit, width)
    bottom = inset + (credit_h + CREDIT_GAP_MM * mm if credit_p else 0.0)
    avail = h_pt - inset - bottom

    lo, _ = search_scale(markdown, width, avail, accent)
    if lo is None:
        what, where = (
            ("the text of " + source[0], source[1]) if source else ("the aid template", None)
        )
        raise LayoutError(
            f"{title}: the text does not fit the {size_mm[0]:.0f}×{size_mm[1]:.0f} mm aid panel "
            f"even at {MIN_BODY_PT} pt; shorten {what}",
            where,
        )
    flow = flatten(to_flowables(markdown, width, lo, accent, keep_headings=False))
    placed, text_bottom = _place(flow, inset, h_pt - inset, width, bottom)
    return AidLayout(
        size_mm,
        styles(lo, accent)["body"].fontSize,
        placed,
        text_bottom,
        bottom,
        credit_p,
        inset,
    )


def search_scale(
    markdown: str, width: float, avail: float, accent: str
) -> tuple[float | None, float]:
    """The largest scale (a bisection between the smallest and largest body size) at
    which the text fits ``avail`` points of height in a frame ``width`` wide, and the
    smallest scale tried that does not fit (the largest scale when all fit); None when
    the text does not fit even at the smallest size.

    Each trial size is judged on the text set once at scale 1 (:mod:`pnp.render.measure`);
    a trial too close to call, or text that the measurement does not cover, is laid
    out by platypus instead, so the answer is the one platypus alone would give."""
    measured = measure(to_flowables(markdown, width, 1.0, accent, keep_headings=False))

    def fits(scale: float) -> bool:
        if measured is not None:
            try:
                return measured_fit(measured, scale, width, avail)
            except Unsure:
                pass
        flow = to_flowables(markdown, width, scale, accent, keep_headings=False)
        if any(getattr(f, "overflow", 0) > 0 for f in flow if isinstance(f, Table)):
            return False
        return stack_height(flow, width) <= avail

    lo, hi = MIN_BODY_PT / BODY_PT_AT_SCALE_1, MAX_BODY_PT / BODY_PT_AT_SCALE_1
    if not fits(lo):
        return None, lo
    if fits(hi):
        return hi, hi
    for _ in range(SEARCH_STEPS):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo, hi


def _credit(text: str, width: float) -> tuple[Paragraph | None, float]:
    if not text:
        return None, 0.0
    style = ParagraphStyle(
        "credit",
        styles()["body"],
        fontName="Lato-Italic",
        fontSize=CREDIT_PT,
        leading=CREDIT_PT * 1.2,
        alignment=TA_CENTER,
        textColor=colour("#555555"),
    )
    p = Paragraph(text, style)
    return p, p.wrap(width, UNBOUNDED)[1]


def _place(
    flow: list[Flowable], x: float, top: float, width: float, bottom: float
) -> tuple[list[tuple[Flowable, float, float]], float]:
    """Stack the flowables from ``top`` down, sharing the spare height between them."""
    spare = top - bottom - stack_height(flow, width)
    extra = min(spare / (len(flow) - 1), MAX_EXTRA_GAP_PT) if len(flow) > 1 else 0.0
    placed: list[tuple[Flowable, float, float]] = []
    y, after = top, None
    for f in flow:
        h = f.wrap(width, UNBOUNDED)[1]
        if after is not None:
            y -= after + f.getSpaceBefore() + extra
        y -= h
        placed.append((f, x, y))
        after = f.getSpaceAfter()
    return placed, y


def draw_aid(c: object, layout: AidLayout) -> None:
    """Draw the laid-out text with the panel's bottom-left at the origin."""
    for f, x, y in layout.placed:
        f.drawOn(c, x, y)
    if layout.credit is not None:
        layout.credit.drawOn(c, INSET_MM * mm, layout.credit_y_pt)
