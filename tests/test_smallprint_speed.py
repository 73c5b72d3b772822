"""Small Print's fast paths give exactly what the plain rules give: the holdings kept for
the views and the heuristic's gains worked out once per business are checked against a
straightforward recomputation through random games."""

from __future__ import annotations

import random

import pytest

from pnp.games.smallprint import new_state
from pnp.games.smallprint.actions import PASS, decode
from pnp.games.smallprint.bots import CONTRACT_COST, _believed, _gains, _honest
from pnp.games.smallprint.config import KINDS, SHARE
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


def plain_gain(state: State, seat: int, business: int, kind: int) -> float:
    """The heuristic's gain spelled out: pay after placing less pay before (both by
    ``settle`` on the cards as the bot reads them), less the card's worth for later."""
    view = state.view(seat)
    cfg = state.cfg
    card = cfg.businesses[view.row[business]]
    cards = _believed(view, business)
    before = settle(card, cards, cfg.cap).paid.get(seat, 0)
    after = settle(card, [*cards, (seat, kind)], cfg.cap).paid.get(seat, 0)
    rounds = cfg.rounds[state.n]
    return after - before - CONTRACT_COST[kind] * ((rounds - view.round - 1) / rounds)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_holdings_and_gains_match_the_plain_sums_through_random_games(players: int) -> None:
    checked = 0
    for seed in range(10):
        state = new_state(GAME, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            assert state.view(seat).holding == plain_holding(state)
            gain = _gains(state.view(seat))
            for business in range(len(state.row)):
                for kind in range(len(KINDS)):
                    assert gain(business, kind) == plain_gain(state, seat, business, kind)
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        assert state.view(0).holding == plain_holding(state)  # after the last reveal too
    assert checked > 500


def test_honest_placements_are_the_bare_shares_and_contracts_under_their_own_marker() -> None:
    state = new_state(GAME, 3, 5)
    legal, row = state.legal_actions(), len(state.row)
    honest = _honest(legal, row)
    plain = [
        (a, decode(a, row).business, decode(a, row).kind)
        for a in legal
        if a != PASS and decode(a, row).marker == decode(a, row).kind
    ]
    assert list(honest) == plain and len(plain) == 4 * row  # each kind under each business
    assert all(kind != SHARE or decode(a, row).marker == 0 for a, _, kind in honest)
