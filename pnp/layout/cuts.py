"""Cut files for cutting machines: each sheet's cut paths as SVG, in PDF page coordinates.

The SVG is as large as the page; its paths are written in PDF points with the origin at
the bottom-left (a flip of the y axis does the rest), so a path's numbers can be checked
against the manifest's ``trim_pt`` directly.
"""

from __future__ import annotations

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
