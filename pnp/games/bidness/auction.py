"""Auctions (bidness.txt "Auctions"): clockwise from the seller, bids in $5 steps,
dropping out is final, bids may exceed cash (the winner borrows) but never the debt
limit; the winner pays the seller, or the bank when the seller wins."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from pnp.games.bidness.catalog import CONTRACT
from pnp.games.bidness.ledger import name, note, pay, update_awards
from pnp.games.bidness.state import AUCTION, NOBODY, Action, Auction, Table

DROP = Action("drop")


class Bids(Sequence[Action]):
    """The legal moves of a bidder: ``DROP``, then a bid of each amount of ``amounts``.

    Lazy: a bidder with a large debt room has dozens of bids, and a bot looks at one or
    two, so each :class:`Action` is made only when it is read.  It reads like the tuple
    ``(DROP, Action("bid", amount=a) for a in amounts)``: same length, same order, and it
    compares equal to another ``Bids`` or tuple of the same actions.
    """

    __slots__ = ("amounts",)

    def __init__(self, amounts: range) -> None:
        self.amounts = amounts

    def __len__(self) -> int:
        return len(self.amounts) + 1

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        if i < 0:
            i += len(self)
        if i == 0:
            return DROP
        if not 0 < i <= len(self.amounts):
            raise IndexError("bid index out of range")
        return Action("bid", amount=self.amounts[i - 1])

    def __iter__(self) -> Iterator[Action]:
        yield DROP
        for amount in self.amounts:
            yield Action("bid", amount=amount)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, tuple) or len(action) != len(DROP):
            return False
        if action == DROP:
            return True
        return action == ("bid", -1, -1, action[3]) and action[3] in self.amounts

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bids):
            return self.amounts == other.amounts
        return isinstance(other, tuple) and tuple(self) == other

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Bids({self.amounts!r})"


def open_auction(table: Table, seller: int, card: int) -> None:
    n = table.n
    table.auction = Auction(card, seller, [(seller + i) % n for i in range(n)])
    table.phase = AUCTION
    table.peaks.auctions += 1
    note(table, f"{name(table, seller)} auctions {table.cat.card_names[card]}")


def bidder(table: Table) -> int:
    a = table.auction
    assert a is not None
    return a.active[a.pos]


def bid_range(table: Table, seat: int) -> range:
    """Bids ``seat`` may make now: above the high bid, within cash plus borrowing room."""
    a, t = table.auction, table.cat.t
    assert a is not None
    step = t["bid_step"]
    low = a.high + step if a.leader != NOBODY else max(t["min_opening_bid"], step)
    top = table.means(seat) // step * step
    return range(low, top + 1, step)


def auction_actions(table: Table) -> Bids:
    return Bids(bid_range(table, bidder(table)))


def apply_bid(table: Table, action: Action) -> bool:
    """Apply one bid or drop; True when the auction is over."""
    a = table.auction
    assert a is not None
    seat = a.active[a.pos]
    if action.verb == "drop":
        del a.active[a.pos]
    else:
        a.high, a.leader = action.amount, seat
        a.pos += 1
        note(table, f"{name(table, seat)} bids ${action.amount}")
    if not a.active:
        _close(table, NOBODY)
        return True
    if a.active == [a.leader]:
        _close(table, a.leader)
        return True
    a.pos %= len(a.active)
    if a.active[a.pos] == a.leader:
        a.pos = (a.pos + 1) % len(a.active)
    return False


def _close(table: Table, winner: int) -> None:
    a = table.auction
    assert a is not None
    table.auction = None
    cat = table.cat
    card = a.card
    if winner == NOBODY:
        table.discards.append(card)
        table.peaks.no_bids += 1
        note(table, f"No bids: {cat.card_names[card]} is discarded")
        return
    pay(table, winner, a.high, NOBODY if winner == a.seller else a.seller)
    (table.contracts if cat.kind[card] == CONTRACT else table.staff)[winner].append(card)
    note(table, f"{name(table, winner)} wins {cat.card_names[card]} for ${a.high}")
    update_awards(table)
