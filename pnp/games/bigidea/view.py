"""What one seat may see of a game, as data: the public table, its own hand and its own
secrets.  A view holds only tuples and named tuples (no reference to the state), so a bot
can neither change the game nor read past its seat; :func:`deal` rebuilds the data of a
full game from a view alone, and ``rules.determinize`` makes it a playable ``State``."""

from __future__ import annotations

import random
from itertools import filterfalse
from operator import is_not
from typing import NamedTuple, TypeVar

from pnp.games.bigidea.config import Config
from pnp.games.bigidea.state import PHASE_NAMES, PITCH, VENTURE, Product, StateData, Usage
from pnp.games.chance import shuffle


class ProductView(NamedTuple):
    """A product on the table, as everyone sees it."""

    pos: int
    """Its position on the table: the action that invests in it."""
    owner: int
    cards: tuple[int, ...]
    shares: tuple[int, ...]
    """Player chips on it, per seat."""
    white: int
    """Foreign (white) chips on it."""
    new: bool
    """Invented this round (the only products a Venture chip may go on)."""
    uid: int
    white_short: int
    """Foreign chips the bank owed it but did not have."""
    born: int

    @property
    def players(self) -> int:
        return sum(self.shares)

    @property
    def stack(self) -> int:
        return sum(self.shares) + self.white


class View(NamedTuple):
    """One seat's knowledge.  Other seats' hands, face-down products and secret Venture
    picks are absent; their sizes are public."""

    seat: int
    phase: str
    round: int
    rounds: int
    leader: int
    to_move: int
    cash: tuple[int, ...]
    free_chips: tuple[int, ...]
    """Chips each seat still has in front of it (not tied up)."""
    white_bank: int
    hand: tuple[int, ...]
    """Own cards (indices into the engine's card list); bit i of a mask = hand[i]."""
    hand_decks: tuple[int, ...]
    """Deck index of each own card (0 = first deck in game.yaml)."""
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[int, ...] | None, ...]
    """Products played this Seed phase: own always, others' once revealed."""
    played_sizes: tuple[int, ...]
    products: tuple[ProductView, ...]
    my_venture: int | None
    """Own secret Venture pick during the Venture phase (None before choosing)."""
    share_price: int
    config: Config
    first_leader: int
    order: tuple[int, ...]
    turn: int
    discards: tuple[tuple[int, ...], ...]
    """Face-up discard pile of each deck."""
    decks_held: tuple[tuple[int, ...], ...]
    """Deck of each card in each seat's hand (card backs show it)."""
    decks_pending: tuple[tuple[int, ...] | None, ...]
    """Deck of each card of each seat's product this Seed step."""
    ventured: tuple[bool, ...]
    """Seats that have made their secret Venture pick (which one is secret)."""
    next_uid: int


_new = tuple.__new__
"""``_new(View, fields)`` is ``View(*fields)`` without the NamedTuple's own ``__new__`` and
its argument binding, a third cheaper: the search builds a view at nearly every step."""


def product_view(pos: int, p: Product, round: int) -> ProductView:
    """What everyone sees of the product at table position ``pos`` in round ``round``."""
    return _new(
        ProductView,
        (
            pos,
            p.owner,
            p.cards,
            tuple(p.shares),
            p.white,
            p.born == round,
            p.uid,
            p.white_short,
            p.born,
        ),
    )


def view_of(state: StateData, seat: int) -> View:
    """Build ``seat``'s view; the table part is shared by all views until the table changes."""
    phase, pending = state.phase, state.pending
    products = state._shown
    if products is None:
        rnd = state.round
        products = state._shown = tuple(
            [product_view(i, p, rnd) for i, p in enumerate(state.table)]
        )
    config = state.config
    played: tuple[tuple[int, ...] | None, ...] = state._nothing
    sizes: tuple[int, ...] = state._zeros
    backs: tuple[tuple[int, ...] | None, ...] = state._nothing
    if phase <= PITCH:  # products are on the table face down or being revealed
        laid = state._laid
        if laid is None:
            laid = state._laid = laid_backs(state)
        sizes, backs = laid
        mine = pending[seat]
        if phase == PITCH or mine is not None:
            shown: list[tuple[int, ...] | None] = list(played)
            shown[seat] = mine
            if phase == PITCH:  # products are revealed in turn order
                for s in state.order[: state.turn + 1]:
                    shown[s] = pending[s]
            played = tuple(shown)
    faceup = state._faceup
    if faceup is None:
        faceup = state._faceup = tuple(map(tuple, state.discards))
    held = state._backs
    if held is None:
        deck_of = config.card_deck.__getitem__
        held = state._backs = tuple([tuple(map(deck_of, h)) for h in state.hands])
    venture = state.venture
    return _new(
        View,
        (
            seat,
            PHASE_NAMES[phase],
            state.round,
            state.rounds,
            state.leader,
            state.to_move,
            tuple(state.cash),
            tuple(state.free),
            state.white_bank,
            tuple(state.hands[seat]),
            held[seat],
            tuple(map(len, state.hands)),
            played,
            sizes,
            products,
            venture[seat] if phase == VENTURE else None,
            config.share_price,
            config,
            state.first_leader,
            state.order,
            state.turn,
            faceup,
            held,
            backs,
            tuple(map(is_not, venture, state._nothing)) if phase == VENTURE else (),
            state.next_uid,
        ),
    )


def laid_backs(state: StateData) -> tuple[tuple[int, ...], tuple[tuple[int, ...] | None, ...]]:
    """The size and the card backs of each seat's product laid this Seed step, as views
    show them (kept in ``_laid`` until a product is laid or pitched)."""
    deck_of = state.config.card_deck.__getitem__
    pending = state.pending
    return (
        tuple([len(p) if p else 0 for p in pending]),
        tuple([None if p is None else tuple(map(deck_of, p)) for p in pending]),
    )


D = TypeVar("D", bound=StateData)


class Unseen(NamedTuple):
    """What :func:`deal` reads off a view before it deals, the same for every game it
    samples from that view (the search samples one view a few dozen times)."""

    view: View
    phase: int
    pools: tuple[tuple[int, ...], ...]
    """Per deck, in deck order, the cards the seat cannot account for."""
    table: tuple[Product, ...]
    """The products on the table, to be copied into each sampled game."""
    peaks: Usage
    """An empty record of component use, to be copied likewise."""


_last: list[Unseen] = []
"""The :class:`Unseen` of the view dealt from last (one at most): a view is a tuple that
the search hands to :func:`deal` again and again, so it is known by identity, and the
entry keeps it alive while it could be asked for."""


def unseen(view: View) -> Unseen:
    """The :class:`Unseen` of ``view``, worked out once while the same view is dealt from."""
    last = _last[0] if _last else None  # read once: another thread may replace it
    if last is not None and last.view is view:
        return last
    config, n = view.config, len(view.cash)
    known = set(view.hand)
    for cards in (*view.discards, *(p.cards for p in view.products)):
        known.update(cards)
    for shown in view.played:
        known.update(shown or ())
    seen = known.__contains__
    table = []
    for v in view.products:
        p = Product(v.uid, v.owner, v.cards, n, v.born)
        p.shares, p.players = list(v.shares), v.players
        p.white, p.white_short = v.white, v.white_short
        table.append(p)
    found = Unseen(
        view,
        PHASE_NAMES.index(view.phase),
        tuple([tuple(filterfalse(seen, members)) for members in config.deck_members]),
        tuple(table),
        Usage(n, len(config.deck_ids), len(config.denominations)),
    )
    _last[:] = [found]
    return found


def deal(view: View, rng: random.Random, cls: type[D]) -> D:
    """The data of a full game ``view.seat`` cannot tell from the real one, as a ``cls``
    (a subclass of :class:`StateData` without slots of its own).

    Per deck, the cards the seat cannot account for (other hands, products still face
    down and the draw pile) are shuffled and dealt into the same places, each place
    keeping its deck; the die gets a new seed.  Secret Venture picks already made are
    left unmade: ``rules.determinize`` chooses them again.  The report's tallies start
    again from what is seen.
    """
    config, n, seat = view.config, len(view.cash), view.seat
    known = unseen(view)
    s = cls.__new__(cls)
    s.config, s.n = config, n
    s._start_caches()
    s.rng, s._dice = None, (None, rng.getrandbits(64))  # made when first drawn from
    s.log = None
    s.playlog = None
    s.rounds, s.round, s.leader = view.rounds, view.round, view.leader
    s.first_leader = view.first_leader
    s.order, s.phase, s.turn = view.order, known.phase, view.turn
    s.cash, s.free, s.white_bank = list(view.cash), list(view.free_chips), view.white_bank
    s.discards = [list(d) for d in view.discards]
    # what the views keep, as this view shows it: the same table, the same card backs
    s._faceup, s._shown, s._backs = view.discards, view.products, view.decks_held
    s.next_uid = view.next_uid
    s.to_move = view.to_move
    s.table = [p.copy() for p in known.table]
    pools = [list(pool) for pool in known.pools]
    for pool in pools:
        shuffle(rng, pool)
    s.hands = [
        list(view.hand) if other == seat else [pools[d].pop() for d in decks]
        for other, decks in enumerate(view.decks_held)
    ]
    s.pending = [
        shown if shown is not None or decks is None else tuple([pools[d].pop() for d in decks])
        for shown, decks in zip(view.played, view.decks_pending, strict=True)
    ]
    s.draw = pools
    s.venture = [None] * n
    if view.my_venture is not None:
        s.venture[seat] = view.my_venture
    s._money_peak = 0  # a sampled game keeps no money peaks (cards.Cards._track_money)
    s.peaks = known.peaks.copy()
    return s


__all__ = [
    "ProductView",
    "Unseen",
    "View",
    "deal",
    "laid_backs",
    "product_view",
    "unseen",
    "view_of",
]
