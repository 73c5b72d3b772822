"""The shape of Old Biddy's ``tables:`` the engine reads (see :mod:`pnp.games.table_schema`).

Only the keys :mod:`.config` and :mod:`.check` read are modelled; inks, letters of the
player colours and turn-order set names are the templates' and stay free."""

from __future__ import annotations

from pydantic import Field

from pnp.games.table_schema import MAX_PIECES, MAX_STEPS, Amount, Open, Pieces, Seats, Steps, Text
from pnp.spec.fields import Color, Whole


class Gem(Open):
    id: Text
    name: Text
    letter: Text
    color: Color
    shape: Text


class StartGems(Open):
    position: Seats
    """Turn-order position."""
    worth: list[Amount] = Field(max_length=MAX_STEPS)
    """Market values of the extra gems this position starts with."""


class Removed(Open):
    players: Seats
    removed: Whole = Field(ge=0, le=500)
    """Gem cards taken out: at most one card's qty (pnp.spec.model.Card)."""


class BossMove(Open):
    spaces: Steps
    cost: Amount


class Market(Open):
    spaces: Steps
    """Spaces on the market track the board prints and the engine walks."""
    start_spaces: list[Steps] = Field(min_length=1, max_length=MAX_STEPS)
    zero_marker_spaces: Pieces


class GemCardGems(Open):
    min: Whole = Field(ge=0, le=MAX_PIECES)
    max: Whole = Field(ge=0, le=MAX_PIECES)


class Tables(Open):
    rounds: Steps
    gems_per_colour: Whole = Field(ge=1, le=MAX_PIECES)
    start_gems_per_colour: Pieces
    fake_gems: Pieces
    fake_gem_bid: Amount
    fake_gems_per_bid: Pieces
    fake_gem_kept_score: Amount
    moneybags_bonus: Amount
    last_player_gems: Pieces
    gems: list[Gem] = Field(min_length=1, max_length=MAX_STEPS)
    market_values: list[Amount] = Field(min_length=1, max_length=MAX_STEPS)
    start_gems: list[StartGems] = Field(min_length=1, max_length=MAX_STEPS)
    gem_cards_removed: list[Removed] = Field(min_length=1, max_length=MAX_STEPS)
    boss_moves: list[BossMove] = Field(min_length=1, max_length=MAX_STEPS)
    player_colors: list[Open] = Field(min_length=1, max_length=MAX_STEPS)
    turn_order_sets: list[Open] = Field(max_length=MAX_STEPS)
    """Marker sets that alternate; check.py asks for exactly two."""
    market: Market
    gem_card_gems: GemCardGems
