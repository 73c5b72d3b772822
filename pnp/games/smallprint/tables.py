"""The shape of Small Print's ``tables:`` the engine reads (see :mod:`pnp.games.table_schema`).

Only the keys :mod:`.config` and :mod:`.check` read are modelled; set marks, inks and
the marker sets are the templates' and stay free."""

from __future__ import annotations

from pydantic import Field

from pnp.games.table_schema import (
    MAX_AMOUNT,
    MAX_HAND,
    MAX_PIECES,
    MAX_STEPS,
    Amount,
    MoneyRow,
    Open,
    Seats,
    Steps,
    Text,
)
from pnp.spec.fields import Whole


class PaperworkSet(Open):
    """One player's Paperwork set: its cards name it by ``id``."""

    id: Text
    name: Text


class Tables(Open):
    rounds: dict[Seats, Steps] = Field(min_length=1)
    """Rounds played, by player count."""
    businesses_per_round: Whole = Field(ge=1, le=MAX_HAND)
    max_cards_per_round: Whole = Field(ge=1, le=MAX_HAND)
    cap: Whole = Field(ge=1, le=MAX_AMOUNT)
    """£m of a business that contracts divide (the rest goes to the pool)."""
    start_cash: Amount
    penalty_chits: Whole = Field(ge=1, le=MAX_PIECES)
    sets: list[PaperworkSet] = Field(min_length=1, max_length=MAX_STEPS)
    money: list[MoneyRow] = Field(min_length=1, max_length=MAX_STEPS)
