"""A company on the table and the arithmetic of its IPO and burn rate."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.boom.config import Config


class Company:
    """A Business Plan on the table with its attached cards, treasury and shares."""

    __slots__ = ("plan", "owner", "cards", "cash", "shares", "total", "led_turn")

    def __init__(self, plan: int, owner: int, seats: int) -> None:
        self.plan = plan
        """Card number of the Business Plan; also names the company."""
        self.owner = owner
        """Seat the cards lie in front of: whoever played the plan, then the lead investor."""
        self.cards: list[int] = []
        """Attached Company cards (the plan itself not included)."""
        self.cash = 0
        self.shares = [0] * seats
        self.total = 0
        """Stock counters on the plan, all firms together; > 0 means funded."""
        self.led_turn = -1
        """Turn number of the latest funding round that closed."""

    @property
    def size(self) -> int:
        """Cards in the company, its plan included."""
        return 1 + len(self.cards)

    def copy(self) -> Company:
        other = Company.__new__(Company)
        other.plan, other.owner, other.cash = self.plan, self.owner, self.cash
        other.cards, other.shares = self.cards[:], self.shares[:]
        other.total, other.led_turn = self.total, self.led_turn
        return other


def matching_entrepreneurs(cat: Config, plan: int, cards: Sequence[int]) -> int:
    """Attached Entrepreneurs whose domain is the plan's industry.

    Only plans and Entrepreneurs carry an industry in the catalog, so any attached card
    with the plan's industry is a matching Entrepreneur.
    """
    industry = cat.card_industry
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


def burn_rate(cat: Config, plan: int, cards: Sequence[int], ipo_limit: int) -> int:
    """A round's burn: the cards' burn plus the IPO-track surcharge, never below zero.

    Revenue cards can push the card total negative; a company then pays nothing but
    gains nothing either (the rules only ever remove money for burn).
    """
    burn = cat.card_burn
    total = burn[plan] + cat.surcharge[ipo_limit]
    for card in cards:
        total += burn[card]
    # decision burn-floor
    return total if total > 0 else 0
