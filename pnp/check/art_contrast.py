"""Text printed over art keeps 4.5:1 contrast (WCAG AA) with the art's colour.

Art is drawn in one colour, a tint of the ground it lies on (pnp.layout.face), so what a
letter over it stands on is either the ground or the art's colour; the ground is the
layout's own business, the art's colour is checked here. A text block counts as over a
piece of art when their boxes meet and no opaque fill drawn between them covers the text
(the gem cards' white rows lie over their art). Contrast compares luminance alone, so it
holds in greyscale too.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pnp._errors import Finding, Location, Severity
from pnp.check.legibility import Piece
from pnp.layout.anatomy import op_box
from pnp.layout.ops import Art, Box, Face, Shape, TextBlock
from pnp.layout.tints import contrast

LEAST = 4.5
"""Contrast every text keeps with art beneath it."""


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _covers(shape: Shape, box: Box) -> bool:
    """An opaque fill over the whole of ``box`` (its rounded corners aside)."""
    if not shape.fill or shape.kind not in ("rect", "ellipse"):
        return False
    x0, y0, x1, y1 = op_box(shape)
    if shape.kind == "ellipse":  # every corner of the box inside the ellipse
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
        if rx <= 0 or ry <= 0:
            return False
        corners = [(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
        return all(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 for x, y in corners)
    return x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1


def text_over_art(face: Face, font_dir: Path | None = None) -> list[tuple[TextBlock, Art, float]]:
    """Each text block over art it is less than :data:`LEAST` readable on, with the art and
    the contrast (the first such art beneath each text)."""
    out = []
    ops = face.ops
    for i, op in enumerate(ops):
        if not isinstance(op, TextBlock) or not op.lines:
            continue
        box = op_box(op, font_dir)
        for j in range(i - 1, -1, -1):
            under = ops[j]
            if isinstance(under, Shape) and _covers(under, box):
                break  # whatever lies under this fill is hidden
            if isinstance(under, Art) and _meet(op_box(under), box):
                ratio = contrast(op.color, under.color)
                if ratio < LEAST:
                    out.append((op, under, ratio))
                    break
    return out


def art_contrast_findings(
    faces: dict[str, Face], where: dict[str, Location], font_dir: Path | None = None
) -> list[Finding]:
    """An error for each text (one per place it is declared and art it lies on) printed
    over art with less than 4.5:1 contrast, naming the first card it is on."""
    return _findings(
        (
            (
                f"card {key!r}" if not key.startswith("back:") else f"back of {key[5:]}",
                where.get(key),
                f,
            )
            for key, f in faces.items()
        ),
        font_dir,
    )


def piece_art_findings(pieces: Iterable[Piece], font_dir: Path | None = None) -> list[Finding]:
    """The same for the other printed pieces (boards, counters, screens), by their names."""
    faces = ((p.name, p.where, Face(0, 0, p.ops)) for p in pieces)  # type: ignore[arg-type]
    return _findings(faces, font_dir)


def _findings(
    faces: Iterable[tuple[str, Location | None, Face]], font_dir: Path | None
) -> list[Finding]:
    seen: set[tuple[Location | None, str, str]] = set()
    out = []
    for piece, where, face in faces:
        for block, art, ratio in text_over_art(face, font_dir):
            text = " ".join(line for _, _, line in block.lines)
            shown = text if len(text) <= 40 else text[:39] + "…"
            art_name = f"{Path(art.path).parent.name}/{Path(art.path).stem}"
            at = block.source or where
            if (at, shown, art_name) in seen:
                continue
            seen.add((at, shown, art_name))
            out.append(
                Finding(
                    Severity.ERROR,
                    f"{piece}: {shown!r} ({block.color}) lies over art {art_name} "
                    f"({art.color}) at {ratio:.1f}:1 contrast; text needs {LEAST}:1: draw "
                    "the art lighter (a smaller tint) or keep it from under the text",
                    at,
                )
            )
    return out
