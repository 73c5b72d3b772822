"""`pnp sweep`: a grid of table values × player counts, each cell a seeded simulation.

•Boom plays a few games a cell in well under a second, so every case runs the command
as a person types it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pypdf
import pytest
from typer.testing import CliRunner

import pnp.sim.runner
from pnp.cli.app import app
from pnp.games import get_engine
from pnp.sim.runner import simulate
from pnp.sim.sweep import Sweep, balance_interval, run_sweep
from pnp.sim.sweep_params import checked_games, parse_params, with_setting
from pnp.spec.load import load_game

runner = CliRunner()
BOOM_YAML = Path(__file__).resolve().parents[1] / "cards" / "boom" / "game.yaml"
GRID = ["sweep", "boom", "--param", "tables.hand_size=2,5", "--players", "3,4", "--games", "6"]


def sweep_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    body: dict[str, Any] = json.loads(result.stdout)
    return body


def test_the_grid_is_every_value_at_every_player_count_in_order() -> None:
    body = sweep_json(*GRID)
    cells = [(c["params"]["tables.hand_size"], c["players"]) for c in body["cells"]]
    assert cells == [(2, 3), (2, 4), (5, 3), (5, 4)]
    assert body["cells_requested"] == 4 and not body["interrupted"]
    assert body["params"] == [{"path": "tables.hand_size", "values": [2, 5]}]
    assert all(c["games"] == 6 for c in body["cells"])


def test_two_params_make_their_product_and_no_param_sweeps_the_players() -> None:
    two = sweep_json(
        "sweep", "boom", "--param", "tables.hand_size=2,3", "--param", "tables.min_price=5,10",
        "--players", "3", "--games", "2",
    )  # fmt: skip
    assert [tuple(c["params"].values()) for c in two["cells"]] == [(2, 5), (2, 10), (3, 5), (3, 10)]
    seats = sweep_json("sweep", "boom", "--players", "3,4,5", "--games", "4")
    assert [c["players"] for c in seats["cells"]] == [3, 4, 5]
    every = sweep_json("sweep", "boom", "--games", "2")  # default: every count the game takes
    assert [c["players"] for c in every["cells"]] == [2, 3, 4, 5]


def test_json_has_every_figure_with_its_interval_and_repeats_by_seed() -> None:
    body = sweep_json(*GRID)
    assert set(body) >= {"game", "command", "seed", "games", "bots", "params", "players"}
    assert set(body) >= {"cells", "verdicts", "cells_requested", "interrupted"}
    for cell in body["cells"]:
        assert set(cell) >= {"params", "players", "games", "completed", "timeouts"}
        assert set(cell) >= {"balance", "first_seat_edge", "length", "measures", "in_band"}
        for figure, key in (("balance", "value"), ("first_seat_edge", "value"), ("length", "mean")):
            low, high = cell[figure]["ci95"]
            assert low <= cell[figure][key] <= high, (figure, cell[figure])
        assert "funding rounds closed" in cell["measures"]  # the engine's own measures
    assert [v["topic"] for v in body["verdicts"]] == ["Seat balance", "Length"]
    assert body["command"] == (
        "pnp sweep boom --param tables.hand_size=2,5 --players 3,4 --games 6 --seed 1 "
        "--bots heuristic,random"
    )
    assert sweep_json(*GRID) == body


def test_every_cell_plays_the_same_seeds() -> None:
    """A cell is the simulation of its game at its seats on the sweep's seed, and a value
    no rule reads (an industry's printed name) leaves every figure as it was."""
    game, engine = load_game("boom"), get_engine("boom")
    params = parse_params(["tables.industries.0.name=Software,Shareware"], game)
    sweep = Sweep("boom", "boom", params, [3], 8, 5, ["heuristic", "random"], "")

    def play(on: Any, seats: int) -> Any:
        return simulate(engine, on, games=8, players=seats, seed=5, bots=sweep.bots)

    run_sweep(sweep, checked_games(engine, game, params), play)
    first, second = (c.report for c in sweep.cells)
    alone = play(game, 3)
    for report in (first, second):
        assert report.game_lengths == alone.game_lengths and report.winners == alone.winners


def test_a_value_the_rules_read_changes_the_cell() -> None:
    body = sweep_json("sweep", "boom", "--param", "tables.hand_size=1,6", "--players", "3",
                      "--games", "10", "--seed", "3")  # fmt: skip
    small, large = body["cells"]
    assert small["length"] != large["length"] or small["measures"] != large["measures"]


def test_the_files_and_the_loaded_game_stay_as_they_were() -> None:
    before = BOOM_YAML.read_bytes()
    game = load_game("boom")
    params = parse_params(["tables.hand_size=5"], game)
    changed = with_setting(game, params, (("tables.hand_size", 5),))
    assert changed.spec.tables["hand_size"] == 5 and game.spec.tables["hand_size"] == 3
    sweep_json("sweep", "boom", "--param", "tables.hand_size=5", "--players", "3", "--games", "2")
    assert BOOM_YAML.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--param", "tables.brun=4"], "--param tables.brun=4: game.yaml has no tables.brun ("),
        (
            ["--param", "tables.hand_sise=4"],
            "--param tables.hand_sise=4: game.yaml has no tables.hand_sise; "
            "did you mean tables.hand_size?",
        ),
        (["--param", "tabels.hand_size=4"], "game.yaml has no tabels; did you mean tables?"),
        (
            ["--param", "tables.ipo_table.99.raised=4"],
            "tables.ipo_table is a list of 15 rows: name one by its number, from 0 to 14",
        ),
        (
            ["--param", "tables.hand_size=3,0"],
            "--param tables.hand_size=0: tables.hand_size: must be at least 1, not 0",
        ),
        (
            ["--param", "tables.hand_size=many"],
            "tables.hand_size: expected a whole number, not 'many' (text)",
        ),
        (["--param", "tables.hand_size=[1,"], "--param tables.hand_size=[1,: the values do not"),
        (["--param", "tables.hand_size=2,2"], "--param tables.hand_size=2,2: 2 is given twice"),
        (["--param", "tables.hand_size"], "write PATH=VALUE,VALUE,..."),
        (["--param", "decisions.rounding=1"], "decisions are written in the engine's code"),
        (["--players", "7"], "--players 7: •Boom takes 2–5 players, not 7"),
        (["--players", "3,3"], "'3' given twice"),
        (["--players", "three"], "'three' is not a whole number"),
    ],
)
def test_a_bad_path_value_or_player_count_is_a_usage_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sweep", "boom", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_the_verdict_names_the_cells_out_of_band_and_agrees_with_the_interval() -> None:
    body = sweep_json("sweep", "boom", "--players", "2,3,4,5", "--games", "40")
    balance = body["verdicts"][0]
    off = [c for c in body["cells"] if not c["in_band"]["balance"]]
    assert balance["fine"] == (not off)
    for cell in off:
        assert f"{cell['players']} players (balance" in balance["text"]
    for cell in body["cells"]:  # the interval leaves out 1 exactly where the verdict looks
        assert (cell["balance"]["ci95"][1] < 1) == (not cell["in_band"]["balance"])


def test_a_seat_far_from_even_is_out_of_band() -> None:
    game, engine = load_game("boom"), get_engine("boom")
    report = simulate(engine, game, games=40, players=3, seed=1, bots=["heuristic", "random"])
    report.win_rates = [0.9, 0.05, 0.05]
    report.balance = 0.15
    value, low, high = balance_interval(report)
    assert value == 0.15 and low <= value and high < 1


def test_the_pdf_has_the_verdict_the_command_and_the_grid(tmp_path: Path) -> None:
    out = tmp_path / "sweep.pdf"
    result = runner.invoke(app, [*GRID, "--report", str(out)])
    assert result.exit_code == 0, result.output
    assert f"wrote {out} (" in result.stderr
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) >= 2
    first = reader.pages[0].extract_text()
    assert "pnp sweep boom --param tables.hand_size=2,5" in first
    assert "Seat balance" in first and "3 players" in first
    # the heat maps' label column names its parameter whole (it was cut to "…")
    assert "look: outside its band\ntables.hand_size\n3 players" in first, first
    assert "Balance by cell" in reader.pages[1].extract_text()
    again = tmp_path / "again.pdf"
    runner.invoke(app, [*GRID, "--report", str(again)])
    assert again.read_bytes() == out.read_bytes()  # same seed, same file


def test_ctrl_c_keeps_the_cells_finished_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = pnp.sim.runner.play_out
    calls = 0

    def step(*args: Any, **kwargs: Any) -> int:
        nonlocal calls
        calls += 1
        if calls == 8:  # the third game of the second cell
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr("pnp.sim.runner.play_out", step)
    out = tmp_path / "cut.pdf"
    result = runner.invoke(app, [*GRID[:-1], "5", "--json", "--report", str(out)])
    assert result.exit_code == 130, result.output
    body = json.loads(result.stdout)
    assert len(body["cells"]) == 1 and body["cells_requested"] == 4 and body["interrupted"]
    assert body["cells"][0]["games"] == 5
    assert "interrupted after 1 of 4 cells" in result.stderr
    assert body["verdicts"][0]["topic"] == "Run"
    assert len(pypdf.PdfReader(out).pages) >= 1
    assert "Traceback" not in result.output

    # Ctrl-C in the first game: no cell, and a report that says so
    monkeypatch.setattr("pnp.sim.runner.play_out", _stop)
    text = runner.invoke(app, [*GRID, "--report", str(out)])
    assert text.exit_code == 130
    assert "interrupted after 0 of 4 cells" in text.stdout


def _stop(*args: Any, **kwargs: Any) -> int:
    raise KeyboardInterrupt
