"""Bidness's fast paths read exactly like the plain structures they replace.

The engine keeps some things precomputed or cached for speed (bid lists cut from shared
runs, kept counter splits, kept card moves); each test here checks the fast structure
against the plain one, most of them over seeded random games, step by step.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pnp.games.bidness as engine
from pnp.games import sees
from pnp.games.bidness.actions import priced
from pnp.games.bidness.auction import DROP, bid_range, bidder
from pnp.games.bidness.lawsuit import ACCEPT, TRIAL
from pnp.games.bidness.rules import State
from pnp.games.bidness.state import AUCTION, PHASE_NAMES
from pnp.games.kit import Action
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("bidness")


def as_tuple(fixed: tuple[Action, ...], verb: str, amounts: range) -> tuple[Action, ...]:
    return (*fixed, *(Action(verb, (a,)) for a in amounts))


@pytest.mark.parametrize(
    "amounts",
    [range(5, 5), range(5, 10, 5), range(20, 185, 5), range(7, 400, 5), range(0, 30, 10)],
)
@pytest.mark.parametrize(
    ("fixed", "verb"), [((DROP,), "bid"), ((TRIAL,), "offer"), ((ACCEPT, TRIAL), "offer")]
)
def test_priced_moves_are_the_tuple_of_actions(
    fixed: tuple[Action, ...], verb: str, amounts: range
) -> None:
    assert priced(fixed, verb, amounts) == as_tuple(fixed, verb, amounts)
    assert type(priced(fixed, verb, amounts)) is tuple


def test_priced_moves_grow_their_run_and_stay_right() -> None:
    # a short list first, then a longer one from the same run, then a short one again
    for amounts in (range(10, 30, 10), range(10, 4000, 10), range(30, 50, 10), range(-10, 30, 10)):
        assert priced((TRIAL,), "offer", amounts) == as_tuple((TRIAL,), "offer", amounts)


def test_bids_hold_no_other_action() -> None:
    bids = priced((DROP,), "bid", range(20, 65, 5))
    assert Action("bid", (20,)) in bids and Action("bid", (60,)) in bids
    assert Action("bid", (15,)) not in bids  # below the opening bid
    assert Action("bid", (65,)) not in bids  # past the debt limit
    assert Action("bid", (22,)) not in bids  # not a $5 step
    assert Action("bid", (3, 20)) not in bids
    assert Action("offer", (20,)) not in bids
    assert Action("pass") not in bids and "drop" not in bids


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
    from pnp.games.bank import bank_for
    from pnp.games.bidness.state import COUNTER_BITS

    values = engine.config_for(game).denominations
    bank = bank_for(values, COUNTER_BITS)
    for amount in range(0, 400, 5):
        split = bank.split(amount)
        assert sum(k * v for k, v in zip(split, values, strict=True)) == amount
        for i in range(1, len(values)):  # no smaller counters that a larger would replace
            assert sum(k * w for k, w in zip(split[i:], values[i:], strict=True)) < values[i - 1]
        assert bank.counts(bank.change[amount]) == split  # the packed split the peaks add
        assert amount in bank.change  # kept for the next time


def test_shared_moves_are_the_actions_they_name() -> None:
    from pnp.games.bidness.actions import move

    assert move("sue", 4, 2, 30) == Action("sue", (4, 2, 30))
    assert move("sue", 4, 2, 30) is move("sue", 4, 2, 30)
    assert move("pass") == Action("pass")


def test_negligence_runs_are_the_suits_for_each_amount() -> None:
    from pnp.games.bidness.actions import run

    for count in (0, 1, 7, 60, 3):
        assert run("sue", 4, 2, 10, count) == tuple(
            Action("sue", (4, 2, a)) for a in range(10, 10 * count + 1, 10)
        )


def plain_play_actions(state: State, seat: int) -> tuple[Action, ...]:
    """Card Play moves made the plain way, straight from the rules (the reference)."""
    from pnp.games.bidness.config import (
        BONUS,
        HEADHUNTING,
        INTERN,
        LIBEL,
        MARKETER,
        NEGLIGENCE,
        PAYBACK,
    )
    from pnp.games.bidness.hand import AUCTIONED

    config, t = state.config, state.config.t
    if len(state.hands[seat]) <= t.must_pass_at:
        return (Action("pass"),)
    out, seen = [Action("pass")], set()
    others = [s for s in range(state.n) if s != seat]
    for card in state.hands[seat]:
        if config.card_ids[card] in seen:
            continue
        seen.add(config.card_ids[card])
        out.append(Action("sell", (card,)))
        kind = config.kind[card]
        if kind in AUCTIONED:
            out.append(Action("auction", (card,)))
        elif kind == PAYBACK:
            for ious, cost in ((1, t.payback_one_cost), (2, t.payback_two_cost)):
                if state.ious[seat] >= ious and state.cash[seat] >= cost:
                    out.append(Action("payback", (card, ious)))
        elif state.means(seat) < config.cost[card]:
            continue
        elif kind == INTERN or (kind == BONUS and config.units[card] >= 0):
            out.append(Action("play", (card, seat)))
        elif kind == BONUS:
            out += [Action("play", (card, s)) for s in others]
        elif state.round == 1:
            continue
        elif kind == HEADHUNTING:
            out += [
                Action("hire", (card, s, r))
                for s in others
                for r in range(3)
                if state.count_role(s, r)
            ]
        elif config.suit[card] == NEGLIGENCE:
            step = t.negligence_step
            for s in others:
                top = min(state.cash[s], state.means(seat))
                out += [Action("sue", (card, s, a)) for a in range(step, top + 1, step)]
        elif config.suit[card] == LIBEL:
            out += [Action("sue", (card, s, 0)) for s in others if state.count_role(s, MARKETER)]
        else:
            out += [Action("sue", (card, s, 0)) for s in others if state.tech[s] > 0]
    return tuple(out)


@pytest.mark.parametrize("players", [3, 6])
def test_card_play_moves_are_the_plain_ones(game: Game, players: int) -> None:
    from pnp.games.bidness.hand import play_actions
    from pnp.games.bidness.state import PLAY

    checked = set()
    for state in random_states(game, 6, players):
        if state.phase == PLAY:
            fast = play_actions(state, state.to_move)
            assert fast == plain_play_actions(state, state.to_move)
            checked.update(a.verb for a in fast)
    assert checked >= {"pass", "sell", "auction", "play", "payback", "sue", "hire"}


def test_marketing_and_awards_are_recounted_from_the_workplaces(game: Game) -> None:
    from pnp.games.bidness import ledger
    from pnp.games.bidness.config import MARKETER
    from pnp.games.bidness.ledger import update_awards

    for state in random_states(game, 3):
        units = state.config.units
        plain = [
            state.count_role(s, MARKETER) + sum(units[c] for c in state.bonuses[s])
            for s in range(state.n)
        ]
        assert [state.marketing(s) for s in range(state.n)] == plain
        assert ledger.marketing(state) == plain
        leaders = state.market_leader, state.tech_leader
        update_awards(state)  # the awards the engine holds are those a recount gives
        assert (state.market_leader, state.tech_leader) == leaders


def test_peaks_are_those_of_tracking_everything_at_every_payment(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    # payments track only money and IOUs: tech changes are tracked where they happen;
    # the peaks are packed, raised all at once (see pnp/games/bank.py)
    from pnp.games.bank import make_change, pack, unpack
    from pnp.games.bidness import ledger
    from pnp.games.bidness.state import COUNTER_BITS

    def run_games() -> list[dict[str, dict[str, int]]]:
        return [s.usage() for s in random_states(game, 5)[-1:]] + [
            _finished(game, seed).usage() for seed in range(8)
        ]

    def track_all(table: State) -> None:  # the plain way: every counter, every time
        peaks, config = table.peaks, table.config
        for amounts, values, kept in (
            (table.cash, config.denominations, "money_packed"),
            (table.tech, config.tech_values, "tech_packed"),
        ):
            now = [sum(k) for k in zip(*(make_change(a, values)[0] for a in amounts), strict=True)]
            was = unpack(getattr(peaks, kept), len(values), COUNTER_BITS)
            peak = [max(p, n) for p, n in zip(was, now, strict=True)]
            setattr(peaks, kept, pack(peak, COUNTER_BITS))
        peaks.ious = max(peaks.ious, sum(table.ious))

    fast = run_games()
    monkeypatch.setattr(ledger, "track_money", track_all)
    assert run_games() == fast


def _finished(game: Game, seed: int) -> State:
    state = engine.new_state(game, 6, seed, transcript=False)
    rng, bot = random.Random(seed), engine.BOTS["random"]
    while not state.is_terminal():
        state.apply(bot(None, state.legal_actions(), rng))
    return state


@given(
    st.lists(st.integers(0, 5000), min_size=1, max_size=6),
    st.lists(st.integers(0, 5000), min_size=1, max_size=6),
)
def test_packed_peaks_are_the_largest_counts_of_each_value(
    earlier: list[int], later: list[int]
) -> None:
    from pnp.games.bank import bank_for, make_change
    from pnp.games.bidness.state import COUNTER_BITS

    values = (100, 50, 25, 10, 5)
    bank = bank_for(values, COUNTER_BITS)

    def in_use(amounts: list[int]) -> list[int]:
        return [sum(k) for k in zip(*(make_change(a, values)[0] for a in amounts), strict=True)]

    peak = bank.raise_peak(0, earlier)
    assert bank.counts(peak) == in_use(earlier)
    peak = bank.raise_peak(peak, later)
    assert bank.counts(peak) == [
        max(a, b) for a, b in zip(in_use(earlier), in_use(later), strict=True)
    ]
