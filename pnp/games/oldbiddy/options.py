"""What a seat may do now, as tuples of the actions built once (:mod:`.actions`), in a
fixed order (see :mod:`.rules` for when each list applies)."""

from __future__ import annotations

from functools import lru_cache

from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.actions import FAKE, PASS, SEAL, Action, ActionTable
from pnp.games.oldbiddy.config import GIFT_GEM, MOVE_GEM, SHOW_GEM, SWAP_ZERO
from pnp.games.oldbiddy.state import StateData

Legal = tuple[Action, ...]


def without(legal: Legal, action: Action) -> Legal:
    """``legal`` less ``action`` (listed once): the next options of a seat that goes on
    bidding."""
    i = legal.index(action)
    return legal[:i] + legal[i + 1 :]


def bid_options(state: StateData, seat: int) -> Legal:
    """Phase 1: one more gem of a colour still held, a fake gem (up to the bid's limit),
    or seal the bid."""
    gems, held = state.bid_gems[seat], state.behind[seat]
    adds = state.config.actions.add
    out = [adds[c] for c in range(len(gems)) if held[c] > gems[c]]
    if state.fakes[seat] > state.bid_fakes[seat] < state.config.fake_gems_per_bid:
        out.append(FAKE)
    out.append(SEAL)
    return tuple(out)


def choice_options(state: StateData) -> Legal:
    """Phase 2: a character nobody took yet; the last seat instead one gem in supply."""
    table = state.config.actions
    if state.turn < state.n - 1:
        takes = table.take
        return tuple([takes[i] for i, who in enumerate(state.owner) if who < 0])
    picks = table.gem
    return tuple([picks[c] for c, left in enumerate(state.supply) if left])


def gift_options(state: StateData, seat: int) -> Legal:
    """The Princess's gift: any other seat, any colour left in the supply."""
    left = tuple([left > 0 for left in state.supply])
    return _gifts(state.config.actions, state.n, seat, left)


@lru_cache(maxsize=4096)
def _gifts(table: ActionTable, players: int, seat: int, left: tuple[bool, ...]) -> Legal:
    return tuple(
        table.give[other][c]
        for other in range(players)
        if other != seat
        for c, has in enumerate(left)
        if has
    )


def boss_options(state: StateData, seat: int) -> tuple[Legal, int]:
    """The Boss's legal moves then ``PASS``, and how many more moves ``seat`` could pay
    for that the end rule forbids (a measure).

    Each colour, each distance, up then down: paid in the moved colour with the fewest
    gems that reach the cost (:func:`market.payment`), and the moved gem must stay on
    the track (spaces 1 to ``config.spaces``).
    """
    config, held, positions = state.config, state.behind[seat], state.positions
    worth, last, moves = market.values(config, positions), config.spaces, config.actions.move
    legal: list[Action] = []
    ruled_out = 0
    for c in range(len(config.colors)):
        for (spaces, cost), both in zip(config.boss_moves, moves[c], strict=True):
            if held[c] >= market.payment(cost, worth[c]):  # decision boss-payment
                for delta, move in zip((spaces, -spaces), both, strict=True):
                    if 1 <= positions[c] + delta <= last:  # decision board-ends
                        legal.append(move)
                    else:
                        ruled_out += 1
    legal.append(PASS)  # decision skip-action
    return tuple(legal), ruled_out


def options(state: StateData, seat: int, action: str) -> Legal:
    """What ``seat`` may do with the character whose action is ``action`` (phase 3).

    The Boss, Moneybags and the Kid may pass (decision skip-action); the Princess must
    take when the supply has a gem.
    """
    held, table = state.behind[seat], state.config.actions
    if action == MOVE_GEM:
        return boss_options(state, seat)[0]
    if action == SHOW_GEM:
        return (*(table.show[c] for c, k in enumerate(held) if k), PASS)
    if action == SWAP_ZERO:
        return (*table.swap[: len(state.board_zero)], PASS)
    if action == GIFT_GEM:  # decision supply-runs-out: only a colour still in the supply
        return tuple([table.take[c] for c, left in enumerate(state.supply) if left]) or (PASS,)
    return (PASS,)
