"""•Boom's fast paths give exactly what the plain rules give: lazy action lists, caches
and running counts are checked against a straightforward recomputation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games import boom
from pnp.games.boom.actions import (
    CLOSE,
    INVITE,
    INVITE_PHASE,
    TERMS,
    TERMS_PHASE,
    act,
    terms_actions,
    terms_allowed,
    terms_at_prices,
)
from pnp.games.boom.company import burn_rate, matching_entrepreneurs
from pnp.games.boom.rules import State
from pnp.games.chance import shuffle
from pnp.games.kit import Action
from pnp.spec.load import load_game


def plain_terms(low: int, cash: int, most: int) -> list[Action]:
    """The lead's terms spelled out: every whole price from ``low`` up, 1..``most`` shares,
    that the lead can pay (boom.txt: at least the minimum price, no upper limit)."""
    return [
        act(TERMS, price, shares)
        for price in range(low, cash + 1)
        for shares in range(1, most + 1)
        if price * shares <= cash
    ]


@given(st.integers(1, 12), st.integers(0, 400), st.integers(1, 4))
def test_terms_are_every_affordable_price_and_share_count_in_order(
    low: int, cash: int, most: int
) -> None:
    terms, plain = terms_actions(low, cash, most), plain_terms(low, cash, most)
    assert list(terms) == plain
    assert all(a is b for a, b in zip(terms, plain, strict=True))  # the same objects
    assert all(terms_allowed(action, low, cash, most) for action in plain)
    for outside in (act(TERMS, low - 1, 1), act(TERMS, cash + 1, 1), act(TERMS, low, most + 1)):
        assert outside not in terms and not terms_allowed(outside, low, cash, most)
    assert not terms_allowed(act(CLOSE), low, cash, most)


@given(
    st.integers(1, 12),
    st.integers(0, 400),
    st.integers(1, 4),
    st.lists(st.integers(1, 60), max_size=8).map(tuple),
)
def test_terms_at_menu_prices_are_the_terms_filtered_in_order(
    low: int, cash: int, most: int, menu: tuple[int, ...]
) -> None:
    filtered = [a for a in plain_terms(low, cash, most) if a.args[0] in menu]
    assert list(terms_at_prices(low, cash, most, menu)) == filtered
    assert terms_at_prices(low, cash, most, menu) is terms_at_prices(low, cash, most, menu)


def test_terms_of_a_purse_larger_than_any_before_grow_the_table() -> None:
    low, cash = 5, 100_003  # far past the prices made so far
    terms = terms_actions(low, cash, 2)
    assert terms[-1] == act(TERMS, cash, 1) and terms[-1] is act(TERMS, cash, 1)
    assert len(terms) == len(plain_terms(low, cash, 2))


def plain_invitations(state: State) -> list[tuple[int, ...]]:
    """Every seat not asked yet, then closing once enough shares sold and every current
    investor was asked (boom.txt: the lead must offer a share to each current investor)."""
    asked = state.fr_asked
    invites = [act(INVITE, s) for s in range(state.players) if not asked >> s & 1]
    must_ask_all = all(asked >> s & 1 for s in range(state.players) if state.fr_must >> s & 1)
    closable = state.fr_sold >= state.config.close_min_shares and must_ask_all
    return invites + [act(CLOSE)] if closable else invites


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cached_invitations_and_lazy_terms_match_the_rules_through_random_games(
    players: int,
) -> None:
    game = load_game("boom")
    seen = set()
    for seed in range(15):
        state = boom.new_state(game, players, seed, transcript=False)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.phase == INVITE_PHASE:
                assert list(legal) == plain_invitations(state)
                seen.add(INVITE_PHASE)
            elif state.phase == TERMS_PHASE:
                config = state.config
                cash = state.money[state.actor]
                assert list(legal) == plain_terms(config.min_price, cash, config.lead_max_shares)
                seen.add(TERMS_PHASE)
            state.apply(legal[int(rng.random() * len(legal))])
    assert seen == {INVITE_PHASE, TERMS_PHASE}


@pytest.mark.parametrize("players", [2, 5])
def test_kept_matching_and_burn_of_each_company_match_its_cards_through_random_games(
    players: int,
) -> None:
    """A company record keeps its matching Entrepreneurs and printed burn as its cards
    change (attach, remove, move): both agree with counting the cards again, at every
    step of random games, and so does the burn a seat's view reports."""
    game = load_game("boom")
    checked = 0
    for seed in range(12):
        state = boom.new_state(game, players, seed, transcript=False)
        rng = random.Random(seed)
        while not state.is_terminal():
            config, view = state.config, state.view(0)
            for co in state.companies.values():
                assert co.matching == matching_entrepreneurs(config, co.plan, co.cards)
                burn = burn_rate(config, co.plan, co.cards, state.ipo_limit)
                assert co.burn(config, state.ipo_limit) == burn
                assert view.burn(co) == (burn if co.total else 0)
                checked += bool(co.cards)
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 100


@given(st.integers(0, 2**64), st.integers(0, 300))
def test_fast_shuffle_draws_like_random_shuffle(seed: int, size: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    fast, plain = list(range(size)), list(range(size))
    shuffle(mine, fast)
    theirs.shuffle(plain)
    assert fast == plain and mine.getstate() == theirs.getstate()


def test_fast_shuffle_lets_a_subclass_of_random_shuffle_its_own_way() -> None:
    class Fixed(random.Random):
        def random(self) -> float:  # Random then draws below n with random(), not bits
            return 0.5

    fast, plain = list(range(10)), list(range(10))
    shuffle(Fixed(1), fast)
    Fixed(1).shuffle(plain)
    assert fast == plain


def test_kept_mean_raise_is_the_mean_over_the_die_for_every_base() -> None:
    """The bots' kept means equal the sum over a six-sided die of the IPO table's money,
    divided by six, bit for bit, far below the table's first row and past its top row."""
    config = boom.config_for(load_game("boom"))
    for base in range(-12, 30):
        assert config.mean_raised(base) == sum(config.raised(base + die) for die in range(1, 7)) / 6
