"""Old Biddy data checks: ``validate`` finds broken data and points at the offending key.

Broken data is built by copying the loaded game and changing one thing.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import Severity, ValidationFailed
from pnp.cli.app import app
from pnp.games import oldbiddy
from pnp.spec.game import Game
from pnp.spec.load import load_game
from pnp.spec.paths import cards_root
from tests.test_boom_validate import with_card, with_tables


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("oldbiddy")


def findings(game: Game, severity: Severity = Severity.ERROR) -> list[str]:
    return [f.message for f in oldbiddy.validate(game) if f.severity is severity]


def without_card(game: Game, card_id: str) -> Game:
    return dataclasses.replace(game, cards=[c for c in game.cards if c.id != card_id])


def test_shipped_data_is_clean(game: Game) -> None:
    assert oldbiddy.validate(game) == []


def test_unbalanced_gem_colours_are_an_error(game: Game) -> None:
    bad = with_card(game, "gem-01", green=2, name="2 gems")
    messages = findings(bad)
    assert any("unbalanced (green 30, blue 29, red 29)" in m for m in messages), messages
    with pytest.raises(ValidationFailed):
        oldbiddy.new_state(bad, 4, 0)


def test_gem_card_with_too_many_gems_points_at_the_card(game: Game) -> None:
    bad = with_card(game, "gem-30", red=3)
    found = [f for f in oldbiddy.validate(bad) if "shows 5 gems; a gem card shows 1–4" in f.message]
    assert found and found[0].location is not None
    assert found[0].location.path.name == "gems.yaml"
    lines = found[0].location.path.read_text().splitlines()
    assert "id: gem-30" in lines[found[0].location.line - 1]


def test_gem_card_name_must_match_its_gems(game: Game) -> None:
    bad = with_card(game, "gem-04", blue=1)  # 3 gems, still named "2 gems"
    assert any("named '2 gems' but shows 3 gems" in m for m in findings(bad))


def test_characters_must_be_lettered_a_to_e(game: Game) -> None:
    bad = with_card(game, "the-kid", letter="F")
    assert any("must be A, B, C, D, E" in m for m in findings(bad))


def test_unknown_action_names_the_key(game: Game) -> None:
    bad = with_card(game, "the-boss", action="steal")
    found = [f for f in oldbiddy.validate(bad) if "action must be one of" in f.message]
    assert found and found[0].location is not None
    line = found[0].location.path.read_text().splitlines()[found[0].location.line - 1]
    assert line.strip().startswith("action:")


def test_characters_in_play_must_match_the_players(game: Game) -> None:
    # The rules need as many characters as players: all but the last take one, one is left.
    bad = with_card(game, "the-princess", min_players=4)
    assert any("at 4 players 5 characters are in play" in m for m in findings(bad))


def test_gem_cards_used_must_fill_every_round(game: Game) -> None:
    # Set up: 30 − 6 = 24 = 6 rounds × 4 characters at 4 players.
    rows = [dict(r) for r in game.spec.tables["gem_cards_removed"]]
    rows[1]["removed"] = 5
    messages = findings(with_tables(game, gem_cards_removed=rows))
    assert any(
        "30 − 5 = 25 gem cards are used; 6 rounds × 4 characters need 24" in m for m in messages
    ), messages


def test_market_too_short_for_the_longest_move(game: Game) -> None:
    bad = with_tables(
        game, market={"spaces": 5, "start_spaces": [2, 3, 4], "zero_marker_spaces": 3}
    )
    assert any(
        "leaves 1 spaces beyond the start spaces; the Boss's longest move needs 3" in m
        for m in findings(bad)
    )


def test_start_spaces_must_be_central(game: Game) -> None:
    bad = with_tables(
        game, market={"spaces": 21, "start_spaces": [5, 6, 7], "zero_marker_spaces": 3}
    )
    assert any("middle of the market track" in m for m in findings(bad))


def test_missing_table_is_reported_not_a_crash(game: Game) -> None:
    tables = dict(game.spec.tables)
    del tables["boss_moves"]
    spec = game.spec.model_copy(update={"tables": tables})
    messages = findings(dataclasses.replace(game, spec=spec))
    assert messages == ["missing key 'boss_moves'"]  # the schema's words (pnp.spec.schema)


def test_zero_marker_spaces_hold_the_spares(game: Game) -> None:
    cards = [dataclasses.replace(c, qty=5) if c.id == "zero-red" else c for c in game.cards]
    bad = dataclasses.replace(game, cards=cards)  # 9 markers: 6 spares at 3 players
    messages = findings(bad)
    assert any(
        "6 zero score markers are left for the board, which marks 3 spaces" in m for m in messages
    ), messages
    assert "zero score markers must cover every colour equally (green 2, blue 2, red 5)" in (
        messages
    )


def test_zero_marker_names_a_gem_colour(game: Game) -> None:
    found = oldbiddy.validate(with_card(game, "zero-blue", gem="purple"))
    assert [f.message for f in found if f.severity is Severity.ERROR][0] == (
        "zero score marker 'zero-blue': gem must be one of green, blue, red"
    )
    assert found[0].location is not None and found[0].location.path.name == "zero.yaml"


def test_numbers_that_differ_from_the_source_warn(game: Game) -> None:
    bad = with_tables(game, fake_gem_bid=4, gems_per_colour=50)
    warnings = findings(bad, Severity.WARNING)
    # oldbiddy.txt Phase 1: a large fake gem counts five; Components: 180 gems
    assert any("fake_gem_bid is 4, published 5" in w for w in warnings)
    assert any("gems is 150, published 180" in w for w in warnings)
    assert findings(bad) == []  # a designer may change them: warnings only


def test_a_sixth_character_card_count_warns(game: Game) -> None:
    warnings = findings(without_card(game, "round-order"), Severity.WARNING)
    # oldbiddy.txt Components: 6 Character Action Cards
    (warning,) = warnings
    assert "character action cards is 5, published 6" in warning
    assert "list 'character action cards' under overrides:" in warning


def test_every_player_needs_a_screen_colour(game: Game) -> None:
    bad = with_tables(game, player_colors=game.spec.tables["player_colors"][:4])
    assert "tables.player_colors has 4 colours; 5 players need one screen each" in findings(bad)


def test_cli_reports_a_broken_gem_card_in_one_located_line(tmp_path: Path) -> None:
    # A designer's edit that breaks a rule: exit 1, `path:line:col: what is wrong`, no
    # traceback.
    cards = tmp_path / "cards"
    shutil.copytree(cards_root() / "oldbiddy", cards / "oldbiddy")
    gems = cards / "oldbiddy" / "gems.yaml"
    text = gems.read_text()
    gems.write_text(
        text.replace(
            'id: gem-30, type: gem, name: "4 gems", green: 2, blue: 0',
            'id: gem-30, type: gem, name: "4 gems", green: 2, blue: 1',
        )
    )
    line = next(i for i, ln in enumerate(gems.read_text().splitlines(), 1) if "gem-30" in ln)
    result = CliRunner().invoke(app, ["validate", "oldbiddy", "--cards", str(cards)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"gems.yaml:{line}:5: error: gem card 'gem-30' shows 5 gems; a gem card shows 1–4" in (
        result.output
    )
