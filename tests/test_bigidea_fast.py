"""The Big Idea's fast paths give the answers of the plain rules they stand for.

The engine keeps a few running counts and precomputed tables so simulations run fast;
each test here plays or enumerates and compares the shortcut with a recount from scratch.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pnp.games.bigidea as engine
from pnp.games.bank import make_change
from pnp.games.bigidea.bots import _HELD, _SHARES_GAIN, _shares_gain
from pnp.games.bigidea.rules import State
from pnp.games.bigidea.state import PITCH, StateData, masks, pickers, split
from pnp.games.bigidea.view import laid_backs, product_view
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def game() -> Game:
    return load_game("bigidea")


def held(state: State) -> list[int]:
    """The engine's own count: every seat's counters, through its bank's packed change."""
    bank = state._bank
    return bank.counts(sum(bank.change[cash] for cash in state.cash))


def recount(state: State) -> list[int]:
    """Money counters all seats hold, counted again from their cash (greedy change)."""
    total = [0] * len(state.config.denominations)
    for cash in state.cash:
        counts, rest = make_change(cash, state.config.denominations)
        assert rest == 0  # tables.money has $1 counters
        for i, k in enumerate(counts):
            total[i] += k
    return total


class Checked(State):
    """A State that recounts the money at every point the engine records its peak, and
    keeps its own peak from those recounts."""

    __slots__ = ("recounted_peak",)

    def _track_money(self) -> None:
        super()._track_money()
        now = recount(self)
        assert held(self) == now
        if not hasattr(self, "recounted_peak"):
            self.recounted_peak = [0] * len(now)
        self.recounted_peak = [max(p, k) for p, k in zip(self.recounted_peak, now, strict=True)]
        assert self.peaks.money == self.recounted_peak


@pytest.mark.parametrize("hand", range(8))
def test_split_picks_the_cards_of_each_bit(hand: int) -> None:
    # rules.py: bit i of a Seed or Discard mask = hand card i
    for mask in masks(hand, 0):
        take, keep = split(hand, mask)
        assert take == tuple(i for i in range(hand) if mask >> i & 1)
        assert keep == tuple(i for i in range(hand) if not mask >> i & 1)
    assert list(masks(hand, 1)) == list(range(1, 1 << hand))


@pytest.mark.parametrize("hand", range(8))
def test_pickers_read_the_cards_at_the_split_positions(hand: int) -> None:
    cards = [100 + 7 * i for i in range(hand)]
    for mask in masks(hand, 0):
        take, keep = pickers(hand, mask)
        taken, left = split(hand, mask)
        assert take(cards) == tuple(cards[i] for i in taken)
        assert keep(cards) == tuple(cards[i] for i in left)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_running_money_count_equals_a_recount(game: Game, players: int, seed: int) -> None:
    state = Checked(engine.config_for(game), players, seed, transcript=False)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    assert held(state) == recount(state)
    # the peak is at least what the players hold at the end
    assert all(p >= k for p, k in zip(state.peaks.money, recount(state), strict=True))
    assert state.peaks.money == state.recounted_peak


def test_cash_set_from_outside_is_counted_again(game: Game) -> None:
    state = Checked(engine.config_for(game), 3, 1)
    state.cash = [27, 3, 0]  # the test helpers of test_bigidea_engine set cash this way
    state._track_money()
    # game.yaml money: $10, $5, $1; 27 = 2 × 10 + 5 + 2 × 1, and 3 = 3 × 1
    assert state.config.denominations == (10, 5, 1)
    assert held(state) == recount(state) == [2, 1, 5]


def _mid_game(game: Game, players: int, seed: int, steps: int) -> State:
    state = engine.new_state(game, players, seed, record=True)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    return state


@pytest.mark.parametrize("players, seed", [(3, 1), (6, 2)])
def test_a_clone_sets_every_slot_and_shares_no_list(game: Game, players: int, seed: int) -> None:
    # StateData.clone names each slot instead of looping over them: none may be missed,
    # and none of the lists (nor a product, nor the die) may be the original's own
    state = _mid_game(game, players, seed, 40)
    copy = state.clone()
    for name in StateData.__slots__:
        mine, theirs = getattr(state, name), getattr(copy, name)
        if name == "rng":
            assert theirs is not mine and theirs.getstate() == mine.getstate()
        elif name == "_dice":  # each game's own generator, at the same state
            assert theirs[0] is copy.rng and mine[0] is state.rng and theirs[1] == mine[1]
        elif name == "table":
            assert [vars_of(p) for p in theirs] == [vars_of(p) for p in mine]
            assert not {id(p) for p in theirs} & {id(p) for p in mine}
        elif name in ("peaks", "playlog"):
            assert theirs is not mine
        else:
            assert theirs == mine, name
            if isinstance(mine, list) and name != "_fresh":  # _fresh: replaced, never changed
                assert theirs is not mine, name
                assert all(
                    a is not b for a, b in zip(theirs, mine, strict=True) if isinstance(a, list)
                )
    assert copy.peaks.money == state.peaks.money and copy.rules_used() == state.rules_used()


def vars_of(product: object) -> tuple[object, ...]:
    return tuple(getattr(product, name) for name in type(product).__slots__)


def test_a_sampled_game_keeps_no_money_peaks(game: Game) -> None:
    # cards._track_money: only the real game (it has a playlog) records the counters held;
    # a search's sampled games skip the count, and their play is the same either way
    state = _mid_game(game, 4, 5, 30)
    sample = engine.determinize(state.view(state.current_player()), random.Random(5))
    assert sample.playlog is None and sample.peaks.money == [0, 0, 0]
    assert state.peaks.money != [0, 0, 0]


@settings(max_examples=10, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32))
def test_what_views_keep_follows_every_move(game: Game, players: int, seed: int) -> None:
    # The engine keeps parts of the views between moves and updates them as the table
    # changes (rules._place: one product's entry; cards._hand_changed: one hand's card
    # backs; the discard piles until a card is discarded): every view must still show
    # what a fresh look at the table would, in real games and in sampled ones
    state = engine.new_state(game, players, seed, transcript=False)
    rng = random.Random(seed)
    deck_of = state.config.card_deck
    while not state.is_terminal():
        for table in (state, engine.determinize(state.view(state.current_player()), rng)):
            view = table.view(table.current_player())
            fresh = [product_view(i, p, table.round) for i, p in enumerate(table.table)]
            assert list(view.products) == fresh
            assert view.decks_held == tuple(tuple(deck_of[c] for c in h) for h in table.hands)
            assert view.discards == tuple(map(tuple, table.discards))
            sizes, backs = laid_backs(table)  # worked out afresh: cards._lay keeps them
            if table.phase <= PITCH:
                assert (view.played_sizes, view.decks_pending) == (sizes, backs)
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])


def test_a_clone_draws_what_the_original_draws_after_it_rolled(game: Game) -> None:
    # StateData.clone reads the die's state once and keeps it (_dice) until the rules draw:
    # a clone made after the original rolled or drew must follow it, not the kept state
    state = engine.new_state(game, 3, 4)
    rng = random.Random(4)
    for _ in range(120):
        before = state.clone()
        assert before.rng.getstate() == state.rng.getstate()
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
        again = state.clone()
        assert again.rng.getstate() == state.rng.getstate()
        assert before.clone().rng.getstate() == before.rng.getstate()
    assert state.is_terminal()  # the loop went through whole rounds: rolls and draws


def test_a_sampled_game_makes_its_die_when_it_first_draws(game: Game) -> None:
    # view.deal keeps the seed it drew for the sampled game's die (StateData._dice) and
    # makes the die only when the rules draw or the game is cloned: the die is the one
    # random.Random(seed) would have made at once, and a sample that never plays has none
    state = _mid_game(game, 3, 6, 20)
    view = state.view(state.current_player())
    sample = engine.determinize(view, random.Random(8))
    seed = random.Random(8).getrandbits(64)  # deal's first draw
    assert sample.rng is None and sample._dice == (None, seed)
    assert sample.clone().rng.getstate() == random.Random(seed).getstate()
    assert sample.rng is None  # cloning made the copy's die, not the sample's
    while not sample.is_terminal():
        sample.apply(sample.legal_actions()[0])
    assert isinstance(sample.rng, random.Random)  # the Offering rolled it


def test_dealing_again_from_one_view_deals_what_a_copy_of_it_deals(game: Game) -> None:
    # view.unseen keeps what deal reads off the view it last dealt from, by identity:
    # dealing twice from it, or from an equal view that is another object, is the same
    state = _mid_game(game, 4, 7, 33)
    view = state.view(state.current_player())
    twin = type(view)(*view)
    assert twin == view and twin is not view
    first, again = (engine.determinize(view, random.Random(2)) for _ in range(2))
    other = engine.determinize(twin, random.Random(2))
    for name in ("hands", "draw", "pending", "discards", "cash", "free", "venture"):
        assert getattr(first, name) == getattr(again, name) == getattr(other, name), name
    assert [vars_of(p) for p in first.table] == [vars_of(p) for p in other.table]
    assert not {id(p) for p in first.table} & {id(p) for p in again.table}
    assert first.draw[0] is not again.draw[0]


def test_the_share_gain_table_holds_the_sums_worked_out_in_place() -> None:
    # bots._SHARES_GAIN stands for bots._shares_gain at every candidate of every playout:
    # equal bit for bit wherever it reaches, and the heuristic falls back beyond it
    assert len(_SHARES_GAIN) == _HELD and {len(row) for row in _SHARES_GAIN} == {_HELD}
    for stack, row in enumerate(_SHARES_GAIN):
        assert list(row) == [_shares_gain(stack, mine) for mine in range(_HELD)]
    # economy.share_ev: a stack of 6 or more always pays $3.50 a share, so a chip more
    # adds exactly 3.5 to any holding there, table or not
    assert _SHARES_GAIN[9][2] == _shares_gain(9, 2) == _shares_gain(_HELD + 5, 2) == 3.5
