"""The registry of component kinds: each kind of component a game.yaml may list (counters,
boards, screens, tracks, aids, and any kind registered later) declared once, and read by
everything that lists kinds: the schema (the `components` union), the plan of a build (its
layout and its file), the setup figure and `pnp validate`.

A kind's layout and setup-figure picture live in the stages above this one: a kind declared
outside pnp gives them in its declaration; pnp's own five are declared here with what the
spec knows of them, and pnp.plan.kinds binds their functions (`bind`) when the plan stage
loads, so nothing here imports upward and reading the kinds stays cheap."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field

from pnp.spec.components import (
    AidComponent,
    BoardComponent,
    ScreenComponent,
    TokensComponent,
    TrackComponent,
)
from pnp.spec.kind_names import BUILT_IN
from pnp.spec.model import GameSpec


@dataclass(frozen=True)
class ComponentKind:
    """One kind of component, as game.yaml's `kind:` names it."""

    name: str
    model: type[BaseModel]
    """Its schema: a model whose `kind` field is ``Literal[name]``."""
    lay_out: Callable[..., Any] | None = None
    """Its file of sheets: ``(game, component, index, options, context) -> (pages,
    faces)``, ``context()`` giving the template context of the build."""
    picture: Callable[..., Any] | None = None
    """The piece in the setup figure: ``(finder, key, component, index) -> PieceView``
    (pnp.layout.setup_table); None: the figure does not show it."""
    on_table: Literal["centre", "seat"] | None = None
    """Where the setup figure of a game without an engine lays one: in the centre (named
    by its title), or one at each seat (named ``seat_name``)."""
    seat_name: str = ""
    seat_needs_copies: bool = False
    """At each seat only when the game prints two or more (`copies`)."""
    margin: Literal["printer", "inner", "packed"] = "printer"
    """Where its pieces may lie on a sheet: inside the printer margin, inside the room the
    registration marks leave too, or around them as packed cards and aids are."""
    one_piece: bool = False
    """One piece a page: each page gets its TrimBox and BleedBox."""
    typeset: bool = False
    """Its pieces' text is typeset when its file is drawn (an aid's panel)."""
    chits: bool = False
    """Its layout follows --chits (counters' shapes): `pnp validate` lays it out in each."""
    stock: str = "card, 160–220 g/m²"
    """What the start-here sheet says to print its file on."""
    stands: bool = False
    """Folded on its dashed lines so that it stands (a screen), as the start-here sheet
    says."""
    guide: Literal["pieces", "sets", "whole", "sheet", "symbol"] = "pieces"
    """How the start-here sheet pictures and counts it: ``pieces``, the first of its
    pieces as laid and how many (its file's row counting copies, from two); ``sets``, a
    piece of each set (group) and how many each (its row counting ``piece_word``s);
    ``whole``, one piece drawn whole by ``face`` (a board's tiles joined), its size said;
    ``sheet``, its first sheet whole; ``symbol``, a pictogram named for the kind and the
    component's copies."""
    piece_word: str = "copy"
    """What its file's row on the start-here sheet counts its pieces as."""
    face: Callable[..., Any] | None = None
    """For ``guide="whole"``: ``(game, component, index, credit) -> Face``."""
    lies: Literal["board", "sheet", "flat", "piece"] = "piece"
    """How the setup figure draws one: ``board``, a sheet the smaller pieces gather
    beside (and lie on, in a game with an engine, which shows these by default);
    ``sheet`` likewise, though nothing lies on it; ``flat``, at a sheet's scale, each
    player's at half; ``piece``, at the scale of the cards."""


_KINDS: dict[str, ComponentKind] = {}


def register(kind: ComponentKind) -> None:
    """Declare ``kind``: game.yaml may then list components of it, and a build prints
    them. A kind of the same name is replaced."""
    _KINDS[kind.name] = kind
    _rebuild()


def unregister(name: str) -> None:
    """Forget the kind ``name`` (not one of pnp's own)."""
    if name in BUILT_IN:
        raise ValueError(f"{name!r} is one of pnp's own component kinds")
    if _KINDS.pop(name, None) is not None:
        _rebuild()


@contextmanager
def registered(kind: ComponentKind) -> Iterator[ComponentKind]:
    """``kind`` declared for the length of a ``with`` block."""
    register(kind)
    try:
        yield kind
    finally:
        unregister(kind.name)


def component_kinds() -> tuple[ComponentKind, ...]:
    """Every kind, pnp's own first, in the order the build writes their files."""
    return tuple(_KINDS.values())


def component_kind(name: str) -> ComponentKind:
    return _KINDS[name]


def kind_named(name: str) -> ComponentKind | None:
    """The kind ``name``, or None when no component kind is called so (a kind of file or
    of pile: cards, deck, counters)."""
    return _KINDS.get(name)


def bind(
    name: str,
    lay_out: Callable[..., Any],
    picture: Callable[..., Any] | None,
    face: Callable[..., Any] | None = None,
) -> None:
    """Give pnp's own kind ``name`` its layout, picture and whole face (pnp.plan.kinds
    does, for all five, as the plan stage loads)."""
    _KINDS[name] = replace(_KINDS[name], lay_out=lay_out, picture=picture, face=face)


def _rebuild() -> None:
    """game.yaml's `components` made of the kinds declared now (its errors located as
    before: the union is told apart by `kind`)."""
    item = component_union()
    GameSpec.model_fields["components"].annotation = list[item]  # type: ignore[valid-type]
    GameSpec.model_rebuild(force=True)


def component_union() -> Any:
    """The `components` item type: one of the kinds' models, told apart by `kind`."""
    models = tuple(k.model for k in _KINDS.values())
    return Annotated[Union[models], Field(discriminator="kind")]  # noqa: UP007


for _kind in (
    ComponentKind(
        "tokens",
        TokensComponent,
        margin="inner",
        chits=True,
        stock="thick card, 250–300 g/m², or paper glued on card before you cut",
        guide="sets",
        piece_word="counter",
    ),
    ComponentKind(
        "track",
        TrackComponent,
        on_table="centre",
        guide="sheet",
        lies="sheet",
    ),
    ComponentKind(
        "aid",
        AidComponent,
        on_table="seat",
        seat_name="player aid",
        seat_needs_copies=True,
        margin="packed",
        typeset=True,
        guide="symbol",
    ),
    ComponentKind(
        "board",
        BoardComponent,
        on_table="centre",
        one_piece=True,
        stock="card, 200–250 g/m²",
        guide="whole",
        lies="board",
    ),
    ComponentKind(
        "screen",
        ScreenComponent,
        on_table="seat",
        seat_name="screen",
        one_piece=True,
        stock="card, 200–250 g/m², so it stands",
        stands=True,
        lies="flat",
    ),
):  # in the order of the union they replace: its error messages list them so
    _KINDS[_kind.name] = _kind
assert sorted(_KINDS) == sorted(BUILT_IN), "declare each of BUILT_IN once, and only those"
