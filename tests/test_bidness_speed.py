"""Bidness's kept structures and shortcuts give what the plain rules give.

Each fast path added for simulation speed (kept drop-and-bids tuples, headhunting moves
kept by the roles a rival holds, salaries paid without asking, the first-player roll
drawn in one list) is checked here against a plain recount, on seeded random games or
on every case hypothesis makes up.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pnp.games.bidness as engine
from pnp.games.bidness import rules
from pnp.games.bidness.auction import DROP, auction_decision
from pnp.games.bidness.business import salary_actions
from pnp.games.bidness.config import DIE_FACES, ROLES
from pnp.games.bidness.hand import card_moves, table_moves
from pnp.games.bidness.rules import State, first_player_roll
from pnp.games.bidness.state import AUCTION, NOBODY, Auction, StateData
from pnp.games.kit import Action
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("bidness")


_GAME = load_game("bidness")


def _auction_state(high: int, leader: int, cash: int, ious: int) -> State:
    state = engine.new_state(_GAME, 3, seed=1, transcript=False)
    state.phase = AUCTION
    state.auction = Auction(0, 0, [0, 1, 2])
    state.auction.high, state.auction.leader, state.auction.pos = high, leader, 1
    state.cash[1], state.ious[1] = cash, ious
    return state


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 120).map(lambda k: 5 * k),  # the high bid
            st.booleans(),  # whether anyone has bid yet
            st.integers(0, 3000),  # the bidder's cash
            st.integers(0, 6),  # the bidder's IOUs
        ),
        min_size=1,
        max_size=6,
    )
)
def test_kept_bid_tuples_are_the_bids_allowed(cases: list[tuple[int, bool, int, int]]) -> None:
    # several auctions in a row, so that kept tuples are cut short, grown and cut again
    config = engine.config_for(_GAME)
    t = config.t
    step = t.bid_step
    for high, bid, cash, ious in cases:
        state = _auction_state(high, 2 if bid else NOBODY, cash, ious)
        low = high + step if bid else max(t.min_opening_bid, step)
        top = cash + (config.max_ious - ious) * t.iou_value
        plain = (DROP, *(Action("bid", (a,)) for a in range(low, top + 1, step)))
        seat, legal = auction_decision(state)
        assert seat == 1
        assert legal == plain and type(legal) is tuple


def test_headhunting_moves_kept_by_roles_held_are_one_per_role(game: Game) -> None:
    config = engine.config_for(game)
    moves = card_moves(config, 4)
    by_role = [
        [c for c in range(len(config.kind)) if config.role[c] == r] for r in range(len(ROLES))
    ]
    card = config.kind.index("headhunting")
    for size in range(5):
        for roles in combinations_with_replacement(range(len(ROLES)), size):
            staff = [by_role[r][i] for i, r in enumerate(roles)]
            held = sum(set(map(moves.role_bit.__getitem__, staff)))
            for target in range(4):
                plain = tuple(
                    Action("hire", (card, target, r)) for r in range(len(ROLES)) if r in roles
                )
                assert moves.hires[card][target][held] == plain


def test_card_moves_are_shared_by_clones_and_kept_per_catalog(game: Game) -> None:
    state = engine.new_state(game, 5, seed=2, transcript=False)
    moves = table_moves(state)
    assert moves is card_moves(engine.config_for(game), 5)
    assert state.clone().moves is moves
    config, t = engine.config_for(game), engine.config_for(game).t
    assert moves.credit == (config.max_ious, t.iou_value)
    assert moves.prices == (t.payback_one_cost, t.payback_two_cost)
    assert moves.others[2] == (0, 1, 3, 4)


def _plain_salary_decision(table: StateData) -> rules.Decision:
    """The salary step one seat at a time, paying included (the engine pays at once)."""
    if not table.queue:
        return None
    seat = table.queue[0]
    return seat, salary_actions(table, seat)


@pytest.mark.parametrize("players", [2, 6])
def test_salaries_paid_at_once_play_as_one_seat_at_a_time(
    game: Game, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def play(seed: int) -> tuple[list[str], object, list[int]]:
        state = engine.new_state(game, players, seed)
        bot, rng = engine.BOTS["random"], random.Random(seed)
        while not state.is_terminal():
            state.apply(bot(None, state.legal_actions(), rng))
        return state.transcript, state.usage(), state.returns()

    fast = [play(seed) for seed in range(12)]
    plain = list(rules._DECIDE)
    plain[rules.SALARY] = _plain_salary_decision
    monkeypatch.setattr(rules, "_DECIDE", tuple(plain))
    assert [play(seed) for seed in range(12)] == fast


def _plain_first_player_roll(table: StateData) -> int:
    rnd = table.rng.random
    seats = list(range(table.n))
    while True:
        totals = [sum(1 + int(rnd() * DIE_FACES) for _ in range(table.ious[s])) for s in seats]
        best = max(totals)
        seats = [s for s, v in zip(seats, totals, strict=True) if v == best]
        if len(seats) == 1:
            return seats[0]


@given(st.lists(st.integers(0, 6), min_size=2, max_size=6).filter(any), st.integers(0, 2**32))
def test_first_player_roll_draws_as_the_plain_roll(ious: list[int], seed: int) -> None:
    # (a seat without IOUs rolls no die; someone must roll, or all tie at 0 for ever)
    tables = []
    for _ in range(2):
        table = StateData(engine.config_for(_GAME), len(ious), seed, transcript=False)
        table.ious = list(ious)
        tables.append(table)
    assert first_player_roll(tables[0]) == _plain_first_player_roll(tables[1])
    assert tables[0].rng.getstate() == tables[1].rng.getstate()  # the same draws
