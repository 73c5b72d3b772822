"""A figure a rulebook prints from a recorded run names the command that plays it again,
the pnp version, and an interval; the README's recipe is that command."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp import __version__
from pnp.games import engine_for
from pnp.games.decisions import record_runs
from pnp.games.intervals import wilson
from pnp.plan.doc_text import rulebook_markdown, template_context
from pnp.spec.load import load_game
from pnp.text.template import percent

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (0.0005, "0.05\u00a0%"),
        (0.0028, "0.28\u00a0%"),
        (0.034, "3.4\u00a0%"),
        (0.25, "25\u00a0%"),
        (0, "0\u00a0%"),
    ],
)
def test_percent_prints_to_its_first_digit(share: float, text: str) -> None:
    assert percent(share) == text


def test_wilson_interval_of_one_in_two_thousand() -> None:
    # Wilson's score interval, computed by hand: centre (p + z²/2n)/(1 + z²/n), z = 1.95996
    low, high = wilson(1, 2000)
    assert low == pytest.approx(0.0000883, abs=1e-6)
    assert high == pytest.approx(0.0028269, abs=1e-6)


def test_recorded_runs_carry_their_command_version_and_intervals() -> None:
    game = load_game("boom")
    runs = record_runs(game, engine_for(game))
    heuristic = runs["heuristic"]
    assert heuristic["command"] == (
        "pnp simulate boom --record --games 2000 --seed 1 --players 5 --bots heuristic"
    )
    assert heuristic["version"] == __version__
    stock = heuristic["components"]["stock counters"]
    assert stock["short_ci95"] == list(wilson(stock["short_games"], heuristic["games"]))


def test_readme_recipe_is_the_command_of_the_printed_figure() -> None:
    game = load_game("boom")
    run = template_context(game)["record"]["heuristic"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"\n{run['command']}\n" in readme
    short = run["components"]["stock counters"]["short_games"]
    assert f"ran short in {short} of {run['games']:,} games" in readme


def test_rulebook_prints_the_command_beside_the_figure() -> None:
    text = rulebook_markdown(load_game("boom"))
    assert "To play these games again: `pnp simulate boom --record --games 2000" in text
    assert "95\u00a0% interval 0.01\u00a0% to 0.28\u00a0%" in text
