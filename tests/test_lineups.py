"""`pnp simulate --bots` as a line-up of one bot per seat, `--budget`, decisions per second
and the ratings of the bot kinds (pnp.sim.lineup, pnp.sim.ratings)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games import get_engine
from pnp.games.playouts import COUNTERS
from pnp.sim.ratings import rate_kinds
from pnp.sim.results import Report, without_timing
from pnp.sim.runner import seating, simulate
from pnp.spec.load import load_game

runner = CliRunner()
SMALLPRINT = ["simulate", "smallprint", "--players", "4", "--games", "8", "--seed", "3"]


def _json(args: list[str]) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def _search_run(budget: int | None, jobs: int = 1, games: int = 4) -> Report:
    game = load_game("smallprint")
    engine = get_engine("smallprint")
    bots = ["search", "random"]
    return simulate(engine, game, games, 2, 5, bots, jobs=jobs, budget=budget)


def test_a_line_up_with_repeats_is_played_and_reported_as_given() -> None:
    lineup = ["heuristic", "random", "random", "random"]
    body = _json([*SMALLPRINT, "--bots", ",".join(lineup)])
    assert body["lineup"] == lineup and body["bots"] == lineup  # game 0 sits it as given
    # strength pools the seats of a kind: 8 games, heuristic in one seat, random in three
    seats = body["strength"]["seats"]
    assert seats == {"heuristic": body["completed"], "random": 3 * body["completed"]}
    assert set(body["ratings"]) == {"heuristic", "random"}
    text = runner.invoke(app, [*SMALLPRINT, "--bots", ",".join(lineup)]).output
    assert "bots heuristic+3 random, seats rotated" in text


def test_a_short_list_of_distinct_bots_is_still_given_to_seats_in_turn() -> None:
    body = _json([*SMALLPRINT, "--bots", "heuristic,random"])
    assert body["lineup"] == ["heuristic", "random"]
    assert body["bots"] == ["heuristic", "random", "heuristic", "random"]


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("heuristic,random,random,random,random", "5 bots named for 4 seats"),
        ("heuristic,random,search,heuristic,random", "5 bots named for 4 seats"),
        ("heuristic,random,random", "name 4 bots for 4 seats, not 3"),
        ("random,random", "'random' named more than once"),
        ("random,,heuristic", "an empty name in the list"),
        ("random,genius,random,random", "no bot 'genius'"),
    ],
)
def test_a_line_up_that_does_not_fit_the_seats_is_a_usage_error(bots: str, message: str) -> None:
    result = runner.invoke(app, [*SMALLPRINT, "--bots", bots])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "lineup",
    [["search", "heuristic", "heuristic", "heuristic", "heuristic"], ["a", "b", "a", "c"]],
)
def test_rotation_sits_every_bot_in_every_seat_as_often_as_it_is_named(
    lineup: list[str],
) -> None:
    players = len(lineup)
    for seat in range(players):
        sat = Counter(seating(lineup, players, game)[seat] for game in range(3 * players))
        assert sat == Counter({kind: 3 * n for kind, n in Counter(lineup).items()})


def test_the_budget_sets_the_playouts_a_decision() -> None:
    before = COUNTERS.playouts
    small = _search_run(budget=1)
    few = COUNTERS.playouts - before
    large = _search_run(budget=40)
    many = COUNTERS.playouts - before - few
    assert 0 < few < many / 4
    # the same seeds and bots: only the search's thinking differs
    assert small.lineup == large.lineup and small.seed == large.seed


def test_the_budget_reaches_worker_processes() -> None:
    one = _search_run(budget=1, games=6)
    assert without_timing(_search_run(budget=1, jobs=2, games=6).to_dict()) == without_timing(
        one.to_dict()
    )
    # a budget of one playout plays other games than the engine's own budget
    assert _search_run(budget=None, games=6).score_quantiles != one.score_quantiles


def test_budget_is_checked() -> None:
    zero = runner.invoke(app, [*SMALLPRINT, "--budget", "0"])
    assert zero.exit_code == 2 and "must be at least 1" in zero.output
    unused = runner.invoke(app, [*SMALLPRINT, "--bots", "heuristic,random", "--budget", "5"])
    assert unused.exit_code == 2
    assert "--budget sets the playouts of search, and none plays here" in unused.output
    kept = runner.invoke(app, [*SMALLPRINT, "--bots", "search,random", "--budget", "5", "--record"])
    assert kept.exit_code == 2 and "leave out --budget" in kept.output


def test_decisions_per_second_and_ratings_are_in_the_json_and_the_summary() -> None:
    args = ["simulate", "smallprint", "--players", "2", "--games", "12", "--seed", "5"]
    args += ["--bots", "search,random", "--budget", "4"]
    body = _json(args)
    assert set(body["decisions_per_second"]) == {"search", "random"}
    assert all(rate > 0 for rate in body["decisions_per_second"].values())
    ratings = body["ratings"]
    assert list(ratings) == ["search", "random"]  # strongest first
    assert ratings["search"]["mu"] > ratings["random"]["mu"]
    assert set(ratings["search"]) == {"mu", "sigma", "ordinal"}
    again = _json(args)  # the ratings are seeded; only the timing differs
    assert without_timing(again) == without_timing(body)
    lines = runner.invoke(app, args).output.splitlines()
    assert any(line.startswith("ratings (OpenSkill Plackett-Luce): search ") for line in lines)
    assert any(line.startswith("decisions per second: search ") for line in lines)


def test_one_kind_has_no_ratings_and_an_untimed_run_no_rates() -> None:
    body = _json([*SMALLPRINT, "--bots", "random"])
    assert "ratings" not in body and set(body["decisions_per_second"]) == {"random"}
    report = simulate("smallprint", load_game("smallprint"), 4, 2, 1, ["heuristic", "random"])
    assert report.ratings and "decisions_per_second" not in report.to_dict()


def test_ratings_count_a_kind_once_per_game_and_ties_share_a_rank() -> None:
    level = rate_kinds([("a", "b")], [(3.0, 3.0)])
    assert level["a"]["mu"] == pytest.approx(level["b"]["mu"])
    # b in three seats moves as each of three kinds in one seat would: one update a game
    crowd = rate_kinds([("a", "b", "b", "b")], [(9.0, 1.0, 1.0, 1.0)])
    apart = rate_kinds([("a", "b", "c", "d")], [(9.0, 1.0, 1.0, 1.0)])
    assert crowd == {"a": apart["a"], "b": apart["b"]} and apart["b"] == apart["d"]
    assert crowd["a"]["mu"] > 25 > crowd["b"]["mu"]
    assert rate_kinds([("b", "b")], [(1.0, 2.0)]) == {
        "b": {"mu": 25.0, "sigma": pytest.approx(25 / 3), "ordinal": pytest.approx(0.0)}
    }


def test_report_and_compare_default_to_heuristic_in_every_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[Report] = []

    def write_report(path: Path, report: Report, game: object) -> int:
        drawn.append(report)
        return 1

    monkeypatch.setattr("pnp.sim.chart_report.write_report", write_report)
    result = runner.invoke(app, [*SMALLPRINT, "--report", str(tmp_path / "r.pdf")])
    assert result.exit_code == 0, result.output
    assert drawn[0].lineup == ["heuristic"] and drawn[0].bots == ["heuristic"] * 4
    plain = _json(SMALLPRINT)
    assert plain["lineup"] == ["heuristic", "random"]
    compared = _json(["simulate", "bigidea", "--games", "2", "--compare", "more-cards"])
    assert compared["base"]["lineup"] == compared["variant"]["lineup"] == ["heuristic"]
