"""The shared search bot on a game small enough to know the right move.

Take-away: a pile of counters, each player in turn takes one or two, and whoever takes
the last counter wins.  From a pile of n the winning move leaves a multiple of three.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.games.playouts import COUNTERS, Budget, margin_scores, playout_value, rank_scores
from pnp.games.search import Memory, search, search_bot


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

    def __eq__(self, other: object) -> bool:  # a view is data: equal when the game is
        return isinstance(other, TakeAway) and vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]

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
    before = COUNTERS.playouts
    pick = search(game, [1, 2], random.Random(0), _determinize, _first, budget, evaluate=evaluate)
    # one score per playout, none from a finished game: the tree grows a step at a time
    # (at most 40 deep) and the playout adds one, far from the 30 takes an end needs
    assert len(seen) == COUNTERS.playouts - before and 10 <= len(seen) <= 40
    assert min(seen) > 0 and pick in (1, 2)


def test_counters_count_the_playouts_run() -> None:
    before = COUNTERS.playouts
    budget = Budget(iterations=4, paired=2, race=0)  # every candidate in every world
    search(TakeAway(9), [1, 2], random.Random(0), _determinize, _first, budget)
    assert COUNTERS.playouts - before == 4 * 2


def test_a_raced_candidate_that_cannot_win_stops_playing() -> None:
    # from a pile of 7, taking 2 loses every rollout of _first's take-one game (5 left:
    # the opponent takes the last), taking 1 wins every one: after RACE_FROM = 4 worlds
    # the loser trails by 1 with no spread, leaves the race, and the search stops
    budget = Budget(iterations=40, paired=2, evidence=1.0)
    before = COUNTERS.playouts
    assert search(TakeAway(7), [1, 2], random.Random(0), _determinize, _first, budget) == 1
    assert COUNTERS.playouts - before == 4 * 2


def test_a_settled_root_stops_before_the_budget() -> None:
    # pile 4: taking 1 wins at once against _first; once its visits lead by more than
    # the iterations left, the rest cannot change the choice
    before = COUNTERS.playouts
    budget = Budget(iterations=200)
    assert search(TakeAway(4), [1, 2], random.Random(0), _determinize, _first, budget) == 1
    assert COUNTERS.playouts - before < 200


def test_the_subtree_is_kept_when_the_seat_moves_again_with_nothing_hidden() -> None:
    # alone at the pile, the seat moves again at once and sees just what the search
    # foresaw: its next decision starts from the subtree of the take it played
    game, memory, rng = TakeAway(12, players=1), Memory(), random.Random(5)
    budget = Budget(iterations=30)
    take = search(game, game.legal_actions(), rng, _determinize, _first, budget, memory=memory)
    game.apply(take)
    view, kept = memory.kept[0]
    visits, reused = kept.visits, COUNTERS.reused
    assert view == game and visits > 0
    search(game, game.legal_actions(), rng, _determinize, _first, budget, memory=memory)
    assert COUNTERS.reused - reused == visits


def test_nothing_is_kept_when_another_seat_moves_next() -> None:
    game, memory = TakeAway(12, players=2), Memory()
    budget = Budget(iterations=30)
    search(game, [1, 2], random.Random(5), _determinize, _first, budget, memory=memory)
    assert memory.kept == {}


def test_the_bot_keeps_a_memory_per_rng() -> None:
    bot = search_bot(_determinize, _first, Budget(iterations=30))
    game, reused = TakeAway(12, players=1), COUNTERS.reused
    first = bot(game, [1, 2], random.Random(5))  # a fresh rng: a new game, nothing kept
    game.apply(first)
    bot(game, game.legal_actions(), random.Random(5))
    assert COUNTERS.reused == reused


def _level_playouts(players: int, budget: Budget) -> int:
    """Playouts one decision from a pile of 30 runs when every cut-off playout scores
    level, so neither take pulls ahead and the budget is spent."""

    def level(state: Any) -> list[float]:
        return [0.0] * state.players

    game, before = TakeAway(30, players=players), COUNTERS.playouts
    search(game, [1, 2], random.Random(0), _determinize, _first, budget, evaluate=level)
    return COUNTERS.playouts - before


def test_seat_iterations_add_playouts_for_each_seat_beyond_two() -> None:
    budget = Budget(iterations=10, seat_iterations=5, depth=1, race=0)
    # 10, and 5 more for each of 2 more seats
    assert (_level_playouts(2, budget), _level_playouts(4, budget)) == (10, 20)


def test_paired_seats_send_every_choice_to_paired_rollouts_at_that_many_seats() -> None:
    # paired rollouts play both takes in each of the 6 worlds (12 playouts); the tree
    # plays one playout an iteration, so 2 seats spend 6
    budget = Budget(iterations=6, paired_seats=3, depth=1, race=0)
    assert (_level_playouts(2, budget), _level_playouts(3, budget)) == (6, 12)


def test_a_choice_wider_than_widest_is_left_to_the_playout_bot() -> None:
    # below paired_seats the tree plays as ever; from there on, two takes are wider than
    # widest = 1: the playout bot's pick (take one) with no playout run
    budget = Budget(iterations=6, paired_seats=3, widest=1, depth=1, race=0)
    assert (_level_playouts(2, budget), _level_playouts(3, budget)) == (6, 0)
    game = TakeAway(30, players=3)
    assert search(game, [1, 2], random.Random(0), _determinize, _first, budget) == 1


def test_seat_depth_cuts_playouts_after_that_many_decisions_a_seat() -> None:
    # 4 worlds × 2 takes = 8 playouts from a pile of 30 (no end within 7 takes), each cut
    # after 2 decisions a seat: 4 steps at 2 seats, 6 at 3
    budget = Budget(iterations=4, paired=2, race=0, seat_depth=2)
    steps = []
    for players in (2, 3):
        before = COUNTERS.steps
        assert _level_playouts(players, budget) == 8
        steps.append(COUNTERS.steps - before)
    assert steps == [8 * 4, 8 * 6]
