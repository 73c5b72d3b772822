"""Small Print's rules, case by case from smallprint.txt (quoted in our words) and from the
decisions pnp records where the source is silent."""

from __future__ import annotations

import random

import pytest

from pnp.games.smallprint import config_for, new_state
from pnp.games.smallprint.actions import PASS, Paperwork
from pnp.games.smallprint.config import BIG, SHARE, SMALL, TOTAL, Business
from pnp.games.smallprint.payout import settle
from pnp.games.smallprint.rules import determinize
from pnp.spec.load import load_game

GAME = load_game("smallprint")
SEVEN = Business("Bakery Chain", 7, 4, 3)  # cards/smallprint/business.yaml
FIFTEEN = Business("Railway", 15, 6, 4)


@pytest.mark.parametrize(
    ("cards", "case", "paid", "pool"),
    [
        # "A total contract and no other contracts is legal. Shares are ignored."
        ([(0, TOTAL), (1, SHARE)], "total", {0: 7}, 0),
        # "big and small contract with no other contracts is legal. Shares are ignored."
        ([(0, BIG), (1, SMALL), (2, SHARE)], "big+small", {0: 4, 1: 3}, 0),
        # "One or two small contracts is legal. Any shares claim the remainder."
        ([(0, SMALL), (1, SHARE), (2, SHARE)], "small", {0: 3, 1: 2, 2: 2}, 0),
        ([(0, SMALL), (1, SMALL), (2, SHARE)], "small", {0: 3, 1: 3, 2: 1}, 0),
        # "Any other combination ... null and void": the business is split between shares
        ([(0, TOTAL), (1, SMALL), (2, SHARE)], "void", {2: 7}, 0),
        ([(0, BIG), (1, BIG), (2, SHARE), (2, SHARE)], "void", {2: 6}, 1),
        # decisions.py big-alone: the source's closed list makes a lone Big void
        ([(0, BIG), (1, SHARE)], "void", {1: 7}, 0),
        # no contracts: shares split (or claim) everything
        ([(0, SHARE), (1, SHARE), (1, SHARE)], "shares", {0: 2, 1: 4}, 1),
        # void with no shares, or no cards at all: the pool (decisions.py empty-or-void)
        ([(0, TOTAL), (1, TOTAL)], "void", {}, 7),
        ([], "shares", {}, 7),
    ],
)
def test_legality_and_payout(
    cards: list[tuple[int, int]], case: str, paid: dict[int, int], pool: int
) -> None:
    result = settle(SEVEN, cards, cap=10)
    assert (result.outcome, result.paid, result.pool) == (case, paid, pool)
    assert sum(result.paid.values()) + result.pool == SEVEN.value  # nothing is lost


def test_only_the_first_ten_million_is_divided() -> None:
    # "any business valued at over £10m splits the first £10m only ... the rest goes into
    # the small print pool": £5m of the Railway at once, then Small 4 and shares 3 each
    result = settle(FIFTEEN, [(0, SMALL), (1, SHARE), (2, SHARE)], cap=10)
    assert result.paid == {0: 4, 1: 3, 2: 3} and result.pool == 5
    assert settle(FIFTEEN, [(0, TOTAL)], cap=10).paid == {0: 10}


def _play(state, seat_actions):  # type: ignore[no-untyped-def]
    for action in seat_actions:
        state.apply(action)


def test_penalty_chits_for_a_marker_on_a_share_and_for_a_wrong_marker() -> None:
    state = new_state(GAME, 2, seed=5)
    first = state.current_player()
    other = 1 - first
    # first: a Share under business 0 claiming Total; other: its Small claiming Big
    state.apply(Paperwork("place", (SHARE, 0, TOTAL)))
    state.apply(Paperwork("place", (SMALL, 1, BIG)))
    state.apply(Paperwork("place", (BIG, 2, BIG)))  # honest
    state.apply(PASS)
    state.apply(PASS)
    assert state.round == 1
    assert state.chits[first] == 1 and state.chits[other] == 1
    assert state.markers[first] == [True, True, True]  # markers come back each round
    assert state.hands[first] == [config_for(GAME).shares - 1, 1, 0, 1]  # cards do not


@pytest.mark.parametrize(("players", "rounds"), [(2, 4), (3, 3), (4, 4)])
def test_rounds_by_player_count(players: int, rounds: int) -> None:
    # "Over a set of rounds (four for 2 or 4 players; three for 3 players)"
    state = new_state(GAME, players, seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[int(rng.random() * len(state.legal_actions()))])
    assert state.round == rounds and state.length() == rounds
    assert len(config_for(GAME).businesses) - len(state.deck) == 3 * rounds


def test_a_pass_is_final_and_three_cards_at_most() -> None:
    state = new_state(GAME, 2, seed=3)
    first = state.current_player()
    state.apply(PASS)
    for _ in range(3):
        assert state.current_player() != first  # a pass is final for the round
        state.apply(Paperwork("place", (SHARE, 0, 0)))
    assert state.round == 1  # the other seat placed its three: the round is over


def test_tie_breaks_fewest_chits_then_most_cards_in_hand() -> None:
    state = new_state(GAME, 3, seed=2)
    state.cash, state.chits = [9, 9, 9], [2, 1, 1]
    state.hands = [[5, 1, 1, 1], [3, 0, 1, 1], [4, 1, 1, 0]]
    assert state.winners() == [2]  # 1 and 2 tie on chits; 2 holds six cards to five


def test_the_fewest_chits_share_the_pool_and_the_bank_keeps_the_odd_million() -> None:
    state = new_state(GAME, 3, seed=4)
    state.pool, state.chits, state.cash = 7, [0, 0, 3], [0, 0, 0]
    state._end()
    assert state.cash == [3, 3, 0] and state.pool == 1


def test_determinized_state_agrees_with_what_the_seat_sees() -> None:
    state = new_state(GAME, 4, seed=8)
    rng = random.Random(8)
    for _ in range(7):
        state.apply(state.legal_actions()[int(rng.random() * len(state.legal_actions()))])
    seat = state.current_player()
    view = state.view(seat)
    for k in range(20):
        sample = determinize(view, random.Random(k))
        assert sample.view(seat) == view
        assert sample.legal_actions() == state.legal_actions()
        # other seats hold what they held at the round's start, less what they placed
        assert [sum(h) for h in sample.hands] == [sum(h) for h in state.hands]


def test_legal_actions_are_every_card_in_hand_under_every_business_with_a_free_marker() -> None:
    # A turn: place one card from hand under a business of the row, bare or with one of
    # your contract markers still unused, or pass (the lists are made once per shape).
    state = new_state(GAME, 4, 17)
    rng = random.Random(17)
    while not state.is_terminal():
        seat, row = state.current_player(), len(state.row)
        hand, markers = state.hands[seat], state.markers[seat]
        free = [0] + [m + 1 for m in range(3) if markers[m]]
        expected = [PASS] + [
            Paperwork("place", (kind, b, m))
            for kind in range(4)
            if hand[kind]
            for b in range(row)
            for m in free
        ]
        legal = state.legal_actions()
        assert list(legal) == expected
        state.apply(legal[rng.randrange(len(legal))])
