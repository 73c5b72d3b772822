"""Schema of the parts of a game other than its cards, as game.yaml declares them under
`components:`: counters, tracks, player aids, standing screens and boards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

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
    punch_mm: str = ""
    """A round's diameter with `--chits shaped`: a standard punch (16, 19, 25 or 25.4 mm),
    the one nearest `size_mm` that its words fit; empty: `size_mm`, cut by hand."""


class TokenGroup(Strict):
    """Counters printed together; with `each`, one token per row of that table (as `row`)."""

    title: str
    each: str | None = None
    """Name of a table under `tables:`; the token is repeated for each of its rows."""
    token: Token


class TokensComponent(Strict):
    """A sheet of punch-out counters (kind `tokens`)."""

    kind: Literal["tokens"]
    id: ID
    title: str
    groups: list[TokenGroup]


class TrackSection(Strict):
    """A row of boxes (`track`) or a two-column table (`table`) drawn from a data table."""

    type: Literal["track", "table"]
    title: str
    table: str
    """Name of a table under `tables:` in game.yaml."""
    label: str
    """Jinja expression for the big text of a box/row, e.g. 'row.limit'."""
    value: str
    """Jinja expression for the small text of a box/row."""
    note: str = ""


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
    """Colour of the outside words."""
    height_mm: Number = Field(default=88.0, ge=60.0, le=140.0)
    """Standing height; a screen shorter than 60 mm hides nothing."""
    panels: list[ScreenPanel] = Field(min_length=2, max_length=4)
    """The inside, one panel each, left to right."""


BOARD_MAX_MM = 1200.0


class BoardRegion(Strict):
    """One part of a board; geometry in mm from the board's top-left corner."""

    kind: Literal["track", "box", "text"]
    """`track`: a row or column of spaces; `box`: a framed area; `text`: words alone."""
    rect: tuple[Number, Number, Number, Number]
    """x, y, width, height in mm."""
    title: str = ""
    """Jinja text: a box's heading, or the caption above a track."""
    text: str = ""
    """Jinja text inside a box, or the words of a `text` region."""
    spaces: str = "1"
    """Track: how many spaces, as a Jinja expression (e.g. 'tables.market.spaces')."""
    direction: Literal["across", "down"] = "across"
    """Track: spaces left to right, or top to bottom."""
    label: str = ""
    """Track: Jinja expression printed in each space; it sees `space.index0`,
    `space.index` (from 1) and `space.count`."""
    mark: str = ""
    """Track: Jinja expression; where true, the space carries a white dot."""
    fill: ColorText = "#ffffff"
    """A colour, or Jinja giving one (per space on a track)."""
    stroke: Color = "#141414"
    font_size: Number = Field(default=11.0, gt=0, le=72)
    """Largest text size in points; text shrinks to fit its box."""


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
    regions: list[BoardRegion]

    @property
    def size_mm(self) -> tuple[float, float]:
        return board_size(self.size)


Component = Annotated[
    TokensComponent | TrackComponent | AidComponent | BoardComponent | ScreenComponent,
    Field(discriminator="kind"),
]
