"""`pnp simulate` as a person reads it: a legend, a progress bar on a terminal only, Ctrl-C."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import pnp.sim.runner
from pnp._progress import on_terminal, progress_bar
from pnp.cli.app import app

runner = CliRunner()
ARGS = ["simulate", "boom", "--games", "20", "--players", "3", "--seed", "5"]


def test_report_has_a_legend_for_every_figure_it_prints() -> None:
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 0, result.output
    report, legend = result.stdout.split("\n\n")
    # every figure line of the report starts with a name that the legend explains
    for name in ("completion", "length", "win rates", "balance", "score spread"):
        assert name in report
        assert any(line.startswith(f"{name}: ") for line in legend.splitlines()), name
    assert "decision share: per seat" in legend
    assert "(peak/printed)" in report and legend.count("peak/printed: ") == 1
    assert "a timeout is a game stopped after 20,000 decisions" in legend


def test_json_stays_pure_json_without_a_legend() -> None:
    result = runner.invoke(app, [*ARGS, "--json"])
    assert result.exit_code == 0
    body = json.loads(result.stdout)
    assert body["games"] == body["requested"] == 20 and body["interrupted"] is False
    assert "legend" not in result.stdout and result.stderr == ""


def test_no_progress_bar_when_not_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PNP_PROGRESS", raising=False)
    monkeypatch.setattr("pnp._progress.SHOW_AFTER_S", 0.0)
    assert not on_terminal()  # CliRunner's streams are not terminals
    result = runner.invoke(app, [*ARGS, "--json"])
    assert result.stderr == ""
    json.loads(result.stdout)


def test_progress_bar_on_a_terminal_goes_to_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_PROGRESS", "1")
    monkeypatch.setattr("pnp._progress.SHOW_AFTER_S", 0.0)
    result = runner.invoke(app, [*ARGS, "--json"])
    assert result.exit_code == 0
    assert "•Boom: games" in result.stderr and "20/20" in result.stderr
    assert json.loads(result.stdout)["games"] == 20  # stdout untouched by the bar


def test_progress_bar_shows_only_after_its_delay() -> None:
    shown, quick = io.StringIO(), io.StringIO()
    for file, delay in ((shown, 0.0), (quick, 60.0)):
        console = Console(file=file, force_terminal=True, width=80)
        with progress_bar(3, "counting", enabled=True, delay=delay, console=console) as advance:
            for _ in range(3):
                advance(1)
    assert "counting" in shown.getvalue() and "3/3" in shown.getvalue()
    assert quick.getvalue() == ""
    with progress_bar(3, "off", enabled=False) as advance:
        advance(3)  # a no-op that must not fail


def test_ctrl_c_reports_the_games_finished_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pnp.sim.runner.play_out
    calls = 0

    def step(*args: object, **kwargs: object) -> int:
        nonlocal calls
        calls += 1
        if calls == 8:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("pnp.sim.runner.play_out", step)
    result = runner.invoke(app, ["simulate", "boom", "--games", "1000000", "--json"])
    assert result.exit_code == 130, result.output
    body = json.loads(result.stdout)
    assert body["games"] == 7 and body["requested"] == 1_000_000 and body["interrupted"]
    assert body["completed"] + body["timeouts"] == 7
    assert "interrupted after 7 of 1,000,000 games" in result.stderr

    calls = 0
    text = runner.invoke(app, ["simulate", "boom", "--games", "1000000"])
    assert text.exit_code == 130
    assert "boom: 7 games" in text.stdout
    assert "interrupted after 7 of 1,000,000 games" in text.stdout
    assert "Traceback" not in text.output and "Aborted" not in text.output


def test_ctrl_c_in_the_first_game_reports_zero_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def stop(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("pnp.sim.runner.play_out", stop)
    result = runner.invoke(app, ["simulate", "boom", "--games", "5", "--players", "2"])
    assert result.exit_code == 130, result.output
    assert "boom: 0 games" in result.stdout
    assert "interrupted after 0 of 5 games" in result.stdout


def test_a_game_without_an_engine_says_it_cannot_be_simulated(mini_cards: Path) -> None:
    result = runner.invoke(app, ["simulate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 2
    assert "Mini has no rules engine, so it cannot be simulated" in result.output
