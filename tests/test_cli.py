"""The CLI as a user meets it: exit codes, messages, determinism, scaffolding."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.paths import cards_root

runner = CliRunner()


def test_list_shows_games_and_expansions() -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "boom" in result.output and "bigidea" in result.output
    assert "+ expansion more-cards" in result.output


def test_validate_bundled_games_is_clean() -> None:
    for game in ("boom", "bigidea"):
        result = runner.invoke(app, ["validate", game])
        assert result.exit_code == 0, result.output
        assert "0 error(s)" in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["build", "boom", "--paper", "a3"], "--paper must be one of a4, letter"),
        (["build", "boom", "--back-offset", "1mm"], "--back-offset wants X,Y"),
        (["build"], "name one GAME or use --all"),
        (["simulate", "boom", "--players", "9"], "takes 2–5 players, not 9"),
        (["simulate", "boom", "--bots", "genius"], "unknown bot(s) ['genius']"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_unknown_game_and_expansion_exit_1() -> None:
    result = runner.invoke(app, ["validate", "chess"])
    assert result.exit_code == 1 and "no game 'chess'" in result.output
    result = runner.invoke(app, ["validate", "boom", "-x", "nope"])
    assert result.exit_code == 1 and "has no expansion 'nope'" in result.output


def test_simulate_same_seed_same_report() -> None:
    args = ["simulate", "boom", "--games", "30", "--players", "4", "--seed", "7", "--json"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    other = runner.invoke(app, [*args[:-2], "8", "--json"])
    assert json.loads(other.output) != json.loads(first.output)


def test_schema_lists_card_types_for_editors() -> None:
    result = runner.invoke(app, ["schema", "boom"])
    assert result.exit_code == 0
    body = json.loads(result.output)
    titles = {v["title"] for v in body["properties"]["cards"]["items"]["oneOf"]}
    assert "Card_plan" in titles and "Card_discard" in titles
    plan = next(
        v for v in body["properties"]["cards"]["items"]["oneOf"] if v["title"] == "Card_plan"
    )
    assert plan["additionalProperties"] is False and "burn" in plan["required"]
    assert json.loads(runner.invoke(app, ["schema"]).output)["title"] == "GameSpec"


def test_new_expansion_validates_and_builds(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(cards_root(), cards)
    result = runner.invoke(app, ["new", "expansion", "boom", "dot-bomb", "--cards", str(cards)])
    assert result.exit_code == 0, result.output
    folder = cards / "boom" / "expansions" / "dot-bomb"
    assert (folder / "expansion.yaml").is_file()
    args = ["--cards", str(cards), "-x", "dot-bomb"]
    assert runner.invoke(app, ["validate", "boom", *args]).exit_code == 0
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "boom", *args, "--out", str(out)])
    assert built.exit_code == 0, built.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["options"]["expansions"] == ["dot-bomb"]
    ids = {it["id"] for p in manifest["files"][0]["pages"] for it in p["items"]}
    assert any(i.startswith("dot-bomb-") for i in ids)
    again = runner.invoke(app, ["new", "expansion", "boom", "dot-bomb", "--cards", str(cards)])
    assert again.exit_code == 2 and "already exists" in again.output


def test_a_full_disk_is_an_error_not_a_traceback(
    mini_cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object) -> None:
        raise OSError(28, "No space left on device", str(tmp_path / "o"))

    monkeypatch.setattr("pnp.build.write_all", full)
    result = runner.invoke(
        app, ["build", "mini", "--cards", str(mini_cards), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 1
    assert f"error: {tmp_path / 'o'}: No space left on device" in result.output
    assert "Traceback" not in result.output
