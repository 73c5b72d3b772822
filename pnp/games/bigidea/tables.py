"""The shape of The Big Idea's ``tables:`` the engine reads (see :mod:`pnp.games.table_schema`).

Only the keys :mod:`.config` and :mod:`.check` read are modelled; chip letters, colours
and money sizes are the templates' and stay free."""

from __future__ import annotations

from pydantic import Field

from pnp.games.table_schema import MAX_PIECES, MAX_STEPS, Amount, MoneyRow, Open, Pieces, Text
from pnp.spec.fields import Whole


class ChipColor(Open):
    id: Text
    name: Text
    """What the engine calls a player's chips."""


class Money(MoneyRow):
    count: Whole = Field(ge=1, le=MAX_PIECES)
    """Counters of this value printed: at least 1, or the bank could not pay in it."""


class Tables(Open):
    hand_per_deck: Whole = Field(ge=1, le=12)
    """Cards of each deck in hand: the engine plays any subset of a hand (2^hand choices),
    12 at most (check.MAX_HAND bounds the hand of both decks together)."""
    start_cash: Amount
    chips_per_player: Whole = Field(ge=1, le=MAX_PIECES)
    foreign_chips: Pieces
    good_idea_bonus: Amount
    mezzanine_price_per_share: Amount
    colors: list[ChipColor] = Field(min_length=1, max_length=MAX_STEPS)
    money: list[Money] = Field(min_length=1, max_length=MAX_STEPS)
