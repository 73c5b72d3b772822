"""Card-layout files (``templates/cards/NAME.yaml``): read, checked against the schema
and against the card's safe zone, here, so that nothing above the spec stage reads YAML."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Location, shown
from pnp.spec.fields import parse_size
from pnp.spec.load import parse_model
from pnp.spec.model import CardLayout
from pnp.spec.yamlio import load_yaml


def read_card_layout(path: Path) -> tuple[CardLayout, list[Location]]:
    """The layout in ``path`` and the place of each of its elements in the file."""
    data, located = load_yaml(path)
    layout = parse_model(CardLayout, data, located)
    _check_elements(layout, located)
    return layout, [located.at(("elements", i)) for i in range(len(layout.elements))]


_FONT_NAME = re.compile(r"[A-Za-z0-9][\w.-]*\Z")


def _check_elements(layout: CardLayout, located: Any) -> None:
    """Text boxes inside the safe zone; fonts named, not given as paths."""
    w, h = parse_size(layout.size)
    s = layout.safe_mm
    for i, el in enumerate(layout.elements):
        if not _FONT_NAME.match(el.font) or ".." in el.font:
            raise DataError(
                f"font: {shown(el.font)} is not a font name (a file name in fonts/ "
                "without '.ttf', e.g. 'Lato-Bold')",
                located.at(("elements", i, "font")),
            )
        if el.kind != "text":
            continue
        x, y, ew, eh = el.rect
        if x < s - 1e-6 or y < s - 1e-6 or x + ew > w - s + 1e-6 or y + eh > h - s + 1e-6:
            raise DataError(
                f"text box {el.rect} leaves the {s} mm safe zone of a {w}×{h} mm card",
                located.at(("elements", i, "rect")),
            )
