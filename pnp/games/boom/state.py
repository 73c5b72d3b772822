"""The plain data of a game of •Boom in progress: who holds what, where the game stands.

No rules here: :mod:`.rules` moves the game on, :mod:`.funding` and :mod:`.effects` run
funding rounds and Discards, all as functions of this data.  The transitions they call
on each other (``end_turn``, ``draw``, ``shift_limit``) are declared here and carried out
in :class:`.rules.State`, so that no module here imports the rules.
"""

from __future__ import annotations

import random
from typing import Self

from pnp.games.bank import Piles, bank_for
from pnp.games.boom.actions import PLAY
from pnp.games.boom.company import Company
from pnp.games.boom.config import Config
from pnp.games.chance import shuffle
from pnp.games.kit import Action
from pnp.games.playlog import PlayLog

CRASH = -2
"""Stands for the •Crash card in the event deck (other events index ``config.events``)."""
_MUTABLE_LISTS = (
    "money",
    "deck",
    "discard",
    "events",
    "used_events",
    "order",
    "fr_bought",
    "fr_queue",
    "eff_queue",
    "stock_out",
    "stock_peak",
    "gone",
)


class StateData:
    """Everything about one game of •Boom; :class:`.rules.State` adds the moves."""

    __slots__ = (
        "config",
        "actions",
        "players",
        "everyone",
        "rng",
        "log",
        "money",
        "hands",
        "deck",
        "discard",
        "events",
        "used_events",
        "event",
        "ipo_limit",
        "ipo_limit_low",
        "companies",
        "plans_out",
        "gone",
        "round",
        "order",
        "turn_pos",
        "turn",
        "phase",
        "to_move",
        "actor",
        "fr_plan",
        "fr_price",
        "fr_prev_owner",
        "fr_bought",
        "fr_sold",
        "fr_asked",
        "fr_must",
        "fr_queue",
        "eff_card",
        "eff_queue",
        "eff_key",
        "eff_amount",
        "eff_left",
        "stock_out",
        "stock_peak",
        "counters",
        "dry_draws",
        "end_reason",
        "rounds_closed",
        "rounds_failed",
        "playlog",
        "_legal",
    )

    def __init__(
        self,
        config: Config,
        players: int,
        seed: int | None,
        transcript: bool = True,
        record: bool = True,
    ) -> None:
        self.config = config
        self.actions = config.actions
        """The actions naming play cards (``config.actions``, kept at hand for the rules)."""
        self.players = players
        self.everyone = (1 << players) - 1
        """Every seat's bit (the seats asked in a funding round, ``fr_asked``)."""
        self.rng = random.Random(seed)
        self.log: list[str] | None = [] if transcript else None
        self.money = [config.start_money] * players
        self.deck = list(range(config.play_cards))
        shuffle(self.rng, self.deck)
        self.discard: list[int] = []
        self.hands = [[self.deck.pop() for _ in range(config.hand_size)] for _ in range(players)]
        self.playlog: PlayLog | None = None
        if record:
            self.playlog = log = PlayLog(config.card_id, players)
            for seat, hand in enumerate(self.hands):
                for card in hand:
                    log.draw(seat, card)
        self.events = list(range(len(config.events)))
        shuffle(self.rng, self.events)
        self.used_events: list[int] = []
        self.event = -1
        """Face-up event (index into ``config.events``), -1 before the first flip."""
        self.ipo_limit = self.ipo_limit_low = config.ipo_limit_start
        self.companies: dict[int, Company] = {}
        """Plans on the table by card number, in the order they were played."""
        self.plans_out = 0
        """Plans gone public or bust: out of the game for good."""
        self.gone: list[int] = []
        """Those plans' cards (their other cards went to the discard pile)."""
        self.round = 0
        self.order: list[int] = []
        self.turn_pos = self.turn = 0
        self.phase = PLAY
        self.to_move = self.actor = 0
        """``to_move`` decides now; ``actor`` is the seat whose turn it is."""
        self.fr_plan = self.fr_price = self.fr_prev_owner = self.fr_sold = 0
        self.fr_asked = self.fr_must = 0
        self.fr_bought = [0] * players
        self.fr_queue: list[int] = []
        self.eff_card = self.eff_amount = self.eff_left = 0
        self.eff_key = ""
        self.eff_queue: list[tuple[str, int]] = []
        self.stock_out = [0] * players
        self.stock_peak = [0] * players
        self.counters = Piles(bank_for(config.denominations), players + config.play_cards)
        for seat in range(players):
            self.counters.set(seat, config.start_money)
        self.dry_draws = 0
        self.end_reason = ""
        self.rounds_closed = self.rounds_failed = 0
        """Funding rounds that closed and that failed (for the simulation report)."""
        self._legal: tuple[Action, ...] | None = None
        """The legal actions now, once asked for (``rules.State.legal_actions``)."""

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        for name in StateData.__slots__:
            setattr(other, name, getattr(self, name))
        for name in _MUTABLE_LISTS:
            setattr(other, name, getattr(self, name)[:])
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.log = None if self.log is None else self.log[:]
        other.hands = [hand[:] for hand in self.hands]
        other.companies = dict(self.companies)  # the records never change: shared
        other.counters = self.counters.copy()
        other.playlog = None if self.playlog is None else self.playlog.copy()
        return other

    def say(self, line: str) -> None:
        if self.log is not None:
            self.log.append(line)

    def firm(self, seat: int) -> str:
        return self.config.firm_marks[seat]

    def card(self, card: int) -> str:
        return self.config.card_name[card]

    # -- transitions, carried out in rules.State -----------------------------------------

    def end_turn(self) -> None:
        raise NotImplementedError

    def draw(self, seat: int) -> None:
        raise NotImplementedError

    def shift_limit(self, delta: int) -> None:
        raise NotImplementedError
