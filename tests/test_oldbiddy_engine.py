"""Old Biddy's rules engine against the source (oldbiddy.txt); each test names its rule.

Numbers come from the loaded data (cards/oldbiddy/game.yaml), and each test says which
sentence of the source gives the expected value.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.games import oldbiddy
from pnp.games.kit import Action
from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.rules import PASS, SEAL, State, determinize
from pnp.games.oldbiddy.state import ACT, BID, CHOOSE, GIVE
from pnp.spec.game import Game
from pnp.spec.load import load_game

GREEN, BLUE, RED = 0, 1, 2


def act(verb: str, *args: int) -> Action:
    """An action equal to the one the engine hands out (built afresh, not looked up)."""
    return Action(verb, args)


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("oldbiddy")


def fresh(game: Game, players: int = 5, seed: int = 7) -> State:
    return oldbiddy.new_state(game, players, seed)


def finish_choosing(state: State) -> None:
    """Everyone takes the first character offered; the last player the first gem."""
    while state.phase == CHOOSE:
        state.apply(state.legal_actions()[0])


def pass_actions(state: State) -> None:
    while state.phase in (ACT, GIVE):
        legal = state.legal_actions()
        state.apply(PASS if PASS in legal else legal[0])


def to_bidding(state: State) -> None:
    finish_choosing(state)
    pass_actions(state)
    assert state.phase == BID


# -- set-up ------------------------------------------------------------------------


def test_start_gems_follow_turn_order_position(game: Game) -> None:
    # Set up: one gem of each colour; player 2 +1 gem of value 1, player 3 +value 2,
    # player 4 +value 3, player 5 +value 3 and +value 1 (values of the starting market).
    extra = {1: [], 2: [1], 3: [2], 4: [3], 5: [3, 1]}
    for seed in range(20):
        state = fresh(game, 5, seed)
        worth = market.values(state.config, state.positions)
        for seat in range(5):
            expected = [1, 1, 1]
            for value in extra[state.marker[seat]]:
                expected[worth.index(value)] += 1
            assert state.behind[seat] == expected


def test_market_starts_on_the_three_central_spaces(game: Game) -> None:
    # Set up: one gem of each colour at random on the central three (white-dot) spaces.
    starts = set()
    for seed in range(30):
        state = fresh(game, 3, seed)
        middle = (state.config.spaces + 1) // 2  # 19 spaces: 9, 10, 11
        assert sorted(state.positions) == [middle - 1, middle, middle + 1]
        starts.add(tuple(state.positions))
    assert len(starts) == 6  # every order turns up


@pytest.mark.parametrize(
    "players, used, letters", [(3, 18, "ABC"), (4, 24, "ABCD"), (5, 30, "ABCDE")]
)
def test_cards_and_characters_per_player_count(
    game: Game, players: int, used: int, letters: str
) -> None:
    # Set up: remove 6/12 gem cards for 4/3 players; the Princess (E) only at 5, the
    # Kid (D) at 4 and 5. 6 rounds × characters in play = cards used.
    state = fresh(game, players, 1)
    assert "".join(state.config.characters[i].letter for i in state.characters) == letters
    assert len(state.deck) + len(state.seen_cards) == used
    rng = random.Random(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(state.seen_cards) == used and not state.deck  # the deck ends with the game


def test_zero_score_markers_two_of_each_colour(game: Game) -> None:
    # Decision zero-marker-colours: 6 markers, 2 per colour; players get one each and the
    # rest lie on the board's marked spaces (3 at 3 players).
    for players in (3, 4, 5):
        state = fresh(game, players, players)
        assert Counter(state.zero + state.board_zero) == {GREEN: 2, BLUE: 2, RED: 2}
        assert len(state.board_zero) == 6 - players


def test_round_one_has_no_bidding(game: Game) -> None:
    # Phase 1 "is skipped in round 1": the set-up markers give the order at once.
    state = fresh(game, 4, 3)
    assert state.phase == CHOOSE and state.round == 1
    assert state.current_player() == state.marker.index(1)


# -- phase 1: bids ----------------------------------------------------------------


def test_bid_value_fake_gem_marker_and_gem_values(game: Game) -> None:
    # Phase 1: 5 for a large fake gem + the turn order marker + the market value of each
    # gem (highest 3, middle 2, lowest 1). Market green < blue < red:
    # fake 5 + marker 3 + 2 green × 1 + 1 red × 3 = 13.
    config = oldbiddy.config_for(game)
    worth = market.values(config, [4, 9, 15])
    assert worth == (1, 2, 3)
    assert market.bid_value(config, [2, 0, 1], 1, 3, worth) == 5 + 3 + 2 * 1 + 1 * 3


def test_bids_are_sealed_simultaneous_and_spent(game: Game) -> None:
    # Phase 1: bids are secret until all reveal; decision bids-are-spent: gems bid go
    # back to the supply, the fake gem back to the pile.
    state = fresh(game, 3, 11)
    to_bidding(state)
    first = state.current_player()
    state.fakes[first] += 1
    state.fake_pile -= 1
    fakes, pile = state.fakes[first], state.fake_pile
    held = state.behind[first][:]
    supply = state.supply[:]
    state.apply(act("add", held.index(max(held))))
    state.apply(act("fake"))
    assert act("fake") not in state.legal_actions()  # at most one fake gem per bid
    other = (first + 1) % 3
    assert state.view(other).my_bid == ((0, 0, 0), 0)  # the open fist is not seen
    state.apply(SEAL)
    while state.phase == BID:
        state.apply(SEAL)
    color = held.index(max(held))
    assert state.behind[first][color] == held[color] - 1
    assert state.supply[color] == supply[color] + 1
    assert state.fakes[first] == fakes - 1 and state.fake_pile == pile + 1


def test_tied_bids_go_to_the_larger_old_marker(game: Game) -> None:
    # Phase 1: "the player with the higher turn order marker wins the tie"; decision
    # bid-tie reads "higher" as the larger number.
    assert market.turn_order([7, 9, 7], [1, 3, 2]) == [1, 2, 0]
    state = fresh(game, 3, 5)
    to_bidding(state)
    old = state.marker[:]
    while state.phase == BID:  # everyone bids only the marker: all tie on its number + 0
        state.apply(SEAL)
    ranked = sorted(range(3), key=lambda s: -old[s])
    assert [state.marker[s] for s in ranked] == [1, 2, 3]
    assert state.marker_set == 1  # the sets alternate: round 2 uses the second set


# -- phase 2: choosing -------------------------------------------------------------


def test_last_player_takes_one_gem_and_leftover_card_is_discarded(game: Game) -> None:
    # Phase 2: all but the last take a character with its gems; the last takes one gem
    # of their choice; the unchosen character's gem card is discarded.
    state = fresh(game, 4, 2)
    order = sorted(range(4), key=lambda s: state.marker[s])
    offer = state.config.gem_cards[state.offers[0]]
    before = state.behind[order[0]][:]
    state.apply(act("take", 0))
    assert state.behind[order[0]] == [b + g for b, g in zip(before, offer, strict=True)]
    state.apply(act("take", 1))
    state.apply(act("take", 2))
    last = order[3]
    assert state.current_player() == last
    assert state.legal_actions() == (
        act("gem", GREEN),
        act("gem", BLUE),
        act("gem", RED),
    )
    held = state.behind[last][:]
    state.apply(act("gem", RED))
    assert state.behind[last][RED] == held[RED] + 1
    assert state.owner[3] == -1 and all(card == -1 for card in state.offers)


# -- phase 3: actions --------------------------------------------------------------


def test_boss_move_swaps_stepwise() -> None:
    # B. The Boss: at each step a gem on the landing space takes the space just left.
    # Green 10, blue 11, red 12; green up 3: 11 (blue → 10), 12 (red → 11), 13.
    assert market.move([10, 11, 12], GREEN, 3) == (13, 10, 11)
    assert market.move([10, 11, 12], RED, -2) == (11, 12, 10)
    assert market.move([3, 9, 12], BLUE, 1) == (3, 10, 12)  # no gem there: no swap


def test_boss_pays_in_the_moved_colour_without_change(game: Game) -> None:
    # B. The Boss: pay 1/6/12 for 1/2/3 spaces in gems of one colour at market value;
    # no change. Red worth 3: 2 spaces cost 6 = 2 red gems; 3 spaces cost 12 = 4 red.
    # Green worth 1 cannot pay 6 with 5 gems; the moved gem must stay on the board.
    state = fresh(game, 3, 4)
    finish_choosing(state)
    boss = state.config.characters[state.characters[1]]
    assert boss.letter == "B" and state.phase == ACT
    seat = state.owner[1]
    state.turn, state.to_move = 1, seat
    state.positions = (1, 11, 12)
    state.behind[seat] = [5, 0, 4]
    state.legal = state.table = None  # changed by hand: forget the options and the table kept
    legal = state.legal_actions()
    assert act("move", GREEN, 1) in legal and act("move", GREEN, 2) not in legal
    assert act("move", GREEN, -1) not in legal  # green is on space 1: the end rule
    assert act("move", RED, 3) in legal and act("move", RED, -3) in legal
    assert not any(
        a.verb == "move" and a.args[0] == BLUE for a in legal
    )  # no blue gems to pay with
    supply = state.supply[RED]
    state.apply(act("move", RED, -2))
    assert state.behind[seat][RED] == 4 - 2 and state.supply[RED] == supply + 2
    assert state.positions == (1, 12, 10)


def test_old_biddy_takes_a_fake_gem_only_if_one_is_left(game: Game) -> None:
    # A. Old Biddy: "If one is available, take a large fake gem".
    for pile, expected in ((2, 1), (0, 0)):
        state = fresh(game, 3, 6)
        state.fake_pile = pile
        seat = state.order[0]
        state.apply(act("take", 0))  # character A
        finish_choosing(state)
        assert state.fakes[seat] == expected


def test_princess_takes_then_gives(game: Game) -> None:
    # E. Princess: take any colour from the supply, then give another player any colour.
    state = fresh(game, 5, 8)
    order = state.order[:]
    for _ in range(4):
        state.apply(state.legal_actions()[-1])  # E first, then D, C, B
    state.apply(act("gem", GREEN))
    princess = order[0]
    while state.current_player() != princess or state.phase != ACT:
        legal = state.legal_actions()
        state.apply(PASS if PASS in legal else legal[0])
    assert state.config.characters[state.characters[state.turn]].letter == "E"
    mine = state.behind[princess][BLUE]
    state.apply(act("take", BLUE))
    assert state.behind[princess][BLUE] == mine + 1 and state.phase == GIVE
    assert all(a.args[0] != princess for a in state.legal_actions())
    other = order[1]
    theirs = state.behind[other][RED]
    state.apply(act("give", other, RED))
    assert state.behind[other][RED] == theirs + 1


def test_kid_swaps_blind_and_learns_the_new_marker(game: Game) -> None:
    # D. The Kid: swap your zero score marker with one from the board (decision kid-looks).
    state = fresh(game, 4, 9)
    order = state.order[:]
    state.apply(act("take", 3))  # D
    finish_choosing(state)
    kid = order[0]
    while not (state.phase == ACT and state.current_player() == kid):
        legal = state.legal_actions()
        state.apply(PASS if PASS in legal else legal[0])
    assert state.legal_actions() == (
        act("swap", 0),
        act("swap", 1),
        PASS,
    )
    mine, board = state.zero[kid], state.board_zero[1]
    state.apply(act("swap", 1))
    assert state.zero[kid] == board and state.board_zero[1] == mine
    assert state.view(kid).board_known == (-1, mine)
    assert state.view(order[1]).board_known == (-1, -1)


# -- scoring -----------------------------------------------------------------------


def test_scoring_zero_marker_front_gems_and_fake_gem(game: Game) -> None:
    # Scoring: two colours (not the zero marker's, even with gems in front); +1 per gem of
    # that colour in front of your screen, those gems not scored; +1 for a fake gem kept.
    # Market green 1, blue 2, red 3; zero marker red; 5 green, 3 blue behind, 1 blue in
    # front, 4 red behind, 1 red in front: 5 × 1 + 3 × (2 + 1) + 0 + 1 = 15.
    config = oldbiddy.config_for(game)
    worth = (1, 2, 3)
    assert market.final_score(config, worth, [5, 3, 4], [0, 1, 1], RED, 1) == 15
    assert market.final_score(config, worth, [5, 3, 4], [0, 1, 1], RED, 2) == 15  # +1 at most
    assert market.final_score(config, worth, [5, 3, 4], [0, 1, 1], RED, 0) == 14


def test_game_ends_after_six_rounds(game: Game) -> None:
    # End game: "after the sixth round has been completed".
    state = fresh(game, 4, 12)
    rng = random.Random(0)
    rounds_seen = set()
    while not state.is_terminal():
        rounds_seen.add(state.round)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert rounds_seen == {1, 2, 3, 4, 5, 6} and state.length() == 6
    assert state.current_player() < 0 and state.legal_actions() == ()


# -- hidden information --------------------------------------------------------------


def test_determinize_keeps_the_view_and_resamples_secrets(game: Game) -> None:
    state = fresh(game, 5, 21)
    to_bidding(state)
    for _ in range(2):
        held = state.behind[state.current_player()]
        state.apply(act("add", held.index(max(held))))
        state.apply(SEAL)
    me = state.current_player()
    view = state.view(me)
    zeros, decks = set(), set()
    for seed in range(20):
        sample = determinize(view, random.Random(seed))
        assert sample is not state
        assert sample.zero[me] == state.zero[me] and sample.positions == state.positions
        assert sample.behind == state.behind and sample.seen_cards == state.seen_cards
        assert Counter(sample.zero + sample.board_zero) == {GREEN: 2, BLUE: 2, RED: 2}
        assert sorted(sample.deck + sample.removed) == sorted(state.deck + state.removed)
        zeros.add(tuple(sample.zero))
        decks.add(tuple(sample.deck))
        sample.apply(SEAL)  # the sample plays on like a real game
    assert len(zeros) > 1 and len(decks) > 1
    assert state.bid_gems[me] == [0, 0, 0]  # sampling left the real game alone


def _everything_seen(view: object, players: int) -> list[object]:
    from pnp.games.oldbiddy.view import View

    seen: list[object] = []
    for name in dir(View):
        if name.startswith("_") or name in ("count", "index"):  # a named tuple's own
            continue
        value = getattr(view, name)
        seen.append([value(s) for s in range(players)] if callable(value) else value)
    return seen


def test_a_view_hides_other_bids_and_zero_markers(game: Game) -> None:
    # Old Biddy's rules: bids are hidden until revealed; zero score markers are private.
    state = fresh(game, 4, 13)
    to_bidding(state)
    held = state.behind[state.current_player()]
    state.apply(act("add", held.index(max(held))))
    state.apply(SEAL)  # seat one has bid in secret
    me = state.current_player()
    before = _everything_seen(state.view(me), 4)
    changed = state.clone()
    for seat in range(4):
        if seat != me:
            changed.zero[seat] = (changed.zero[seat] + 1) % 3
            changed.bid_gems[seat] = [0, 0, 0]
    changed.board_zero.reverse()
    changed.deck.reverse()
    assert _everything_seen(changed.view(me), 4) == before
