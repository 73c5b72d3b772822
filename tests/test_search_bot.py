"""The shared search bot on a game small enough to know the right move.

Take-away: a pile of counters, each player in turn takes one or two, and whoever takes
the last counter wins.  From a pile of n the winning move leaves a multiple of three.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.games.search import Budget, margin_scores, playout_value, rank_scores, search, search_bot


class TakeAway:
    def __init__(self, pile: int, players: int = 2) -> None:
        self.pile, self.players, self.player, self.winner = pile, players, 0, -1

    def current_player(self) -> int:
        return self.player if self.winner < 0 else -1

    def legal_actions(self) -> list[int]:
        return [] if self.winner >= 0 else [k for k in (1, 2) if k <= self.pile]

    def apply(self, take: int) -> None:
        self.pile -= take
        if self.pile == 0:
            self.winner = self.player
        self.player = (self.player + 1) % self.players

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def returns(self) -> list[int]:
        return [int(seat == self.winner) for seat in range(self.players)]

    def view(self, seat: int) -> TakeAway:
        return self

    def clone(self) -> TakeAway:
        other = TakeAway(self.pile, self.players)
        other.player, other.winner = self.player, self.winner
        return other


def _determinize(view: Any, rng: random.Random) -> TakeAway:
    return view.clone()  # nothing is hidden


def _first(view: Any, legal: list[int], rng: random.Random) -> int:
    return legal[0]  # a poor playout bot: always takes one


@pytest.mark.parametrize("pile, best", [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_search_finds_the_winning_take(pile: int, best: int) -> None:
    game = TakeAway(pile)
    budget = Budget(iterations=300)
    picks = {
        search(game, game.legal_actions(), random.Random(s), _determinize, _first, budget)
        for s in range(3)
    }
    assert picks == {best}


def test_same_seed_same_choice_and_the_bot_wraps_search() -> None:
    bot = search_bot(_determinize, _first, Budget(iterations=20))
    game = TakeAway(10)
    assert bot(game, [1, 2], random.Random(4)) == bot(game, [1, 2], random.Random(4))


def test_a_spent_time_budget_falls_back_to_the_playout_bot() -> None:
    game = TakeAway(5)
    pick = search(game, [1, 2], random.Random(0), _determinize, _first, Budget(seconds=0.0))
    assert pick == 1  # _first's choice: no playout had time to run


def test_a_single_legal_action_needs_no_search() -> None:
    def never(view: Any, rng: random.Random) -> TakeAway:
        raise AssertionError("determinized for a forced move")

    assert search(TakeAway(1), [1], random.Random(0), never, _first) == 1


def test_rank_scores() -> None:
    assert rank_scores([5, 3, 3, 1]) == [1.0, 0.5, 0.5, 0.0]
    assert rank_scores([2, 2]) == [0.5, 0.5]


@pytest.mark.parametrize("pile, best", [(4, 2), (5, 1), (6, 2), (7, 1)])
def test_paired_rollouts_pick_the_best_take_against_the_playout_bot(pile: int, best: int) -> None:
    # rollouts judge a take by how _first's take-one-each game ends: leave an even pile
    game = TakeAway(pile)
    budget = Budget(iterations=4, paired=2, evidence=1.0)
    assert search(game, [1, 2], random.Random(0), _determinize, _first, budget) == best


def test_margin_scores_and_the_blended_value() -> None:
    assert margin_scores([30, 10]) == [0.75, 0.25]
    assert margin_scores([5, 5, 0]) == [0.5, 0.5, 0.0]
    assert margin_scores([0, 0]) == [0.5, 0.5]
    assert playout_value([30, 10], 0.0) == [1.0, 0.0]
    assert playout_value([30, 10], 0.5) == [0.875, 0.125]


def test_a_playout_cut_off_at_the_depth_is_scored_by_evaluate() -> None:
    # the pile of 30 cannot end within one step: every playout stops and asks evaluate
    seen: list[int] = []

    def evaluate(state: Any) -> list[float]:
        seen.append(state.pile)
        return [1.0, 0.0] if state.pile % 3 == 0 else [0.0, 1.0]

    game = TakeAway(30)
    budget = Budget(iterations=40, depth=1)
    pick = search(game, [1, 2], random.Random(0), _determinize, _first, budget, evaluate=evaluate)
    # one score per iteration, none from a finished game: the tree grows a step at a time
    # (at most 40 deep) and the playout adds one, far from the 30 takes an end needs
    assert len(seen) == 40 and min(seen) > 0
    assert pick in (1, 2)


def test_counters_count_the_playouts_run() -> None:
    from pnp.games.search import COUNTERS

    before = COUNTERS.playouts
    budget = Budget(iterations=4, paired=2)  # paired rollouts: every candidate in every world
    search(TakeAway(9), [1, 2], random.Random(0), _determinize, _first, budget)
    assert COUNTERS.playouts - before == 4 * 2
