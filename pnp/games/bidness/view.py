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

from pnp.games.bidness.config import Config
from pnp.games.bidness.state import PHASE_NAMES, Auction, StateData, Suit


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
    cat: Config
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


def view_of(table: StateData, seat: int) -> View:
    cat = table.cat
    return View(
        seat,
        cat,
        PHASE_NAMES[table.phase],
        table.round,
        table.first,
        table.player,
        table.passes,
        tuple(table.hands[seat]),
        tuple(map(len, table.hands)),
        tuple(table.paybacks_held(s) for s in range(table.n)),
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
        _auction_view(table.auction) if table.auction else None,
        _suit_view(table.suit) if table.suit else None,
        tuple(table.queue),
        table.restructuring,
    )


def _auction_view(a: Auction) -> AuctionView:
    return AuctionView(a.card, a.seller, tuple(a.active), a.high, a.leader, a.pos)


def _suit_view(s: Suit) -> SuitView:
    return SuitView(
        s.card, s.plaintiff, s.defendant, s.cash_claim, s.offers, s.ask, s.bid, s.to_act
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


def deal(view: View, rng: random.Random, cls: type[D]) -> D:
    """The data of a full game that agrees with everything ``view`` shows, the hidden
    cards dealt at random from those it cannot account for, as a ``cls`` (a subclass of
    :class:`StateData` without slots of its own).  Whose decision it is and what it may
    do are the rules' to work out (``rules.determinize``)."""
    cat, n = view.cat, len(view.cash)
    s = cls.__new__(cls)
    StateData.__init__(s, cat, n, rng.getrandbits(63), transcript=False)
    s.playlog = None
    s.round, s.first, s.player, s.passes = view.round, view.first, view.to_move, view.passes
    s.phase = PHASE_NAMES.index(view.phase)
    s.cash, s.ious, s.tech = list(view.cash), list(view.ious), list(view.tech)
    s.staff = [list(x) for x in view.staff]
    s.contracts = [list(x) for x in view.contracts]
    s.bonuses = [list(x) for x in view.bonuses]
    s.market_leader, s.tech_leader = view.market_leader, view.tech_leader
    s.discards = list(view.discards)
    s.auction = _auction(view.auction) if view.auction else None
    s.suit = _suit(view.suit) if view.suit else None
    s.queue = list(view.queue)
    s.restructuring = view.restructuring
    known = set(view.hand) | set(view.discards)
    for group in (view.staff, view.contracts, view.bonuses):
        for cards in group:
            known.update(cards)
    for open_card in (view.auction, view.suit):
        if open_card is not None:
            known.add(open_card.card)
    dealt_starting = {c for cards in cat.starting for c in cards[:n]}
    pool = [c for c in (*cat.event_cards, *sorted(dealt_starting)) if c not in known]
    rng.shuffle(pool)
    paybacks = [c for c in cat.payback_cards if c not in view.hand]
    for seat in range(n):
        if seat == view.seat:
            s.hands[seat] = list(view.hand)
            continue
        held = view.paybacks_held[seat]
        events = view.hand_sizes[seat] - held
        s.hands[seat] = [pool.pop() for _ in range(events)] + [paybacks.pop() for _ in range(held)]
    s.buried = [pool.pop() for _ in range(view.buried)]
    s.deck = pool
    s.paybacks = paybacks[: view.paybacks_left]
    s.payback_discards = paybacks[view.paybacks_left :]
    return s


__all__ = ["AuctionView", "SuitView", "View", "deal", "view_of"]
