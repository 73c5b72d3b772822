"""Engine tables of any shape give findings, never a traceback.

Each engine declares the tables it reads (pnp/games/<game>/tables.py); ``validate`` checks
``tables:`` against that model before any rule reads it. The fixed cases below run the
command line on a copy of a bundled game with one table broken; the property test
mutates one value anywhere under ``tables:`` and calls the engine in process."""

from __future__ import annotations

import dataclasses
import math
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp._errors import Severity
from pnp.cli.app import app
from pnp.games import get_engine
from pnp.games.bidness.config import TABLE_INTS
from pnp.games.bidness.decisions import PUBLISHED as BIDNESS_PUBLISHED
from pnp.games.bidness.tables import Tables as BidnessTables
from pnp.spec.game import Game
from pnp.spec.load import load_game

GAMES = ("boom", "bigidea", "bidness", "oldbiddy", "smallprint")
BUNDLED = Path(__file__).resolve().parents[1] / "cards"
runner = CliRunner()

# (game, text in game.yaml, its replacement, the finding expected, as `:line:col: message`)
CASES = [
    (
        "oldbiddy",
        "start_spaces: [9, 10, 11]",
        "start_spaces: 9",
        "error: tables.market.start_spaces: expected a list (lines starting with '- ')",
    ),
    (
        "bidness",
        '- {value: 5, count: 12, color: "#f1e3c6"',
        '- {count: 12, color: "#f1e3c6"',
        "error: missing key 'value'",
    ),
    (
        "bidness",
        '- {value: 5, count: 12, color: "#f1e3c6"',
        '- {value: 0, count: 12, color: "#f1e3c6"',
        "error: tables.money.0.value: must be at least 1, not 0",
    ),
    (
        "bigidea",
        "value: 1, count: 60",
        "value: -5, count: 60",
        "error: tables.money.0.value: must be at least 1, not -5",
    ),
    (
        "smallprint",
        '- {id: red, name: Red, mark: "R", color: "#b3261e", ink: "#ffffff"}',
        "- red",
        "error: tables.sets.0: expected a mapping (key: value lines) here",
    ),
    (
        "boom",
        "hand_size: 3",
        "hand_size: three",
        "error: tables.hand_size: expected a whole number, not 'three' (text)",
    ),
    (  # a number where the engine joins text: once a TypeError in the game log
        "boom",
        "mark: KV,",
        "mark: 7,",
        "error: tables.firms.0.mark: expected text, not 7",
    ),
    (
        "oldbiddy",
        "name: Green, letter: G",
        "name: Green, letter: 1",
        "error: tables.gems.0.letter: expected text, not 1",
    ),
    (
        "boom",
        "stock_per_firm: 19",
        "stock_per_firm: 100000000",
        "error: tables.stock_per_firm: must be at most 1000, not 100000000",
    ),
]


def _line_of(text: str, part: str) -> int:
    return text[: text.index(part)].count("\n") + 1


@pytest.mark.parametrize(("game", "old", "new", "expected"), CASES, ids=lambda v: str(v)[:24])
def test_a_table_of_the_wrong_shape_is_located(
    game: str, old: str, new: str, expected: str, tmp_path: Path
) -> None:
    shutil.copytree(BUNDLED / game, tmp_path / game)
    path = tmp_path / game / "game.yaml"
    text = path.read_text()
    assert old in text, f"the bundled {game} game.yaml changed: update this case"
    path.write_text(text.replace(old, new, 1))
    result = runner.invoke(app, ["validate", game, "--cards", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert f"{game}/game.yaml:{_line_of(text, old)}:" in result.output, result.output
    assert expected in result.output, result.output


def test_bidness_model_covers_every_number_the_config_reads() -> None:
    """config.config_from_game reads each TABLE_INTS key by attribute of the typed tables,
    and every published number kept in ``tables:`` names one of the model's fields."""
    assert set(TABLE_INTS) <= set(BidnessTables.model_fields)
    tables = [p.path[1] for p in BIDNESS_PUBLISHED if p.path[:1] == ("tables",)]
    assert tables and set(tables) <= set(BidnessTables.model_fields)


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {g: load_game(g) for g in GAMES}


# One change to a value: what a designer (or a hostile expansion author) might type.
REPLACEMENTS = st.sampled_from(
    [
        None,
        "",
        "three",
        True,
        0,
        -1,
        2.5,
        10**12,
        -(10**12),
        math.nan,
        math.inf,
        [],
        {},
        [[1]],
        {"x": {"y": 1}},
    ]
)
_DROP = object()
"""Marks a key taken out of its mapping (or a row out of its list)."""


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and index under ``value``, outermost first."""
    out: list[tuple[Any, ...]] = []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        out.append((*at, key))
        out += _paths(item, (*at, key))
    return out


def _changed(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``value`` with the item at ``path`` replaced by ``new`` (or dropped)."""
    key, rest = path[0], path[1:]
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[key] = _changed(copy[key], rest, new)
    elif new is _DROP:
        del copy[key]
    else:
        copy[key] = new
    return copy


@st.composite
def mutated(draw: st.DrawFn, tables: dict[str, Any]) -> dict[str, Any]:
    path = draw(st.sampled_from(_paths(tables)))
    old = _get(tables, path)
    new = draw(
        st.one_of(
            REPLACEMENTS,
            st.just(_DROP),
            st.just([old]),  # extra nesting
            st.just({"value": old}),
        )
    )
    return _changed(tables, path, new)


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@pytest.mark.parametrize("name", GAMES)
def test_validate_never_raises_whatever_the_tables_hold(name: str, games: dict[str, Game]) -> None:
    """One value changed anywhere under ``tables:``: validate returns findings (or none,
    when the change is harmless: a free key only templates read) and never raises; when
    it finds no error, the engine builds its config and sets up a game."""
    game = games[name]
    engine = get_engine(name)

    @settings(
        max_examples=200,  # about a second per engine
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(mutated(game.spec.tables))
    def check(tables: dict[str, Any]) -> None:
        spec = game.spec.model_copy(update={"tables": tables})
        changed = dataclasses.replace(game, spec=spec)
        findings = engine.validate(changed)
        if not any(f.severity is Severity.ERROR for f in findings):
            engine.new_state(changed, game.spec.players.min, 1)

    check()
