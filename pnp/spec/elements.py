"""Typed schema of a card layout (``templates/cards/NAME.yaml``): one model per kind of
element, so each kind accepts exactly the keys it draws with (a `rect` given `font` is
an error, not a key quietly ignored), and the layout file that lists them."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, field_validator

from pnp.spec.fields import ID, ColorText, Flag, Length, Number, Position, Strict

MOST_STROKE_MM = 10.0
"""Widest line a card layout draws (the bundled ones draw 0.25 to 1.6 mm)."""


class ElementBase(Strict):
    """Keys every element has; geometry in mm from the trim's top-left."""

    kind: str
    """What the element draws: rect, ellipse, line, text, icon, image or art."""
    rect: tuple[Position, Position, Position, Position]
    """x, y, width, height in mm (for `line`: from (x, y) to (x+width, y+height)); each
    within ±400 mm, width and height 0 or more but for a line."""
    id: ID | None = None
    """The element's name for a layout that `extends` this one: an element given the same
    id there takes this one's place."""
    when: str | None = None
    """Jinja expression; the element is drawn only when it is true."""
    field: str = ""
    """Name used in error messages (defaults to the text template)."""
    label: str = ""
    """What the rulebook's card-anatomy figure calls this part, in the players' words
    ("card type", "corner value"); defaults to `field`."""

    runs_backwards: ClassVar[bool] = False
    """Whether width and height may be negative (a line running left or up)."""

    @field_validator("rect")
    @classmethod
    def _extent_not_negative(cls, rect: tuple[float, ...]) -> tuple[float, ...]:
        if not cls.runs_backwards and min(rect[2:]) < 0:
            raise ValueError(
                f"width and height must be 0 or more, not {rect[2]:g} and {rect[3]:g} "
                "(only a line may run left or up)"
            )
        return rect


class _Outlined(ElementBase):
    stroke: ColorText | None = None
    """Colour of the outline (none when not given)."""
    stroke_width: Number = Field(default=0.3, ge=0, le=MOST_STROKE_MM)
    """Line width in mm (0 to 10)."""


class _Filled(_Outlined):
    fill: ColorText | None = None
    """A colour (#rgb, #rrggbb, a CSS name) or Jinja giving one, e.g. '{{ type.color }}'."""


class RectElement(_Filled):
    kind: Literal["rect"]
    bleed: Flag = False
    """Extend a rect touching the trim edge out to the bleed edge (backgrounds)."""
    radius: Length = 0.0
    """Corner radius in mm."""


class EllipseElement(_Filled):
    kind: Literal["ellipse"]


class LineElement(_Outlined):
    kind: Literal["line"]
    runs_backwards: ClassVar[bool] = True


class _Turned(ElementBase):
    color: ColorText = "#000000"
    """Colour it is drawn in, or Jinja giving one."""
    rotate: Literal[0, 180] = 0
    """Turn the element half a turn about its box centre (double-ended cards)."""


class TextElement(_Turned):
    kind: Literal["text"]
    text: str
    """Jinja text; may use **bold**, *italic* and :icon-name:."""
    font: str = "Lato-Regular"
    """A font file's name in fonts/ without '.ttf'."""
    size: Number = Field(default=9.0, gt=0, le=200)
    """Font size in points; text is shrunk toward min_size when it does not fit."""
    min_size: Number | None = Field(default=None, gt=0, le=200)
    leading: Number = Field(default=1.2, ge=0.5, le=4)
    """Distance between baselines, times the font size."""
    align: Literal["left", "center", "right", "justify"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    upper: Flag = False
    hyphenate: Flag = False
    """Break long words at syllables (narrow or justified text)."""


class IconElement(_Turned):
    kind: Literal["icon"]
    icon: str
    """Jinja icon name (a file `templates/icons/<name>.svg`)."""


class ImageElement(ElementBase):
    kind: Literal["image"]
    image: str
    """Jinja path of a picture, inside the game folder."""
    fit: Literal["contain", "cover"] = "cover"
    """How an image fills its frame: all of it shown (contain) or the frame filled (cover)."""


class ArtElement(_Turned):
    kind: Literal["art"]
    art: str
    """Jinja art name, `set/name` (e.g. '{{ card.art or type.art }}'): drawn in one colour,
    `tint` of the way from `fill` (what it lies on) to `color`."""
    fill: ColorText | None = None
    """The colour the art lies on, which a `tint` or `contrast` below 1 mixes toward."""
    tint: Number = Field(default=1.0, gt=0, le=1)
    """How much of `color` the art takes; the rest is `fill`, so a light tint keeps text
    over it readable (pnp validate checks 4.5:1)."""
    contrast: Number | None = Field(default=None, ge=1, le=21)
    """In place of `tint`: the contrast its colour keeps with `fill` (e.g. 1.3); it takes
    as much of `color` as reaches that, so light and dark type colours give art of the same
    weight."""
    step: tuple[Number, Number] | None = None
    """Repeat the art every x, y mm across `rect` as a pattern, every other row shifted
    half a step; each copy is 60% of the smaller step wide, and only whole copies inside
    `rect` are drawn."""


ShapeElement = RectElement | EllipseElement | LineElement
Element = Annotated[
    ShapeElement | TextElement | IconElement | ImageElement | ArtElement,
    Field(discriminator="kind"),
]
"""One drawn thing on a card face or back, of the model its `kind` names."""


class CardLayout(Strict):
    """A face or back layout file in templates/cards/."""

    extends: str | None = Field(default=None, min_length=1, max_length=100)
    """Name of a layout this one builds on: it takes that layout's size, safe zone and
    elements, then its own size and safe_mm replace the parent's, an element with the `id`
    of one of the parent's takes its place, and the other elements are drawn after."""
    size: str = "poker"
    """Card size this layout is drawn for."""
    safe_mm: Number = Field(default=3.0, ge=0, le=50)
    """Text must stay this far inside the trim."""
    elements: list[Element]
