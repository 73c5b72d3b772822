"""What layout produces and render draws: shapes, fitted text blocks, faces (mm)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp._errors import Location


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
    runs: tuple[Run, ...] = ()
    """Rich text, piece by piece; when empty, each line is drawn whole in ``font``."""
    fine_print: bool = False
    """The copyright line, which may print down to 5 pt (all other text 6 pt)."""
    source: Location | None = field(default=None, compare=False, metadata={"dump": False})
    """Where the text and its size are declared (a layout element, a counter group, a board
    region): `pnp validate` reports a text printed too small there. Not part of the
    display list."""


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a rich line: text in one font at baseline (x, y), or, with ``icon`` (an SVG
    file), that icon ``w``×``h`` mm with its bottom on the baseline."""

    x: float
    y: float
    font: str
    text: str
    icon: str = ""
    w: float = 0.0
    h: float = 0.0


@dataclass(frozen=True, slots=True)
class FileInBox:
    """A drawing or picture file placed in the box x, y, w, h (mm from the top-left)."""

    path: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Icon(FileInBox):
    """An SVG icon filled in one colour, fitted into its box."""

    color: str
    rotate: int = 0


@dataclass(frozen=True, slots=True)
class Art(Icon):
    """An illustration (templates/art/): drawn as an icon is, behind the text over it; the
    rulebook credits it and `pnp validate` checks the text over it stays readable."""


@dataclass(frozen=True, slots=True)
class Picture(FileInBox):
    """A raster image scaled to its box, clipped to ``frame``."""

    frame: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Face:
    width: float
    height: float
    ops: tuple[Shape | TextBlock | Icon | Picture, ...]


POLYGONS: dict[str, tuple[tuple[float, float], ...]] = {
    "triangle": ((0.0, 0.0), (1.0, 0.0), (0.5, 1.0)),
    "diamond": ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)),
    "triangle-down": ((0.0, 1.0), (1.0, 1.0), (0.5, 0.0)),
    "wedge-tl": ((0.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    "wedge-bl": ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)),
    "wedge-tr": ((1.0, 0.0), (1.0, 1.0), (0.0, 1.0)),
    "wedge-br": ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0)),
}
"""Corners of the polygon shapes (Shape kinds) in their unit box, y up, in drawing order; a
wedge is the half-triangle beyond a tessellated row's end, named by its right angle."""


Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in mm from the card's top-left (y down)."""


@dataclass(frozen=True, slots=True)
class Part:
    """A labelled part of the card: its name and the box of what it drew (mm, y down)."""

    label: str
    box: Box


@dataclass(frozen=True, slots=True)
class Anatomy:
    """The card-anatomy figure (pnp.layout.anatomy makes it): a real card's face and its
    labelled parts (at most one part per label). Here, with the faces it holds, so that
    the process that typesets the rulebook reads it without loading the game's schema."""

    card: str
    """The card's id."""
    name: str
    """Its printed name."""
    layout: str
    face: Face
    parts: tuple[Part, ...]
    font_dir: str


@dataclass(frozen=True, slots=True)
class PieceView:
    """A printed piece as a rulebook figure draws it: the face its sheet prints (mm), the
    outline it is cut along (rect, ellipse, triangle, diamond; a rect's corners rounded
    by ``radius``), and the window of the face that shows (None: the whole face; a
    screen: its outside, printed upside down, so ``turn`` is 180)."""

    key: str
    face: Face
    outline: str = "rect"
    radius: float = 0.0
    window: Box | None = None
    turn: int = 0

    @property
    def size(self) -> tuple[float, float]:
        """Width and height in mm of what shows."""
        if self.window is None:
            return self.face.width, self.face.height
        x0, y0, x1, y1 = self.window
        return x1 - x0, y1 - y0


@dataclass(frozen=True, slots=True)
class PileView:
    """A pile of the setup figure (pnp.games.setup.Pile) with its printed pieces: what
    it is (``kind``: deck, hand, cards, board, track, counters, money, screen, aid), how
    many, and where each piece lies on a board or track (``on``: the board's key and the
    space's box in its mm), if it lies on one."""

    name: str
    count: int
    kind: str
    shown: str
    pieces: tuple[PieceView, ...]
    on: tuple[tuple[str, Box], ...] = ()


@dataclass(frozen=True, slots=True)
class TableView:
    """The setup figure: the table at the start with every piece as it prints (under the
    build's options, such as ``--chits``)."""

    players: int
    centre: tuple[PileView, ...]
    seats: tuple[tuple[PileView, ...], ...]
    font_dir: str
    chits: str = "square"
