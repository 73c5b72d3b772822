"""The course of a game as the runner watches it: leaders, lead changes, legal options."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from pnp.games import Engine
from pnp.games.playlog import SeatDraws
from pnp.sim.results import DEFAULT_MAX_STEPS, five_numbers, mean_of
from pnp.sim.runner import game_seeds, play_games, play_out, simulate
from pnp.sim.tally import Tally, lead_story, leader
from pnp.spec.game import Game


def test_the_leader_is_the_one_top_score_and_a_tie_is_none() -> None:
    assert leader([3, 7, 5]) == 1
    assert leader([3, 7, 7]) is None
    assert leader([0, 0]) is None


@pytest.mark.parametrize(
    ("leaders", "story"),
    [
        # A leads, B takes over, a tie passes nothing, B holds, A retakes and wins:
        # changes A→B and B→A = 2; A led for good from round 6
        ([0, 0, 1, None, 1, 0], (2, 6)),
        # a tie in round 2 interrupts B's lead: B led for good only from round 3
        ([1, None, 1, 1], (0, 3)),
        # A, tie, B: the lead passed once, across the tie
        ([0, None, 1], (1, 3)),
        # a tie at the end: no one led for good
        ([0, 1, 1, None], (1, None)),
        ([2], (0, 1)),
        ([None, None, 0], (0, 3)),
    ],
)
def test_lead_story_counts_changes_and_the_round_the_winner_led_from(
    leaders: list[int | None], story: tuple[int, int | None]
) -> None:
    assert lead_story(leaders) == story


class Scripted:
    """A made-up two-seat game: each move ends with the length and scores scripted here."""

    def __init__(self, script: Sequence[tuple[int, list[int]]], options: Sequence[int]) -> None:
        self.script, self.options, self.moves = script, options, 0

    def current_player(self) -> int:
        return self.moves % 2

    def legal_actions(self) -> Sequence[int]:
        return range(self.options[self.moves])

    def apply(self, action: int) -> None:
        self.moves += 1

    def is_terminal(self) -> bool:
        return self.moves == len(self.script)

    def length(self) -> int:
        return self.script[self.moves - 1][0] if self.moves else 0

    def returns(self) -> list[int]:
        return self.script[self.moves - 1][1] if self.moves else [0, 0]

    def worth(self) -> tuple[float, ...]:
        return tuple(map(float, self.returns()))

    def view(self, seat: int) -> None:
        return None

    # what Tally.add reads of a finished game besides its scores: nothing to count here
    def usage(self) -> dict[str, dict[str, int]]:
        return {}

    def measures(self) -> dict[str, float]:
        return {}

    def ran_out(self) -> list[str]:
        return []

    def rules_used(self) -> set[str]:
        return set()

    def rule_uses(self) -> tuple[str, ...]:
        return ()

    def card_record(self) -> list[dict[str, int]]:
        return [{}, {}]

    def draw_record(self) -> list[SeatDraws]:
        return []


def first(view: Any, legal: Sequence[int], rng: random.Random) -> int:
    return legal[0]


def test_play_out_takes_the_leader_when_a_round_ends_and_once_at_the_end() -> None:
    # two moves a round; the score after the move that ends a round is the round's
    # standing. Round 1 ends with seat 1 ahead, round 2 level, round 3 (the last: the
    # game ends as its length moves on) with seat 0 ahead.
    script = [
        (0, [1, 0]),
        (1, [1, 4]),  # round 1 over: seat 1 leads
        (1, [6, 4]),
        (2, [6, 6]),  # round 2 over: a tie
        (2, [9, 6]),
        (3, [9, 7]),  # round 3 over and the game too: seat 0 leads, taken once
    ]
    state = Scripted(script, options=[3, 1, 2, 5, 1, 1])
    asked, real, options, leaders = [0, 0], [0, 0], [0, 0], []
    steps = play_out(state, [first, first], 0, 100, asked, real, options, leaders)  # type: ignore[arg-type]
    assert steps == 6
    assert leaders == [1, None, 0]
    assert lead_story(leaders) == (1, 3)
    assert options == [3 + 2 + 1, 1 + 5 + 1] and asked == [3, 3] and real == [2, 1]
    tally = Tally.empty(2)
    tally.add(state, asked, real, ("first", "first"), options, leaders)  # type: ignore[arg-type]
    assert tally.leads == [(1, 3)] and tally.options == [6, 7]


def test_tallies_of_pieces_join_to_the_whole(engine_game: tuple[Engine, Game]) -> None:
    # every engine: 6 games played in one piece and in two give the same new figures
    engine, game = engine_game
    players, bots = game.spec.players.min, ["heuristic", "random"]
    seeds = game_seeds(5, 6)
    whole = play_games(engine, game, players, bots, seeds, DEFAULT_MAX_STEPS)
    parts = play_games(engine, game, players, bots, seeds[:2], DEFAULT_MAX_STEPS)
    parts.join(play_games(engine, game, players, bots, seeds[2:], DEFAULT_MAX_STEPS, 2))
    assert (parts.options, parts.leads) == (whole.options, whole.leads)
    assert (parts.quality, parts.rule_uses) == (whole.quality, whole.rule_uses)
    assert len(whole.quality) == len(whole.lengths)  # measures for each completed game
    assert len(whole.leads) == len(whole.lengths)  # one story per completed game
    report = simulate(engine, game, games=6, players=players, seed=5, bots=bots)
    assert sum(report.lead_changes.values()) == report.completed == sum(report.lengths.values())
    assert sum(report.led_from.values()) <= report.completed
    assert all(1 <= r <= max(report.lengths) for r in report.led_from)
    assert all(o >= 1 for o in report.options_per_decision)  # a decision offers one at least
    assert len(report.score_quantiles) == players
    assert report.spread_quantiles == sorted(report.spread_quantiles)


def test_five_numbers_and_the_mean_of_a_histogram() -> None:
    # statistics.quantiles, inclusive method: 1..9 → quartiles 3, 5, 7
    assert five_numbers([float(v) for v in range(9, 0, -1)]) == [1, 3, 5, 7, 9]
    assert five_numbers([4.0]) == [4.0] * 5
    assert five_numbers([]) == []
    assert mean_of({1: 3, 4: 1}) == pytest.approx(7 / 4)
    assert mean_of({}) == 0.0
