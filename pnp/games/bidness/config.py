"""Bidness's numbers and cards, read once from ``game.yaml`` ``tables:`` and the card files.

Nothing here is a game constant typed into Python: every count, price and table comes
from the data, so an edited ``game.yaml`` changes the engine without a code change.
Physical cards are numbered 0..N-1 (a card with qty 3 gives three numbers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pnp.games.bidness.tables import Tables
from pnp.games.kit import FrozenDict
from pnp.games.table_schema import MoneyRow, tables_of

if TYPE_CHECKING:
    from pnp.spec.game import Game

DIE_FACES = 6  # decision dice
"""The source never names the die; pnp uses ordinary six-sided dice (a decision)."""

# What a card does: the card types of game.yaml (check.py refuses others), plus two
# kinds read from fields: an employee with ``starting: true`` is a starting employee,
# a bonus card that adds trial dice and no units is a Legal Intern.
EMPLOYEE, STARTING, CONTRACT, BONUS, INTERN, LAWSUIT, HEADHUNTING, PAYBACK, IOU = (
    "employee",
    "starting",
    "contract",
    "bonus",
    "intern",
    "lawsuit",
    "headhunting",
    "payback",
    "iou",
)
AUCTIONED = (EMPLOYEE, CONTRACT)
ROLES = ("engineer", "marketer", "lawyer")
ENGINEER, MARKETER, LAWYER = range(3)
SUITS = ("negligence", "libel", "patent")
NEGLIGENCE, LIBEL, PATENT = range(3)


class Numbers(FrozenDict[str, int]):
    """The whole-number tables the engine reads, each an attribute (``config.t.hand_size``,
    a slot: as quick as a local) and, read-only, the mapping they were before (the recorded
    runs' fingerprint reads ``Config.t`` as that mapping, key by key in this order)."""

    start_engineers: int
    start_marketers: int
    start_ious: int
    start_cash: int
    start_tech: int
    iou_value: int
    debt_limit: int
    payback_one_cost: int
    payback_two_cost: int
    payback_from_round: int
    hand_size: int
    setup_discards: int
    must_pass_at: int
    sell_price: int
    bid_step: int
    min_opening_bid: int
    trial_dice: int
    negligence_step: int
    settlement_step: int
    settlement_offers: int
    salary_engineer: int
    salary_marketer: int
    contract_payment: int
    tech_rounding: int
    tech_leader_bonus: int
    market_leader_bonus: int
    tech_per_engineer: int
    round_cap: int
    __slots__ = tuple(__annotations__)  # one slot per table above, in this order

    def __init__(self, items: Mapping[str, int]) -> None:
        super().__init__({name: items[name] for name in self.__slots__})
        for name in self.__slots__:
            object.__setattr__(self, name, items[name])

    @classmethod
    def of(cls, tables: Tables) -> Numbers:
        """The numbers of the typed tables, each read by its attribute."""
        return cls({name: getattr(tables, name) for name in cls.__slots__})


TABLE_INTS = Numbers.__slots__
"""Whole-number tables the engine reads (each a field of :class:`.tables.Tables`)."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything a game of Bidness needs, flattened for fast play."""

    min_players: int
    max_players: int
    t: Numbers
    """The whole-number tables, by attribute (``config.t.hand_size``)."""
    lawyer_salaries: tuple[int, ...]
    """Total salary for 1, 2, … Lawyers."""
    denominations: tuple[int, ...]
    """Money counter values, largest first."""
    printed_money: tuple[int, ...]
    tech_values: tuple[int, ...]
    """Tech-point counter values, largest first."""
    printed_tech: tuple[int, ...]
    ious_printed: int
    card_ids: tuple[str, ...]
    card_names: tuple[str, ...]
    kind: tuple[str, ...]
    """Card type of each physical event or payback card."""
    role: tuple[int, ...]
    """ENGINEER/MARKETER/LAWYER for employees (-1 otherwise)."""
    suit: tuple[int, ...]
    """NEGLIGENCE/LIBEL/PATENT for lawsuits (-1 otherwise)."""
    claim: tuple[int, ...]
    cost: tuple[int, ...]
    units: tuple[int, ...]
    marketing_units: tuple[int, ...]
    """Units each card adds to its holder's marketing: 1 for a Marketer, a bonus or
    penalty card's ``units``."""
    group: tuple[int, ...]
    """Each card's kind as a number: cards with the same id have the same group."""
    trial_dice: tuple[int, ...]
    event_cards: tuple[int, ...]
    """Cards shuffled into the event deck (starting employees are dealt out first)."""
    starting: tuple[tuple[int, ...], ...]
    """Starting employee cards by role."""
    payback_cards: tuple[int, ...]
    paybacks: frozenset[int]
    """``payback_cards`` as a set: a hand's Payback cards are ``len(paybacks & hand)``
    (a card number is one physical card, so a hand holds it once at most)."""
    max_ious: int
    """IOUs a seat may hold: the debt limit over an IOU's value."""

    def lawyer_salary(self, lawyers: int) -> int:
        """Salary for ``lawyers`` Lawyers; past the table, its formula (10 × n²)."""
        if lawyers <= 0:
            return 0
        table = self.lawyer_salaries
        if lawyers <= len(table):
            return table[lawyers - 1]
        return table[0] * lawyers * lawyers

    def salary(self, engineers: int, marketers: int, lawyers: int) -> int:
        t = self.t
        return (
            engineers * t.salary_engineer
            + marketers * t.salary_marketer
            + self.lawyer_salary(lawyers)
        )

    def unit_price(self, tech: int, tech_leader: bool) -> int:
        """Tech points (plus the Tech Leader's bonus) rounded down to a multiple of ten."""
        t = self.t
        total = tech + (t.tech_leader_bonus if tech_leader else 0)
        step = t.tech_rounding
        return max(0, total // step * step)

    def units_sold(self, marketing: int, market_leader: bool) -> int:
        bonus = self.t.market_leader_bonus if market_leader else 0
        return max(0, marketing + bonus)  # decision bonus-cards: never below zero

    def earnings(
        self, tech: int, tech_leader: bool, marketing: int, market_leader: bool, contracts: int
    ) -> int:
        """bidness.txt "Earnings": unit price × units sold + the contract payments."""
        sales = self.unit_price(tech, tech_leader) * self.units_sold(marketing, market_leader)
        return sales + contracts * self.t.contract_payment


K = TypeVar("K")
_KEPT: dict[tuple[int, int, Callable[..., Any]], tuple[Config, Any]] = {}


def kept(config: Config, seats: int, make: Callable[[Config, int], K]) -> K:
    """``make(config, seats)``, made once per config, number of seats and maker: tables the
    engine reads every turn.  Kept by the config's identity, like ``checked_once``: hashing
    a whole config at every look-up would cost more than the look-up saves."""
    key = (id(config), seats, make)
    hit = _KEPT.get(key)
    if hit is None or hit[0] is not config:
        hit = _KEPT[key] = (config, make(config, seats))
    return hit[1]  # type: ignore[no-any-return]


def _kind(card_type: str, fields: dict[str, Any]) -> str:
    if card_type == EMPLOYEE and fields.get("starting"):
        return STARTING
    if card_type == BONUS and not fields.get("units") and fields.get("trial_dice", 0) > 0:
        return INTERN  # decision legal-intern
    return card_type


def _rows(rows: list[MoneyRow]) -> list[tuple[int, int]]:
    return sorted(((row.value, row.count) for row in rows), reverse=True)


def config_from_game(game: Game) -> Config:
    """Read the engine's numbers from a loaded game that check.py has passed."""
    t = tables_of(game, Tables)
    money, tech = _rows(t.money), _rows(t.tech_counters)
    ids: list[str] = []
    names: list[str] = []
    kind: list[str] = []
    role: list[int] = []
    suit: list[int] = []
    claim: list[int] = []
    cost: list[int] = []
    units: list[int] = []
    dice: list[int] = []
    ious = 0
    for card in game.cards:  # decision card-list: every card listed, qty times
        if card.type == IOU:
            ious += card.qty
            continue
        f = card.fields
        for _ in range(card.qty):
            ids.append(card.id)
            names.append(card.name)
            kind.append(_kind(card.type, f))
            role.append(ROLES.index(f["role"]) if "role" in f else -1)
            suit.append(SUITS.index(f["suit"]) if "suit" in f else -1)
            claim.append(int(f.get("claim", 0)))
            cost.append(int(f.get("cost", 0)))
            units.append(int(f.get("units", 0)))
            dice.append(int(f.get("trial_dice", 0)))
    every = range(len(ids))
    return Config(
        min_players=game.spec.players.min,
        max_players=game.spec.players.max,
        t=Numbers.of(t),
        lawyer_salaries=tuple(t.lawyer_salaries),
        denominations=tuple(v for v, _ in money),
        printed_money=tuple(c for _, c in money),
        tech_values=tuple(v for v, _ in tech),
        printed_tech=tuple(c for _, c in tech),
        ious_printed=ious,
        card_ids=tuple(ids),
        card_names=tuple(names),
        kind=tuple(kind),
        role=tuple(role),
        suit=tuple(suit),
        claim=tuple(claim),
        cost=tuple(cost),
        units=tuple(units),
        marketing_units=tuple(
            1 if role[i] == MARKETER else units[i] if kind[i] in (BONUS, INTERN) else 0
            for i in every
        ),
        group=tuple(ids.index(i) for i in ids),
        trial_dice=tuple(dice),
        event_cards=tuple(i for i in every if kind[i] not in (STARTING, PAYBACK)),
        starting=tuple(
            tuple(i for i in every if kind[i] == STARTING and role[i] == r) for r in range(3)
        ),
        payback_cards=tuple(i for i in every if kind[i] == PAYBACK),
        paybacks=frozenset(i for i in every if kind[i] == PAYBACK),
        max_ious=t.debt_limit // t.iou_value,
    )
