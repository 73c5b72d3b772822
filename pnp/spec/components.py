"""Schema of the parts of a game other than its cards, as game.yaml declares them under
`components:`: counters, tracks, player aids, standing screens and boards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from pnp._errors import shown
from pnp.spec.fields import (
    ID,
    MM_PER_IN,
    SIZE_RE,
    CardSize,
    Color,
    ColorText,
    Number,
    Strict,
    Whole,
    checked_by,
)


class Token(Strict):
    """One kind of counter. Every value is Jinja text, so counts come from `tables`."""

    label: str
    """Big text on the counter."""
    sub: str = ""
    """Small text under the label."""
    count: str
    """How many to print, e.g. '12' or '{{ tables.stock_per_firm }}'."""
    shape: Literal["circle", "square", "triangle", "diamond"] = "circle"
    """Squares are gang-cut; circles, triangles and diamonds are punched or cut out."""
    size_mm: str = "20"
    """Diameter or side in mm."""
    color: ColorText
    ink: ColorText = "#ffffff"
    icon: str = ""
    """A symbol drawn in `ink` above the label: an icon name, or Jinja giving one."""
    punch_mm: str = ""
    """A round's diameter with `--chits shaped`: a standard punch (16, 19, 25 or 25.4 mm),
    the one nearest `size_mm` that its words fit; empty: `size_mm`, cut by hand."""
    pattern: str = ""
    """A texture round the counter's words, so counters that differ in colour still differ
    in a greyscale print: stripes, dots, checks or hatch (or Jinja giving one); empty:
    plain."""


FITS_PATTERN = r"^[a-z0-9][a-z0-9-]*\.[a-z0-9][a-z0-9-]*$"
Fits = Annotated[str, Field(pattern=FITS_PATTERN, max_length=130)]
"""A board region as `BOARD.REGION`: a board's id and the `id` of one of its regions."""


class TokenGroup(Strict):
    """Counters printed together; with `each`, one token per row of that table (as `row`)."""

    title: str
    each: str | None = None
    """Name of a table under `tables:`; the token is repeated for each of its rows."""
    token: Token
    fits: Fits | None = None
    """The board region these counters sit on (`BOARD.REGION`); validate checks that each
    has at least 1 mm of play in a space of it, across and down."""


class TokensComponent(Strict):
    """A sheet of punch-out counters (kind `tokens`)."""

    kind: Literal["tokens"]
    id: ID
    title: str
    fits: Fits | None = None
    """The board region every counter of the set sits on (`BOARD.REGION`), unless a group
    names its own."""
    with_cards: bool = False
    """Print these counters on the card sheets, in the room the last one leaves (a few
    markers should not take a sheet of their own), not in a file of their own."""
    groups: list[TokenGroup]


class TrackSection(Strict):
    """A track (`track`: a path of spaces, one per row of a data table, in order, each
    with its value beside it) or a two-column table (`table`)."""

    type: Literal["track", "table"]
    title: str
    table: str
    """Name of a table under `tables:` in game.yaml."""
    label: str
    """Jinja expression for the big text of a space/row, e.g. 'row.limit'."""
    value: str
    """Jinja expression for what a space shows beside it, or a row's second column."""
    note: str = ""
    beside: bool = False
    """Drawn to the right of the section before it, tops level, instead of below it."""
    start: str = ""
    """Track: Jinja expression true on the space a marker starts on, e.g.
    'row.limit == tables.ipo_limit_start'."""
    icon: str = ""
    """Track: an icon drawn before each space's value (e.g. 'burn')."""
    space_mm: Number = Field(default=24.0, ge=12.0, le=40.0)
    """Track: the side of a space, room for the counter that sits on it."""
    header: list[str] = Field(default_factory=list, max_length=2)
    """Table: the headings of its two columns."""


class TrackComponent(Strict):
    """A sheet of tracks and tables (kind `track`)."""

    kind: Literal["track"]
    id: ID
    title: str
    sections: list[TrackSection]


class AidComponent(Strict):
    """Player aid cards (kind `aid`): a Markdown+Jinja template on a card-sized panel."""

    kind: Literal["aid"]
    id: ID
    title: str
    template: str
    """Markdown+Jinja file in the game's templates."""
    back: str = ""
    """A second Markdown+Jinja file: the aid's other face, printed on the back of each copy
    (double-sided, mirrored for a long-edge flip like card backs)."""
    size: CardSize = "tarot"
    copies: Whole = Field(default=1, ge=1, le=12)


class ScreenPanel(Strict):
    """One panel of a screen's inside: a heading and Jinja text (blank lines between
    paragraphs)."""

    title: str
    text: str


class ScreenComponent(Strict):
    """Standing player screens (kind `screen`), one sheet each: a strip of panels printed
    on one side, folded in half along its length (outside upside down above the fold, so
    it reads upright once folded) and then at the panel lines so it stands."""

    kind: Literal["screen"]
    id: ID
    title: str
    each: str | None = None
    """Name of a table under `tables:`; one screen per row (as `row`), e.g. the player
    colours. Without it, `copies` identical screens."""
    copies: Whole = Field(default=1, ge=1, le=12)
    color: ColorText = "{{ row.color }}"
    """The outside colour, or Jinja giving it."""
    label: str = "{{ game.name }}"
    """Big words on the outside."""
    sub: str = ""
    """Smaller words under the label (e.g. the colour's name and mark)."""
    ink: ColorText = "#ffffff"
    """Colour of the outside words, the band along its foot and the symbol's medallion:
    one that stands out on `color`."""
    icon: str = ""
    """The player's symbol, an icon name or Jinja giving it (e.g. '{{ row.icon }}'):
    drawn in a medallion on every outside panel and faintly all over it, so the screen
    says whose it is without its colour: colour never carries meaning alone."""
    height_mm: Number = Field(default=88.0, ge=60.0, le=140.0)
    """Standing height; a screen shorter than 60 mm hides nothing."""
    panels: list[ScreenPanel] = Field(min_length=2, max_length=4)
    """The inside, one panel each, left to right."""


BOARD_MAX_MM = 1200.0


BoardPosition = Annotated[float, Field(strict=True, ge=-BOARD_MAX_MM, le=BOARD_MAX_MM)]
"""A place or extent on a board in mm, from its top-left: within the largest board's side."""
BoardRect = tuple[BoardPosition, BoardPosition, BoardPosition, BoardPosition]
"""x, y, width, height in mm on a board; width and height are checked to be 0 or more."""


def _upright(rect: tuple[float, float, float, float] | None, key: str) -> None:
    if rect is not None and (rect[2] < 0 or rect[3] < 0):
        raise ValueError(
            f"`{key}`: width and height must be 0 or more, not {rect[2]:g}, {rect[3]:g}"
        )


class BoardBand(Strict):
    """A stretch of a track or path, from space `first` to space `last` (counted from 1,
    Jinja expressions): its spaces take the band's colours, and its label, printed in
    `label_rect` on a patch of the band's colour, is their key."""

    first: str
    last: str
    label: str = ""
    """Jinja text, printed in `label_rect`."""
    label_rect: BoardRect | None = None
    """x, y, width, height in mm of the band's label."""
    fill: Color
    ink: Color = "#141414"
    """Colour of the space numbers in this band (pick one that reads on `fill`)."""

    @model_validator(mode="after")
    def _geometry(self) -> BoardBand:
        _upright(self.label_rect, "label_rect")
        return self


class BoardFrame(Strict):
    """A frame line around the board, inside the 3 mm safe zone, so a miscut of the trim
    never shows half a line."""

    inset: Number = Field(default=5.0, ge=3.0, le=50.0)
    """Distance from the trim, mm (3 mm at least)."""
    color: Color = "#141414"
    width: Number = Field(default=0.6, gt=0, le=3.0)
    """Line width, mm."""


class BoardRegion(Strict):
    """One part of a board; geometry in mm from the board's top-left corner."""

    kind: Literal["track", "path", "box", "text", "art"]
    """`track`: a row or column of spaces (or rows, with `wrap`); `path`: round spaces
    spread evenly along the line through `points`; `box`: a framed area, with a title strip
    when `title_fill` is given; `text`: words alone; `art`: an illustration."""
    id: ID | None = None
    """The name `fits:` uses, as `BOARD.REGION`."""
    rect: BoardRect | None = None
    """x, y, width, height in mm (every kind but `path`)."""
    points: list[tuple[BoardPosition, BoardPosition]] = Field(default_factory=list, max_length=200)
    """Path: the corners of the line the spaces lie on, mm; the first and last space sit
    on the first and last point."""
    space_mm: str = ""
    """Path: the diameter of a space in mm, as a Jinja expression (e.g.
    'tables.market.space_mm')."""
    title: str = ""
    """Jinja text: a box's heading, or the caption above a track."""
    icon: str = ""
    """A box's icon (templates/icons/NAME.svg), drawn before its title."""
    art: str = ""
    """Art: its name, `set/name` (a file templates/art/<set>/<name>.svg, e.g.
    'game-icons/coins-pile'), drawn in `ink`, as large as fits `rect`, centred in it."""
    title_fill: Color | None = None
    """Box: a title strip in this colour across its top (the title in `title_ink`)."""
    title_ink: Color = "#ffffff"
    text: str = ""
    """Jinja text inside a box, or the words of a `text` region."""
    spaces: str = "1"
    """Track or path: how many spaces, as a Jinja expression (e.g.
    'tables.market.spaces')."""
    direction: Literal["across", "down"] = "across"
    """Track: spaces left to right, or top to bottom."""
    wrap: Whole | None = Field(default=None, ge=1, le=200)
    """Track: spaces per row (or column), the rest on further rows."""
    gap: Number = Field(default=0.0, ge=0.0, le=50.0)
    """Track: mm between neighbouring spaces (0: they share their edges)."""
    label: str = ""
    """Track or path: Jinja expression printed in each space; it sees `space.index0`,
    `space.index` (from 1) and `space.count`."""
    mark: str = ""
    """Track or path: Jinja expression; where true, the space carries a white dot."""
    fill: ColorText = "#ffffff"
    """A colour, or Jinja giving one (per space on a track or path)."""
    stroke: Color = "#141414"
    ink: Color = "#141414"
    """Colour of the text."""
    ribbon: Color | None = None
    """Path: a road under the spaces, joining them, in this colour."""
    ribbon_mm: Number = Field(default=5.0, gt=0, le=40.0)
    """Path: width of the road, mm (wider than a space to frame the spaces)."""
    bands: list[BoardBand] = Field(default_factory=list)
    """Track or path: stretches of spaces marked in their own colours, with a label."""
    font_size: Number = Field(default=11.0, gt=0, le=72)
    """Largest text size in points; text shrinks to fit its box."""

    @model_validator(mode="after")
    def _geometry(self) -> BoardRegion:
        _upright(self.rect, "rect")
        if self.kind == "path":
            if len(self.points) < 2 or not self.space_mm:
                raise ValueError("a path needs `points` (two at least) and `space_mm`")
        elif self.rect is None:
            raise ValueError(f"a {self.kind} needs `rect: [x, y, width, height]` in mm")
        if (self.kind == "art") != bool(self.art.strip()):
            raise ValueError("`art:` names the art of a region of kind art, and only there")
        return self


def board_size(text: str) -> tuple[float, float]:
    """A board's size in mm; boards may be larger than any card or sheet."""
    m = SIZE_RE.match(text)
    if not m:
        raise ValueError(f"size {shown(text)} is not like '270x190 mm' or '10.5x7.5 in'")
    scale = MM_PER_IN if m.group(3) == "in" else 1.0
    w, h = float(m.group(1)) * scale, float(m.group(2)) * scale
    if not (20 <= w <= BOARD_MAX_MM and 20 <= h <= BOARD_MAX_MM):
        raise ValueError(f"size {shown(text)} is outside 20–{BOARD_MAX_MM:g} mm")
    return (w, h)


BoardSize = Annotated[str, checked_by(board_size)]
"""A board size: 'WxH mm' or 'WxH in', up to BOARD_MAX_MM a side."""


class BoardComponent(Strict):
    """A board drawn from the data (kind `board`): one sheet when it fits the paper, else
    tiles with an overlap strip to glue."""

    kind: Literal["board"]
    id: ID
    title: str
    size: BoardSize
    """Board size as 'WxH mm' or 'WxH in' (up to 1200 mm a side)."""
    background: Color = "#ffffff"
    """Fills the board and its 3 mm bleed past the trim."""
    frame: BoardFrame | None = None
    regions: list[BoardRegion]

    @property
    def size_mm(self) -> tuple[float, float]:
        return board_size(self.size)


Component = Annotated[
    TokensComponent | TrackComponent | AidComponent | BoardComponent | ScreenComponent,
    Field(discriminator="kind"),
]
