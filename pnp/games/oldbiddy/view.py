"""What one seat may see of an Old Biddy game, and a determinization for search bots.

Secret from a seat: the other seats' bids until they are revealed, the other seats'
zero score markers, the board's face-down markers it has not placed itself, and the
order of the gem-card deck (and which cards went back in the box).  Everything else is
taken or paid openly, so a careful player could count it (decision public-holdings).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.config import Config
from pnp.games.oldbiddy.state import UNKNOWN

if TYPE_CHECKING:
    from pnp.games.oldbiddy.state import StateData


class View:
    """Read-only window on a game for one seat; lists come back as tuples."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: StateData, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def cfg(self) -> Config:
        return self._state.cfg

    @property
    def players(self) -> int:
        return self._state.n

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def characters(self) -> tuple[int, ...]:
        return self._state.characters

    @property
    def positions(self) -> tuple[int, ...]:
        return tuple(self._state.positions)

    @property
    def values(self) -> tuple[int, ...]:
        return market.values(self._state.cfg, self._state.positions)

    @property
    def supply(self) -> tuple[int, ...]:
        return tuple(self._state.supply)

    @property
    def fake_pile(self) -> int:
        return self._state.fake_pile

    def behind(self, seat: int) -> tuple[int, ...]:
        return tuple(self._state.behind[seat])

    def front(self, seat: int) -> tuple[int, ...]:
        return tuple(self._state.front[seat])

    def fakes(self, seat: int) -> int:
        return self._state.fakes[seat]

    @property
    def markers(self) -> tuple[int, ...]:
        return tuple(self._state.marker)

    @property
    def zero(self) -> int:
        """Colour of this seat's own zero score marker."""
        return self._state.zero[self.seat]

    @property
    def board_known(self) -> tuple[int, ...]:
        """Colour of each board marker this seat knows, UNKNOWN for the others."""
        return tuple(self._state.known_board[self.seat])

    @property
    def my_bid(self) -> tuple[tuple[int, ...], int]:
        """Gems per colour and fake gems in this seat's closed fist."""
        s = self._state
        return tuple(s.bid_gems[self.seat]), s.bid_fakes[self.seat]

    @property
    def sealed(self) -> tuple[bool, ...]:
        return tuple(self._state.sealed)

    @property
    def offers(self) -> tuple[tuple[int, ...] | None, ...]:
        """Gems on the card beside each character in play (None once taken)."""
        s = self._state
        return tuple(s.cfg.gem_cards[c] if c >= 0 else None for c in s.offers)

    @property
    def owner(self) -> tuple[int, ...]:
        return tuple(self._state.owner)

    @property
    def order(self) -> tuple[int, ...]:
        return tuple(self._state.order)

    @property
    def deck_size(self) -> int:
        return len(self._state.deck)

    @property
    def seen_cards(self) -> tuple[int, ...]:
        return tuple(self._state.seen_cards)

    def score(self, seat: int) -> int:
        """A seat's score now, counting this seat's own zero marker only for itself;
        for another seat, the gems of every colour count (its marker is secret)."""
        s = self._state
        zero = s.zero[seat] if seat == self.seat else UNKNOWN
        return market.final_score(
            s.cfg, self.values, s.behind[seat], s.front[seat], zero, s.fakes[seat]
        )


def determinize(view: View, rng: random.Random) -> StateData:
    """A full game consistent with ``view``: the secrets are sampled afresh with ``rng``.

    The copy is made with the game's own ``clone`` (it plays on like the real one), then
    every secret is overwritten, so nothing hidden from the seat survives in it.
    """
    real = view._state
    clone = getattr(real, "clone", None)
    state: StateData = clone() if clone else real
    me, cfg = view.seat, view.cfg
    state.rng = random.Random(rng.getrandbits(64))

    pool = cfg.zero_marker_pool()
    pool.remove(view.zero)
    known = view.board_known
    for color in known:
        if color != UNKNOWN:
            pool.remove(color)
    rng.shuffle(pool)
    for seat in range(state.n):
        if seat != me:
            state.zero[seat] = pool.pop()
    for slot, color in enumerate(known):
        state.board_zero[slot] = color if color != UNKNOWN else pool.pop()

    for seat in range(state.n):
        if seat == me or not state.sealed[seat]:
            if seat != me:
                state.bid_gems[seat] = [0] * len(cfg.colors)
                state.bid_fakes[seat] = 0
            continue
        state.bid_gems[seat] = [rng.randint(0, k) for k in state.behind[seat]]
        state.bid_fakes[seat] = min(state.fakes[seat], rng.randint(0, cfg.fake_gems_per_bid))

    seen = set(view.seen_cards)
    unseen = [c for c in range(len(cfg.gem_cards)) if c not in seen]
    rng.shuffle(unseen)
    size = view.deck_size
    state.deck, state.removed = unseen[:size], unseen[size:]
    return state
