"""Colours in a game's files (checked at the edge): #rgb, #rrggbb and the CSS
colour names are read as #rrggbb where they are written, or where a Jinja colour is
rendered; anything else is an error with the closest name."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.ops import Shape
from pnp.layout.tokens import lay_out_tokens
from pnp.plan.settings import BuildOptions
from pnp.spec.fields import parse_color
from pnp.spec.load import load_game
from tests.conftest import FIXTURES, overlay


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("#1F6F8B", "#1f6f8b"),
        ("#2a6", "#22aa66"),  # CSS: each digit doubled
        ("yellow", "#ffff00"),  # CSS Color 3 named colour
        (" Teal ", "#008080"),
        ("DarkOrange", "#ff8c00"),
        ("SlateGrey", "#708090"),  # both spellings of grey are CSS names
    ],
)
def test_a_colour_is_read_as_rrggbb(written: str, read: str) -> None:
    assert parse_color(written) == read


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        ("yelow", "did you mean 'yellow'?"),
        ("#12", "e.g. #1f6f8b or teal"),
        ("#12345g", "e.g. #1f6f8b or teal"),
        ("rgb(1,2,3)", "e.g. #1f6f8b or teal"),
        ("", "e.g. #1f6f8b or teal"),
    ],
)
def test_anything_else_is_refused_with_the_closest_name(written: str, hint: str) -> None:
    with pytest.raises(ValueError, match="is not #rgb, #rrggbb or a CSS colour name") as err:
        parse_color(written)
    assert str(err.value).endswith(f"({hint})")


def test_colour_names_from_a_table_build(mini_cards: Path, tmp_path: Path) -> None:
    """The case the issue names: a player colour 'yellow' in a table validated, then the
    build ended in a traceback. Now both pass and the counter is filled #ffff00."""
    overlay(mini_cards, FIXTURES / "bad" / "token-color-from-table")
    game_yaml = mini_cards / "mini" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("purpel", "Purple"))
    runner = CliRunner()
    for args in (["validate", "mini"], ["build", "mini", "--out", str(tmp_path / "out")]):
        result = runner.invoke(app, [*args, "--cards", str(mini_cards)])
        assert result.exit_code == 0, result.output
    game = load_game("mini", mini_cards)
    _, faces = lay_out_tokens(game, game.spec.components[0], 0, BuildOptions())
    fills = {
        op.fill
        for face in faces.values()
        for op in face.ops
        if isinstance(op, Shape) and op.fill not in (None, "#ffffff")
    }
    assert {"#ffff00", "#22aa66", "#800080"} <= fills, fills


def test_the_json_schema_says_what_a_colour_is() -> None:
    from pnp.spec.schema import game_schema

    schema = game_schema()
    card_type = schema["$defs"]["CardType"]["properties"]["color"]
    assert card_type["type"] == "string"
    assert "CSS colour name" in card_type["description"]
