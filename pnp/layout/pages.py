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
    side: str = "front"
    """front or back: on a fold page, which half of a pair this is."""
    rotate: int = 0
    """Degrees the face turns (counter-clockwise) in the trim: 90 or 270 to lie on its side,
    180 for a tessellated triangle pointing down."""


@dataclass(frozen=True, slots=True)
class Cut:
    """One closed cut path for a cutting machine: a rectangle with rounded corners, or the
    circle inscribed in ``rect``."""

    rect: Rect
    radius: float = 0.0
    circle: bool = False
    polygon: str = ""
    """'triangle' or 'diamond': that outline inscribed in ``rect`` (a punched counter)."""


@dataclass(frozen=True, slots=True)
class Label:
    """A sheet's label in its margin (pnp.layout.labels places it): what it says and where."""

    text: str
    """Game, file, "sheet k/n" and side."""
    credit: str
    """The game's copyright line, in finer print."""
    side: str
    """The edge of the page it runs along: bottom, top, left or right."""
    box: Rect
    """Box around all its text, mm from the page's bottom-left."""
    boxes: tuple[Rect, ...]
    """Each piece's box (a credit may be set in two pieces)."""
    blocks: tuple[TextBlock, ...]
    """Its text as drawn, in decor coordinates (mm, y down from the top)."""


@dataclass
class Page:
    size: tuple[float, float]
    side: str = "front"
    """front, back, or fold (fronts and backs side by side)."""
    items: list[Placed] = field(default_factory=list)
    marks: list[Rect] = field(default_factory=list)
    """Crop-mark segments: solid black, each from a cut line outward to the printer margin."""
    decor: list[Shape | TextBlock] = field(default_factory=list)
    """Titles, boxes and tables drawn on the page itself (mm, y down from the top)."""
    folds: list[Rect] = field(default_factory=list)
    """Fold-line segments: dashed grey."""
    registration: list[Rect] = field(default_factory=list)
    """Filled rectangles a cutting machine's camera finds the sheet by."""
    cuts: list[Cut] = field(default_factory=list)
    """What a cutting machine cuts on this sheet (for --cut-file)."""
    layout: str = ""
    """How the items are imposed: grid (all butted), gutter (none butted), grid+gutter (butted
    where edge bands match, gutters between), fold, gang (counters), punch (round chips)."""
    gutter: tuple[float, float] = (0.0, 0.0)
    """Gaps between neighbouring items across and down, mm (0: they share cut lines; the
    widest, where a sheet has several)."""
    bleed: float = 0.0
    """How far art runs past the outer cut lines, mm."""
    label: Label | None = None
    """The sheet's label in its margin (a sheet file's pages; not a rulebook's)."""
    boxes: tuple[Rect, Rect] | None = field(default=None, metadata={"dump": False})
    """A page that carries one piece: its TrimBox and BleedBox (mm from the bottom-left),
    where a print shop trims it and how far its art runs (its item's trim and clip, so
    the display list leaves it out)."""
