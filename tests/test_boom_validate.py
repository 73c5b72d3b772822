"""•Boom data checks: ``validate`` finds broken data and points at the offending key.

Broken data is built by copying the loaded game and changing one thing.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pnp._errors import Severity, ValidationFailed
from pnp.games import boom
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("boom")


def errors(game: Game) -> list[str]:
    return [f.message for f in boom.validate(game) if f.severity is Severity.ERROR]


def with_tables(game: Game, **changes: object) -> Game:
    spec = game.spec.model_copy(update={"tables": {**game.spec.tables, **changes}})
    return dataclasses.replace(game, spec=spec)


def with_card(game: Game, card_id: str, **fields: object) -> Game:
    cards = [
        dataclasses.replace(c, fields={**c.fields, **fields}) if c.id == card_id else c
        for c in game.cards
    ]
    return dataclasses.replace(game, cards=cards)


def line_of(path: Path, after: str, key: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i in range(start, len(lines)) if lines[i].strip().startswith(key)) + 1


def test_shipped_data_is_clean(game: Game) -> None:
    assert boom.validate(game) == []


def test_validate_catches_a_bad_industry(game: Game) -> None:
    bad = with_card(game, "synergizr-plan", industry="biotech")
    findings = boom.validate(bad)
    assert len(findings) == 1 and "biotech" in findings[0].message
    loc = findings[0].location
    assert loc is not None and loc.path.name == "play.yaml"
    assert loc.line == line_of(loc.path, "id: synergizr-plan", "industry:")
    with pytest.raises(ValidationFailed):
        boom.new_state(bad, 4, 0)


def test_validate_catches_a_gapped_ipo_table(game: Game) -> None:
    rows = [r for r in game.spec.tables["ipo_table"] if r["roll"] != 7]
    findings = boom.validate(with_tables(game, ipo_table=rows))
    assert [f.message for f in findings] == ["tables.ipo_table jumps from roll 6 to 8"]
    assert findings[0].location == game.spec_location("tables", "ipo_table", 5, "roll")


def test_validate_catches_a_falling_ipo_table(game: Game) -> None:
    rows = [dict(r) for r in game.spec.tables["ipo_table"]]
    rows[3]["raised"] = 1
    assert errors(with_tables(game, ipo_table=rows)) == [
        "tables.ipo_table: a higher roll must not raise less"
    ]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"money": [{"value": 5, "count": 30}, {"value": 10, "count": 40}]}, "no $1m counter"),
        ({"firms": [{"id": "a"}, {"id": "b"}]}, "up to 5 players"),
        (
            {
                "ipo_track": [
                    {"limit": 6, "surcharge": 0},
                    {"limit": 4, "surcharge": 5},
                    {"limit": 3, "surcharge": 7},
                    {"limit": 2, "surcharge": 10},
                    {"limit": 1, "surcharge": 15},
                ]
            },
            "count down by one",
        ),
        (
            {
                "ipo_track": [
                    {"limit": 6, "surcharge": 3},
                    {"limit": 5, "surcharge": 2},
                    {"limit": 4, "surcharge": 5},
                    {"limit": 3, "surcharge": 7},
                    {"limit": 2, "surcharge": 10},
                    {"limit": 1, "surcharge": 15},
                ]
            },
            "must not fall",
        ),
        ({"ipo_limit_start": 8}, "not on the IPO track"),
        ({"close_min_shares": 4}, "fewer than close_min_shares"),
        ({"industries": [{"id": "software"}]}, "is not one of tables.industries"),
    ],
)
def test_validate_catches_bad_tables(game: Game, changes: dict[str, object], expected: str) -> None:
    assert any(expected in message for message in errors(with_tables(game, **changes)))


def test_validate_catches_bad_cards(game: Game) -> None:
    unknown = errors(with_card(game, "headhunter", effect={"teleport": 1}))
    assert unknown and "teleport" in unknown[0]
    assert errors(with_card(game, "innovation-grant", effect={"grant": -5}))
    assert errors(with_card(game, "synergy", burn="lots"))
    assert errors(with_card(game, "tom-roaming", domain="biotech"))
    twice = errors(with_card(game, "day-trader-delirium", effect={"crash": True}))
    assert twice == ["the event deck needs exactly one crash card, found 2"]
    bad_bonus = with_card(
        game, "killer-app-summer", effect={"ipo_bonus": {"industry": "biotech", "amount": 2}}
    )
    assert errors(bad_bonus)


def test_validate_counts_plans_and_play_cards(game: Game) -> None:
    fewer = dataclasses.replace(game, cards=[c for c in game.cards if c.id != "airwavz-plan"])
    assert errors(fewer) == ["the play deck holds 12 Business Plans; the game needs 13"]
    small = dataclasses.replace(
        game, cards=[c for c in game.cards if c.type not in ("news", "buzzword")]
    )
    warnings = [f for f in boom.validate(small) if f.severity is Severity.WARNING]
    assert len(warnings) == 1 and "fewer than 60" in warnings[0].message


# -- numbers pinned to boom.txt (decisions.PUBLISHED) ---------------------------------


def warnings(game: Game) -> list[str]:
    return [f.message for f in boom.validate(game) if f.severity is Severity.WARNING]


def test_a_track_surcharge_that_differs_from_boom_txt_is_a_warning(game: Game) -> None:
    # boom.txt, IPO Card Limit Track: limit 3 adds $7m burn
    track = [dict(r, surcharge=9) if r["limit"] == 3 else r for r in game.spec.tables["ipo_track"]]
    (message,) = warnings(with_tables(game, ipo_track=track))
    assert "differs from the published rules" in message
    assert "burn surcharge at IPO limit 3 is 9, published 7" in message


def test_a_track_missing_a_space_is_an_error_because_the_engine_breaks(game: Game) -> None:
    # boom.txt: the track has six spaces, 6 down to 1; Discards move the limit to 1
    track = [r for r in game.spec.tables["ipo_track"] if r["limit"] != 1]
    assert errors(with_tables(game, ipo_track=track)) == [
        "tables.ipo_track ends at 2; it must end at limit 1"
    ]


def test_a_wrong_event_bonus_is_a_warning_at_the_card(game: Game) -> None:
    # boom.txt: an Event "may tell you to add another 2 to the die-roll"
    bad = with_card(
        game, "killer-app-summer", effect={"ipo_bonus": {"industry": "software", "amount": 3}}
    )
    findings = [f for f in boom.validate(bad) if f.severity is Severity.WARNING]
    assert len(findings) == 1 and "Event IPO bonus is [2, 3], published 2" in findings[0].message
    assert findings[0].location is not None and findings[0].location.path.name == "events.yaml"


def test_starting_money_is_pinned_and_overrides_silence_it(game: Game) -> None:
    # boom.txt, setup: $100m each
    rich = with_tables(game, start_money=150)
    (message,) = warnings(rich)
    assert "starting money is 150, published 100" in message
    assert "list 'starting money' under overrides:" in message
    assert warnings(with_tables(game, start_money=150, overrides=["starting money"])) == []


def test_validate_playtest_warns_when_stock_counters_run_short(game: Game) -> None:
    from pnp.sim.runner import playtest_findings

    # decision stock-counters: three counters per firm run out in most games
    short = with_tables(game, stock_per_firm=3)
    (finding,) = playtest_findings(boom, short)
    assert finding.severity is Severity.WARNING
    assert finding.message.startswith("stock counters (")
    assert "3 printed" in finding.message
    assert finding.location is not None and finding.location.line == line_of(
        finding.location.path, "tables:", "stock_per_firm:"
    )
    assert playtest_findings(boom, game) == []
