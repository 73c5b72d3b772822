"""Bidness data checks: ``validate`` finds broken data and points at the offending key.

Broken data is built by copying the loaded game and changing one thing.
"""

from __future__ import annotations

import dataclasses

import pytest

from pnp._errors import Severity
from pnp.games import bidness
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("bidness")


def findings(game: Game, severity: Severity = Severity.ERROR) -> list[str]:
    return [str(f) for f in bidness.validate(game) if f.severity is severity]


def with_tables(game: Game, **changes: object) -> Game:
    spec = game.spec.model_copy(update={"tables": {**game.spec.tables, **changes}})
    return dataclasses.replace(game, spec=spec)


def with_card(game: Game, card_id: str, qty: int | None = None, **fields: object) -> Game:
    cards = [
        dataclasses.replace(c, fields={**c.fields, **fields}, qty=qty or c.qty)
        if c.id == card_id
        else c
        for c in game.cards
    ]
    return dataclasses.replace(game, cards=cards)


def test_shipped_data_is_clean(game: Game) -> None:
    assert bidness.validate(game) == []


def test_exactly_twelve_contracts(game: Game) -> None:
    # bidness.txt "Contract Cards": "There are twelve Contract cards in the deck"
    (msg,) = findings(with_card(game, "government-contract", qty=11))
    assert "contracts is 11, published 12" in msg
    assert msg.startswith("cards/bidness/events.yaml:") or "events.yaml:" in msg


def test_lawyer_salaries_must_increase(game: Game) -> None:
    (msg,) = findings(with_tables(game, lawyer_salaries=[10, 40, 30, 160]))
    assert "must increase" in msg and "game.yaml:" in msg


def test_published_numbers_differing_warn(game: Game) -> None:
    (msg,) = findings(with_tables(game, start_cash=150), Severity.WARNING)
    assert "start_cash is 150" in msg and "Starting Assets" in msg


def test_restriction_mark_required(game: Game) -> None:
    # bidness.txt: lawsuit and headhunting cards show the first-round restriction icon
    (msg,) = findings(with_card(game, "headhunting", restricted=False))
    assert "restriction" in msg and "events.yaml:" in msg


def test_payback_back_must_differ(game: Game) -> None:
    decks = list(game.spec.decks)
    event = decks[0]
    decks[1] = decks[1].model_copy(update={"back": event.back})
    spec = game.spec.model_copy(update={"decks": decks})
    (msg,) = findings(dataclasses.replace(game, spec=spec))
    assert "Payback deck's back must differ" in msg


def test_too_many_lawyers_for_the_salary_table(game: Game) -> None:
    (msg,) = findings(with_card(game, "lawyer", qty=9))
    assert "9 Lawyer cards" in msg and "stops at 8" in msg


def test_money_must_make_every_amount(game: Game) -> None:
    money = [{"value": 10, "count": 10, "color": "#ffffff", "size_mm": 20}]
    (msg,) = findings(with_tables(game, money=money))
    assert "cannot make bid_step" in msg


def test_negligence_claim_and_unknown_suit(game: Game) -> None:
    (msg,) = findings(with_card(game, "libel-1", claim=0))
    assert "claim" in msg
    (msg,) = findings(with_card(game, "libel-1", suit="slander"))
    assert "suit 'slander'" in msg


def test_missing_table_is_located(game: Game) -> None:
    tables = dict(game.spec.tables)
    del tables["hand_size"]
    spec = game.spec.model_copy(update={"tables": tables})
    (msg,) = findings(dataclasses.replace(game, spec=spec))
    line = game.spec_location("tables").line  # the schema's words, at the `tables:` mapping
    assert f"game.yaml:{line}:1: error: missing key 'hand_size'" in msg


def test_numbers_on_cards_come_from_the_data(game: Game) -> None:
    cards = [
        dataclasses.replace(c, text="Sue a rival for 3 Marketers.") if c.id == "libel-3" else c
        for c in game.cards
    ]
    (msg,) = findings(dataclasses.replace(game, cards=cards), Severity.WARNING)
    assert "number typed into the text" in msg and "events.yaml:" in msg
