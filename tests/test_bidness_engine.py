"""Bidness's rules engine against bidness.txt: every test names the rule it checks.

Numbers come from the source (quoted section) or from cards/bidness/game.yaml
``tables:`` read here, never retyped where the data holds them.
"""

from __future__ import annotations

import random

import pytest

import pnp.games.bidness as engine
from pnp.games.bidness.auction import bid_range
from pnp.games.bidness.business import salary_actions, salary_due
from pnp.games.bidness.config import Config
from pnp.games.bidness.rules import State, determinize, first_player_roll
from pnp.games.bidness.state import (
    AUCTION,
    NOBODY,
    OVER,
    PLAY,
    SETTLE,
    Auction,
    Suit,
)
from pnp.games.kit import Action, IllegalAction
from pnp.spec.game import Game
from pnp.spec.load import load_game
from tests.test_bigidea_engine import Die  # queued die faces, shared with The Big Idea's tests


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("bidness")


@pytest.fixture(scope="module")
def config(game: Game) -> Config:
    return engine.config_for(game)


def card(config: Config, card_id: str, nth: int = 0) -> int:
    return [i for i, c in enumerate(config.card_ids) if c == card_id][nth]


def at_turn(game: Game, seat: int, hand: list[int], players: int = 3, rnd: int = 2) -> State:
    """A game in round ``rnd``'s Card Play with ``seat`` to act holding ``hand``; the
    others hold three Trade Show cards each, so play goes on after ``seat``'s turn."""
    s = engine.new_state(game, players, seed=1)
    config = engine.config_for(game)
    s.round, s.phase, s.to_move, s.passes = rnd, PLAY, seat, 0
    for other in range(players):
        s.hands[other] = [card(config, "trade-show", i) for i in range(3)]
    s.hands[seat] = list(hand)
    s._advance()
    return s


def test_earnings_tech_leader_rounds_34_to_40(config: Config) -> None:
    # bidness.txt "Earnings": 34 tech + 10 (Tech Leader) = 44 → rounded down to 40 per unit
    assert config.unit_price(34, tech_leader=True) == 40
    assert config.unit_price(34, tech_leader=False) == 30
    # "no difference between having 14 or 16 tech points, but … between 18 or 20"
    assert config.unit_price(14, False) == config.unit_price(16, False) == 10
    assert config.unit_price(20, False) - config.unit_price(18, False) == 10
    # units: 3 Marketers + 2 (Market Leader); contracts $25 each: 40 × 5 + 2 × 25 = 250
    assert config.earnings(34, True, 3, True, 2) == 250


def test_rulebook_example_is_the_engine_figure(game: Game) -> None:
    ex = engine.worked_examples(game)["earnings"]
    assert ex["price"] == 40  # 34 + 10 → 40
    assert ex["total"] == ex["price"] * ex["units"] + ex["contracts"] * 25


@pytest.mark.parametrize(
    ("lawyers", "salary"),
    [(1, 10), (2, 40), (3, 90), (4, 160), (5, 250), (6, 360), (7, 490), (8, 640)],
)
def test_lawyers_salary_table(config: Config, lawyers: int, salary: int) -> None:
    # bidness.txt "Salaries and Layoffs": the lawyers' table, 1 to 8
    assert config.lawyer_salary(lawyers) == salary
    # plus $10 for each Marketer and Engineer
    assert config.salary(1, 2, lawyers) == salary + 30


def test_starting_assets(game: Game, config: Config) -> None:
    # bidness.txt "Starting Assets": one Engineer, one Marketer, 3 IOUs, $100, 20 tech points
    s = engine.new_state(game, 4, seed=3)
    for seat in range(4):
        assert sorted(config.role[c] for c in s.staff[seat]) == [0, 1]
        assert s.ious[seat] == 3 and s.cash[seat] == 100 and s.tech[seat] == 20
        assert len(s.hands[seat]) == 6  # "deals out cards until each player has … six"


def test_debt_limit_refuses_a_bid(game: Game, config: Config) -> None:
    # bidness.txt "Auctions": you cannot bid so as to exceed the debt limit ($600)
    s = at_turn(game, 0, [card(config, "engineer", i) for i in range(3)])
    s.apply(Action("auction", (s.hands[0][0],)))
    assert s.phase == AUCTION and s.current_player() == 0
    s.ious[0], s.cash[0] = 5, 50  # one IOU left before $600: at most $150
    assert bid_range(s, 0)[-1] == 150
    s._legal = (Action("drop"), *(Action("bid", (b,)) for b in bid_range(s, 0)))
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply(Action("bid", (155,)))


def test_auction_winner_borrows_and_pays_the_seller(game: Game, config: Config) -> None:
    # bidness.txt "Auctions": bid beyond cash, pay at once by borrowing; proceeds to the seller
    s = at_turn(game, 0, [card(config, "government-contract", i) for i in range(3)])
    s.apply(Action("auction", (s.hands[0][0],)))
    s.apply(Action("drop"))  # seller
    s.apply(Action("bid", (150,)))  # seat 1 has $100
    s.apply(Action("drop"))  # seat 2: seat 1 is the last bidder left
    assert s.phase == PLAY
    assert s.ious[1] == 4 and s.cash[1] == 100 + 100 - 150
    assert s.cash[0] == 100 + 150
    assert len(s.contracts[1]) == 1


def test_seller_who_wins_pays_the_bank_and_no_bids_discards(game: Game, config: Config) -> None:
    s = at_turn(game, 0, [card(config, "marketer", i) for i in range(4)])
    s.apply(Action("auction", (s.hands[0][0],)))
    s.apply(Action("bid", (5,)))
    s.apply(Action("drop"))
    s.apply(Action("drop"))
    assert s.cash == [95, 100, 100]  # "If you (the seller) win, you must pay the bank"
    s.apply(Action("pass"))
    s.apply(Action("pass"))
    auctioned = s.hands[0][0]
    s.apply(Action("auction", (auctioned,)))
    for _ in range(3):
        s.apply(Action("drop"))
    assert auctioned in s.discards  # "Discard the card if no bids were made"


def test_trial_tie_goes_to_the_defendant(game: Game, config: Config) -> None:
    # bidness.txt "Going to Trial": two dice each, plaintiff first; ties → defendant;
    # a losing plaintiff pays the damages to the bank
    s = at_turn(game, 0, [card(config, "negligence", i) for i in range(3)])
    s.cash[1] = 80
    s.apply(Action("sue", (s.hands[0][0], 1, 50)))
    assert s.phase == SETTLE
    s.rng = Die([3, 4, 5, 2])  # plaintiff 7, defendant 7
    s.apply(Action("trial"))
    assert s.cash[0] == 100 - 50 and s.cash[1] == 80
    assert s.peaks.tried == 1


def test_trial_won_by_plaintiff_moves_libel_marketers(game: Game, config: Config) -> None:
    s = at_turn(
        game, 0, [card(config, "libel-2"), *(card(config, "marketer", i) for i in range(2))]
    )
    s.staff[1].append(card(config, "marketer", 5))
    s.apply(Action("sue", (card(config, "libel-2"), 1, 0)))
    s.rng = Die([6, 6, 1, 1])
    s.apply(Action("trial"))
    assert s.count_role(1, 1) == 0 and s.count_role(0, 1) == 3
    assert s.market_leader == 0  # the award follows at once


def test_settlement_offers_are_bounded(game: Game, config: Config) -> None:
    # ours: offers in $10 steps, each meeting the other side part way, at most four
    s = at_turn(
        game, 0, [card(config, "patent-10"), *(card(config, "marketer", i) for i in range(2))]
    )
    s.apply(Action("sue", (card(config, "patent-10"), 1, 0)))
    for amount in (100, 20, 80, 40):
        assert Action("offer", (amount,)) in s.legal_actions()
        s.apply(Action("offer", (amount,)))
    assert s.legal_actions() == (Action("accept"), Action("trial"))
    s.apply(Action("accept"))  # plaintiff takes the defendant's $40
    assert s.cash[0] == 140 and s.cash[1] == 60 and s.peaks.settled == 1


def test_payback_two_ious_for_300(game: Game, config: Config) -> None:
    # bidness.txt "Paying Off Debt": $300 returns two IOUs
    pay = card(config, "payback")
    s = at_turn(game, 0, [pay, *(card(config, "marketer", i) for i in range(2))])
    s.cash[0] = 320
    s._advance()  # the options follow the new cash
    s.apply(Action("payback", (pay, 2)))
    assert s.ious[0] == 1 and s.cash[0] == 20
    assert pay in s.payback_discards and not s.is_terminal()


def test_last_payback_ends_the_game_mid_round(game: Game, config: Config) -> None:
    # bidness.txt: "When you pay off your last IOU, you win and the game ends immediately"
    pay = card(config, "payback")
    s = at_turn(game, 1, [pay, *(card(config, "lawyer", i) for i in range(3))])
    s.ious[1], s.cash[1] = 1, 100
    s._advance()
    s.apply(Action("payback", (pay, 1)))
    assert s.is_terminal() and s.phase == OVER
    assert s.returns() == [0, 1, 0]
    assert len(s.hands[1]) == 3  # mid-round: the rest of the hand was never played
    assert s.legal_actions() == ()


def test_no_lawsuit_or_headhunting_in_round_1(game: Game, config: Config) -> None:
    # bidness.txt "Playing a Card": no Lawsuit or Headhunting cards in the first round
    hand = [card(config, "libel-1"), card(config, "headhunting"), card(config, "negligence")]
    first = at_turn(game, 0, hand, rnd=1)
    verbs = {a.verb for a in first.legal_actions()}
    assert "sue" not in verbs and "hire" not in verbs
    second = at_turn(game, 0, hand, rnd=2)
    verbs = {a.verb for a in second.legal_actions()}
    assert {"sue", "hire"} <= verbs


def test_must_pass_with_two_cards_and_play_ends_after_all_pass(game: Game, config: Config) -> None:
    # bidness.txt "Card Play Phase": must pass holding two or fewer; ends when all pass
    s = engine.new_state(game, 3, seed=1)
    s.phase, s.to_move, s.passes = PLAY, 0, 0
    s.hands = [[card(config, "marketer", i) for i in range(3)], [card(config, "lawyer")], []]
    s._advance()
    assert s.current_player() == 0  # seats 1 and 2 will be forced to pass
    s.apply(Action("pass"))
    assert s.round == 2  # three passes in a row end Card Play; Business ran
    assert any("pays $20 in salaries" in line for line in s.transcript)


def test_first_player_reroll_on_ties(game: Game) -> None:
    # bidness.txt "Setup Phase": one die per IOU; tied players roll again
    s = engine.new_state(game, 3, seed=1)
    s.ious = [1, 1, 2]
    s.rng = Die([6, 5, 3, 3, 2, 5])  # 6, 5, 6 → seats 0 and 2 tie; then 2 vs 5
    assert first_player_roll(s) == 2
    assert any("roll again" in line for line in s.transcript)


def test_salary_short_means_layoff_or_borrow(game: Game, config: Config) -> None:
    # bidness.txt "Layoffs": short of cash, borrow or lay off
    s = engine.new_state(game, 2, seed=1)
    s.cash[0] = 5
    assert salary_due(s, 0) == 20
    options = {a.verb for a in salary_actions(s, 0)}
    assert options == {"layoff", "borrow"}
    s.ious[0] = config.max_ious  # at the debt limit only layoffs remain
    assert {a.verb for a in salary_actions(s, 0)} == {"layoff"}


def test_awards_go_to_the_bank_on_a_tie(game: Game) -> None:
    # bidness.txt "Leadership Awards": a tie returns the award to the bank
    s = engine.new_state(game, 3, seed=1)
    assert s.market_leader == NOBODY and s.tech_leader == NOBODY  # all start level


def test_views_hide_other_hands_and_determinize_agrees(game: Game) -> None:
    s = engine.new_state(game, 4, seed=8)
    seat = s.current_player()
    view = s.view(seat)
    assert view.hand == tuple(s.hands[seat])
    assert not hasattr(view, "hands")
    sample = determinize(view, random.Random(1))
    assert sample.hands[seat] == s.hands[seat]
    assert [len(h) for h in sample.hands] == [len(h) for h in s.hands]
    assert sample.legal_actions() == s.legal_actions()
    everything = sorted(c for h in sample.hands for c in h) + sorted(sample.deck + sample.buried)
    original = sorted(c for h in s.hands for c in h) + sorted(s.deck + s.buried)
    assert sorted(everything) == sorted(original)


def test_heuristic_beats_random(game: Game) -> None:
    from pnp.sim.runner import simulate

    report = simulate(engine, game, games=60, players=2, seed=4, bots=["heuristic", "random"])
    assert report.strength is not None  # seats rotate: the win rate per seat each bot took
    assert report.strength.rate("heuristic") > 0.7


def test_auction_state_is_cloned(game: Game) -> None:
    s = engine.new_state(game, 3, seed=2)
    s.auction = Auction(0, 0, [0, 1, 2])
    s.suit = Suit(1, 0, 1, 20)
    c = s.clone()
    c.auction.active.pop()  # type: ignore[union-attr]
    c.suit.offers = 3  # type: ignore[union-attr]
    assert s.auction.active == [0, 1, 2] and s.suit.offers == 0


def test_determinized_states_play_on_to_the_end(game: Game) -> None:
    # the search bot samples full states from a view and plays them out: every sample must
    # be a legal game that ends, whatever phase (auction, settlement, salaries) it is in
    state = engine.new_state(game, 5, seed=21)
    rng = random.Random(21)
    phases: set[str] = set()
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        if len(phases) < 5 and view.phase not in phases:
            phases.add(view.phase)
            sample = determinize(view, random.Random(len(phases)))
            assert sample.legal_actions() == state.legal_actions()
            steps = 0
            while not sample.is_terminal() and steps < 5000:
                sample.apply(
                    engine.BOTS["random"](
                        sample.view(sample.current_player()), sample.legal_actions(), rng
                    )
                )
                steps += 1
            assert sample.is_terminal()
        state.apply(engine.BOTS["random"](view, state.legal_actions(), rng))
    assert phases == {"discard", "card play", "auction", "settlement", "salaries"}


def test_simulation_reports_rounds_auctions_suits_and_components(game: Game) -> None:
    from pnp.sim.runner import simulate

    report = simulate(engine, game, games=12, players=6, seed=2, bots=["heuristic", "random"])
    assert report.completed == 12 and not report.ran_out
    for measure in (
        "rounds",
        "auctions held",
        "lawsuits settled",
        "lawsuits tried",
        "peak IOUs in use",
        "money counters in use at the peak",
    ):
        assert measure in report.measures
    # bidness.txt: "A game typically lasts about five or six rounds"; never before round 3,
    # since two Payback cards (rounds 2 and 3) are needed to return three IOUs
    assert report.measures["rounds"]["min"] >= 3
    printed = engine.printed_components(game)
    assert set(report.components) == set(printed)
    assert printed["IOU cards"]["$100"] == 6 * 6  # six IOUs at the debt limit, six players


def test_the_code_marks_every_decision_it_lists() -> None:
    """docs/engines.md: each decision of decisions.py is marked where it is carried out."""
    import re
    from pathlib import Path

    from pnp.games.bidness.decisions import DECISIONS

    folder = Path(engine.__file__).parent
    marked = {
        m
        for f in folder.glob("*.py")
        for m in re.findall(r"#\s*decision ([a-z0-9-]+)", f.read_text(encoding="utf-8"))
    }
    assert marked == {d.id for d in DECISIONS}


def test_config_is_frozen_all_the_way_down(config: Config) -> None:
    """The tables read by attribute are also the read-only mapping the fingerprint reads."""
    assert config.t.hand_size == config.t["hand_size"] == 6
    with pytest.raises(AttributeError):
        config.t.hand_size = 7  # type: ignore[misc]
    with pytest.raises(TypeError):
        config.t["hand_size"] = 7  # type: ignore[index]
    assert hash(config) == hash(engine.config_for(load_game("bidness")))


def test_legal_actions_are_the_same_objects_in_every_game(game: Game) -> None:
    """Actions are made once and shared: two games at the same decision hand out the
    same objects (so ``apply``'s membership test is an identity check)."""
    one, two = engine.new_state(game, 4, 5), engine.new_state(game, 4, 5)
    legal = one.legal_actions()
    assert type(legal) is tuple and legal == two.legal_actions()
    assert all(a is b for a, b in zip(legal, two.legal_actions(), strict=True))
