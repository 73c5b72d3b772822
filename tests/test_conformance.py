"""Every registered engine passes the same checks (after OpenSpiel's random_sim_test)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pnp.games import ENGINES, Engine, GameState
from pnp.sim.runner import simulate
from pnp.spec.game import Game

STEP_CAP = 20_000
SEEDS = range(12)


def _player_counts(game: Game) -> list[int]:
    return list(range(game.spec.players.min, game.spec.players.max + 1))


def play_out(
    state: GameState, engine: Engine, rng: random.Random, bot: str = "random", cap: int = STEP_CAP
) -> int:
    """Play to the end (or the cap) checking the basic contract at every step."""
    steps = 0
    while not state.is_terminal() and steps < cap:
        legal = state.legal_actions()
        assert legal, "a state that is not terminal must offer an action"
        seat = state.current_player()
        assert seat >= 0
        state.apply(engine.BOTS[bot](state.view(seat), legal, rng))
        steps += 1
    return steps


def fingerprint(state: GameState) -> tuple[Any, ...]:
    return (
        tuple(state.transcript),
        tuple(state.returns()),
        state.current_player(),
        state.is_terminal(),
        tuple(map(repr, state.legal_actions())),
    )


def test_engine_module_shape(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    assert isinstance(engine.NAME, str) and engine.NAME in ENGINES
    assert {"random", "heuristic", "search"} <= set(engine.BOTS)
    assert callable(engine.determinize)
    assert engine.validate(game) == []
    assert isinstance(engine.worked_examples(game), dict)
    assert engine.printed_components(game)


def test_random_play_always_ends(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    for players in _player_counts(game):
        for seed in SEEDS:
            state = engine.new_state(game, players, seed)
            assert state.length() <= 1  # no round over before the first decision
            rng, lengths = random.Random(seed), [state.length()]
            while not state.is_terminal() and len(lengths) < STEP_CAP:
                state.apply(engine.BOTS["random"](None, state.legal_actions(), rng))
                lengths.append(state.length())
            steps = len(lengths) - 1
            assert state.is_terminal(), f"{players} players, seed {seed}: {steps} steps"
            assert len(state.returns()) == players
            # rounds only go up, by one at a time, and a finished game played one at least
            assert all(0 <= b - a <= 1 for a, b in zip(lengths, lengths[1:], strict=False))
            assert 1 <= state.length() <= steps


FAST_BOTS = ("random", "heuristic")
"""Bots cheap enough to fill every seat of many games (the search bot gets its own tests)."""


def test_every_bot_finishes(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    for bot in FAST_BOTS:
        state = engine.new_state(game, game.spec.players.max, 1)
        play_out(state, engine, random.Random(1), bot)
        assert state.is_terminal()
    report = simulate(engine, game, games=1, players=game.spec.players.min, bots=["search"])
    assert report.completed == 1


def _mid_game(engine: Engine, game: Game, players: int, seed: int, steps: int) -> GameState:
    state = engine.new_state(game, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(
            engine.BOTS["random"](state.view(state.current_player()), state.legal_actions(), rng)
        )
    return state


def test_determinize_keeps_what_the_seat_sees(engine_game: tuple[Engine, Game]) -> None:
    """A sampled game offers the seat the same decision, its own score and turn, and
    leaves the real game untouched; playing it out never fails."""
    engine, game = engine_game
    players = game.spec.players.max
    for seed in range(6):
        state = _mid_game(engine, game, players, seed, 25 * seed)
        if state.is_terminal():
            continue
        before = fingerprint(state)
        seat = state.current_player()
        for draw in range(3):
            sample = engine.determinize(state.view(seat), random.Random(draw))
            assert sample.current_player() == seat
            assert list(sample.legal_actions()) == list(state.legal_actions())
            # others' scores may hang on their secrets (Old Biddy's zero markers)
            assert sample.returns()[seat] == state.returns()[seat]
            play_out(sample, engine, random.Random(draw), "heuristic")
            assert sample.is_terminal()
        assert fingerprint(state) == before


def test_search_bot_is_reproducible(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    state = _mid_game(engine, game, game.spec.players.min, 4, 10)
    view, legal = state.view(state.current_player()), state.legal_actions()
    first, again = (engine.BOTS["search"](view, legal, random.Random(7)) for _ in range(2))
    assert first == again and first in legal


def test_same_seed_same_game(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    runs = []
    for global_seed in (1, 2):
        random.seed(global_seed)  # the engine must not read the global RNG
        state = engine.new_state(game, game.spec.players.max, 42)
        play_out(state, engine, random.Random(42))
        runs.append(fingerprint(state))
    assert runs[0] == runs[1]
    other = engine.new_state(game, game.spec.players.max, 43)
    play_out(other, engine, random.Random(42))
    assert fingerprint(other) != runs[0]


def test_global_random_is_never_used(
    engine_game: tuple[Engine, Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    engine, game = engine_game

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the global random module was used")

    for name in ("random", "randint", "randrange", "choice", "shuffle", "sample", "getrandbits"):
        monkeypatch.setattr(random, name, forbidden)
    state = engine.new_state(game, game.spec.players.min, 3)
    play_out(state, engine, random.Random(3))
    assert state.is_terminal()


def test_clone_is_independent_and_faithful(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    players = game.spec.players.max
    for seed in range(4):
        reference = engine.new_state(game, players, seed)
        play_out(reference, engine, random.Random(seed))

        original = engine.new_state(game, players, seed)
        rng = random.Random(seed)
        for _ in range(60 + 17 * seed):
            if original.is_terminal():
                break
            legal = original.legal_actions()
            seat = original.current_player()
            original.apply(engine.BOTS["random"](original.view(seat), legal, rng))
        before = fingerprint(original)
        copy = original.clone()
        assert fingerprint(copy) == before
        play_out(copy, engine, random.Random(seed + 100))
        assert fingerprint(original) == before  # playing the clone left the original alone
        play_out(original, engine, rng)
        assert fingerprint(original) == fingerprint(reference)  # and it plays on unchanged


def test_views_exist_for_every_seat(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    players = game.spec.players.max
    state = _mid_game(engine, game, players, 5, 30)
    before = fingerprint(state)
    views = [state.view(seat) for seat in range(players)]
    assert [view.seat for view in views] == list(range(players))
    assert views == [state.view(seat) for seat in range(players)]  # the same look, the same data
    # each seat sees its own hand: the views differ in more than whose they are
    assert len({repr(view._replace(seat=0)) for view in views}) == players
    assert fingerprint(state) == before  # looking changes nothing


def test_simulation_is_deterministic(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    bots = sorted(FAST_BOTS)
    first = simulate(engine, game, games=30, players=game.spec.players.min, seed=9, bots=bots)
    again = simulate(engine.NAME, game, games=30, players=game.spec.players.min, seed=9, bots=bots)
    assert first.to_dict() == again.to_dict()
    assert first.completed + first.timeouts == first.games == 30
    assert first.timeouts == 0
    assert 0.0 <= first.balance <= 1.0
    assert abs(sum(first.win_rates) - 1.0) < 1e-9
    other = simulate(engine, game, games=30, players=game.spec.players.min, seed=10, bots=bots)
    assert other.to_dict() != first.to_dict()
