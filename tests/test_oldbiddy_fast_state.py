"""Old Biddy's engine keeps a few things up to date instead of recomputing them per step
(the seat to act, the legal list handed to ``apply`` and carried on through a bid,
transcript lines only when kept); these tests check each against the plain rule over
whole random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games import oldbiddy
from pnp.games.kit import Action, IllegalAction
from pnp.games.oldbiddy.actions import FAKE, SEAL
from pnp.games.oldbiddy.rules import PASS, TERMINAL, State
from pnp.games.oldbiddy.state import BID, CHOOSE, OVER, StateData
from pnp.spec.game import Game
from pnp.spec.load import load_game


def act(verb: str, *args: int) -> Action:
    """An action equal to the one the engine hands out (built afresh, not looked up)."""
    return Action(verb, args)


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("oldbiddy")


def seat_by_the_rules(state: State) -> int:
    """Who decides, read from the table: bids go in seat order (each seat seals in turn),
    characters are chosen in turn order, and a character's owner carries out its action."""
    if state.phase == OVER:
        return TERMINAL
    if state.phase == BID:
        return state.sealed.index(False)
    if state.phase == CHOOSE:
        return state.order[state.turn]
    return state.owner[state.turn]


def play(state: State, rng: random.Random, check: bool = True) -> list[object]:
    """Random moves to the end; returns the actions taken."""
    taken: list[object] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if check:
            assert state.current_player() == seat_by_the_rules(state)
            assert legal == state.clone().legal_by_the_rules()  # a bid's kept list too
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        taken.append(action)
    assert state.current_player() == TERMINAL and state.legal_actions() == ()
    return taken


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5))
def test_the_seat_to_act_follows_the_rules_all_game(seed: int, players: int) -> None:
    game = load_game("oldbiddy")
    play(oldbiddy.new_state(game, players, seed), random.Random(seed))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_game_without_transcript_plays_the_same(game: Game, players: int) -> None:
    for seed in range(15):
        kept = oldbiddy.new_state(game, players, seed, transcript=True)
        bare = oldbiddy.new_state(game, players, seed, transcript=False)
        assert play(kept, random.Random(seed)) == play(bare, random.Random(seed), check=False)
        assert kept.returns() == bare.returns() and kept.measures() == bare.measures()
        assert kept.usage() == bare.usage() and kept.ran_out() == bare.ran_out()
        assert kept.transcript[-1].startswith("r6 game over: scores")
        assert bare.transcript == []


def _random_moves(game: Game, players: int, seed: int, moves: int) -> State:
    """A game ``moves`` random actions in, its next list of actions handed out (so a
    clone must not reuse the list the original holds)."""
    state = oldbiddy.new_state(game, players, seed, record=True)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    state.legal_actions()
    return state


def test_a_clone_plays_on_like_the_original(game: Game) -> None:
    state = _random_moves(game, players=5, seed=3, moves=40)
    copy = state.clone()
    assert copy.current_player() == state.current_player()
    assert play(copy, random.Random(9)) == play(state, random.Random(9))
    assert copy.returns() == state.returns()


def test_a_bid_stops_offering_what_the_seat_has_run_out_of(game: Game) -> None:
    # Phase 1: a bid holds gems from behind the screen and at most one fake gem.
    state = oldbiddy.new_state(game, 3, 11)
    while state.phase != BID:
        legal = state.legal_actions()
        state.apply(PASS if PASS in legal else legal[0])
    seat = state.current_player()
    state.fakes[seat], state.behind[seat] = 2, [1, 0, 2]
    state.legal = state.table = None  # changed by hand: forget the kept list and table
    assert state.legal_actions() == (
        act("add", 0),
        act("add", 2),
        act("fake"),
        act("seal"),
    )
    state.apply(act("add", 0))  # an equal action, not the one in the list
    assert state.legal_actions() == (
        act("add", 2),
        act("fake"),
        act("seal"),
    )
    state.apply(act("fake"))
    assert state.legal_actions() == (
        act("add", 2),
        act("seal"),
    )
    state.apply(act("add", 2))
    assert state.legal_actions() == (
        act("add", 2),
        act("seal"),
    )
    state.apply(act("add", 2))
    assert state.legal_actions() == (act("seal"),)
    with pytest.raises(IllegalAction, match=r"not legal now \(bid\)"):
        state.apply(act("add", 2))


def test_apply_refuses_an_action_the_list_did_not_offer(game: Game) -> None:
    state = oldbiddy.new_state(game, 4, 5)
    legal = state.legal_actions()  # round 1 starts with choosing a character
    assert act("gem", 0) not in legal
    with pytest.raises(IllegalAction, match=r"not legal now \(choose\)"):
        state.apply(act("gem", 0))
    state.apply(legal[0])
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(legal[0])  # the character is taken: the next seat's list lacks it


def test_a_clone_sets_every_slot_and_shares_no_list(game: Game) -> None:
    # StateData.copy_from names each slot instead of looping over them: none may be
    # missed, and no list (nor a list inside one) may be the original's own
    state = _random_moves(game, players=4, seed=8, moves=30)
    copy = state.clone()
    for name in StateData.__slots__:
        mine, theirs = getattr(state, name), getattr(copy, name)
        if name == "playlog":
            assert theirs is not mine and theirs.record() == mine.record()
            continue
        assert theirs == mine, name
        if isinstance(mine, list):
            assert theirs is not mine, name
            assert not any(a is b for a, b in zip(theirs, mine, strict=True) if isinstance(a, list))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5))
def test_the_table_views_keep_follows_every_change(seed: int, players: int) -> None:
    # rules keeps the open table as views show it (state.table: the market, the supply,
    # the screens, the fake gems, the markers) until one of them changes: a view must
    # show what a fresh look would
    game = load_game("oldbiddy")
    state = oldbiddy.new_state(game, players, seed, transcript=False)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        for table in (state, oldbiddy.determinize(state.view(seat), rng)):
            view = table.view(seat)
            assert view.behinds == tuple(map(tuple, table.behind))
            assert view.fronts == tuple(map(tuple, table.front))
            fresh = table.clone()
            fresh.table = None
            assert fresh.view(seat) == view
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_legal_actions_are_the_objects_the_config_built_once(game: Game) -> None:
    # docs/engines.md: every action is built once and handed out as the same object
    state = oldbiddy.new_state(game, 5, 4, transcript=False)
    table = state.config.actions
    assert table is oldbiddy.config_for(game).actions
    built = {
        id(a) for group in (table.add, table.take, table.gem, table.show, table.swap) for a in group
    }
    built |= {id(a) for per_colour in table.move for both in per_colour for a in both}
    built |= {id(a) for per_seat in table.give for a in per_seat}
    built |= {id(PASS), id(SEAL), id(FAKE)}
    rng = random.Random(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert isinstance(legal, tuple) and legal == state.legal_actions()
        assert all(id(a) in built for a in legal), legal
        state.apply(legal[rng.randrange(len(legal))])


def test_every_decision_it_lists_is_marked_in_the_code() -> None:
    from pnp.games.oldbiddy.decisions import DECISIONS
    from tests.test_decisions_printed import _marked

    assert {d.id for d in DECISIONS} == _marked("oldbiddy")
