"""Typed schema of a game folder: the game file, card files and expansions.

Every model forbids unknown keys; each field's docstring is what `pnp schema` shows an
editor.  Card fields beyond the common ones are declared per card type in ``game.yaml``
and turned into a model per type, so a card of type ``plan`` accepts exactly the keys
its type declares. The shared value types are in pnp.spec.fields, the components (counters,
tracks, aids, screens, boards) in pnp.spec.components, the card layouts in
pnp.spec.elements.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, create_model, field_validator, model_validator

from pnp.spec.components import Component
from pnp.spec.fields import (
    ID,
    CardSize,
    Color,
    Flag,
    Number,
    Strict,
    Whole,
    parse_size,
)


class Players(Strict):
    min: Whole = Field(ge=1, le=12)
    """Fewest players the game supports."""
    max: Whole = Field(ge=1, le=12)
    """Most players the game supports."""


FieldKind = Literal["int", "number", "str", "bool", "effect"]
_FIELD_TYPES: dict[str, Any] = {
    "int": Whole,
    "number": Number,
    "str": str,
    "bool": Flag,
    "effect": dict[str, Any],
}


class CardType(Strict):
    """A kind of card: its deck, its face layout, its colour and its own fields."""

    deck: ID
    """Deck the cards of this type belong to."""
    label: str
    """Type name printed on the card, e.g. 'Business Plan'."""
    layout: str = "standard"
    """Face layout: a file `templates/cards/<layout>.yaml`."""
    color: Color
    """Frame colour of this card type; the types of a deck differ in greyscale too."""
    ink: Color = "#ffffff"
    """Colour of text printed on the type colour (dark ink on a light type colour)."""
    kind: str = ""
    """What the card is in the rules' words, printed under the label, e.g. 'Company card'."""
    icon: str = ""
    """Icon of this type, a file `templates/icons/<icon>.svg`, e.g. 'news'."""
    art: str = ""
    """Illustration of this type's cards, `set/name` (a file `templates/art/<set>/<name>.svg`),
    e.g. 'game-icons/rocket'; a card's own `art` replaces it."""
    hand: Flag = False
    """Cards of this type are held in a hand: the layout prints corner indices."""
    index: str = ""
    """Short value printed in the corner indices (Jinja, e.g. '{{ card.burn }}')."""
    stacked: Flag = False
    """Cards of this type lie fanned or stacked face up (a player's won businesses): like
    held cards they print corner indices, so each card's value shows."""
    symbol: str = ""
    """A symbol of the type's player or set, printed beside the corner index: an icon name
    (`circle`, `square`, `triangle` and `diamond` are bundled). Pieces that meet face up
    (`meets:`) and would differ by colour alone differ in it."""
    hand_group: ID | None = None
    """With `hand`: the hand this type is held in, when players hold separate hands (Small
    Print: one Paperwork set each, so `red` for both red types). Held types of one group
    differ in greyscale; held types without a group may all meet in one hand."""
    fields: dict[str, FieldKind] = {}
    """Extra keys a card of this type has, with their kind."""

    @field_validator("fields")
    @classmethod
    def _fields_read_as_keys(cls, v: dict[str, FieldKind]) -> dict[str, FieldKind]:
        for name in v:
            if hasattr(dict, name):  # Jinja reads `card.items` as the method, not the key
                raise ValueError(
                    f"a field cannot be called {name!r}: a template reads card.{name} as a "
                    "built-in method, not as this field; choose another name"
                )
        return v

    @model_validator(mode="after")
    def _group_is_held(self) -> CardType:
        if self.hand_group and not self.hand:
            raise ValueError("hand_group names a hand, so the type needs `hand: true`")
        return self


class Back(Strict):
    """What the back of every card of a deck shows."""

    layout: str = "back"
    """Back layout: a file `templates/cards/<layout>.yaml`."""
    title: str
    subtitle: str = ""
    color: Color
    accent: Color = "#ffffff"
    icon: str = ""
    """Icon in the back's emblem, a file `templates/icons/<icon>.svg`."""
    art: str = ""
    """Art the back's pattern repeats, `set/name`, e.g. 'game-icons/rocket'."""


class Deck(Strict):
    """A deck: cards sharing a back and a size."""

    id: ID
    name: str
    size: CardSize = "poker"
    """Card size: poker, bridge, mini, euro, tarot, square, or 'WxH mm' / 'WxH in'."""
    back: Back

    @property
    def size_mm(self) -> tuple[float, float]:
        return parse_size(self.size)


class Credits(Strict):
    """Who made the original game. Printed on every rulebook and aid; `designer` is the
    author in every PDF's metadata."""

    designer: str = Field(min_length=1)
    """The original game's designer (or publisher), e.g. 'Greg Costikyan'."""
    copyright: str = ""
    """The copyright line, e.g. '© 2002 Greg Costikyan'."""
    lines: list[str] = []
    """Further credit lines, one each: co-designers, card writers, art, icons."""


class License(Strict):
    """On what terms the game may be copied, in the rights holder's sense, in our words."""

    short: str = Field(min_length=1, max_length=80)
    """One short line for page footers and aid cards, e.g. 'Personal use only, not for sale'."""
    text: str = ""
    """The full notice, printed in the rulebook's credits."""


class Meeting(Strict):
    """Pieces that lie face up side by side in play, which players must tell apart
    without colour: `pnp validate` checks each two for a letter, icon or shape of their
    own and for 12 L* between their colours in greyscale."""

    what: str = Field(min_length=1)
    """Where they meet, for messages, e.g. 'Shares revealed under a business'."""
    pieces: list[str] = Field(min_length=1)
    """Card type ids, ids of `tokens` components (each counter of it), or `ID.N` for
    group N (from 0) of a tokens component."""


class GameSpec(Strict):
    """`game.yaml`: what the game is and how its parts are printed."""

    id: ID
    name: str
    tagline: str = ""
    art: str = ""
    """The game's title art on the rulebook's cover and the card box, `set/name` (like a card
    type's `art`); without it, the first deck back's art."""
    playing_time: str = Field(default="", max_length=40)
    """How long a game takes, as the cover and the box print it, e.g. '30 minutes'."""
    engine: str | None = None
    """Name of the rules engine under pnp/games/, if the game has one."""
    players: Players
    accent: Color = "#222222"
    decks: list[Deck]
    card_types: dict[str, CardType]
    components: list[Component] = []
    rulebook: str | None = None
    """Markdown+Jinja rulebook template in the game's templates."""
    tables: dict[str, Any] = {}
    """Game data the rules, tracks and rulebook read (IPO table, industries, …)."""
    credits: Credits | None = None
    """The original designers and copyright, printed on every rulebook and aid."""
    license: License | None = None
    """The terms the rights holder allows copies on, printed with the credits."""
    meets: list[Meeting] = []
    """Pieces seen face up side by side that must differ by more than colour."""
    needs: list[Annotated[str, Field(min_length=1, max_length=120)]] = Field(
        default=[], max_length=20
    )
    """What the players fetch besides the printed pieces, one thing a line, in the rules'
    words (e.g. 'one six-sided die'): the start-here sheet lists it. Leave it empty when
    the files hold everything."""


class CardFile(Strict):
    """A file of cards, all in one deck."""

    deck: ID
    cards: list[dict[str, Any]]

    @field_validator("cards", mode="before")
    @classmethod
    def _empty_is_none(cls, v: Any) -> Any:
        return [] if v is None else v


class ExpansionSpec(Strict):
    """`expansion.yaml` of an expansion folder."""

    name: str
    version: str = "1.0"
    author: str = ""
    description: str = ""
    mark: str = Field(default="", max_length=4)
    """Set mark printed on the expansion's cards (defaults to the name's initials)."""
    replace: list[str] = []
    """Ids of base cards this expansion's cards of the same id replace."""
    remove: list[str] = []
    """Ids of base cards this expansion takes out."""
    overrides: list[str] = []
    """Published numbers this expansion changes on purpose (by the name validate's warning
    gives them), so validate does not warn that they differ from the published rules."""


class CardBase(Strict):
    """Keys every card has."""

    id: ID
    """Unique id, lowercase-with-dashes."""
    type: str
    """Card type, declared under card_types in game.yaml."""
    qty: Whole = Field(default=1, ge=1, le=500)
    """Copies of this card."""
    name: str = Field(min_length=1, max_length=200)
    """Title printed on the card."""
    text: str = Field(default="", max_length=2000)
    """Rules text; may use Jinja2, e.g. {{ card.burn }}, **bold**, *italic* and :icons:."""
    flavor: str = Field(default="", max_length=2000)
    """Flavour text, printed apart from the rules text (in italic, below a thin rule)."""
    image: str | None = None
    """Picture for the card: a PNG or JPEG path inside the game folder."""
    art: str | None = None
    """Illustration of this card, `set/name` (e.g. 'game-icons/rocket'), in place of its
    type's `art`."""
    label: str | None = Field(default=None, min_length=1, max_length=60)
    """The label printed on this card in place of its type's: for a card that enters play
    otherwise than the others of its type (Bidness: a starting employee is dealt, not
    auctioned)."""
    kind: str | None = Field(default=None, min_length=1, max_length=120)
    """What this card is, printed under the label, in place of its type's `kind`."""


def card_model(type_name: str, spec: CardType) -> type[CardBase]:
    """A pydantic model for cards of one type: the common keys plus the declared ones."""
    fields: dict[str, Any] = {k: (_FIELD_TYPES[v], ...) for k, v in spec.fields.items()}
    only_this_type: Any = Literal[type_name]
    fields["type"] = (only_this_type, ...)
    model: type[CardBase] = create_model(
        f"Card_{type_name.replace('-', '_')}", __base__=CardBase, **fields
    )
    return model
