"""Auctions (bidness.txt "Auctions"): clockwise from the seller, bids in $5 steps,
dropping out is final, bids may exceed cash (the winner borrows) but never the debt
limit; the winner pays the seller, or the bank when the seller wins."""

from __future__ import annotations

from pnp.games.bidness.actions import DROP, Action, priced
from pnp.games.bidness.config import CONTRACT
from pnp.games.bidness.ledger import card_moved, name, note, pay
from pnp.games.bidness.state import AUCTION, NOBODY, PLAY, Auction, StateData

BID = "bid"
_DROP_ONLY = (DROP,)


def open_auction(table: StateData, seller: int, card: int) -> None:
    n = table.n
    table.auction = Auction(card, seller, [(seller + i) % n for i in range(n)])
    table.phase = AUCTION
    table.peaks.auctions += 1
    if table.log is not None:
        note(table, f"{name(table, seller)} auctions {table.config.card_names[card]}")


def bidder(table: StateData) -> int:
    a = table.auction
    assert a is not None
    return a.active[a.pos]


def bid_range(table: StateData, seat: int) -> range:
    """Bids ``seat`` may make now: above the high bid, within cash plus borrowing room."""
    a, t = table.auction, table.config.t
    assert a is not None
    step = t.bid_step
    low = a.high + step if a.leader != NOBODY else max(t.min_opening_bid, step)
    top = table.means(seat) // step * step
    return range(low, top + 1, step)


def auction_decision(table: StateData) -> tuple[int, tuple[Action, ...]]:
    """The bidder and its moves: drop out, or bid any amount of :func:`bid_range` (the
    engine's hottest path)."""
    a, config = table.auction, table.config
    assert a is not None
    t = config.t
    seat = a.active[a.pos]
    step = t.bid_step
    low = (
        a.high + step if a.leader != NOBODY else max(t.min_opening_bid, step)
    )  # decision minimum-bid
    means = table.cash[seat] + (config.max_ious - table.ious[seat]) * t.iou_value
    top = means // step * step
    if top < low:
        return seat, _DROP_ONLY
    # priced(_DROP_ONLY, BID, range(low, top + 1, step)): one slice of a kept tuple
    size = (top - low) // step + 2
    kept = _FROM.get((step, low), ())
    if size > len(kept):
        kept = _from(step, low, size)
    return seat, kept[:size]


_FROM: dict[tuple[int, int], tuple[Action, ...]] = {}
"""(bid step, lowest bid) → a drop, then the bids from the lowest up in steps, as many as
have been asked for: every auction's legal moves are a slice of one of these (a whole
tuple when the slice is all of it), so a decision copies the list once or not at all."""


def _from(step: int, low: int, size: int) -> tuple[Action, ...]:
    """The kept drop-and-bids tuple from ``low``, grown to twice ``size`` if shorter."""
    kept = _FROM[step, low] = priced(_DROP_ONLY, BID, range(low, low + 2 * size * step, step))
    return kept


def apply_bid(table: StateData, action: Action) -> tuple[int, tuple[Action, ...]] | None:
    """Apply one bid or drop: the next bidder and their moves (:func:`auction_decision`),
    or None when the auction is over and Card Play goes on left of the seller."""
    a = table.auction
    assert a is not None
    active = a.active
    seat = active[a.pos]
    if not action.args:  # a drop: out for good
        del active[a.pos]
    else:
        (a.high,) = action.args
        a.leader = seat
        a.pos += 1
        if table.log is not None:
            note(table, f"{name(table, seat)} bids ${a.high}")
    left = len(active)
    if left <= 1 and (not active or active[0] == a.leader):  # nobody, or the leader alone
        _close(table, a.leader if active else NOBODY)
        return None
    a.pos %= left
    if active[a.pos] == a.leader:
        a.pos = (a.pos + 1) % left
    return auction_decision(table)


def _close(table: StateData, winner: int) -> None:
    a = table.auction
    assert a is not None
    table.auction = None
    table.phase, table.to_move = PLAY, (a.seller + 1) % table.n
    config = table.config
    card = a.card
    if winner == NOBODY:
        table.discards.append(card)
        table.peaks.no_bids += 1
        if table.playlog is not None:
            table.playlog.used("no-bids")
        if table.log is not None:
            note(table, f"No bids: {config.card_names[card]} is discarded")
        return
    pay(table, winner, a.high, NOBODY if winner == a.seller else a.seller)
    if table.playlog is not None:
        table.playlog.used("auction")
    (table.contracts if config.kind[card] == CONTRACT else table.staff)[winner].append(card)
    if table.playlog is not None:
        table.playlog.draw(winner, card)
    if table.log is not None:
        note(table, f"{name(table, winner)} wins {config.card_names[card]} for ${a.high}")
    card_moved(table, card)
