"""The bots in order of strength in every game: search above heuristic above random.

Each claim is a two-sided sign test over seeded games with the seats rotated
(:mod:`pnp.sim.strength`): the stronger bot's seats must finish above the weaker's in so many
games that equal bots would split them that unevenly, either way round, less than 5 %
of the time.  Games are few, so the
tests stay quick; the search ones, at each engine's fewest and most (default) seats, take
longest and are marked ``slow`` (``-m "not slow"`` leaves them out).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games import ENGINES, get_engine
from pnp.sim.runner import simulate
from pnp.sim.strength import Strength, sign_test
from pnp.spec.load import load_game

CONFIDENCE = 0.95
SEARCH_GAMES = {
    ("bidness", "fewest"): 12,
    ("bidness", "most"): 12,
    ("bigidea", "fewest"): 40,
    ("bigidea", "most"): 60,
    ("boom", "fewest"): 20,
    ("boom", "most"): 16,
    ("oldbiddy", "fewest"): 60,
    ("oldbiddy", "most"): 40,
    ("smallprint", "fewest"): 60,
    ("smallprint", "most"): 60,
}
"""Games per engine and seat count for search against heuristic, seed 1, each run about a
minute of one core or less (Bidness at 6 players: 12 games in about 45 s).  At the most
seats the lineup alternates search and heuristic, so the search holds half the seats or
one more."""
NOT_SHOWN: dict[tuple[str, str], str] = {}
"""Configurations in which the search does not beat the heuristic within that time, with
the figures measured: expected to fail, strictly, so that a stronger search shows at once
(the seeds are fixed: an xfail that passes fails the run)."""


def _strength(engine: str, bots: list[str], games: int, seats: str = "fewest") -> Strength:
    game = load_game(engine)
    spec = game.spec.players
    players = spec.min if seats == "fewest" else spec.max
    report = simulate(engine, game, games=games, players=players, seed=1, bots=bots)
    assert report.strength is not None and report.completed == games
    return report.strength


HEURISTIC_GAMES = {"boom": 60}
"""Games of heuristic against random where 40 is too few: •Boom at 2 seats, seed 1, was
24 to 13 of 40 (p = 0.099 two-sided), 39 to 16 of 60 (p = 0.0027)."""


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_heuristic_beats_random(engine: str) -> None:
    strength = _strength(engine, ["heuristic", "random"], HEURISTIC_GAMES.get(engine, 40))
    assert strength.beats("heuristic", "random", CONFIDENCE), strength.lines(2)


@pytest.mark.slow
@pytest.mark.parametrize(
    "engine, seats",
    [
        pytest.param(
            *key,
            marks=[pytest.mark.xfail(reason=NOT_SHOWN[key], strict=True)]
            if key in NOT_SHOWN
            else [],
        )
        for key in SEARCH_GAMES
    ],
)
def test_search_beats_heuristic(engine: str, seats: str) -> None:
    strength = _strength(engine, ["search", "heuristic"], SEARCH_GAMES[engine, seats], seats)
    assert strength.beats("search", "heuristic", CONFIDENCE), strength.lines(2)


def test_sign_test_is_the_doubled_exact_binomial_tail() -> None:
    assert sign_test(12, 12) == 2 / 4096
    assert sign_test(10, 12) == 2 * (66 + 12 + 1) / 4096  # C(12,10) + C(12,11) + C(12,12)
    # 9 of 10: 2 · (10 + 1) / 1024 = 0.021484375, and the same for 1 of 10
    assert sign_test(9, 10) == sign_test(1, 10) == pytest.approx(0.02148, abs=5e-6)
    assert sign_test(6, 12) == 1.0  # doubled tails past the middle are capped
    assert sign_test(5, 10) == 1.0 and sign_test(0, 0) == 1.0


def test_strength_counts_seats_wins_and_pairs() -> None:
    s = Strength()
    s.add_game(["a", "b", "a"], [10, 5, 10])  # two a seats tie for the win
    s.add_game(["b", "a", "b"], [1, 9, 3])
    s.finish()
    assert s.seats == {"a": 3, "b": 3} and s.wins == {"a": 2.0, "b": 0.0}
    (pair,) = s.pairs
    assert (pair.better, pair.worse, pair.ahead, pair.behind) == ("a", "b", 2, 0)
    assert pair.p_value == 0.5 and not s.beats("a", "b")  # 2 of 2: ¼ doubled


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    game = load_game("boom")
    report = simulate(
        get_engine("boom"), game, games=6, players=3, seed=2, bots=["heuristic", "random"]
    )
    assert report.strength is not None
    # 6 games × 3 seats shared by two bots in turn: each takes 9 seats
    assert report.strength.seats == {"heuristic": 9, "random": 9}
    assert report.mix() == "heuristic+random, seats rotated"


def test_simulate_prints_the_strength_table() -> None:
    args = ["simulate", "boom", "--games", "2", "--players", "2", "--bots", "search,heuristic"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "bot strength (win rate per seat, even 50.0%): heuristic" in result.stdout
    assert "sign test p = " in result.stdout and "first seat " in result.stdout
    body = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert set(body["strength"]["seats"]) == {"search", "heuristic"}


def test_one_bot_has_no_strength_table() -> None:
    report = simulate("boom", load_game("boom"), games=3, players=2, bots=["random"])
    assert report.strength is None and "bot strength" not in "\n".join(report.lines())


def test_boom_heuristic_closes_more_funding_rounds_than_it_fails() -> None:
    # it used to fail 18.5 rounds for every 5.0 it closed
    for players in (2, 4):
        report = simulate("boom", load_game("boom"), games=60, players=players, bots=["heuristic"])
        closed = report.measures["funding rounds closed"]["mean"]
        failed = report.measures["funding rounds failed"]["mean"]
        assert closed > 1.5 * failed, (players, closed, failed)


def test_rotation_and_strength_are_the_same_over_several_processes() -> None:
    game = load_game("boom")
    args = {"games": 9, "players": 3, "seed": 3, "bots": ["heuristic", "random"]}
    one = simulate("boom", game, jobs=1, **args)
    two = simulate("boom", game, jobs=2, **args)
    assert one.to_dict() == two.to_dict() and one.strength is not None
    assert one.strength.seats == {"heuristic": 14, "random": 13}  # game i moves bots i seats
