"""Per-card statistics: the interval arithmetic, and every engine's record of its cards."""

from __future__ import annotations

import json
import random

import pytest

from pnp.games import Engine
from pnp.games.playlog import LAST_PLACE, PlayLog, SeatDraws
from pnp.sim.card_kinds import card_kinds
from pnp.sim.cards import LATE_SHARE, CardStats, Rate, card_stats, median_place, newcombe, wilson
from pnp.sim.runner import simulate
from pnp.sim.strength import Strength
from pnp.sim.tally import Tally
from pnp.spec.game import Game
from pnp.spec.load import load_game


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
    assert report["cards_by_bot"] == {"heuristic": cards} and report["cards_bot"] == "heuristic"
    assert report["seats_by_bot"] == {}  # one kind: its seats are the win rates above


def rates_of(s: dict) -> dict[str, dict]:
    names = ["when_drawn", "when_not_drawn", "in_opening", "when_played"]
    return {name: s[name] for name in [*names, "drawn_early", "drawn_late"]}


def test_every_measure_has_its_games_and_an_interval_around_it(
    played: tuple[Engine, Game, dict],
) -> None:
    engine, _, report = played
    seat_games = report["completed"] * report["players"]
    for card, s in report["cards"].items():
        where = f"{engine.NAME} {card}"
        assert s["seat_games"] == seat_games, where
        assert s["when_drawn"]["n"] == s["drawn"], where
        assert s["when_not_drawn"]["n"] == seat_games - s["drawn"], where
        assert s["in_opening"]["n"] <= s["drawn"] and s["when_played"]["n"] <= s["drawn"], where
        assert s["drawn_early"]["n"] + s["drawn_late"]["n"] == s["drawn"], where
        assert s["early_gain"]["n"] == s["drawn"], where
        for name, r in rates_of(s).items():
            if r["n"]:
                low, high = r["ci95"]
                assert 0 <= low <= r["win"] <= high <= 1, (where, name)
            else:
                assert r["win"] is None and r["ci95"] is None, (where, name)
        gain = s["early_gain"]
        if gain["value"] is not None:
            low, high = gain["ci95"]
            assert low <= gain["value"] <= high, where
            assert gain["value"] == pytest.approx(s["drawn_early"]["win"] - s["drawn_late"]["win"])
        late = s["drawn"] >= LATE_SHARE * seat_games and s["late_after"] is not None
        assert s["judged_by"] == ("drawn late" if late else "not drawn"), where


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


def test_the_play_log_keeps_the_order_of_cards_and_the_opening_hand() -> None:
    # ids: cards 0 and 1 are copies of "a"; seat 0 is dealt card 2 then card 1, then draws
    # card 0 (a second "a") and plays card 3 from the table
    log = PlayLog(["a", "a", "b", "c"], 2)
    log.draw(0, 2)
    log.draw(0, 1)
    log.draw(0, 2)  # a card got again keeps its first place
    log.close_opening()
    log.draw(0, 0)
    log.play(0, 3)
    log.play(0, 3)
    first = [(seat.opening, seat.first()) for seat in log.draws()]
    assert first == [(2, {"a": 2, "b": 1, "c": 4}), (0, {})]
    assert log.record() == [{"a": 0, "b": 0, "c": 2}, {}]
    copy = log.copy()
    copy.draw(1, 3)
    assert copy.draws()[1].first() == {"c": 1} and log.draws()[1].first() == {}


def test_a_seats_place_saturates_at_the_last_a_byte_holds() -> None:
    log = PlayLog([f"c{i}" for i in range(300)], 1)
    for card in range(300):
        log.draw(0, card)
    first = log.draws()[0].first()
    assert (first["c0"], first["c254"], first["c255"], first["c299"]) == (
        1,
        LAST_PLACE,
        LAST_PLACE,
        LAST_PLACE,
    )


def test_the_median_place_is_the_median_of_the_places() -> None:
    placed = [0, 2, 0, 1, 3]  # places 1, 1, 3, 4, 4, 4
    assert median_place(placed) == 3.5
    assert median_place([0, 1, 0, 1, 1]) == 3.0
    assert median_place([0, 0]) is None


def test_opening_hand_played_and_late_measures_by_hand() -> None:
    # four two-seat games, opening hands of three cards. "c": (place, win share, plays)
    #   game 0: seat 0 (2, 1, 1) in the opening hand, seat 1 (5, 0, 0)
    #   game 1: seat 0 (4, ½, 2), seat 1 (1, ½, 0) in the opening hand
    #   game 2: seat 0 did not draw it (wins), seat 1 (7, 0, 1)
    #   game 3: seat 0 (6, 0, 0), seat 1 (3, 1, 1) in the opening hand
    # "u" every seat drew: at place 1 (opening) when it won anything, else at place 8.
    c = [[(2, 1), (5, 0)], [(4, 2), (1, 0)], [None, (7, 1)], [(6, 0), (3, 1)]]
    shares = [[1.0, 0.0], [0.5, 0.5], [1.0, 0.0], [0.0, 1.0]]
    records, draws = [], []
    for game, split in zip(c, shares, strict=True):
        records.append([]), draws.append([])
        for got, share in zip(game, split, strict=True):
            u = 1 if share else 8
            record, first = {"u": 0}, {"u": u}
            if got is not None:
                record["c"], first["c"] = got[1], got[0]
            records[-1].append(record)
            draws[-1].append(SeatDraws.of(3, first))
    stats = card_stats(records, shares, draws)
    s = stats["c"]
    assert (s.drawn, s.seat_games, s.played) == (7, 8, 5)
    assert s.when_drawn.n == 7 and s.when_drawn.win == pytest.approx(3 / 7)
    assert s.when_not_drawn == Rate(1, 1.0, wilson(1, 1))
    assert s.in_opening.n == 3 and s.in_opening.win == pytest.approx(2.5 / 3)
    assert s.when_played.n == 4 and s.when_played.win == pytest.approx(2.5 / 4)
    # places 1 2 3 4 5 6 7: median 4; late: after 4 and not in the opening hand
    assert s.late_after == 4.0
    assert s.drawn_late.n == 3 and s.drawn_late.win == 0.0
    assert s.drawn_early.n == 4 and s.drawn_early.win == pytest.approx(0.75)
    assert s.early_gain.n == 7 and s.early_gain.value == pytest.approx(0.75)
    assert s.early_gain.ci95 == pytest.approx(newcombe(3.0, 4, 0.0, 3))
    assert s.judged_by == "not drawn" and s.gain == s.iwd  # drawn in 7 of 8: under 90 %
    u = stats["u"]
    # drawn in every seat-game: nothing to compare with not drawing it, so judged early
    # against late (places 1 ×5 and 8 ×3: median 1, the three at 8 are late and lost)
    assert u.iwd is None and u.judged_by == "drawn late" and u.late
    assert (u.drawn_early.n, u.drawn_late.n, u.late_after) == (5, 3, 1.0)
    assert u.gain == pytest.approx(4 / 5) and u.gain_ci95 == u.early_gain.ci95
    assert u.flagged == u.late_outlier


def test_a_card_every_seat_draws_is_flagged_when_getting_it_late_loses() -> None:
    # 300 two-seat games: both seats always draw "u"; the seat that got it in
    # its opening hand wins. Drawn against not drawn has nothing to say; early against
    # late does.
    records = [[{"u": 0}, {"u": 0}] for _ in range(300)]
    shares = [[1.0, 0.0] if g % 2 else [0.0, 1.0] for g in range(300)]
    draws = [[SeatDraws.of(2, {"u": 1 if share else 6}) for share in split] for split in shares]
    u = card_stats(records, shares, draws)["u"]
    assert u.iwd is None and not u.outlier
    assert u.late and u.flagged and u.gain == 1.0


def kinds_tally(games: int = 400) -> tuple[Tally, list[list[float]]]:
    """Two seats, heuristic and random, swapping seats each game. The heuristic seat wins
    nine games in ten; it draws "x" in every other game, whether it wins or not. The
    random seat draws "x" and "y" in every game (random play sees more cards) and loses."""
    tally = Tally.empty(2)
    shares = []
    for g in range(games):
        table = ("heuristic", "random") if g % 2 else ("random", "heuristic")
        wins = (g // 2) % 10 != 9
        seat = table.index("heuristic")
        split = [0.0, 0.0]
        split[seat if wins else 1 - seat] = 1.0
        record = [{}, {}]
        record[seat] = {"x": 1} if g % 2 == 0 else {"z": 1}
        record[1 - seat] = {"x": 0, "y": 1, "z": 0}
        tally.tables.append(table)
        tally.cards.append(record)
        shares.append(split)
    return tally, shares


def test_bots_of_different_kinds_are_never_pooled() -> None:
    tally, shares = kinds_tally()
    pooled = card_stats(tally.cards, shares)
    # pooled, the random seats' losing games make "x" and "y" look like losing cards
    assert pooled["x"].flagged and pooled["x"].gain is not None and pooled["x"].gain < 0
    kinds = card_kinds(tally, shares)
    assert list(kinds.by_bot) == ["heuristic", "random"]  # the declared order: heuristic first
    assert kinds.bot == "heuristic" and kinds.cards is kinds.by_bot["heuristic"]
    heuristic = kinds.by_bot["heuristic"]
    assert heuristic["x"].drawn == 200 and heuristic["x"].iwd == pytest.approx(0.0)
    assert not [card for card, s in heuristic.items() if s.flagged]
    random_seats = kinds.by_bot["random"]
    assert random_seats["y"].drawn == 400 and random_seats["y"].gain is None
    assert not [card for card, s in random_seats.items() if s.flagged]
    # each kind's win rate in each seat: 9 in 10 for the heuristic bot, in both seats
    seats = kinds.seats
    assert [r.n for r in seats["heuristic"]] == [200, 200]
    assert seats["heuristic"][0].win == pytest.approx(0.9)
    assert seats["random"][1].win == pytest.approx(0.1)


def test_the_strongest_kind_is_the_one_the_run_proves_else_the_declared_one() -> None:
    tally, shares = kinds_tally()
    upside_down = Strength()
    for table, split in zip(tally.tables, shares, strict=True):
        # the run's own test: here the random bot finishes ahead (a made-up run)
        upside_down.add_game(table, [1 - share for share in split])
    kinds = card_kinds(tally, shares, ("search", "heuristic", "random"), upside_down.finish())
    assert kinds.bot == "random" and list(kinds.by_bot) == ["random", "heuristic"]
    even = Strength()
    for table in tally.tables[:20]:
        even.add_game(table, [1, 1])
    kinds = card_kinds(tally, shares, ("random", "heuristic"), even.finish())
    assert kinds.bot == "random"  # nobody proven stronger: the order given decides


def test_one_kind_keeps_the_pooled_figures() -> None:
    tally, shares = kinds_tally()
    tally.tables = [("random", "random")] * len(tally.tables)
    kinds = card_kinds(tally, shares)
    assert kinds.by_bot == {"random": card_stats(tally.cards, shares)} and kinds.seats == {}


def test_a_run_of_two_bots_reports_each_kind_and_says_whose_cards_it_judges() -> None:
    report = simulate(
        "oldbiddy", load_game("oldbiddy"), games=20, seed=4, bots=["heuristic", "random"]
    )
    assert list(report.cards_by_bot) == ["heuristic", "random"]
    assert report.cards_bot == "heuristic" and report.cards == report.cards_by_bot["heuristic"]
    assert all(isinstance(s, CardStats) for s in report.cards_by_bot["random"].values())
    assert [r.n for r in report.seats_by_bot["random"]] == [10] * 5  # 20 games, two bots
    head = report.card_lines()[0]
    assert head.startswith(f"cards, heuristic seats: {len(report.cards)} designs tracked")
    assert "(random seats: " in head
    text = json.loads(json.dumps(report.to_dict()))
    assert set(text["cards_by_bot"]) == {"heuristic", "random"}
