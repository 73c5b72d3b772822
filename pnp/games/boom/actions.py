"""Phases of a •Boom turn and the actions a seat can take in each, as kit actions.

Every action is a :class:`pnp.games.kit.Action`; its verb is one of the names below and
its arguments are card numbers (index into the config's per-card tuples), seats or amounts:

=========  ==============================  =====================================
phase      action                          meaning
=========  ==============================  =====================================
PLAY       ``keep``                        play no card this turn
PLAY       ``plan card``                   put a Business Plan in front of you
PLAY       ``attach card plan``            attach a Company card to a plan
PLAY       ``discard card``                play a Discard (targets chosen next)
TARGET     ``target plan``                 grant / fine this funded company
TARGET     ``target plan card``            remove this attached card
TARGET     ``target plan card to``         move this attached card to plan ``to``
ACT        ``pass``                        neither fund nor go public
ACT        ``fund plan``                   lead a funding round
ACT        ``ipo plan``                    take a company you lead public
CONSENT    ``agree`` / ``refuse``          a current investor answers a new lead
TERMS      ``terms price shares``          the lead's price and own 1..2 shares
INVITE     ``invite seat``                 offer one share to that seat
INVITE     ``close``                       close the round
OFFER      ``buy`` / ``decline``           the invited seat answers
=========  ==============================  =====================================

Plans are named by the card number of their Business Plan.  Each action exists once:
:func:`act` hands out the one object for a verb and its arguments, the per-card tables
(:func:`card_actions`) and the terms (:func:`terms_actions`) are built from it once, and
the rules return only those objects.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

from pnp.games.kit import Action

PLAY, TARGET_PHASE, ACT, CONSENT, TERMS_PHASE, INVITE_PHASE, OFFER, OVER = range(8)
PHASE_NAMES = ("play", "target", "act", "consent", "terms", "invite", "offer", "over")

KEEP, PLAY_PLAN, ATTACH, DISCARD, TARGET = "keep", "plan", "attach", "discard", "target"
PASS, FUND, IPO, AGREE, REFUSE = "pass", "fund", "ipo", "agree", "refuse"
TERMS, INVITE, CLOSE, BUY, DECLINE = "terms", "invite", "close", "buy", "decline"

_ONE: dict[Action, Action] = {}
"""Every action handed out so far, by value: the one object each stands for."""


def act(verb: str, *args: int) -> Action:
    """The one action object for ``verb`` and ``args`` (made on first use)."""
    action = Action(verb, args)
    return _ONE.setdefault(action, action)


KEEP_ACTION = act(KEEP)
PASS_ACTION = act(PASS)
AGREE_ACTION = act(AGREE)
REFUSE_ACTION = act(REFUSE)
CLOSE_ACTION = act(CLOSE)
BUY_ACTION = act(BUY)
DECLINE_ACTION = act(DECLINE)


class CardActions(NamedTuple):
    """The actions naming play cards, indexed by card number (plans by their card)."""

    plan: tuple[Action, ...]
    discard: tuple[Action, ...]
    attach: tuple[tuple[Action, ...], ...]
    """``attach[card][plan]``."""
    fund: tuple[Action, ...]
    ipo: tuple[Action, ...]
    target: tuple[Action, ...]
    """A grant or fine on ``plan``."""
    remove: tuple[tuple[Action, ...], ...]
    """``remove[plan][card]``: take the attached ``card`` off ``plan``."""


@cache
def card_actions(cards: int) -> CardActions:
    """Every action on a deck of ``cards`` play cards, made once per deck size (moving an
    attached card names three cards: those are made by :func:`act` when offered)."""
    every = range(cards)
    return CardActions(
        tuple(act(PLAY_PLAN, c) for c in every),
        tuple(act(DISCARD, c) for c in every),
        tuple(tuple(act(ATTACH, c, p) for p in every) for c in every),
        tuple(act(FUND, p) for p in every),
        tuple(act(IPO, p) for p in every),
        tuple(act(TARGET, p) for p in every),
        tuple(tuple(act(TARGET, p, c) for c in every) for p in every),
    )


class _Terms:
    """``terms price shares`` for every price up to ``top`` and 1..``most`` shares, also
    laid out flat per share count (``flat[k]``: price by price, 1..k shares each) so that
    a purse's terms are a few slices."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.by_price: list[tuple[Action, ...]] = []
        self.flat: list[tuple[Action, ...]] = [()] * (most + 1)

    def cover(self, price: int) -> None:
        """Make the terms up to ``price`` (prices are open-ended: the table grows)."""
        if price < len(self.by_price):
            return
        most, by_price = self.most, self.by_price
        for p in range(len(by_price), max(price + 1, 2 * len(by_price), 64)):
            by_price.append(tuple(act(TERMS, p, s) for s in range(1, most + 1)))
        for k in range(1, most + 1):
            self.flat[k] = tuple(a for row in by_price for a in row[:k])


@cache
def _terms_table(most: int) -> _Terms:
    return _Terms(most)


# decision whole-prices
@lru_cache(maxsize=1024)
def terms_actions(low: int, cash: int, most: int) -> tuple[Action, ...]:
    """Every ``terms price shares`` a lead with ``cash`` can pay, by price then shares:
    prices from ``low`` up to ``cash``, shares from 1 to ``most`` while
    ``price * shares <= cash``.  The share counts a price offers only shrink as the
    price rises, so the terms fall into at most ``most`` runs of prices offering the same
    counts, each a slice of the flat table."""
    table = _terms_table(most)
    table.cover(cash)
    terms: tuple[Action, ...] = ()
    price = low
    for shares in range(most, 0, -1):
        top = cash // shares
        if top >= price:
            terms += table.flat[shares][price * shares : (top + 1) * shares]
            price = top + 1
    return terms


@lru_cache(maxsize=4096)
def terms_at_prices(low: int, cash: int, most: int, prices: tuple[int, ...]) -> tuple[Action, ...]:
    """The terms at ``prices`` only, in :func:`terms_actions`' order: what a bot with a
    price menu weighs, found without walking every price up to the purse."""
    table = _terms_table(most)
    table.cover(cash)
    return tuple(
        table.by_price[price][shares - 1]
        for price in sorted(set(prices))
        if low <= price <= cash
        for shares in range(1, min(most, cash // price) + 1)
    )


def terms_allowed(action: Action, low: int, cash: int, most: int) -> bool:
    """Whether ``action`` is among :func:`terms_actions` (without building them)."""
    if action.verb != TERMS or len(action.args) != 2:
        return False
    price, shares = action.args
    return low <= price and 1 <= shares <= most and price * shares <= cash


@cache
def invitations(players: int, asked: int, closable: bool) -> tuple[Action, ...]:
    """An invitation to every seat not ``asked`` yet (a bit per seat), then closing the
    round when it may close (the same few dozen recur)."""
    invites = tuple(act(INVITE, s) for s in range(players) if not asked >> s & 1)
    return (*invites, CLOSE_ACTION) if closable else invites


class _Invitations(dict[int, tuple[tuple[Action, ...], ...]]):
    """``INVITATIONS[players][asked << 1 | closable]``: :func:`invitations` laid out per
    player count, so that the most frequent question of a funding round is two lookups."""

    def __missing__(self, players: int) -> tuple[tuple[Action, ...], ...]:
        table = self[players] = tuple(
            invitations(players, asked, closable)
            for asked in range(1 << players)
            for closable in (False, True)
        )
        return table


INVITATIONS = _Invitations()
