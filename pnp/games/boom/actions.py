"""Phases of a •Boom turn and the actions a seat can take in each.

An action is a small tuple whose first item is one of the codes below; the rest are
card numbers (index into the catalog's per-card tuples), seats or amounts:

=========  ============================  =====================================
phase      action                        meaning
=========  ============================  =====================================
PLAY       ``(KEEP,)``                   play no card this turn
PLAY       ``(PLAY_PLAN, card)``         put a Business Plan in front of you
PLAY       ``(ATTACH, card, plan)``      attach a Company card to a plan
PLAY       ``(DISCARD, card)``           play a Discard (targets chosen next)
TARGET     ``(TARGET, plan)``            grant / fine this funded company
TARGET     ``(TARGET, plan, card)``      remove this attached card
TARGET     ``(TARGET, plan, card, to)``  move this attached card to plan ``to``
ACT        ``(PASS,)``                   neither fund nor go public
ACT        ``(FUND, plan)``              lead a funding round
ACT        ``(IPO, plan)``               take a company you lead public
CONSENT    ``(AGREE,)`` / ``(REFUSE,)``  a current investor answers a new lead
TERMS      ``(TERMS, price, shares)``    the lead's price and own 1..2 shares
INVITE     ``(INVITE, seat)``            offer one share to that seat
INVITE     ``(CLOSE,)``                  close the round
OFFER      ``(BUY,)`` / ``(DECLINE,)``   the invited seat answers
=========  ============================  =====================================

Plans are named by the card number of their Business Plan.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

PLAY, TARGET_PHASE, ACT, CONSENT, TERMS_PHASE, INVITE_PHASE, OFFER, OVER = range(8)
PHASE_NAMES = ("play", "target", "act", "consent", "terms", "invite", "offer", "over")

(
    KEEP,
    PLAY_PLAN,
    ATTACH,
    DISCARD,
    TARGET,
    PASS,
    FUND,
    IPO,
    AGREE,
    REFUSE,
    TERMS,
    INVITE,
    CLOSE,
    BUY,
    DECLINE,
) = range(15)

Action = tuple[int, ...]

KEEP_ACTION: Action = (KEEP,)
PASS_ACTION: Action = (PASS,)
AGREE_ACTION: Action = (AGREE,)
REFUSE_ACTION: Action = (REFUSE,)
CLOSE_ACTION: Action = (CLOSE,)
BUY_ACTION: Action = (BUY,)
DECLINE_ACTION: Action = (DECLINE,)


class TermsActions(Sequence[Action]):
    """Every ``(TERMS, price, shares)`` a lead with ``cash`` can pay, by price then shares.

    Prices run from ``low`` up to ``cash`` and shares from 1 to ``most`` while
    ``price * shares <= cash``: a rich lead has hundreds of terms and a bot reads one,
    so an action is worked out when it is asked for.  The share counts a price offers
    only shrink as the price rises, so the terms fall into at most ``most`` runs of
    prices offering the same number of share counts (``_backwards``, last first).
    """

    __slots__ = ("_cash", "_most", "_low", "_backwards", "_len", "_priced")

    def __init__(self, low: int, cash: int, most: int) -> None:
        self._cash, self._most, self._low = cash, most, low
        self._priced: dict[tuple[int, ...], tuple[Action, ...]] = {}
        """:meth:`at_prices` by price list (states share a purse's terms, so it is kept)."""
        runs: list[tuple[int, int, int]] = []
        """(first index, first price, share counts per price) of each run."""
        index, price = 0, low
        for shares in range(most, 0, -1):
            top = cash // shares
            if top >= price:
                runs.append((index, price, shares))
                index += (top - price + 1) * shares
                price = top + 1
        self._backwards = tuple(reversed(runs))
        """The runs, last first (an index is looked up from the end)."""
        self._len = index

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("terms index out of range")
        for start, price, shares in self._backwards:
            if i >= start:
                step, extra = divmod(i - start, shares)
                return (TERMS, price + step, extra + 1)
        raise AssertionError("unreachable: the first run starts at 0")

    def __iter__(self) -> Iterator[Action]:
        cash = self._cash
        for price in range(self._low, cash + 1):
            for shares in range(1, min(self._most, cash // price) + 1):
                yield (TERMS, price, shares)

    def at_prices(self, prices: tuple[int, ...]) -> tuple[Action, ...]:
        """The terms at ``prices`` only, in this sequence's order: what a bot with a
        price menu weighs, found without walking every price up to the purse."""
        kept = self._priced.get(prices)
        if kept is None:
            low, cash, most = self._low, self._cash, self._most
            kept = self._priced[prices] = tuple(
                (TERMS, price, shares)
                for price in sorted(set(prices))
                if low <= price <= cash
                for shares in range(1, min(most, cash // price) + 1)
            )
        return kept

    def __contains__(self, action: object) -> bool:
        if not (isinstance(action, tuple) and len(action) == 3 and action[0] == TERMS):
            return False
        price, shares = action[1], action[2]
        return self._low <= price and 1 <= shares <= self._most and price * shares <= self._cash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TermsActions(low={self._low}, cash={self._cash}, most={self._most})"
