"""Per-card statistics: the interval arithmetic, and every engine's record of its cards."""

from __future__ import annotations

import json
import random

import pytest

from pnp.games import Engine
from pnp.sim.cards import card_stats, newcombe, wilson
from pnp.sim.runner import simulate
from pnp.spec.game import Game


def test_wilson_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 → 0.2553 to 0.3662
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


def test_newcombe_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, table II (a), method 10:
    # 56/70 − 48/80 = 0.2000, interval 0.0524 to 0.3339
    low, high = newcombe(56, 70, 48, 80)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_a_card_that_wins_is_flagged_and_one_everyone_holds_has_no_difference() -> None:
    # 200 two-seat games: seat 0 always holds "ace" and "common" and wins three in four
    # games; seat 1 holds "common" only.
    records = [[{"ace": 1, "common": 0}, {"common": 2}] for _ in range(200)]
    shares = [[1.0, 0.0] if g % 4 else [0.0, 1.0] for g in range(200)]
    stats = card_stats(records, shares)
    ace, common = stats["ace"], stats["common"]
    assert (ace.drawn, ace.played, ace.play_rate) == (200, 200, 1.0)
    assert ace.win_when_drawn == pytest.approx(0.75)
    assert ace.win_when_not_drawn == pytest.approx(0.25)
    assert ace.iwd == pytest.approx(0.5)
    assert ace.iwd_ci95 is not None and 0 < ace.iwd_ci95[0] < 0.5 < ace.iwd_ci95[1]
    assert ace.outlier
    assert (common.drawn, common.played) == (400, 400)
    assert common.iwd is None and common.iwd_ci95 is None and not common.outlier


def test_chance_alone_flags_no_card() -> None:
    # 40 cards drawn at random, winners at random: the Bonferroni-widened interval should
    # leave out zero for none of them (a plain 95 % interval would flag about two).
    rng = random.Random(3)
    records = [
        [{f"c{rng.randrange(40)}": 1 for _ in range(5)} for _ in range(4)] for _ in range(1000)
    ]
    shares = []
    for _ in records:
        split = [0.0] * 4
        split[rng.randrange(4)] = 1.0
        shares.append(split)
    stats = card_stats(records, shares)
    assert len(stats) == 40
    assert not [card for card, s in stats.items() if s.outlier]


@pytest.fixture(scope="module")
def played(engine_game: tuple[Engine, Game]) -> tuple[Engine, Game, dict]:
    engine, game = engine_game
    report = simulate(engine, game, games=60, seed=11, bots=["heuristic"])
    return engine, game, json.loads(json.dumps(report.to_dict()))


def test_every_engine_reports_its_cards(played: tuple[Engine, Game, dict]) -> None:
    engine, game, report = played
    cards = report["cards"]
    ids = {card.id for card in game.cards}
    assert cards, f"{engine.NAME}: no card statistics"
    assert set(cards) <= ids, f"{engine.NAME}: ids that are not cards: {set(cards) - ids}"
    seat_games = report["completed"] * report["players"]
    for card, s in cards.items():
        assert set(s) >= {"drawn", "played", "win_when_drawn", "win_when_not_drawn", "iwd"}
        assert 0 < s["drawn"] <= seat_games, card
        if s["iwd"] is not None:
            low, high = s["iwd_ci95"]
            assert low <= s["iwd"] <= high, card
            assert s["iwd"] == pytest.approx(s["win_when_drawn"] - s["win_when_not_drawn"])
    assert any(s["played"] for s in cards.values()), f"{engine.NAME}: no card ever played"


def test_card_statistics_are_the_same_for_the_same_seed(
    played: tuple[Engine, Game, dict],
) -> None:
    engine, game, report = played
    again = simulate(engine, game, games=60, seed=11, bots=["heuristic"]).to_dict()
    assert json.loads(json.dumps(again))["cards"] == report["cards"]


def test_only_the_real_game_keeps_a_card_log(engine_game: tuple[Engine, Game]) -> None:
    engine, game = engine_game
    state = engine.new_state(game, game.spec.players.min, 5, transcript=False, record=True)
    rng = random.Random(5)
    while not state.is_terminal() and state.length() < 2:
        state.apply(rng.choice(list(state.legal_actions())))
    before = state.card_record()
    assert any(before), f"{engine.NAME}: nothing drawn after two rounds"
    seat = max(state.current_player(), 0)
    assert engine.determinize(state.view(seat), rng).card_record() == []
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply(rng.choice(list(copy.legal_actions())))
    assert state.card_record() == before, "a clone's play changed the original's record"


def test_a_game_keeps_a_play_log_only_when_asked_and_plays_the_same(
    engine_game: tuple[Engine, Game],
) -> None:
    # new_state(record=False), the default: no log, no per-card record, no rules counted;
    # the game itself (its moves, transcript and scores) is the one a recorded game plays
    engine, game = engine_game
    played = []
    for record in (False, True):
        state = engine.new_state(game, game.spec.players.min, 7, transcript=True, record=record)
        rng = random.Random(7)
        for _ in range(3000):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        played.append(state)
    bare, kept = played
    assert bare.card_record() == [] and bare.rules_used() == frozenset()
    assert any(kept.card_record()) and kept.rules_used()
    assert bare.transcript == kept.transcript and bare.returns() == kept.returns()
    assert bare.length() == kept.length()
