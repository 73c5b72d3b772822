"""Each phase's choices for one seat, as functions of the state (table :data:`LEGAL`).

:mod:`.rules` asks for a seat's choices once per decision; a seat with a single choice
(or none) is not asked.  Asking counts a turn lost with every chip tied up, so each
seat's choices are asked for once per phase.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.games.bigidea.actions import PITCHES, THROW_ONLY, discards, offers, seeds
from pnp.games.bigidea.state import StateData
from pnp.games.kit import Action


def seed_choices(state: StateData, seat: int) -> tuple[Action, ...]:
    return seeds(len(state.hands[seat]))


def pitch_choices(state: StateData, seat: int) -> tuple[Action, ...]:
    if state.pending[seat] is None:
        return ()
    if state.free[seat]:
        return PITCHES
    # decision all-chips-tied
    state.peaks.stuck += 1
    return THROW_ONLY


def venture_choices(state: StateData, seat: int) -> tuple[Action, ...]:
    if not state.free[seat]:
        state.peaks.stuck += 1
        return ()
    fresh = state._fresh
    if fresh is None:  # the table stays as it is for the whole Venture phase
        rnd = state.round
        fresh = state._fresh = [(i, p.owner) for i, p in enumerate(state.table) if p.born == rnd]
    picks = tuple([i for i, owner in fresh if owner != seat])
    return offers("venture", picks) if picks else ()


def mezzanine_choices(state: StateData, seat: int) -> tuple[Action, ...]:
    if not state.free[seat]:
        state.peaks.stuck += 1
        return ()
    # decision mezzanine-payment
    price = state.config.share_price
    budget = state.cash[seat] // price if price else 1 << 30
    picks = tuple([i for i, p in enumerate(state.table) if p.players - p.shares[seat] <= budget])
    return offers("buy", picks) if picks else ()


def discard_choices(state: StateData, seat: int) -> tuple[Action, ...]:
    return discards(len(state.hands[seat]))


def no_choices(state: StateData, seat: int) -> tuple[Action, ...]:
    return ()


LEGAL: tuple[Callable[[StateData, int], tuple[Action, ...]], ...] = (
    seed_choices,
    pitch_choices,
    venture_choices,
    mezzanine_choices,
    discard_choices,
    no_choices,
)
"""Each phase's choices for a seat, by phase (SEED .. OVER)."""
