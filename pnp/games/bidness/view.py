"""What one seat may see, and a full state sampled to agree with it (for search bots).

Workplaces, cash, IOUs, tech points, awards and face-up discards are public; so are the
sizes of hands and how many Payback cards each seat holds (their backs differ).  Other
hands, the deck's order and the cards discarded face down in setup are hidden.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from pnp.games.bidness.catalog import Catalog
from pnp.games.bidness.state import OVER, PHASE_NAMES, TERMINAL, Auction, Suit, Table

if TYPE_CHECKING:
    from pnp.games.bidness.rules import State


class View(NamedTuple):
    seat: int
    cat: Catalog
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
    auction: Auction | None
    suit: Suit | None
    queue: tuple[int, ...]
    """Seats still to discard or pay salaries in this step, in order."""


def view_of(table: Table, seat: int) -> View:
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
        table.auction.copy() if table.auction else None,
        table.suit.copy() if table.suit else None,
        tuple(table.queue),
    )


def determinize(view: View, rng: random.Random) -> State:
    """A full state that agrees with everything ``view`` shows, hidden cards dealt at random."""
    from pnp.games.bidness.rules import State

    cat, n = view.cat, len(view.cash)
    s = State.__new__(State)
    fresh = Table(cat, n, rng.getrandbits(63), transcript=False)
    fresh.copy_into(s)
    s.round, s.first, s.player, s.passes = view.round, view.first, view.to_move, view.passes
    s.phase = PHASE_NAMES.index(view.phase)
    s.cash, s.ious, s.tech = list(view.cash), list(view.ious), list(view.tech)
    s.staff = [list(x) for x in view.staff]
    s.contracts = [list(x) for x in view.contracts]
    s.bonuses = [list(x) for x in view.bonuses]
    s.market_leader, s.tech_leader = view.market_leader, view.tech_leader
    s.discards = list(view.discards)
    s.auction = view.auction.copy() if view.auction else None
    s.suit = view.suit.copy() if view.suit else None
    s.queue = list(view.queue)
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
    nxt = s._decision() if s.phase != OVER else None
    s.player, s.legal = nxt if nxt is not None else (TERMINAL, ())
    return s


__all__ = ["View", "determinize", "view_of"]
