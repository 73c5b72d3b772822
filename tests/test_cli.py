"""The CLI as a user meets it: exit codes, messages, determinism, scaffolding."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.sim.results import without_timing
from pnp.spec.load import list_games
from pnp.spec.paths import cards_root

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


def test_validate_warns_of_card_types_alike_in_greyscale(mini_cards: Path) -> None:
    """docs/architecture.md §5: types that meet in a deck must differ by 12 L* or more in grey."""
    game_yaml = mini_cards / "mini" / "game.yaml"
    text = game_yaml.read_text()
    twin = '\n  twin:\n    deck: main\n    label: Twin\n    color: "#226644"\n'
    game_yaml.write_text(text.replace("card_types:\n", "card_types:" + twin, 1))
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 0, result.output  # a warning: the game still builds
    line = next(ln for ln in result.output.splitlines() if "greyscale" in ln)
    # at the colour of the later of the two types in the file
    assert line.startswith(f"{game_yaml}:18:5: warning: card types 'twin' (#226644) and ")
    assert "'basic' (#884422) meet in the deck 'main'" in line and "1 warning(s)" in result.output
    game_yaml.write_text(
        text.replace("card_types:\n", "card_types:" + twin.replace("226644", "66cc88"), 1)
    )
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert "greyscale" not in result.output, result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["build", "boom", "--paper", "a3"], "no paper 'a3' (did you mean 'a4'? papers: a4,"),
        (["build", "boom", "--back-offset", "1mm"], "'--back-offset': wants X,Y in mm"),
        (["build"], "name one GAME or use --all"),
        (["simulate", "boom", "--players", "9"], "takes 2–5 players, not 9"),
        (
            ["simulate", "boom", "--bots", "genius"],
            "no bot 'genius' (bots: random, heuristic, search)",
        ),
        (["simulate", "boom", "--bots", "heuristc"], "did you mean 'heuristic'?"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["validate", "build", "simulate", "schema"])
def test_an_unknown_game_is_a_usage_error_with_the_closest_match(command: str) -> None:
    result = runner.invoke(app, [command, "bom"])
    assert result.exit_code == 2, result.output
    games = ", ".join(list_games())
    assert result.output == f"error: no game 'bom' (did you mean 'boom'? games: {games})\n"


def test_an_unknown_expansion_is_a_usage_error_naming_the_ones_there() -> None:
    result = runner.invoke(app, ["validate", "bigidea", "-x", "more-crads"])
    assert result.exit_code == 2
    assert "no expansion 'more-crads' (did you mean 'more-cards'? expansions: more-cards)" in (
        result.output
    )
    result = runner.invoke(app, ["validate", "boom", "-x", "nope"])
    assert result.exit_code == 2
    assert "boom: no expansion 'nope' (there are no expansions)" in result.output


def test_simulate_same_seed_same_report() -> None:
    args = ["simulate", "boom", "--games", "30", "--players", "4", "--seed", "7", "--json"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert without_timing(json.loads(first.output)) == without_timing(json.loads(second.output))
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


def test_schema_describes_each_key_with_its_docstring() -> None:
    """An editor shows a key's description as help: it is the docstring under the field."""
    game = json.loads(runner.invoke(app, ["schema"]).output)
    players = game["$defs"]["Players"]["properties"]
    assert players["min"]["description"] == "Fewest players the game supports."
    assert game["properties"]["engine"]["description"].startswith("Name of the rules engine")
    assert (
        game["$defs"]["Token"]["properties"]["label"]["description"] == "Big text on the counter."
    )
    hand_group = game["$defs"]["CardType"]["properties"]["hand_group"]["description"]
    assert (
        hand_group.startswith("With `hand`: the hand this type is held in") and "\n" in hand_group
    )
    cards = json.loads(runner.invoke(app, ["schema", "boom"]).output)
    plan = next(
        v for v in cards["properties"]["cards"]["items"]["oneOf"] if v["title"] == "Card_plan"
    )
    assert plan["properties"]["qty"]["description"] == "Copies of this card."  # from CardBase


def test_new_expansion_validates_and_builds(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(cards_root(), cards)
    result = runner.invoke(app, ["new", "expansion", "boom", "dot-bomb", "--cards", str(cards)])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1].strip()
    assert last == f"pnp build boom --expansion dot-bomb --cards {cards}"
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

    monkeypatch.setattr("pnp.build.game.write_all", full)
    result = runner.invoke(
        app, ["build", "mini", "--cards", str(mini_cards), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 1
    assert f"error: {tmp_path / 'o'}: No space left on device" in result.output
    assert "Traceback" not in result.output


def test_a_reader_that_leaves_early_is_no_error() -> None:
    """`pnp list | head -1`: the pipe closes under pnp; it stops without a word."""
    import subprocess
    import sys

    script = f'"{sys.executable}" -m pnp list | head -c 1 >/dev/null; exit "${{PIPESTATUS[0]}}"'
    result = subprocess.run(
        ["bash", "-c", script], capture_output=True, text=True, cwd=Path(__file__).parent.parent
    )
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr and "Traceback" not in result.stderr


def test_validate_warns_of_a_table_key_a_template_would_read_as_a_method(
    mini_cards: Path,
) -> None:
    """`{{ row.values }}` is the dict's method in Jinja: the card would print it."""
    game_yaml = mini_cards / "mini" / "game.yaml"
    lines = game_yaml.read_text().splitlines()
    game_yaml.write_text("\n".join([*lines, "tables:", "  prizes:", "    - {items: 3, cost: 2}"]))
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 0, result.output  # a warning: the game still builds
    [line] = [ln for ln in result.output.splitlines() if "built-in method" in ln]
    assert line.startswith(f"{game_yaml}:{len(lines) + 3}:8: warning: a template reads .items")
    assert "write ['items']" in line and "1 warning(s)" in result.output
