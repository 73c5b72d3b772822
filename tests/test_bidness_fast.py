"""Bidness's fast paths read exactly like the plain structures they replace.

The engine keeps some things lazily or incrementally for speed (the bid list, running
counts); each test here plays seeded random games and checks the fast structure against
the plain one recomputed from the table, step by step.
"""

from __future__ import annotations

import random

import pytest

import pnp.games.bidness as engine
from pnp.games import sees
from pnp.games.bidness.auction import DROP, bid_range, bidder
from pnp.games.bidness.lawsuit import ACCEPT, TRIAL
from pnp.games.bidness.moves import PricedMoves
from pnp.games.bidness.rules import State
from pnp.games.bidness.state import AUCTION, PHASE_NAMES, Action
from pnp.load import Game, load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("bidness")


def as_tuple(fixed: tuple[Action, ...], verb: str, amounts: range) -> tuple[Action, ...]:
    return (*fixed, *(Action(verb, amount=a) for a in amounts))


@pytest.mark.parametrize("amounts", [range(5, 5), range(5, 10, 5), range(20, 185, 5)])
@pytest.mark.parametrize(
    ("fixed", "verb"), [((DROP,), "bid"), ((TRIAL,), "offer"), ((ACCEPT, TRIAL), "offer")]
)
def test_priced_moves_read_like_the_tuple_of_actions(
    fixed: tuple[Action, ...], verb: str, amounts: range
) -> None:
    lazy, eager = PricedMoves(fixed, verb, amounts), as_tuple(fixed, verb, amounts)
    assert len(lazy) == len(eager)
    assert [lazy[i] for i in range(-len(eager), len(eager))] == [
        eager[i] for i in range(-len(eager), len(eager))
    ]
    assert tuple(lazy) == eager and lazy == eager and eager == lazy
    assert lazy[1:] == eager[1:] and lazy[::-1] == eager[::-1]
    assert all(a in lazy for a in eager)
    assert hash(lazy) == hash(eager)
    with pytest.raises(IndexError):
        lazy[len(eager)]


def test_bids_hold_no_other_action() -> None:
    lazy = PricedMoves((DROP,), "bid", range(20, 65, 5))
    assert Action("bid", amount=20) in lazy and Action("bid", amount=60) in lazy
    assert Action("bid", amount=15) not in lazy  # below the opening bid
    assert Action("bid", amount=65) not in lazy  # past the debt limit
    assert Action("bid", amount=22) not in lazy  # not a $5 step
    assert Action("bid", card=3, amount=20) not in lazy
    assert Action("offer", amount=20) not in lazy
    assert Action("pass") not in lazy and "drop" not in lazy
    assert lazy != PricedMoves((DROP,), "bid", range(20, 70, 5))


def random_states(game: Game, games: int, players: int = 6) -> list[State]:
    """Every decision state of ``games`` seeded games played by the random bot."""
    out = []
    bot = engine.BOTS["random"]
    for seed in range(games):
        state = engine.new_state(game, players, seed, transcript=False)
        rng = random.Random(seed)
        while not state.is_terminal():
            out.append(state.clone())
            state.apply(bot(None, state.legal_actions(), rng))
    return out


def test_auction_moves_are_the_eager_tuple_and_only_theirs_start_with_a_drop(
    game: Game,
) -> None:
    # the random bot reads no view: it tells an auction by the drop that leads its moves
    assert not sees(engine.BOTS["random"])
    auctions = 0
    for state in random_states(game, 4):
        legal = state.legal_actions()
        in_auction = state.phase == AUCTION
        assert (legal[0].verb == DROP.verb) == in_auction, PHASE_NAMES[state.phase]
        if in_auction:
            auctions += 1
            assert legal == as_tuple((DROP,), "bid", bid_range(state, bidder(state)))
    assert auctions > 100


def test_cached_counters_make_up_the_amount_largest_first(game: Game) -> None:
    # the money peaks count the counters each seat's cash needs, largest value first
    from pnp.games.bidness.ledger import counters

    values = engine.catalog(game).denominations
    for amount in range(0, 400, 5):
        split = counters(amount, values)
        assert sum(k * v for k, v in zip(split, values, strict=True)) == amount
        for i in range(1, len(values)):  # no smaller counters that a larger would replace
            assert sum(k * w for k, w in zip(split[i:], values[i:], strict=True)) < values[i - 1]
        assert counters(amount, values) is split  # cached: the same tuple


def test_shared_moves_are_the_actions_they_name() -> None:
    from pnp.games.bidness.state import move

    assert move("sue", 4, 2, 30) == Action("sue", card=4, target=2, amount=30)
    assert move("sue", 4, 2, 30) is move("sue", 4, 2, 30)
    assert move("pass") == Action("pass")
