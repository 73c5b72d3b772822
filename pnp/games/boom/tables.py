"""The shape of the •Boom ``tables:`` the engine reads (see :mod:`pnp.games.table_schema`).

Only the keys :mod:`.config` and :mod:`.check` read are modelled; firm colours,
industry names and money sizes are the templates' and stay free."""

from __future__ import annotations

from pydantic import Field

from pnp.games.table_schema import (
    MAX_HAND,
    MAX_PIECES,
    MAX_STEPS,
    Amount,
    MoneyRow,
    Open,
    Price,
    Steps,
    Text,
)
from pnp.spec.fields import Whole

PLANS_IN_GAME = 13
"""boom.txt: the game ends once all 13 companies have gone public (``tables.plans`` overrides)."""


class Industry(Open):
    id: Text
    """What Business Plans and Entrepreneurs name in ``industry``/``domain``."""


class Firm(Open):
    id: Text
    mark: Text = ""
    """The firm's short mark on stock counters (its id when left out)."""


class TrackStep(Open):
    limit: Steps
    """IPO limit on this space of the track; the track counts down to 1."""
    surcharge: Amount


class IpoRow(Open):
    roll: Whole = Field(ge=2, le=MAX_STEPS)
    """Sum of two dice plus bonuses: 2 at the least."""
    raised: Amount


class Tables(Open):
    start_money: Price
    hand_size: Whole = Field(ge=1, le=MAX_HAND)
    min_price: Price
    """The share price step: prices are multiples of it, so at least 1."""
    lead_max_shares: Steps
    close_min_shares: Steps
    ipo_limit_start: Steps
    stock_per_firm: Whole = Field(ge=1, le=MAX_PIECES)
    """Stock counters printed per firm."""
    plans: Whole = Field(default=PLANS_IN_GAME, ge=1, le=500)
    """Business Plans in a game; at most a deck's worth of one card (qty ≤ 500)."""
    industries: list[Industry] = Field(min_length=1, max_length=MAX_STEPS)
    firms: list[Firm] = Field(min_length=1, max_length=MAX_STEPS)
    money: list[MoneyRow] = Field(min_length=1, max_length=MAX_STEPS)
    ipo_track: list[TrackStep] = Field(min_length=1, max_length=MAX_STEPS)
    ipo_table: list[IpoRow] = Field(min_length=1, max_length=MAX_STEPS)
