"""The shape of Bidness's ``tables:`` the engine reads (see :mod:`pnp.games.table_schema`).

Only the keys :mod:`.config` and :mod:`.check` read are modelled; award marks, colours
and counter sizes are the templates' and stay free."""

from __future__ import annotations

from pydantic import Field

from pnp.games.table_schema import MAX_HAND, MAX_STEPS, Amount, MoneyRow, Open, Price, Steps
from pnp.spec.fields import Whole


class Tables(Open):
    # setup
    start_engineers: Whole = Field(ge=0, le=MAX_HAND)
    start_marketers: Whole = Field(ge=0, le=MAX_HAND)
    start_ious: Whole = Field(ge=0, le=MAX_STEPS)
    start_cash: Amount
    start_tech: Amount
    hand_size: Whole = Field(ge=1, le=MAX_HAND)
    setup_discards: Whole = Field(ge=0, le=MAX_HAND)
    must_pass_at: Whole = Field(ge=0, le=MAX_HAND)
    round_cap: Steps
    """Rounds the engine plays at most: a simulation walks every one."""
    payback_from_round: Whole = Field(ge=0, le=MAX_STEPS)
    # money: every step the engine divides by or counts up in is at least 1
    iou_value: Price
    debt_limit: Amount
    payback_one_cost: Amount
    payback_two_cost: Amount
    sell_price: Amount
    bid_step: Price
    min_opening_bid: Amount
    contract_payment: Amount
    salary_engineer: Amount
    salary_marketer: Amount
    lawyer_salaries: list[Amount] = Field(min_length=1, max_length=MAX_STEPS)
    """Total salary for 1, 2, … Lawyers."""
    # lawsuits
    trial_dice: Whole = Field(ge=0, le=20)
    """Dice a trial rolls before Lawyers: the engine sums every roll, so a handful."""
    negligence_step: Price
    settlement_step: Price
    settlement_offers: Whole = Field(ge=0, le=MAX_STEPS)
    # technology and marketing
    tech_rounding: Price
    tech_leader_bonus: Amount
    market_leader_bonus: Amount
    tech_per_engineer: Amount
    # counters the engine counts with
    money: list[MoneyRow] = Field(min_length=1, max_length=MAX_STEPS)
    tech_counters: list[MoneyRow] = Field(min_length=1, max_length=MAX_STEPS)
    awards: list[Open] = Field(min_length=1, max_length=MAX_STEPS)
