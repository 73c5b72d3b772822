"""Small Print's fast paths give exactly what the plain rules give: the holdings kept for
the views, and the heuristic's gains worked out once per business from kind counts, are
checked against a straightforward recomputation (``settle`` on the real seats) through
random games and random piles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.smallprint import config_for, new_state
from pnp.games.smallprint.actions import PASS
from pnp.games.smallprint.bots import CONTRACT_COST, _gains, _honest, _rises
from pnp.games.smallprint.config import KINDS, SHARE, Business
from pnp.games.smallprint.payout import settle
from pnp.games.smallprint.rules import State
from pnp.spec.load import load_game

GAME = load_game("smallprint")


def plain_holding(state: State) -> tuple[tuple[int, ...], ...]:
    """What each seat held as the round started: its hand plus what it placed since."""
    start = [h[:] for h in state.hands]
    for pile in state.under:
        for p in pile:
            start[p.seat][p.kind] += 1
    return tuple(map(tuple, start))


def believed(state: State, seat: int, business: int) -> list[tuple[int, int]]:
    """The cards under a business as the heuristic reads them, on their real seats in
    the order played: its own for what they are, the others' by their markers (no
    marker: a Share), unless that seat has no such contract left to play."""
    view = state.view(seat)
    out = []
    for c in view.under[business]:
        if c.kind is not None:
            out.append((c.seat, c.kind))
        else:
            claim = c.marker if c.marker and view.holding[c.seat][c.marker] else SHARE
            out.append((c.seat, claim))
    return out


def plain_gain(state: State, seat: int, business: int, kind: int) -> float:
    """The heuristic's gain spelled out: pay after placing less pay before (both by
    ``settle`` on the cards as the bot reads them), less the card's worth for later."""
    cfg = state.config
    card = cfg.businesses[state.row[business]]
    cards = believed(state, seat, business)
    before = settle(card, cards, cfg.cap).paid.get(seat, 0)
    after = settle(card, [*cards, (seat, kind)], cfg.cap).paid.get(seat, 0)
    rounds = cfg.rounds[state.n]
    return after - before - CONTRACT_COST[kind] * ((rounds - state.round - 1) / rounds)


@settings(max_examples=300)
@given(
    st.sampled_from(config_for(GAME).businesses),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=7),
    st.integers(0, 3),
)
def test_pay_rises_by_kind_counts_match_settle_on_real_seats_and_order(
    card: Business, cards: list[tuple[int, int]], me: int
) -> None:
    """The bots' table keyed by kind counts gives what ``settle`` gives on the real seats
    in the real order: a card is paid by its kind and the kinds beside it alone."""
    cap = config_for(GAME).cap
    every = tuple(sum(1 for _, k in cards if k == kind) for kind in range(len(KINDS)))
    mine = tuple(sum(1 for s, k in cards if s == me and k == kind) for kind in range(len(KINDS)))
    before = settle(card, cards, cap).paid.get(me, 0)
    plain = [settle(card, [*cards, (me, k)], cap).paid.get(me, 0) - before for k in range(4)]
    assert list(_rises(card, cap, every, mine)) == plain


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_holdings_and_gains_match_the_plain_sums_through_random_games(players: int) -> None:
    checked = 0
    for seed in range(10):
        state = new_state(GAME, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            assert state.view(seat).holding == plain_holding(state)
            gains = _gains(state.view(seat))
            for business in range(len(state.row)):
                for kind in range(len(KINDS)):
                    assert gains[business][kind] == plain_gain(state, seat, business, kind)
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        assert state.view(0).holding == plain_holding(state)  # after the last reveal too
    assert checked > 500


def test_honest_placements_are_the_bare_shares_and_contracts_under_their_own_marker() -> None:
    state = new_state(GAME, 3, 5)
    legal, row = state.legal_actions(), len(state.row)
    honest = _honest(legal)
    plain = [(a, a.args[1], a.args[0]) for a in legal if a != PASS and a.args[2] == a.args[0]]
    assert list(honest) == plain and len(plain) == 4 * row  # each kind under each business
    assert all(kind != SHARE or a.args[2] == 0 for a, _, kind in honest)
