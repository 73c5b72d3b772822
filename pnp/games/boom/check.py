"""Rules checks on •Boom data: every number and card the engine reads must make sense.

Each finding points at the offending key: ``tables`` entries through
``game.spec_location``, card keys through ``Card.where``, a deck as a whole at its
declaration in game.yaml.  A check that depends on a broken table is skipped, so one
cause gives one message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

from pnp._errors import Finding, Location, Severity, shown
from pnp.games.boom.config import (
    DISCARD_EFFECTS,
    DISCARD_TYPE,
    ENTREPRENEUR_TYPE,
    EVENT_DECK,
    EVENT_EFFECTS,
    IPO_TABLE_TOP,
    LOWEST_ROLL,
    PLAN_TYPE,
    PLAY_DECK,
)
from pnp.games.boom.decisions import PUBLISHED
from pnp.games.boom.tables import Firm, Industry, Tables
from pnp.games.decisions import check_published
from pnp.games.table_schema import table_findings, tables_of
from pnp.spec.game import Card, Game

MIN_PLAY_CARDS = 60
"""Below this the play deck reshuffles every couple of rounds with five players."""
_COUNT_EFFECTS = ("draw", "remove_attachment", "move_attachment", "grant", "fine")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.tables = tables_of(game, Tables)
        self.findings: list[Finding] = []

    def error(self, message: str, where: Location, severity: Severity = Severity.ERROR) -> None:
        self.findings.append(Finding(severity, message, where))

    def table_at(self, *keys: str | int) -> Location:
        return self.game.spec_location("tables", *keys)

    def ids(self, name: str, rows: Sequence[Industry | Firm]) -> list[str]:
        """The ids of table ``name``'s ``rows``; an id given twice is reported."""
        out: list[str] = []
        for i, row in enumerate(rows):
            if row.id in out:
                self.error(
                    f"tables.{name}: id {shown(row.id)} appears twice",
                    self.table_at(name, i, "id"),
                )
            else:
                out.append(row.id)
        return out

    def numbers(self) -> None:
        players = self.game.spec.players
        lead, need = self.tables.lead_max_shares, self.tables.close_min_shares
        if lead + players.min - 1 < need:
            most = lead + players.min - 1
            self.error(
                f"with {players.min} players a round sells at most {most} shares, fewer "
                f"than close_min_shares {need}",
                self.table_at("close_min_shares"),
            )

    def firms_and_money(self) -> None:
        firms = self.ids("firms", self.tables.firms)
        most = self.game.spec.players.max
        if firms and len(firms) < most:
            self.error(
                f"tables.firms lists {len(firms)} firms but up to {most} players play",
                self.table_at("firms"),
            )
        money = self.tables.money
        values = [row.value for row in money]
        for i, row in enumerate(money):
            if row.value < 1 or row.count < 0 or values.index(row.value) != i:
                bad = "count" if row.value >= 1 and values.index(row.value) == i else "value"
                self.error(
                    f"tables.money[{i}]: values must be distinct and positive, counts not negative",
                    self.table_at("money", i, bad),
                )
        if money and 1 not in values:
            self.error(
                "tables.money has no $1m counter, so odd payouts cannot be paid",
                self.table_at("money"),
            )

    def ipo_track(self) -> list[int]:
        rows = self.tables.ipo_track
        limits = [row.limit for row in rows]
        for i in range(1, len(rows)):
            if limits[i] != limits[i - 1] - 1:
                self.error(
                    f"tables.ipo_track: limit {limits[i]} follows {limits[i - 1]}; the "
                    "track must count down by one",
                    self.table_at("ipo_track", i, "limit"),
                )
            elif rows[i].surcharge < rows[i - 1].surcharge:
                self.error(
                    "tables.ipo_track: surcharges must not fall as the limit falls",
                    self.table_at("ipo_track", i, "surcharge"),
                )
        if limits and limits[-1] != 1:
            self.error(
                f"tables.ipo_track ends at {limits[-1]}; it must end at limit 1",
                self.table_at("ipo_track", len(rows) - 1, "limit"),
            )
        start = self.tables.ipo_limit_start
        if limits and start not in limits:
            self.error(
                f"tables.ipo_limit_start {start} is not on the IPO track",
                self.table_at("ipo_limit_start"),
            )
        return limits

    def ipo_table(self) -> None:
        rows = self.tables.ipo_table
        if not rows:
            return
        if rows[0].roll != LOWEST_ROLL:
            self.error(
                f"tables.ipo_table starts at {rows[0].roll}; the lowest IPO roll is {LOWEST_ROLL}",
                self.table_at("ipo_table", 0, "roll"),
            )
        for i in range(1, len(rows)):
            if rows[i].roll != rows[i - 1].roll + 1:
                self.error(
                    f"tables.ipo_table jumps from roll {rows[i - 1].roll} to {rows[i].roll}",
                    self.table_at("ipo_table", i, "roll"),
                )
            elif rows[i].raised < rows[i - 1].raised:
                self.error(
                    "tables.ipo_table: a higher roll must not raise less",
                    self.table_at("ipo_table", i, "raised"),
                )
        if rows[-1].roll != IPO_TABLE_TOP:
            self.error(
                f"tables.ipo_table ends at {rows[-1].roll}; its last row must be "
                f"{IPO_TABLE_TOP} (that row counts for every higher roll)",
                self.table_at("ipo_table", len(rows) - 1, "roll"),
            )

    def play_cards(self, industries: list[str]) -> None:
        cards = self.game.deck_cards(PLAY_DECK)
        self.plan_count([c for c in cards if c.type == PLAN_TYPE])
        total = sum(c.qty for c in cards)
        if total < MIN_PLAY_CARDS:
            self.error(
                f"the play deck holds {total} cards, fewer than {MIN_PLAY_CARDS}",
                self.game.deck_location(PLAY_DECK),
                Severity.WARNING,
            )
        for card in cards:
            if card.type == DISCARD_TYPE:
                self.discard_effect(card)
                continue
            key = "industry" if card.type == PLAN_TYPE else "domain"
            needs_industry = key in card.fields or card.type in (PLAN_TYPE, ENTREPRENEUR_TYPE)
            if needs_industry and industries:  # no list to check against: said once already
                value = card.fields.get(key)
                if value not in industries:
                    self.error(
                        f"{card.id}: {key} {shown(value)} is not one of tables.industries "
                        f"({', '.join(industries)})",
                        card.where(key),
                    )
            if not _is_int(card.fields.get("burn")):
                self.error(f"{card.id}: burn must be a whole number", card.where("burn"))

    def plan_count(self, plans: list[Card]) -> None:
        """The deck must hold exactly the rules' number of Business Plans: point at the
        first plan beyond it, or at the last plan when some are missing."""
        wanted = self.tables.plans
        count = sum(c.qty for c in plans)
        if count == wanted:
            return
        message = f"the play deck holds {count} Business Plans; the game needs {wanted}"
        if not plans:
            self.error(message, self.game.deck_location(PLAY_DECK))
            return
        if count < wanted:
            self.error(message, plans[-1].where("id"))
            return
        seen = 0
        for card in plans:
            seen += card.qty
            if seen > wanted:
                self.error(
                    f"{message} ({card.id!r} is the {_ordinal(wanted + 1)})",
                    card.where("qty") if card.qty > 1 else card.where("id"),
                )
                return

    def discard_effect(self, card: Card) -> None:
        effect = card.fields.get("effect")
        if not isinstance(effect, dict) or not effect:
            self.error(f"{card.id}: a Discard needs an effect", card.where("effect"))
            return
        for key, value in effect.items():
            where = card.where("effect", key)
            if key not in DISCARD_EFFECTS:
                self.error(
                    f"{card.id}: the engine knows no Discard effect {key!r} (known: "
                    f"{', '.join(DISCARD_EFFECTS)})",
                    where,
                )
            elif key == "ipo_limit" and (not _is_int(value) or value == 0):
                self.error(f"{card.id}: ipo_limit must be a non-zero whole number", where)
            elif key in _COUNT_EFFECTS and (not _is_int(value) or value < 1):
                self.error(f"{card.id}: {key} must be a whole number of at least 1", where)

    def events(self, industries: list[str]) -> None:
        cards = self.game.deck_cards(EVENT_DECK)
        crashes = [
            c
            for c in cards
            if isinstance(c.fields.get("effect"), dict) and c.fields["effect"].get("crash") is True
        ]
        count = sum(c.qty for c in crashes)
        if count != 1:
            if not crashes:
                where = self.game.deck_location(EVENT_DECK)
            elif crashes[0].qty > 1:
                where = crashes[0].where("qty")
            else:
                where = crashes[1].where("effect", "crash")
            self.error(f"the event deck needs exactly one crash card, found {count}", where)
        if cards and sum(c.qty for c in cards) == count:
            self.error(
                "the event deck has no event besides the crash",
                self.game.deck_location(EVENT_DECK),
                Severity.WARNING,
            )
        for card in cards:
            self.event_effect(card, industries)

    def event_effect(self, card: Card, industries: list[str]) -> None:
        effect = card.fields.get("effect")
        if not isinstance(effect, dict):
            self.error(f"{card.id}: an event needs an effect mapping", card.where("effect"))
            return
        for key, value in effect.items():
            where = card.where("effect", key)
            if key not in EVENT_EFFECTS:
                self.error(
                    f"{card.id}: the engine knows no event effect {key!r} (known: "
                    f"{', '.join(EVENT_EFFECTS)})",
                    where,
                )
            elif key == "crash" and value is not True:
                self.error(f"{card.id}: crash must be true", where)
            elif key == "ipo_limit" and (not _is_int(value) or value == 0):
                self.error(f"{card.id}: ipo_limit must be a non-zero whole number", where)
            elif key == "ipo_bonus" and not (
                isinstance(value, dict)
                and set(value) == {"industry", "amount"}
                and (value["industry"] in industries or not industries)
                and _is_int(value["amount"])
            ):
                self.error(
                    f"{card.id}: ipo_bonus needs an industry from tables.industries and a "
                    "whole-number amount",
                    where,
                )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def validate(game: Game) -> list[Finding]:
    """Every rule the •Boom data must satisfy for the engine to run it; the rules are
    checked only once the tables have the shape the engine reads."""
    shape = table_findings(game, Tables)
    if shape:
        return shape
    check = _Checker(game)
    check.numbers()
    industries = check.ids("industries", check.tables.industries)
    check.firms_and_money()
    check.ipo_track()
    check.ipo_table()
    check.play_cards(industries)
    check.events(industries)
    if any(f.severity is Severity.ERROR for f in check.findings):
        return check.findings
    return check.findings + check_published(game, PUBLISHED)
