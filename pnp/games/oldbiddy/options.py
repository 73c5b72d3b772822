"""What a seat may do now, as tuples of the actions built once (:mod:`.actions`), in a
fixed order (see :mod:`.rules` for when each list applies).  The table of actions is
read from the state's ``actions`` slot, once per list."""

from __future__ import annotations

from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.actions import FAKE, PASS, SEAL, Action
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
    adds = state.actions.add
    out = [adds[c] for c in range(len(gems)) if held[c] > gems[c]]
    if state.fakes[seat] > state.bid_fakes[seat] < state.config.fake_gems_per_bid:
        out.append(FAKE)
    out.append(SEAL)
    return tuple(out)


def choice_options(state: StateData) -> Legal:
    """Phase 2: a character nobody took yet; the last seat instead one gem in supply."""
    if state.turn < state.n - 1:
        takes = state.actions.take
        return tuple([takes[i] for i, who in enumerate(state.owner) if who < 0])
    picks = state.actions.gem
    return tuple([picks[c] for c, left in enumerate(state.supply) if left])


def gift_options(state: StateData, seat: int) -> Legal:
    """The Princess's gift: any other seat, any colour left in the supply (built afresh:
    a cache keyed by the action table would hash the whole table at each ask)."""
    colors = [c for c, left in enumerate(state.supply) if left]
    give = state.actions.give
    return tuple([give[other][c] for other in range(state.n) if other != seat for c in colors])


def boss_options(state: StateData, seat: int) -> tuple[Legal, int]:
    """The Boss's legal moves then ``PASS``, and how many more moves ``seat`` could pay
    for that the end rule forbids (a measure).

    Each colour, each distance, up then down: paid in the moved colour with the fewest
    gems that reach the cost (:func:`market.payment`), and the moved gem must stay on
    the track (spaces 1 to ``config.spaces``).
    """
    config, held, positions = state.config, state.behind[seat], state.positions
    worth, last, payment = market.values(config, positions), config.spaces, market.payment
    legal: list[Action] = []
    ruled_out = 0
    for c, by_move in enumerate(state.actions.move):
        here, has, value = positions[c], held[c], worth[c]
        for k, (spaces, cost) in enumerate(config.boss_moves):
            if has >= payment(cost, value):  # decision boss-payment
                up, down = by_move[k]  # up cannot leave by space 1, nor down by the last
                if here + spaces <= last:  # decision board-ends
                    legal.append(up)
                else:
                    ruled_out += 1
                if here - spaces >= 1:
                    legal.append(down)
                else:
                    ruled_out += 1
    legal.append(PASS)  # decision skip-action
    return tuple(legal), ruled_out


def options(state: StateData, seat: int, action: str) -> Legal:
    """What ``seat`` may do with the character whose action is ``action`` (phase 3).

    The Boss, Moneybags and the Kid may pass (decision skip-action); the Princess must
    take when the supply has a gem.
    """
    held, table = state.behind[seat], state.actions
    if action == MOVE_GEM:
        return boss_options(state, seat)[0]
    if action == SHOW_GEM:
        return (*(table.show[c] for c, k in enumerate(held) if k), PASS)
    if action == SWAP_ZERO:
        return (*table.swap[: len(state.board_zero)], PASS)
    if action == GIFT_GEM:  # decision supply-runs-out: only a colour still in the supply
        return tuple([table.take[c] for c, left in enumerate(state.supply) if left]) or (PASS,)
    return (PASS,)
