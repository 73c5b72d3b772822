"""Error messages a person reads: at the key that is wrong, in plain words, said once.

The rules errors of the two engine games are checked on copies of the shipped card
folders with one thing broken, through `pnp validate` as a user runs it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, Field, ValidationError
from typer.testing import CliRunner

from pnp._errors import Finding, Severity, ValidationFailed, one_line, shown
from pnp.cli.app import app
from pnp.spec.fields import Color, Flag, Number, Strict, Whole
from pnp.spec.model import GameSpec
from pnp.spec.paths import cards_root
from pnp.spec.schema import allowed_keys, describe, unknown_key

runner = CliRunner()


@pytest.fixture
def cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the bundled •Boom and Big Idea folders, also the working folder."""
    for game in ("boom", "bigidea"):
        shutil.copytree(cards_root() / game, tmp_path / "cards" / game)
    monkeypatch.chdir(tmp_path / "cards")
    return tmp_path / "cards"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _line(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines) if needle in line) + 1


def _validate(cards: Path, game: str) -> list[str]:
    result = runner.invoke(app, ["validate", game, "--cards", str(cards)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if ": error: " in line]


FOURTEENTH_PLAN = (
    "  - id: spare-plan\n    type: plan\n    name: Spare\n    industry: media\n    burn: 2\n"
    '    text: "One plan too many."\n'
)


def test_fourteenth_plan_is_reported_at_that_plan(cards: Path) -> None:
    play = cards / "boom" / "play.yaml"
    text = play.read_text(encoding="utf-8")
    play.write_text(text + FOURTEENTH_PLAN, encoding="utf-8")
    # boom.txt: the deck holds 13 Business Plans; the one appended is the 14th
    (error,) = _validate(cards, "boom")
    assert error.startswith(f"boom/play.yaml:{_line(play, 'id: spare-plan')}:5: error: ")
    assert "holds 14 Business Plans; the game needs 13 ('spare-plan' is the 14th)" in error


def test_extra_copy_of_a_plan_points_at_its_qty(cards: Path) -> None:
    play = cards / "boom" / "play.yaml"
    _edit(play, "    name: Airwavz\n", "    name: Airwavz\n    qty: 2\n")
    (error,) = _validate(cards, "boom")
    assert error.startswith(f"boom/play.yaml:{_line(play, 'qty: 2')}:5: error: ")
    assert "('airwavz-plan' is the 14th)" in error


def test_broken_industries_table_is_one_message_not_one_per_card(cards: Path) -> None:
    game = cards / "boom" / "game.yaml"
    _edit(game, "  industries:\n", "  industries: []\n  old_industries:\n")
    errors = _validate(cards, "boom")
    assert errors == [
        f"boom/game.yaml:{_line(game, 'industries: []')}:3: error: tables.industries: "
        "has 0 values; at least 1 needed"
    ]


def test_second_crash_card_points_at_its_crash_key(cards: Path) -> None:
    events = cards / "boom" / "events.yaml"
    _edit(
        events,
        "    effect: {ipo_bonus: {industry: software, amount: 2}}",
        "    effect: {crash: true}",
    )
    (error,) = _validate(cards, "boom")
    line = _line(events, "Every nerd has a startup") + 1
    assert error.startswith(f"boom/events.yaml:{line}:14: error: the event deck needs exactly")


def test_big_idea_money_row_points_at_the_bad_count_and_nothing_follows(cards: Path) -> None:
    game = cards / "bigidea" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if "value: 1," in line)
    _edit(game, row, row.replace("count: 60", "count: true"))
    errors = _validate(cards, "bigidea")
    assert len(errors) == 1
    assert errors[0].startswith(f"bigidea/game.yaml:{_line(game, 'count: true')}:18: error: ")
    assert "tables.money.0.count: expected a whole number, not true (a yes/no value)" in errors[0]


def test_the_same_finding_is_said_once() -> None:
    f = Finding(Severity.ERROR, "x")
    assert ValidationFailed([f, f, Finding(Severity.ERROR, "y"), f]).findings == [
        f,
        Finding(Severity.ERROR, "y"),
    ]


class _Sample(Strict):
    id: str = Field(default="a", pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=8)
    color: Color = "#000000"
    qty: Whole = Field(default=1, ge=1, le=500)
    size: Number = Field(default=1.0, gt=0)
    upper: Flag = False
    name: str = Field(default="n", min_length=1)
    rect: tuple[Number, Number] = (0.0, 0.0)
    parts: list[Whole] = Field(default=[1, 2], min_length=2, max_length=4)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"id": "Big_Deal"}, "id: 'Big_Deal' is not allowed: an id is lowercase letters, digits"),
        (
            {"color": "bleu"},
            "color: colour 'bleu' is not #rgb, #rrggbb or a CSS colour name (did you mean 'blue'?)",
        ),
        ({"id": "a" * 9}, "id: too long (9 characters; at most 8)"),
        ({"qty": True}, "qty: expected a whole number, not true (a yes/no value)"),
        ({"qty": "3"}, "qty: expected a whole number, not '3' (text)"),
        ({"qty": 2.5}, "qty: expected a whole number, not 2.5"),
        ({"qty": 0}, "qty: must be at least 1, not 0"),
        ({"qty": 501}, "qty: must be at most 500, not 501"),
        ({"size": 0}, "size: must be more than 0, not 0"),
        ({"size": "big"}, "size: expected a number, not 'big' (text)"),
        ({"size": float("nan")}, "size: expected a finite number, not nan"),
        ({"upper": 1}, "upper: expected true or false, not 1"),
        ({"upper": "yes"}, "upper: expected true or false, not 'yes' (text)"),
        ({"name": ""}, "name: must not be empty"),
        (
            {"name": True},
            'name: expected text, not true (a yes/no value) (quote it to mean text: "true")',
        ),
        ({"rect": [1]}, "rect: too few values"),
        ({"rect": [1, 2, 3]}, "rect: has 3 values; at most 2 allowed"),
        ({"parts": [1]}, "parts: has 1 value; at least 2 needed"),
        ({"rect": "1,2"}, "rect: expected a list of values like [1, 2], not '1,2' (text)"),
        ({"nmae": "x"}, "unknown key 'nmae' (did you mean 'name'? allowed: id, color, qty, size,"),
    ],
)
def test_pydantic_errors_read_as_plain_words(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError) as err:
        _Sample.model_validate(data)
    (e,) = err.value.errors()
    text = describe(e, _Sample)
    assert text.startswith(message), text
    for jargon in ("Input should", "pattern", "^[", "String should", "valid integer"):
        assert jargon not in text


def test_unknown_key_lists_allowed_keys_at_any_depth() -> None:
    at = ("components", 0, "tokens", "groups", 0, "token")
    assert allowed_keys(GameSpec, at) == [
        "label", "sub", "count", "shape", "size_mm", "color", "ink", "icon", "punch_mm",
        "pattern",
    ]  # fmt: skip
    assert allowed_keys(GameSpec, ("decks", 3, "back"))[:3] == ["layout", "title", "subtitle"]
    assert allowed_keys(GameSpec, ("tables", "anything")) == []
    assert unknown_key("qtty", ["id", "type", "qty", "name", "text", "burn"]) == (
        "unknown key 'qtty' (did you mean 'qty'? allowed: id, type, qty, name, text, burn)"
    )
    assert unknown_key("zzz", ["deck", "cards"]) == "unknown key 'zzz' (allowed: deck, cards)"


def test_values_are_echoed_short_and_on_one_line() -> None:
    assert shown("x" * 100_000) == "'" + "x" * 57 + "…'"
    assert shown("two\nlines") == "'two\\nlines'"
    assert one_line("a\n  b\r\nc") == "a b c"
    long = f"card 'alpha': text '{'w' * 5000}' does not fit"
    assert one_line(long) == "card 'alpha': text '" + "w" * 57 + "…' does not fit"
    assert Finding(Severity.ERROR, "first\nsecond").message == "first second"


class _Strictness(BaseModel):
    whole: Whole = 0


def test_yes_no_values_are_not_numbers() -> None:
    for value in (True, False):
        with pytest.raises(ValidationError):
            _Strictness.model_validate({"whole": value})
    assert _Strictness.model_validate({"whole": 3}).whole == 3
