"""What one seat may see, as data, and the data of a full game sampled to agree with it.

Workplaces, cash, IOUs, tech points, awards and face-up discards are public; so are the
sizes of hands and how many Payback cards each seat holds (their backs differ).  Other
hands, the deck's order and the cards discarded face down in setup are hidden.  A view
holds only tuples, named tuples and the frozen :class:`Config`, so a bot can neither change
the game nor read past its seat; :func:`deal` rebuilds a game from a view alone
(``rules.determinize`` makes it a playable ``State``).
"""

from __future__ import annotations

import random
from typing import NamedTuple, TypeVar

from pnp.games.bidness.config import Config, kept
from pnp.games.bidness.state import PHASE_NAMES, Auction, StateData, Suit
from pnp.games.chance import shuffle


class AuctionView(NamedTuple):
    """An auction under way, as every seat sees it (see :class:`Auction`)."""

    card: int
    seller: int
    active: tuple[int, ...]
    high: int
    leader: int
    pos: int


class SuitView(NamedTuple):
    """A lawsuit in settlement talks, as every seat sees it (see :class:`Suit`)."""

    card: int
    plaintiff: int
    defendant: int
    cash_claim: int
    offers: int
    ask: int
    bid: int
    to_act: int


class View(NamedTuple):
    seat: int
    config: Config
    phase: str
    round: int
    first: int
    to_move: int
    passes: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    paybacks_held: tuple[int, ...]
    staff: tuple[tuple[int, ...], ...]
    contracts: tuple[tuple[int, ...], ...]
    bonuses: tuple[tuple[int, ...], ...]
    cash: tuple[int, ...]
    ious: tuple[int, ...]
    tech: tuple[int, ...]
    market_leader: int
    tech_leader: int
    deck_size: int
    discards: tuple[int, ...]
    buried: int
    """Cards discarded face down this round (how many, not which)."""
    paybacks_left: int
    payback_discards: int
    auction: AuctionView | None
    suit: SuitView | None
    queue: tuple[int, ...]
    """Seats still to discard or pay salaries in this step, in order."""
    restructuring: int
    """The seat laying off after it was short of salary money (-1: none)."""


_new = tuple.__new__
"""Named tuples made from a tuple of their fields in one C call (``View._make`` without
its checks): the engine builds a view for nearly every decision a playout makes."""


def view_of(table: StateData, seat: int) -> View:
    hands = table.hands
    public = table.public
    if public is None:  # kept while only an auction or settlement talks move
        public = table.public = (
            tuple(map(len, hands)),
            tuple(map(len, map(table.config.paybacks.intersection, hands))),
            tuple(map(tuple, table.staff)),
            tuple(map(tuple, table.contracts)),
            tuple(map(tuple, table.bonuses)),
            tuple(table.cash),
            tuple(table.ious),
            tuple(table.tech),
            table.market_leader,
            table.tech_leader,
            len(table.deck),
            tuple(table.discards),
            len(table.buried),
            len(table.paybacks),
            len(table.payback_discards),
        )
    auction, suit = table.auction, table.suit
    return _new(
        View,
        (
            seat,
            table.config,
            PHASE_NAMES[table.phase],
            table.round,
            table.first,
            table.to_move,
            table.passes,
            tuple(hands[seat]),
            *public,
            _auction_view(auction) if auction else None,
            _suit_view(suit) if suit else None,
            tuple(table.queue),
            table.restructuring,
        ),
    )


def _auction_view(a: Auction) -> AuctionView:
    return _new(AuctionView, (a.card, a.seller, tuple(a.active), a.high, a.leader, a.pos))


def _suit_view(s: Suit) -> SuitView:
    return _new(
        SuitView, (s.card, s.plaintiff, s.defendant, s.cash_claim, s.offers, s.ask, s.bid, s.to_act)
    )


def _auction(v: AuctionView) -> Auction:
    a = Auction(v.card, v.seller, list(v.active))
    a.high, a.leader, a.pos = v.high, v.leader, v.pos
    return a


def _suit(v: SuitView) -> Suit:
    s = Suit(v.card, v.plaintiff, v.defendant, v.cash_claim)
    s.offers, s.ask, s.bid, s.to_act = v.offers, v.ask, v.bid, v.to_act
    return s


D = TypeVar("D", bound=StateData)


def _in_play(config: Config, seats: int) -> tuple[int, ...]:
    """The event cards, then the starting employees dealt at ``seats`` players in card
    order: every card a game can hide."""
    return (*config.event_cards, *sorted({c for cards in config.starting for c in cards[:seats]}))


def deal(view: View, rng: random.Random, cls: type[D]) -> D:
    """The data of a full game that agrees with everything ``view`` shows, the hidden
    cards dealt at random from those it cannot account for, as a ``cls`` (a subclass of
    :class:`StateData` without slots of its own).  Whose decision it is and what it may
    do are the rules' to work out (``rules.determinize``)."""
    config, n = view.config, len(view.cash)
    s = cls.__new__(cls)
    StateData.__init__(s, config, n, rng.getrandbits(63), transcript=False, record=False)
    s.round, s.first, s.to_move, s.passes = view.round, view.first, view.to_move, view.passes
    s.phase = PHASE_NAMES.index(view.phase)
    s.cash, s.ious, s.tech = list(view.cash), list(view.ious), list(view.tech)
    s.staff = list(map(list, view.staff))
    s.contracts = list(map(list, view.contracts))
    s.bonuses = list(map(list, view.bonuses))
    s.market_leader, s.tech_leader = view.market_leader, view.tech_leader
    s.discards = list(view.discards)
    s.auction = _auction(view.auction) if view.auction else None
    s.suit = _suit(view.suit) if view.suit else None
    s.queue = list(view.queue)
    s.restructuring = view.restructuring
    known = set(view.hand)
    known.update(view.discards)
    for group in (view.staff, view.contracts, view.bonuses):
        for cards in group:
            known.update(cards)
    for open_card in (view.auction, view.suit):
        if open_card is not None:
            known.add(open_card.card)
    pool = [c for c in kept(config, n, _in_play) if c not in known]
    shuffle(rng, pool)  # draws as rng.shuffle(pool) does
    paybacks = [c for c in config.payback_cards if c not in view.hand]
    for seat in range(n):
        if seat == view.seat:
            s.hands[seat] = list(view.hand)
            continue
        held = view.paybacks_held[seat]
        events = view.hand_sizes[seat] - held
        s.hands[seat] = _take(pool, events) + _take(paybacks, held)
    s.buried = _take(pool, view.buried)
    s.deck = pool
    s.paybacks = paybacks[: view.paybacks_left]
    s.payback_discards = paybacks[view.paybacks_left :]
    return s


def _take(cards: list[int], count: int) -> list[int]:
    """The last ``count`` cards, taken off the end one at a time (as ``pop()`` would)."""
    if count <= 0:
        return []
    got = cards[: -count - 1 : -1]
    del cards[-count:]
    return got


__all__ = ["AuctionView", "SuitView", "View", "deal", "view_of"]
