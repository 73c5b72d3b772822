"""Plain data of a Bidness game in progress: who holds what, whose decision it is.

No rules live here (they are in :mod:`.rules` and its topic modules); a :class:`StateData`
is the data, :class:`Auction` and :class:`Suit` the open auction or lawsuit, and
:class:`Usage` the peaks the simulation report needs.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.games.bank import Bank, bank_for
from pnp.games.bidness.config import LAWYER, Config
from pnp.games.kit import Action
from pnp.games.playlog import PlayLog

DISCARD, PLAY, AUCTION, SETTLE, SALARY, OVER = range(6)
PHASE_NAMES = ("discard", "card play", "auction", "settlement", "salaries", "over")
TERMINAL = -4
"""``current_player()`` of a finished game (OpenSpiel's terminal id)."""
NOBODY = -1


class Auction:
    """An auction under way: bidders still in, clockwise from the seller."""

    __slots__ = ("card", "seller", "active", "high", "leader", "pos")

    def __init__(self, card: int, seller: int, active: list[int]) -> None:
        self.card, self.seller, self.active = card, seller, active
        self.high, self.leader, self.pos = 0, NOBODY, 0

    def copy(self) -> Auction:
        a = Auction(self.card, self.seller, self.active[:])
        a.high, a.leader, a.pos = self.high, self.leader, self.pos
        return a


class Suit:
    """A lawsuit in settlement talks: the claim and the last offers of each side."""

    __slots__ = ("card", "plaintiff", "defendant", "cash_claim", "offers", "ask", "bid", "to_act")

    def __init__(self, card: int, plaintiff: int, defendant: int, cash_claim: int) -> None:
        self.card, self.plaintiff, self.defendant = card, plaintiff, defendant
        self.cash_claim = cash_claim
        """Dollars a Negligence suit names (0 for Libel and Patent suits)."""
        self.offers = 0
        self.ask = 0
        """The plaintiff's last proposal (0 before the first)."""
        self.bid = 0
        """The defendant's last counter-offer (0 before the first)."""
        self.to_act = plaintiff

    def copy(self) -> Suit:
        s = Suit(self.card, self.plaintiff, self.defendant, self.cash_claim)
        s.offers, s.ask, s.bid, s.to_act = self.offers, self.ask, self.bid, self.to_act
        return s


COUNTER_BITS = 32
"""Bits per counter value in the packed peaks: a count stays below 2**31."""


class Usage:
    """Peaks and counts over one game, for ``usage``/``ran_out``/``measures``."""

    __slots__ = (
        "money_packed",
        "tech_packed",
        "money_bank",
        "tech_bank",
        "ious",
        "deck_low",
        "payback_held",
        "dry_event",
        "dry_payback",
        "auctions",
        "no_bids",
        "settled",
        "tried",
        "headhunts",
        "layoffs",
        "paid_off",
    )

    def __init__(self, money: Bank, tech: Bank) -> None:
        self.money_packed = 0
        """Most counters of each money value in use at once, packed (:mod:`pnp.games.bank`)."""
        self.tech_packed = 0
        self.money_bank, self.tech_bank = money, tech
        self.ious = 0
        self.deck_low = 1 << 30
        self.payback_held = 0
        self.dry_event = 0
        self.dry_payback = 0
        self.auctions = 0
        self.no_bids = 0
        self.settled = 0
        self.tried = 0
        self.headhunts = 0
        self.layoffs = 0
        self.paid_off = False

    @property
    def money(self) -> list[int]:
        """Most counters of each money value (largest first) in use at once."""
        return self.money_bank.counts(self.money_packed)

    @property
    def tech(self) -> list[int]:
        """Most counters of each tech-point value (largest first) in use at once."""
        return self.tech_bank.counts(self.tech_packed)

    def copy(self) -> Usage:
        u = Usage.__new__(Usage)
        for name in Usage.__slots__:  # plain numbers and flags: shared
            setattr(u, name, getattr(self, name))
        return u


_SHARED = (
    "config",
    "n",
    "round",
    "phase",
    "first",
    "to_move",
    "passes",
    "restructuring",
    "_legal",
    "moves",
    "public",
)
"""Slots holding immutable values (or tables kept per catalog), which a copy may share."""
_FLAT = ("cash", "ious", "tech", "deck", "discards", "buried", "paybacks", "payback_discards")
"""Slots holding flat lists, copied one level deep."""
_PER_SEAT = ("hands", "staff", "contracts", "bonuses")
"""Slots holding one list of cards per seat."""


class StateData:
    """Everything on and around the table.  Per-seat lists are indexed by seat."""

    __slots__ = (
        *_SHARED,
        *_FLAT,
        *_PER_SEAT,
        "rng",
        "market_leader",
        "tech_leader",
        "auction",
        "suit",
        "queue",
        "winners",
        "peaks",
        "log",
        "playlog",
    )

    def __init__(
        self, config: Config, players: int, seed: int | None, transcript: bool, record: bool = True
    ) -> None:
        n = self.n = players
        self.config = config
        self.rng = random.Random(seed)
        self.round = 1
        self.phase = DISCARD
        self.first = 0
        self.to_move = TERMINAL
        self.passes = 0
        self.restructuring = NOBODY
        """The seat paying salaries that was short of cash this round: it may go on laying
        off after the salaries are covered (bidness.txt, layoffs: more than it needs to)."""
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.staff: list[list[int]] = [[] for _ in range(n)]
        """Employee cards in each workplace."""
        self.contracts: list[list[int]] = [[] for _ in range(n)]
        self.bonuses: list[list[int]] = [[] for _ in range(n)]
        """Bonus, penalty and Legal Intern cards lying in each workplace this round."""
        self.cash = [config.t.start_cash] * n
        self.ious = [config.t.start_ious] * n
        self.tech = [config.t.start_tech] * n
        self.deck: list[int] = list(config.event_cards)
        self.discards: list[int] = []
        """Event cards played, sold or laid off (face up); shuffled back each round."""
        self.buried: list[int] = []
        """Event cards discarded face down in this round's setup; shuffled back too."""
        self.paybacks: list[int] = list(config.payback_cards)
        self.payback_discards: list[int] = []
        self.market_leader = NOBODY
        self.tech_leader = NOBODY
        self.auction: Auction | None = None
        self.suit: Suit | None = None
        self.queue: list[int] = []
        """Seats still to decide in this step (discards, salaries), in order."""
        self.winners: list[int] = []
        self._legal: tuple[Action, ...] = ()
        self.peaks = Usage(
            bank_for(config.denominations, COUNTER_BITS), bank_for(config.tech_values, COUNTER_BITS)
        )
        self.public: tuple[Any, ...] | None = None
        """The part of a view that is the same for every seat and does not change while
        only an auction or settlement talks go on (built by ``view.view_of``, kept by
        ``rules.State.apply`` on those moves and dropped on every other; code that
        changes the table outside ``apply`` must set it to None)."""
        self.moves: Any = None
        """The catalog's :class:`~pnp.games.bidness.hand.CardMoves` at this many seats,
        looked up on first use (by :func:`~pnp.games.bidness.hand.play_actions`)."""
        self.log: list[str] | None = [] if transcript else None
        self.playlog: PlayLog | None = PlayLog(config.card_ids, players) if record else None
        """Cards drawn and played and rules used, for the report (None in a game a search
        bot samples: see :mod:`pnp.games.playlog`)."""

    def copy_into(self, other: StateData) -> None:
        """Fill ``other`` (made with ``__new__``) with an independent copy of this table."""
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        for name in _FLAT:
            setattr(other, name, getattr(self, name)[:])
        for name in _PER_SEAT:
            setattr(other, name, [x[:] for x in getattr(self, name)])
        other.market_leader, other.tech_leader = self.market_leader, self.tech_leader
        other.queue, other.winners = self.queue[:], self.winners[:]
        other.rng = random.Random.__new__(random.Random)  # unseeded: setstate fills it
        other.rng.setstate(self.rng.getstate())
        other.auction = self.auction.copy() if self.auction else None
        other.suit = self.suit.copy() if self.suit else None
        other.peaks = self.peaks.copy()
        other.log = None if self.log is None else self.log[:]
        other.playlog = None if self.playlog is None else self.playlog.copy()

    # -- plain reads (no rules) ------------------------------------------------------------

    def roles(self, seat: int) -> list[int]:
        """The role of each employee in the seat's workplace."""
        return list(map(self.config.role.__getitem__, self.staff[seat]))

    def count_role(self, seat: int, role: int) -> int:
        return list(map(self.config.role.__getitem__, self.staff[seat])).count(role)

    def marketing(self, seat: int) -> int:
        """Marketers plus the bonuses and penalties in the workplace (no award bonus)."""
        units = self.config.marketing_units
        return sum([units[c] for c in self.staff[seat]]) + sum(
            [units[c] for c in self.bonuses[seat]]
        )

    def trial_dice(self, seat: int) -> int:
        extra = self.config.trial_dice
        return (
            self.config.t.trial_dice  # decision legal-intern: its dice
            + self.count_role(seat, LAWYER)
            + sum([extra[c] for c in self.bonuses[seat]])
        )

    def paybacks_held(self, seat: int) -> int:
        return len(self.config.paybacks.intersection(self.hands[seat]))

    def room(self, seat: int) -> int:
        """Dollars the seat could still borrow before the debt limit."""
        return (self.config.max_ious - self.ious[seat]) * self.config.t.iou_value

    def means(self, seat: int) -> int:
        """Cash on hand plus what the seat could still borrow."""
        return self.cash[seat] + self.room(seat)
