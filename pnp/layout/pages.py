"""Pages as pure data: what goes where, shared by the renderer and the manifest."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.layout.ops import Shape, TextBlock
from pnp.layout.sheet import Rect


@dataclass(frozen=True, slots=True)
class Placed:
    """One printed item: its id, which face to draw, its trim and the clip of its bleed."""

    id: str
    group: str
    """Deck id for cards; token group for tokens."""
    face: str
    """Key of the drawing (a card face, a deck back, a token)."""
    trim: Rect
    clip: Rect
    region: Rect | None = None
    """A board tile's window onto the board, in board mm from its top-left (y down)."""


@dataclass
class Page:
    size: tuple[float, float]
    side: str = "front"
    items: list[Placed] = field(default_factory=list)
    marks: list[Rect] = field(default_factory=list)
    """Crop-mark segments."""
    decor: list[Shape | TextBlock] = field(default_factory=list)
    """Titles, boxes and tables drawn on the page itself (mm, y down from the top)."""
