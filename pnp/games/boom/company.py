"""A company on the table and the arithmetic of its IPO and burn rate."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

from pnp.games.boom.config import Config


class Company(NamedTuple):
    """A Business Plan on the table with its attached cards, treasury and shares.

    A record that never changes: a move that changes a company puts a new record in the
    state's ``companies`` (:func:`found`, :func:`with_cards`, :func:`with_shares`, ...).  A view, a
    clone and a determinization then share the records instead of copying each one,
    and a seat's view still cannot reach anything of the state that moves."""

    plan: int
    """Card number of the Business Plan; also names the company."""
    owner: int
    """Seat the cards lie in front of: whoever played the plan, then the lead investor."""
    cards: tuple[int, ...]
    """Attached Company cards (the plan itself not included)."""
    cash: int
    shares: tuple[int, ...]
    """Stock counters on the plan per seat."""
    total: int
    """Stock counters on the plan, all firms together; > 0 means funded."""
    led_turn: int
    """Turn number of the latest funding round that closed (-1: none yet)."""
    matching: int
    """Attached Entrepreneurs whose domain is the plan's industry (kept with ``cards``)."""
    card_burn: int
    """The burn printed on the plan and its attached cards, before the IPO track's
    surcharge (kept with ``cards``)."""

    @property
    def size(self) -> int:
        """Cards in the company, its plan included."""
        return 1 + len(self.cards)

    def burn(self, config: Config, ipo_limit: int) -> int:
        """What the company pays at the end of a round at ``ipo_limit`` (:func:`burn_rate`)."""
        return _floored(self.card_burn + config.surcharge[ipo_limit])


def found(config: Config, plan: int, owner: int, seats: int) -> Company:
    """A plan just played by ``owner``: no cards attached, no money, no shares."""
    return Company(plan, owner, (), 0, (0,) * seats, 0, -1, 0, config.card_burn[plan])


new_company: Callable[[tuple[Any, ...]], Company] = partial(tuple.__new__, Company)
"""``new_company(fields)``: a record from its nine fields in order, with none of
``_make``'s or ``_replace``'s Python-level work (the moves below run on every step)."""


def with_cards(config: Config, co: Company, cards: tuple[int, ...]) -> Company:
    """``co`` with ``cards`` attached instead of its own, its matching and burn counted again."""
    plan, owner, _, cash, shares, total, led_turn, _, _ = co
    burn = config.card_burn
    on_cards = burn[plan]
    for card in cards:
        on_cards += burn[card]
    matching = matching_entrepreneurs(config, plan, cards)
    return new_company((plan, owner, cards, cash, shares, total, led_turn, matching, on_cards))


def with_card(config: Config, co: Company, card: int) -> Company:
    """``co`` with ``card`` attached last: :func:`with_cards` counting only the new card."""
    plan, owner, cards, cash, shares, total, led_turn, matching, card_burn = co
    industry = config.card_industry
    if industry[card] == industry[plan]:
        matching += 1
    return new_company(
        (
            plan,
            owner,
            (*cards, card),
            cash,
            shares,
            total,
            led_turn,
            matching,
            card_burn + config.card_burn[card],
        ),
    )


def with_shares(co: Company, seat: int, shares: int, cash: int) -> Company:
    """``co`` after ``seat`` bought ``shares`` (negative: handed back) for ``cash``."""
    plan, owner, cards, money, held, total, led_turn, matching, card_burn = co
    now = list(held)
    now[seat] += shares
    return new_company(
        (
            plan,
            owner,
            cards,
            money + cash,
            tuple(now),
            total + shares,
            led_turn,
            matching,
            card_burn,
        ),
    )


def with_cash(co: Company, cash: int) -> Company:
    """``co`` holding ``cash`` in its treasury."""
    plan, owner, cards, _, shares, total, led_turn, matching, card_burn = co
    return new_company((plan, owner, cards, cash, shares, total, led_turn, matching, card_burn))


def with_owner(co: Company, owner: int) -> Company:
    """``co`` with its cards in front of ``owner`` (a new lead, or the old one back)."""
    plan, _, cards, cash, shares, total, led_turn, matching, card_burn = co
    return new_company((plan, owner, cards, cash, shares, total, led_turn, matching, card_burn))


def with_led_turn(co: Company, turn: int) -> Company:
    """``co`` after a funding round closed on ``turn``."""
    plan, owner, cards, cash, shares, total, _, matching, card_burn = co
    return new_company((plan, owner, cards, cash, shares, total, turn, matching, card_burn))


def matching_entrepreneurs(config: Config, plan: int, cards: Sequence[int]) -> int:
    """Attached Entrepreneurs whose domain is the plan's industry.

    Only plans and Entrepreneurs carry an industry in the config, so any attached card
    with the plan's industry is a matching Entrepreneur.
    """
    industry = config.card_industry
    wanted, matching = industry[plan], 0
    for card in cards:
        if industry[card] == wanted:
            matching += 1
    return matching


def modified_roll(die: int, cards: int, matching: int, event_bonus: int) -> int:
    """The IPO roll: die + cards in the company + matching Entrepreneurs + the Event's bonus."""
    return die + cards + matching + event_bonus


def per_share(raised: int, shares: int) -> int:
    """What one share pays at an IPO: rounded down to whole $m (the remainder stays in the bank)."""
    # decision rounding
    return raised // shares


def burn_rate(config: Config, plan: int, cards: Sequence[int], ipo_limit: int) -> int:
    """A round's burn: the cards' burn plus the IPO-track surcharge, never below zero.

    Revenue cards can push the card total negative; a company then pays nothing but
    gains nothing either (the rules only ever remove money for burn).
    """
    burn = config.card_burn
    total = burn[plan] + config.surcharge[ipo_limit]
    for card in cards:
        total += burn[card]
    return _floored(total)


def _floored(total: int) -> int:
    # decision burn-floor
    return total if total > 0 else 0
