"""Each phase's choices for one seat, as functions of the state (table :data:`LEGAL`).

:mod:`.rules` asks for a seat's choices once per decision; a seat with a single choice
(or none) is not asked.  Asking counts a turn lost with every chip tied up, so each
seat's choices are asked for once per phase.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.games.bigidea.state import INVEST, PASS, THROW, StateData

_THROW_OR_INVEST = (THROW, INVEST)
_THROW_ONLY = (THROW,)


def seed_choices(state: StateData, seat: int) -> Sequence[int]:
    # decision product-cards
    return range(1, 1 << len(state.hands[seat]))  # state.masks(hand, 1), inlined


def pitch_choices(state: StateData, seat: int) -> Sequence[int]:
    if state.pending[seat] is None:
        return ()
    if state.free[seat]:
        return _THROW_OR_INVEST
    # decision all-chips-tied
    state.peaks.stuck += 1
    return _THROW_ONLY


def venture_choices(state: StateData, seat: int) -> Sequence[int]:
    if not state.free[seat]:
        state.peaks.stuck += 1
        return ()
    fresh = state._fresh
    if fresh is None:  # the table stays as it is for the whole Venture phase
        rnd = state.round
        fresh = state._fresh = [(i, p.owner) for i, p in enumerate(state.table) if p.born == rnd]
    picks = [i for i, owner in fresh if owner != seat]
    return (PASS, *picks) if picks else ()


def mezzanine_choices(state: StateData, seat: int) -> Sequence[int]:
    if not state.free[seat]:
        state.peaks.stuck += 1
        return ()
    # decision mezzanine-payment
    price = state.cfg.share_price
    budget = state.cash[seat] // price if price else 1 << 30
    picks = [i for i, p in enumerate(state.table) if p.players - p.shares[seat] <= budget]
    return (PASS, *picks) if picks else ()


def discard_choices(state: StateData, seat: int) -> Sequence[int]:
    return range(1 << len(state.hands[seat]))  # state.masks(hand, 0)


def no_choices(state: StateData, seat: int) -> Sequence[int]:
    return ()


LEGAL: tuple[Callable[[StateData, int], Sequence[int]], ...] = (
    seed_choices,
    pitch_choices,
    venture_choices,
    mezzanine_choices,
    discard_choices,
    no_choices,
)
"""Each phase's choices for a seat, by phase (SEED .. OVER)."""
