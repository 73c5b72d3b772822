"""A duplex test sheet that measures how far a printer shifts the back side.

The front carries crosshairs; the back, behind each crosshair, carries two mm scales.
Held up to a light, each front line crosses its scale at the value to pass as
``--back-offset X,Y`` (already the correction, sign included): with the back moved
by the printer by ``d``, scale mark ``k`` sits behind the line when ``k = -d``, and
adding ``k`` to the back's position cancels the shift.
"""

from __future__ import annotations

from pnp.layout.ops import Shape, TextBlock
from pnp.layout.pages import Page
from pnp.layout.paper import PAPERS_MM
from pnp.layout.textfit import set_text
from pnp.layout.tokens import title_block

SPAN_MM = 5
"""The scales read from -SPAN to +SPAN mm."""
GAP_MM = SPAN_MM + 3.0
"""The scales sit this far from the crosshair centre, so they do not cover each other."""
INK = "#000000"


def targets(paper: str) -> list[tuple[float, float]]:
    """Front crosshair centres (mm, y down from the top): middle and two far corners."""
    w, h = PAPERS_MM[paper]
    return [(w / 2, h / 2), (40.0, 60.0), (w - 40.0, h - 40.0)]


def _cross(x: float, y: float) -> list[Shape]:
    arm = GAP_MM + 5
    return [
        Shape("line", x - arm, y, 2 * arm, 0, None, INK, 0.15, 0),
        Shape("line", x, y - arm, 0, 2 * arm, None, INK, 0.15, 0),
    ]


def scale_marks(x: float, y: float) -> list[tuple[str, float, float, int]]:
    """Marks behind a crosshair at back-page (x, y), mm with y down: (axis, mark x, mark y,
    value). The X scale runs left–right below the centre, the Y scale top–bottom to its
    right. Values are in --back-offset terms: +X moves the back right as seen on the
    back page, +Y moves it up the page, hence the Y values run against the y axis."""
    marks = []
    for k in range(-SPAN_MM, SPAN_MM + 1):
        marks.append(("X", x + k, y + GAP_MM, k))
        marks.append(("Y", x + GAP_MM, y + k, -k))
    return marks


def _scales(x: float, y: float) -> list[Shape | TextBlock]:
    out: list[Shape | TextBlock] = []
    for axis, mx, my, value in scale_marks(x, y):
        tall = 3.0 if value % 5 == 0 else 1.8
        label = (f"{value:+d}" if value else "0") if value % 5 == 0 else ""
        if axis == "X":
            out.append(Shape("line", mx, my, 0, tall, None, INK, 0.12, 0))
            if label:
                out.append(
                    set_text(label, "Lato-Bold", 5, 5, 1.0, (mx - 3, my + 3.3, 6, 2.5), "center")
                )
        else:
            out.append(Shape("line", mx, my, tall, 0, None, INK, 0.12, 0))
            if label:
                out.append(set_text(label, "Lato-Bold", 5, 5, 1.0, (mx + 3.5, my - 1.0, 6, 2.5)))
    out.append(set_text("X", "Lato-Black", 7, 7, 1.0, (x - SPAN_MM - 5, y + GAP_MM - 0.5, 4, 3.5)))
    out.append(set_text("Y", "Lato-Black", 7, 7, 1.0, (x + GAP_MM - 1, y - SPAN_MM - 5, 4, 3.5)))
    return out


HOW_TO = (
    "Print this sheet double-sided, flipping on the long edge, at actual size. Hold it "
    "up to a light with the back (the side with scales) towards you. Where the vertical "
    "line of each cross meets the X scale, read X; where the horizontal line meets the Y "
    "scale, read Y (in mm; between marks, estimate). Then build with --back-offset X,Y. "
    "Crosses that read differently from one another mean the printer also scales or "
    "turns the back: use the middle one."
)


def calibration_pages(paper: str) -> list[Page]:
    """Front (crosshairs and instructions) and back (scales behind each crosshair)."""
    w, h = PAPERS_MM[paper]
    front = Page((w, h), "front", decor=[title_block("Back-side registration test", 20, 15, 16)])
    front.decor.append(set_text(HOW_TO, "Lato-Regular", 10, 10, 1.3, (20, 24, w - 40, 30)))
    back = Page((w, h), "back")
    for x, y in targets(paper):
        front.decor.extend(_cross(x, y))
        back.decor.extend(_scales(w - x, y))  # long-edge flip: x mirrors, y stays
    back.decor.append(title_block("back", 20, h - 20, 9, "Lato-Italic", "#666666"))
    return [front, back]
