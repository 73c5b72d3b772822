"""The value types the schema models share: ids, colours, strict numbers, sizes, and the
strict base model that forbids unknown keys."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema

from pnp._errors import shown
from pnp.spec.colour import Colour

ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
PATTERN_WORDS = {
    ID_PATTERN: "an id is lowercase letters, digits and dashes, e.g. `big-deal`",
}
"""What each pattern allows, in the words an error message uses."""
ID = Annotated[str, Field(pattern=ID_PATTERN, max_length=64)]


def parse_color(text: str) -> str:
    """``#rgb``, ``#rrggbb`` or a CSS colour name (any case) → ``#rrggbb`` in lowercase;
    anything else is refused with the closest name."""
    return Colour.from_text(text).hex


def _is_template(text: str) -> bool:
    return "{{" in text or "{%" in text


def _color_or_template(text: str) -> str:
    return text if _is_template(text) else parse_color(text)


_COLOR_SCHEMA = {
    "type": "string",
    "description": "#rgb, #rrggbb or a CSS colour name (e.g. #1f6f8b, teal)",
}
Color = Annotated[str, AfterValidator(parse_color), WithJsonSchema(_COLOR_SCHEMA)]
"""A colour, kept as ``#rrggbb`` whichever way it was written."""
ColorText = Annotated[
    str,
    AfterValidator(_color_or_template),
    WithJsonSchema({**_COLOR_SCHEMA, "description": "a colour, or Jinja giving one"}),
]
"""A colour, or Jinja that gives one when rendered ('{{ row.color }}'): a plain colour is
checked and kept as ``#rrggbb`` here; a template is checked once it is rendered
(pnp.text.template.render_colour)."""
Whole = Annotated[int, Field(strict=True)]
"""A whole number; `true` or `2.5` is refused, not read as 1 or 2."""
Number = Annotated[float, Field(strict=True)]
"""A number; `true` or `"3"` is refused."""
Flag = Annotated[bool, Field(strict=True)]
"""Only `true` or `false`."""

MM_PER_IN = 25.4
SIDE_MM = (10.0, 400.0)
"""Least and most a card or panel may measure a side, in mm."""
Position = Annotated[float, Field(strict=True, ge=-SIDE_MM[1], le=SIDE_MM[1])]
"""A place or extent on a card in mm, from the trim's top-left: within a side's length."""
Length = Annotated[float, Field(strict=True, ge=0, le=SIDE_MM[1])]
"""A length in mm, 0 or more, at most the longest side of a card."""
NAMED_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "euro": (59.0, 92.0),
    "tarot": (70.0, 120.0),
    "square": (63.5, 63.5),
}
SIZE_RE = re.compile(r"^\s*([0-9.]+)\s*[x×]\s*([0-9.]+)\s*(mm|in)\s*$")


def parse_size(text: str) -> tuple[float, float]:
    """``poker`` or ``63.5x88.9 mm`` or ``2.5x3.5 in`` → (width, height) in mm."""
    if text in NAMED_SIZES_MM:
        return NAMED_SIZES_MM[text]
    m = SIZE_RE.match(text)
    if not m:
        names = ", ".join(NAMED_SIZES_MM)
        raise ValueError(f"size {shown(text)} is neither one of {names} nor like '63.5x88.9 mm'")
    scale = MM_PER_IN if m.group(3) == "in" else 1.0
    w, h = float(m.group(1)) * scale, float(m.group(2)) * scale
    least, most = SIDE_MM
    if not (least <= w <= most and least <= h <= most):
        raise ValueError(f"size {shown(text)} is outside {least:g}–{most:g} mm")
    return (w, h)


def checked_by(parse: Callable[[str], object]) -> AfterValidator:
    """A validator that refuses what ``parse`` refuses and keeps the text as written."""

    def check(text: str) -> str:
        parse(text)
        return text

    return AfterValidator(check)


CardSize = Annotated[str, checked_by(parse_size)]
"""A card or panel size: poker, bridge, mini, euro, tarot, square, or 'WxH mm' / 'WxH in'."""


class Strict(BaseModel):
    """A schema model: unknown keys refused, values frozen once read."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, coerce_numbers_to_str=True, allow_inf_nan=False
    )
