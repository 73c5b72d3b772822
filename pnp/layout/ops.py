"""What layout produces and render draws: shapes, fitted text blocks, faces (mm)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shape:
    """A rect, ellipse or line in mm, y measured down from the trim's top edge."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    dash: float = 0.0
    """Dash length in mm for dashed lines (fold lines); 0 draws a solid line."""


@dataclass(frozen=True, slots=True)
class TextBlock:
    """Fitted lines: each (x of its left end, y of its baseline) in mm from the top-left."""

    font: str
    size: float
    color: str
    lines: tuple[tuple[float, float, str], ...]
    rotate: int
    centre: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Face:
    width: float
    height: float
    ops: tuple[Shape | TextBlock, ...]
