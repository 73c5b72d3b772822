"""What one seat may see of an Old Biddy game, as data, and a full game sampled to fit it.

Secret from a seat: the other seats' bids until they are revealed, the other seats'
zero score markers, the board's face-down markers it has not placed itself, and the
order of the gem-card deck (and which cards went back in the box).  Everything else is
taken or paid openly, so a careful player could count it (decision public-holdings).
A view holds only tuples and the frozen :class:`Config`; :func:`deal` rebuilds the data of
a full game from a view alone, and ``rules.determinize`` makes it a playable ``State``.
"""

from __future__ import annotations

import random
from typing import NamedTuple, TypeVar

from pnp.games.chance import shuffle
from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.config import Config
from pnp.games.oldbiddy.state import UNKNOWN, StateData


class View(NamedTuple):
    """What ``seat`` may see of a game, copied out."""

    seat: int
    config: Config
    players: int
    round: int
    phase: str
    characters: tuple[int, ...]
    positions: tuple[int, ...]
    values: tuple[int, ...]
    """Value of each colour on the market (:func:`market.values` of ``positions``)."""
    supply: tuple[int, ...]
    fake_pile: int
    behinds: tuple[tuple[int, ...], ...]
    """Per seat, gems of each colour behind the screen (public: decision public-holdings)."""
    fronts: tuple[tuple[int, ...], ...]
    fake_counts: tuple[int, ...]
    markers: tuple[int, ...]
    marker_set: int
    zero: int
    """Colour of this seat's own zero score marker."""
    board_known: tuple[int, ...]
    """Colour of each board marker this seat knows, UNKNOWN for the others."""
    board_knower: tuple[int, ...]
    """Seat that knows each board marker (the last to swap there), -1 for nobody."""
    my_bid: tuple[tuple[int, ...], int]
    """Gems per colour and fake gems in this seat's closed fist."""
    sealed: tuple[bool, ...]
    offer_cards: tuple[int, ...]
    """Gem card beside each character in play (NO_CARD once taken)."""
    owner: tuple[int, ...]
    order: tuple[int, ...]
    turn: int
    to_move: int
    deck_size: int
    seen_cards: tuple[int, ...]

    def behind(self, seat: int) -> tuple[int, ...]:
        return self.behinds[seat]

    def front(self, seat: int) -> tuple[int, ...]:
        return self.fronts[seat]

    def fakes(self, seat: int) -> int:
        return self.fake_counts[seat]

    @property
    def offers(self) -> tuple[tuple[int, ...] | None, ...]:
        """Gems on the card beside each character in play (None once taken)."""
        cards = self.config.gem_cards
        return tuple(cards[c] if c >= 0 else None for c in self.offer_cards)

    def score(self, seat: int) -> int:
        """A seat's score now, counting this seat's own zero marker only for itself;
        for another seat, the gems of every colour count (its marker is secret)."""
        zero = self.zero if seat == self.seat else UNKNOWN
        return market.final_score(
            self.config,
            self.values,
            self.behinds[seat],
            self.fronts[seat],
            zero,
            self.fake_counts[seat],
        )


_new_view = tuple.__new__
"""``_new_view(View, fields)`` is ``View(*fields)`` without the NamedTuple's own ``__new__``
and its argument binding: a third cheaper, and the search builds a view at nearly every
step of every playout."""


def view_of(s: StateData, seat: int) -> View:
    """The view, its open table taken as kept (or copied out once) and the other
    sequences shared: the state holds them as tuples."""
    knower, board = s.knower, s.board_zero
    if seat in knower:
        known = tuple([c if k == seat else UNKNOWN for c, k in zip(board, knower, strict=True)])
    else:
        known = (UNKNOWN,) * len(knower)
    table = s.table
    if table is None:
        positions = tuple(s.positions)
        table = s.table = (
            positions,
            market.values(s.config, positions),
            tuple(s.supply),
            s.fake_pile,
            tuple(map(tuple, s.behind)),
            tuple(map(tuple, s.front)),
            tuple(s.fakes),
            tuple(s.marker),
            s.marker_set,
        )
    positions, values, supply, pile, behinds, fronts, fakes, markers, marker_set = table
    return _new_view(  # the table unpacked: a quarter cheaper than adding tuples
        View,
        (
            seat,
            s.config,
            s.n,
            s.round,
            s.phase,
            s.characters,
            positions,
            values,
            supply,
            pile,
            behinds,  # decision public-holdings
            fronts,
            fakes,
            markers,
            marker_set,
            s.zero[seat],
            known,
            knower,
            (tuple(s.bid_gems[seat]), s.bid_fakes[seat]),
            s.sealed,
            s.offers,
            s.owner,
            s.order,
            s.turn,
            s.to_move,
            len(s.deck),
            s.seen_cards,
        ),
    )


D = TypeVar("D", bound=StateData)


def deal(view: View, rng: random.Random, cls: type[D]) -> D:
    """The data of a full game consistent with ``view``, the secrets sampled afresh with
    ``rng``, as a ``cls`` (a subclass of :class:`StateData` without slots of its own):
    the other zero markers and the unknown board markers from the markers unaccounted
    for, the other sealed fists from what each holds, the deck and the cards put back in
    the box from the gem cards not yet seen.  The report's peaks start from what is seen."""
    me, config, n = view.seat, view.config, view.players
    s = cls.__new__(cls)
    s.config, s.actions, s.n, s.characters = config, config.actions, n, view.characters
    rng.getrandbits(64)  # once seeded the sample's own generator: drawn still, so a seed
    # samples the worlds it always has (play itself has no chance, see .state)
    s.round, s.phase, s.log, s.legal = view.round, view.phase, None, None
    s.playlog = None
    s.positions, s.supply, s.fake_pile = view.positions, list(view.supply), view.fake_pile
    s.behind = [list(b) for b in view.behinds]
    s.front = [list(f) for f in view.fronts]
    s.table = (
        view.positions,
        view.values,
        view.supply,
        view.fake_pile,
        view.behinds,
        view.fronts,
        view.fake_counts,
        view.markers,
        view.marker_set,
    )
    s.fakes = list(view.fake_counts)
    s.marker, s.marker_set = list(view.markers), view.marker_set
    s.order, s.turn, s.to_move = view.order, view.turn, view.to_move
    s.sealed, s.offers, s.owner = view.sealed, view.offer_cards, view.owner
    s.seen_cards = view.seen_cards
    s.peak_out = [config.gems_per_color - k for k in view.supply]
    s.off_board = 0

    pool = config.zero_marker_pool()
    pool.remove(view.zero)
    known = view.board_known
    for color in known:
        if color != UNKNOWN:
            pool.remove(color)
    shuffle(rng, pool)
    s.zero = [view.zero if seat == me else pool.pop() for seat in range(n)]
    s.board_zero = [color if color != UNKNOWN else pool.pop() for color in known]
    s.knower = view.board_knower

    colors = len(config.colors)
    s.bid_gems, s.bid_fakes = [[0] * colors for _ in range(n)], [0] * n
    s.bid_gems[me], s.bid_fakes[me] = list(view.my_bid[0]), view.my_bid[1]
    for seat in range(n):
        if seat != me and s.sealed[seat]:
            s.bid_gems[seat] = [rng.randint(0, k) for k in s.behind[seat]]
            s.bid_fakes[seat] = min(s.fakes[seat], rng.randint(0, config.fake_gems_per_bid))

    seen = set(view.seen_cards)
    unseen = [c for c in range(len(config.gem_cards)) if c not in seen]
    shuffle(rng, unseen)
    s.deck, s.removed = unseen[: view.deck_size], unseen[view.deck_size :]
    return s


__all__ = ["View", "deal", "view_of"]
