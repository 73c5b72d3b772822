"""Card-layout files (``templates/cards/NAME.yaml``): read, checked against the schema
and against the card's safe zone, and a layout that ``extends:`` another merged with it,
here, so that nothing above the spec stage reads YAML.

A layout that extends another takes the parent's size, safe zone and elements; its own
``size`` and ``safe_mm``, when given, replace the parent's; each of its elements with the
``id`` of one of the parent's takes that element's place (in the parent's drawing order),
and its other elements are drawn after the parent's."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pnp._errors import DataError, Location, shown
from pnp.spec.elements import CardLayout, Element, TextElement
from pnp.spec.fields import parse_size
from pnp.spec.load import parse_model
from pnp.spec.yamlio import Located, load_yaml

MOST_EXTENDS = 4
"""Longest chain of parents a layout may have (a extends b extends c ...)."""

FindLayout = Callable[[str, Location], Path]
"""The file of the layout a name stands for; the location names the `extends:` asking."""

_Placed = tuple[Located, int]
"""Where an element was read: its file and its index in that file's `elements`."""


def read_card_layout(path: Path, find: FindLayout) -> tuple[CardLayout, list[Location]]:
    """The layout in ``path``, any parent it extends merged in (``find`` gives the file of
    a parent's name), and the place of each of its elements in the file it came from."""
    layout, placed = _resolved(path, find, ())
    _check_elements(layout, placed)
    return layout, [located.at(("elements", i)) for located, i in placed]


def _resolved(
    path: Path, find: FindLayout, children: tuple[Path, ...]
) -> tuple[CardLayout, list[_Placed]]:
    """The layout in ``path`` merged with its parents (``children``: the layouts that
    extend it, nearest last, on the way here)."""
    data, located = load_yaml(path)
    layout = parse_model(CardLayout, data, located)
    own: list[_Placed] = [(located, i) for i in range(len(layout.elements))]
    _check_ids(layout, located)
    if layout.extends is None:
        return layout, own
    at = located.at(("extends",))
    parent_path = find(layout.extends, at)
    chain = [*children, path, parent_path]
    if parent_path in (*children, path):
        names = " → ".join(shown(p.stem) for p in chain[chain.index(parent_path) :])
        raise DataError(f"extends: {shown(layout.extends)} makes a loop: {names}", at)
    if len(children) + 1 > MOST_EXTENDS:
        names = " → ".join(shown(p.stem) for p in chain)
        raise DataError(
            f"extends: {shown(layout.extends)} makes too long a chain ({names}); "
            f"a layout may build on at most {MOST_EXTENDS} others",
            at,
        )
    parent, parent_placed = _resolved(parent_path, find, (*children, path))
    return _merged(layout, own, parent, parent_placed)


def _merged(
    child: CardLayout, own: list[_Placed], parent: CardLayout, parent_placed: list[_Placed]
) -> tuple[CardLayout, list[_Placed]]:
    elements: list[Element] = list(parent.elements)
    placed = list(parent_placed)
    slot = {el.id: i for i, el in enumerate(elements) if el.id is not None}
    for el, where in zip(child.elements, own, strict=True):
        if el.id in slot:
            elements[slot[el.id]], placed[slot[el.id]] = el, where
        else:
            elements.append(el)
            placed.append(where)
    given = child.model_fields_set
    merged = child.model_copy(
        update={
            "size": child.size if "size" in given else parent.size,
            "safe_mm": child.safe_mm if "safe_mm" in given else parent.safe_mm,
            "elements": elements,
        }
    )
    return merged, placed


def _check_ids(layout: CardLayout, located: Located) -> None:
    seen: set[str] = set()
    for i, el in enumerate(layout.elements):
        if el.id is None:
            continue
        if el.id in seen:
            raise DataError(
                f"id: {shown(el.id)} is given to two elements (an id names one element)",
                located.at(("elements", i, "id")),
            )
        seen.add(el.id)


_FONT_NAME = re.compile(r"[A-Za-z0-9][\w.-]*\Z")


def _check_elements(layout: CardLayout, placed: list[_Placed]) -> None:
    """Text boxes inside the safe zone; fonts named, not given as paths."""
    w, h = parse_size(layout.size)
    s = layout.safe_mm
    for el, (located, i) in zip(layout.elements, placed, strict=True):
        if not isinstance(el, TextElement):
            continue
        if not _FONT_NAME.match(el.font) or ".." in el.font:
            raise DataError(
                f"font: {shown(el.font)} is not a font name (a file name in fonts/ "
                "without '.ttf', e.g. 'Lato-Bold')",
                located.at(("elements", i, "font")),
            )
        x, y, ew, eh = el.rect
        if x < s - 1e-6 or y < s - 1e-6 or x + ew > w - s + 1e-6 or y + eh > h - s + 1e-6:
            raise DataError(
                f"text box {el.rect} leaves the {s} mm safe zone of a {w}×{h} mm card",
                located.at(("elements", i, "rect")),
            )
