"""What Bidness's data must satisfy; every finding points at the offending YAML key."""

from __future__ import annotations

import re
from math import gcd

from pnp._errors import Finding, Location, Severity
from pnp.games.bidness.config import (
    BONUS,
    CONTRACT,
    EMPLOYEE,
    HEADHUNTING,
    IOU,
    LAWSUIT,
    LAWYER,
    PAYBACK,
    ROLES,
    SUITS,
)
from pnp.games.bidness.decisions import PUBLISHED
from pnp.games.bidness.tables import Tables
from pnp.games.decisions import check_published
from pnp.games.table_schema import table_findings, tables_of
from pnp.spec.game import Card, Game

KNOWN_TYPES = (EMPLOYEE, CONTRACT, BONUS, LAWSUIT, HEADHUNTING, PAYBACK, IOU)
_JINJA = re.compile(r"{{.*?}}|{%.*?%}")
_TYPED_NUMBER = re.compile(r"\d")
RESTRICTED_TYPES = (LAWSUIT, HEADHUNTING)
"""bidness.txt: Lawsuit and Headhunting cards carry the first-round restriction icon."""


def _err(message: str, where: Location) -> Finding:
    return Finding(Severity.ERROR, message, where)


def validate(game: Game) -> list[Finding]:
    """Every rule Bidness's data must satisfy (tables first, then the cards against them)."""
    out = table_findings(game, Tables) or _check_tables(game)
    if any(f.severity is Severity.ERROR for f in out):
        return out
    return out + check_published(game, PUBLISHED) + _check_cards(game) + _check_decks(game)


def _check_tables(game: Game) -> list[Finding]:
    """The rules between tables, once :class:`.tables.Tables` has vetted their shape."""
    t, out = tables_of(game, Tables), []
    salaries = t.lawyer_salaries
    if any(b <= a for a, b in zip(salaries, salaries[1:], strict=False)):
        where = game.spec_location("tables", "lawyer_salaries")
        out.append(_err("tables.lawyer_salaries must increase with every Lawyer", where))
    if t.debt_limit % t.iou_value:
        out.append(
            _err(
                "tables.debt_limit must be a whole number of IOUs",
                game.spec_location("tables", "debt_limit"),
            )
        )
    elif t.start_ious > t.debt_limit // t.iou_value or t.start_ious < 1:
        out.append(
            _err(
                "tables.start_ious must be between 1 and the debt limit's IOUs",
                game.spec_location("tables", "start_ious"),
            )
        )
    if t.must_pass_at >= t.hand_size:
        out.append(
            _err(
                "tables.must_pass_at must be below the hand size",
                game.spec_location("tables", "must_pass_at"),
            )
        )
    return out + _check_money(game)


def _check_money(game: Game) -> list[Finding]:
    """The money counters must make every amount the game pays."""
    t = tables_of(game, Tables)
    smallest = 0
    for row in t.money:
        smallest = gcd(smallest, row.value)
    amounts = {
        "bid_step": t.bid_step,
        "min_opening_bid": t.min_opening_bid,
        "sell_price": t.sell_price,
        "contract_payment": t.contract_payment,
        "salary_engineer": t.salary_engineer,
        "salary_marketer": t.salary_marketer,
        "iou_value": t.iou_value,
        "payback_one_cost": t.payback_one_cost,
        "payback_two_cost": t.payback_two_cost,
        "negligence_step": t.negligence_step,
        "settlement_step": t.settlement_step,
    }
    amounts.update({f"lawyer_salaries[{i}]": v for i, v in enumerate(t.lawyer_salaries)})
    bad = [k for k, v in amounts.items() if v % smallest]
    if bad:
        return [
            _err(
                f"the money counters cannot make {', '.join(bad)} (smallest step ${smallest})",
                game.spec_location("tables", "money"),
            )
        ]
    return []


def _check_cards(game: Game) -> list[Finding]:
    out = []
    t = tables_of(game, Tables)
    for card in game.cards:
        out += _check_card(card)
        if _TYPED_NUMBER.search(_JINJA.sub("", card.text)):
            out.append(
                Finding(
                    Severity.WARNING,
                    f"{card.name}: a number typed into the text; print it from the data "
                    "with {{ card.… }} or {{ tables.… }}",
                    card.where("text"),
                )
            )
    lawyers = sum(
        c.qty
        for c in game.cards
        if c.type == EMPLOYEE and c.fields["role"] == ROLES[LAWYER] and not c.fields["starting"]
    )
    if lawyers > len(t.lawyer_salaries):
        card = next(c for c in game.cards if c.fields.get("role") == ROLES[LAWYER])
        out.append(
            _err(
                f"{lawyers} Lawyer cards but the salary table stops at {len(t.lawyer_salaries)}",
                card.where("qty"),
            )
        )
    most = game.spec.players.max
    starting = (
        (0, "start_engineers", t.start_engineers),
        (1, "start_marketers", t.start_marketers),
    )
    for role, key, each in starting:
        have = sum(
            c.qty
            for c in game.cards
            if c.type == EMPLOYEE and c.fields["starting"] and c.fields["role"] == ROLES[role]
        )
        if have < most * each:
            out.append(
                _err(
                    f"{have} starting {ROLES[role]} cards; {most} players need {most * each}",
                    game.spec_location("tables", key),
                )
            )
    ious = sum(c.qty for c in game.cards if c.type == IOU)
    need = most * (t.debt_limit // t.iou_value)
    if ious < need:
        out.append(
            _err(
                f"{ious} IOU cards; {most} players at the debt limit need {need}",
                game.spec_location("tables", "debt_limit"),
            )
        )
    if not any(c.type == PAYBACK for c in game.cards):
        out.append(_err("no Payback cards: nobody could ever win", game.spec_location("decks")))
    return out


def _check_card(card: Card) -> list[Finding]:
    f, out = card.fields, []
    if card.type not in KNOWN_TYPES:
        return [
            _err(
                f"card type {card.type!r} has no rule in the Bidness engine "
                f"(known: {', '.join(KNOWN_TYPES)})",
                card.where("type"),
            )
        ]
    if "role" in f and f["role"] not in ROLES:
        out.append(_err(f"role {f['role']!r} is not one of {', '.join(ROLES)}", card.where("role")))
    if "suit" in f:
        if f["suit"] not in SUITS:
            out.append(
                _err(f"suit {f['suit']!r} is not one of {', '.join(SUITS)}", card.where("suit"))
            )
        elif (f["suit"] == "negligence") != (f["claim"] == 0):
            out.append(
                _err(
                    "a Negligence claim is named at play (claim: 0); Libel and Patent "
                    "suits need a claim above 0",
                    card.where("claim"),
                )
            )
    if card.type in RESTRICTED_TYPES and f.get("restricted") is not True:
        out.append(
            _err(
                f"{card.name} must carry the first-round restriction mark (restricted: true)",
                card.where("restricted") if "restricted" in f else card.where("type"),
            )
        )
    if f.get("cost", 0) < 0:
        out.append(_err("a cost cannot be negative", card.where("cost")))
    if card.type == BONUS and (f["units"] == 0) == (f["trial_dice"] == 0):
        out.append(
            _err(
                "a bonus card either adds or takes away units, or adds trial dice (a Legal "
                "Intern), not both or neither",
                card.where("units"),
            )
        )
    if f.get("trial_dice", 0) < 0:
        out.append(_err("trial dice cannot be negative", card.where("trial_dice")))
    return out


def _check_decks(game: Game) -> list[Finding]:
    backs = {d.id: d.back.color.lower() for d in game.spec.decks}
    if "event" in backs and "payback" in backs and backs["event"] == backs["payback"]:
        i = [d.id for d in game.spec.decks].index("payback")
        return [
            _err(
                "the Payback deck's back must differ in colour from the event deck's "
                "(bidness.txt: everyone sees how many each player holds)",
                game.spec_location("decks", i, "back", "color"),
            )
        ]
    return []
