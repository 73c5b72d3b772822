"""Cut files for cutting machines: each sheet's cut paths as SVG, in PDF page coordinates.

The SVG is as large as the page; its paths are written in PDF points with the origin at
the bottom-left (a flip of the y axis does the rest), so a path's numbers can be checked
against the manifest's ``trim_pt`` directly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from pnp.layout.ops import POLYGONS
from pnp.layout.pages import Cut, Page

PT_PER_MM = 72.0 / 25.4


def _n(v: float) -> str:
    return f"{v * PT_PER_MM:.2f}".rstrip("0").rstrip(".")


def cut_path(cut: Cut) -> str:
    """SVG path data of one closed cut, counter-clockwise in PDF coordinates."""
    x0, y0, x1, y1 = cut.rect
    if cut.polygon:
        corners = POLYGONS[cut.polygon]
        steps = [f"{_n(x0 + px * (x1 - x0))},{_n(y0 + py * (y1 - y0))}" for px, py in corners]
        return "M " + " L ".join(steps) + " Z"
    if cut.circle:
        r, cy = (x1 - x0) / 2, (y0 + y1) / 2
        return (
            f"M {_n(x0)},{_n(cy)} A {_n(r)},{_n(r)} 0 1 1 {_n(x1)},{_n(cy)} "
            f"A {_n(r)},{_n(r)} 0 1 1 {_n(x0)},{_n(cy)} Z"
        )
    r = min(cut.radius, (x1 - x0) / 2, (y1 - y0) / 2)
    if r <= 0:
        return f"M {_n(x0)},{_n(y0)} L {_n(x1)},{_n(y0)} L {_n(x1)},{_n(y1)} L {_n(x0)},{_n(y1)} Z"
    arc = f"A {_n(r)},{_n(r)} 0 0 1"
    return (
        f"M {_n(x0 + r)},{_n(y0)} L {_n(x1 - r)},{_n(y0)} {arc} {_n(x1)},{_n(y0 + r)} "
        f"L {_n(x1)},{_n(y1 - r)} {arc} {_n(x1 - r)},{_n(y1)} "
        f"L {_n(x0 + r)},{_n(y1)} {arc} {_n(x0)},{_n(y1 - r)} "
        f"L {_n(x0)},{_n(y0 + r)} {arc} {_n(x0 + r)},{_n(y0)} Z"
    )


def cut_svg(page: Page) -> str:
    """One sheet's cut paths (and registration marks, as filled shapes) as an SVG file."""
    w, h = page.size
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" '
        f'viewBox="0 0 {_n(w)} {_n(h)}">',
        f'<g transform="matrix(1 0 0 -1 0 {_n(h)})">',
    ]
    for x0, y0, x1, y1 in page.registration:
        lines.append(
            f'<rect class="registration" x="{_n(x0)}" y="{_n(y0)}" '
            f'width="{_n(x1 - x0)}" height="{_n(y1 - y0)}" fill="#000000"/>'
        )
    for cut in page.cuts:
        lines.append(
            f'<path class="cut" d="{cut_path(cut)}" fill="none" stroke="#ff0000" '
            'stroke-width="0.25"/>'
        )
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def cut_file_name(pdf: str, number: int) -> str:
    """``boom-cards.pdf``, page 3 → ``boom-cards-p3-cut.svg``."""
    return f"{pdf.removesuffix('.pdf')}-p{number}-cut.svg"


def trimmer_cuts(pages: Iterable[Page]) -> int:
    """Straight cuts a paper trimmer needs for the sheets of a file.

    The rule: on each front (or fold) sheet, every distinct straight line that an edge of
    a piece lies on counts once, since a trimmer cuts it in one pass across every piece
    on it (a gang-cut grid of r rows and c columns: r + 1 + c + 1; a tessellated block:
    its rows' lines and its slanted lines); a round counts 4, the square freed around it
    before a punch or scissors takes the rest. Back pages are cut with their fronts.
    """
    total = 0
    for page in pages:
        if page.side == "back":
            continue
        lines: set[tuple[float, float]] = set()
        for cut in page.cuts:
            if cut.circle:
                total += 4
            else:
                lines.update(_lines(cut))
        total += len(lines)
    return total


def _lines(cut: Cut) -> list[tuple[float, float]]:
    """The lines a cut's edges lie on, each as (direction in degrees from 0 to 180,
    signed distance from the page origin), rounded to 0.01 mm."""
    x0, y0, x1, y1 = cut.rect
    unit = POLYGONS.get(cut.polygon, ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    corners = [(x0 + px * (x1 - x0), y0 + py * (y1 - y0)) for px, py in unit]
    out = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        angle = math.atan2(by - ay, bx - ax) % math.pi
        if math.isclose(angle, math.pi, abs_tol=1e-9):
            angle = 0.0
        offset = ax * math.sin(angle) - ay * math.cos(angle)
        out.append((round(math.degrees(angle), 2), round(offset, 2)))
    return out
