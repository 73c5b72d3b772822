"""Everything the •Boom engine reads from the game data, flattened once into plain values.

A :class:`Config` is built from a loaded (and validated) :class:`~pnp.spec.game.Game`, its
``tables:`` read by attribute from the typed :class:`.tables.Tables`, and then shared by
every state of that game, deeply read-only, so the hot path of a simulation touches
tuples and ints, never pydantic objects or YAML.  Play cards are expanded per printed copy: card
number ``i`` is one physical card, and every per-card tuple is indexed by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.games.boom.actions import CardActions, card_actions
from pnp.games.boom.tables import Tables
from pnp.games.kit import FrozenDict, freeze
from pnp.games.table_schema import tables_of

if TYPE_CHECKING:
    from pnp.spec.game import Game

PLAN_TYPE = "plan"
DISCARD_TYPE = "discard"
ENTREPRENEUR_TYPE = "entrepreneur"
PLAY_DECK = "play"
EVENT_DECK = "event"

# Roles of a play card; every play-deck type other than plan and discard is a Company card.
PLAN, COMPANY, DISCARD = 0, 1, 2

DIE_SIDES = 6
LOWEST_ROLL = 1 + 1
"""A die shows at least 1 and a company holds at least its plan card."""
IPO_TABLE_TOP = 16
"""boom.txt: the IPO table's last row reads "16+"."""
PRICE_STEPS = (1, 2, 3, 4, 6, 8)
"""The bots' price menu, in multiples of ``tables.min_price``; players may name any
whole price from ``min_price`` up (boom.txt: "no upper limit on stock price")."""

DISCARD_EFFECTS = ("ipo_limit", "draw", "remove_attachment", "grant", "fine", "move_attachment")
TARGETED_EFFECTS = ("remove_attachment", "grant", "fine", "move_attachment")
EVENT_EFFECTS = ("ipo_bonus", "ipo_limit", "crash")


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    name: str
    bonus: tuple[int, ...]
    """IPO roll bonus per industry (index into ``Config.industries``) while face up."""
    ipo_limit: int
    """Change to the IPO Card Limit when flipped."""
    crash: bool


@dataclass(frozen=True, slots=True)
class Config:
    start_money: int
    hand_size: int
    min_price: int
    lead_max_shares: int
    close_min_shares: int
    ipo_limit_start: int
    ipo_limit_floor: int
    ipo_limit_ceiling: int
    stock_per_firm: int
    plans_in_game: int
    price_menu: tuple[int, ...]
    """Prices the bots choose from (players are not limited to them)."""
    industries: tuple[str, ...]
    firm_ids: tuple[str, ...]
    firm_marks: tuple[str, ...]
    denominations: tuple[int, ...]
    """Money counter values, largest first."""
    printed_money: tuple[int, ...]
    """Printed count of each denomination, same order."""
    surcharge: FrozenDict[int, int]
    """Burn surcharge per IPO Card Limit."""
    raised_by_roll: tuple[int, ...]
    """Money raised per modified roll 0..IPO_TABLE_TOP; rolls below the table pay its first row."""
    mean_raised_by_base: tuple[float, ...]
    """Mean of ``raised`` over the die for a roll's base (the roll less the die) of
    −DIE_SIDES..IPO_TABLE_TOP, worked out once: the bots ask it at every decision."""
    card_id: tuple[str, ...]
    card_name: tuple[str, ...]
    card_role: tuple[int, ...]
    card_burn: tuple[int, ...]
    card_industry: tuple[int, ...]
    """Industry of a plan, domain of an entrepreneur, -1 for every other card."""
    card_effects: tuple[tuple[tuple[str, int], ...], ...]
    """A Discard's effects in data order as (key, amount); empty for other cards."""
    card_targets: tuple[tuple[str, ...], ...]
    """The keys of a Discard's targeted effects (``TARGETED_EFFECTS``), in data order."""
    events: tuple[EventCard, ...]
    """The non-crash events."""
    crash: EventCard

    @property
    def play_cards(self) -> int:
        return len(self.card_id)

    @property
    def actions(self) -> CardActions:
        """The actions naming play cards, built once per deck size (a property, not a
        field, so the recorded runs' fingerprint of the config is unchanged)."""
        return card_actions(len(self.card_id))

    def raised(self, roll: int) -> int:
        """Money an IPO raises on a modified roll (the top row counts for every higher roll)."""
        table = self.raised_by_roll
        return table[min(max(roll, 0), len(table) - 1)]

    def mean_raised(self, base: int) -> float:
        """Mean money an IPO raises over the die on a roll of ``base`` + the die.

        Below −DIE_SIDES every roll pays the first row, from the top row's roll on the
        last, so the kept means cover every base."""
        table = self.mean_raised_by_base
        return table[min(max(base + DIE_SIDES, 0), len(table) - 1)]


def _mean_raised(raised_by_roll: list[int]) -> tuple[float, ...]:
    """``Config.mean_raised_by_base``: for each base, the sum over the die divided by its
    sides, as the bots summed it before it was kept (the same float to the last bit)."""
    top = len(raised_by_roll) - 1

    def raised(roll: int) -> int:
        return raised_by_roll[min(max(roll, 0), top)]

    return tuple(
        sum(raised(base + die) for die in range(1, DIE_SIDES + 1)) / DIE_SIDES
        for base in range(-DIE_SIDES, top + 1)
    )


def _effect_amount(key: str, value: Any) -> int:
    return 1 if key == "crash" else int(value)


def config_from_game(game: Game) -> Config:
    """Flatten ``game`` into a :class:`Config`; the data must already pass ``validate``."""
    t = tables_of(game, Tables)
    industries = tuple(row.id for row in t.industries)
    where = {name: i for i, name in enumerate(industries)}
    money = sorted(t.money, key=lambda row: -row.value)
    track = {row.limit: row.surcharge for row in t.ipo_track}
    rows = sorted(t.ipo_table, key=lambda row: row.roll)
    raised = [rows[0].raised] * (IPO_TABLE_TOP + 1)
    for row in rows:
        for roll in range(row.roll, IPO_TABLE_TOP + 1):
            raised[roll] = row.raised

    # decision card-list: both decks are the game data's, card by card
    ids, names, roles, burns, inds, effects = [], [], [], [], [], []
    for card in game.deck_cards(PLAY_DECK):
        role = {PLAN_TYPE: PLAN, DISCARD_TYPE: DISCARD}.get(card.type, COMPANY)
        ind = card.fields.get("industry") if role == PLAN else card.fields.get("domain")
        eff = tuple((k, _effect_amount(k, v)) for k, v in (card.fields.get("effect") or {}).items())
        for _ in range(card.qty):
            ids.append(card.id)
            names.append(card.name)
            roles.append(role)
            burns.append(int(card.fields.get("burn", 0)))
            inds.append(where.get(ind, -1) if isinstance(ind, str) else -1)
            effects.append(eff if role == DISCARD else ())

    events, crash = [], None
    for card in game.deck_cards(EVENT_DECK):
        flip: dict[str, Any] = card.fields.get("effect") or {}
        bonus = [0] * len(industries)
        if "ipo_bonus" in flip:
            bonus[where[flip["ipo_bonus"]["industry"]]] = int(flip["ipo_bonus"]["amount"])
        event = EventCard(
            card.id,
            card.name,
            tuple(bonus),
            int(flip.get("ipo_limit", 0)),
            bool(flip.get("crash", False)),
        )
        for _ in range(card.qty):
            if event.crash:
                crash = event
            else:
                events.append(event)
    assert crash is not None, "validate() requires exactly one crash event"

    return Config(
        start_money=t.start_money,
        hand_size=t.hand_size,
        min_price=t.min_price,
        lead_max_shares=t.lead_max_shares,
        close_min_shares=t.close_min_shares,
        ipo_limit_start=t.ipo_limit_start,
        ipo_limit_floor=min(track),
        ipo_limit_ceiling=max(track),
        stock_per_firm=t.stock_per_firm,
        plans_in_game=t.plans,
        price_menu=tuple(step * t.min_price for step in PRICE_STEPS),
        industries=industries,
        firm_ids=tuple(row.id for row in t.firms),
        firm_marks=tuple(row.mark or row.id for row in t.firms),
        denominations=tuple(row.value for row in money),
        printed_money=tuple(row.count for row in money),
        surcharge=freeze(track),
        raised_by_roll=tuple(raised),
        mean_raised_by_base=_mean_raised(raised),
        card_id=tuple(ids),
        card_name=tuple(names),
        card_role=tuple(roles),
        card_burn=tuple(burns),
        card_industry=tuple(inds),
        card_effects=tuple(effects),
        card_targets=tuple(tuple(k for k, _ in eff if k in TARGETED_EFFECTS) for eff in effects),
        events=tuple(events),
        crash=crash,
    )
