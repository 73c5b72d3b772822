"""The plain data of a game of Small Print in progress (no rules: see rules.py)."""

from __future__ import annotations

import random
from typing import NamedTuple

from pnp.games.playlog import PlayLog
from pnp.games.smallprint.actions import Paperwork
from pnp.games.smallprint.config import Config

PLACE, OVER = 0, 1
"""Phases: seats place paperwork (or pass); the game is over."""
TERMINAL = -4
"""current_player() when the game is over (OpenSpiel's terminal id)."""


class Placed(NamedTuple):
    """One paperwork card under a business: whose, what, and the marker shown on it
    (it never changes once placed, so clones share it)."""

    seat: int
    kind: int
    marker: int


class Usage:
    """Peaks and counts over one game, for the simulation report."""

    __slots__ = ("money", "chits", "void", "bluffs", "caught", "settled", "final_pool")

    def __init__(self, denominations: int) -> None:
        self.money = [0] * denominations
        self.chits = 0
        self.void = 0
        self.bluffs = 0
        """Markers that did not match their card (each earns a penalty chit)."""
        self.caught = 0
        """Bluffs on a business whose other players changed what they played there."""
        self.settled = 0
        self.final_pool = 0

    def copy(self) -> Usage:
        u = Usage(0)
        u.money = self.money[:]
        u.chits, u.void, u.bluffs = self.chits, self.void, self.bluffs
        u.caught, u.settled, u.final_pool = self.caught, self.settled, self.final_pool
        return u


class StateData:
    """Everything about one game; ``rules.State`` adds the moves."""

    __slots__ = (
        "config",
        "n",
        "rng",
        "rounds",
        "round",
        "phase",
        "starter",
        "to_move",
        "deck",
        "row",
        "under",
        "hands",
        "holding",
        "played",
        "passed",
        "markers",
        "cash",
        "chits",
        "pool",
        "peaks",
        "log",
        "playlog",
        "_legal",
        "_legal_ids",
    )

    def __init__(
        self, config: Config, players: int, seed: int | None, transcript: bool, record: bool = True
    ) -> None:
        self.config = config
        self.n = players
        self.rng = random.Random(seed)
        self.rounds = config.rounds[players]
        self.round = 0
        self.phase = PLACE
        self.starter = 0
        self.to_move = 0
        """The seat whose turn it is (``current_player()`` is TERMINAL once the game is over)."""
        self.deck: list[int] = list(range(len(config.businesses)))
        """Business cards still face down (indices into config.businesses), drawn at random."""
        self.row: list[int] = []
        """This round's business cards, face up."""
        self.under: list[list[Placed]] = []
        """Paperwork under each business of the row, in the order played."""
        self.hands = [[config.shares, 1, 1, 1] for _ in range(players)]  # decision shares-per-set
        """Cards of each kind (share, small, big, total) each seat holds."""
        self.holding: tuple[tuple[int, ...], ...] = ()
        """Every seat's ``hands`` as the round started (public: each set is known and
        every card placed before was revealed), kept for the views."""
        self.played = [0] * players
        """Cards each seat has placed this round."""
        self.passed = [False] * players
        self.markers = [[True, True, True] for _ in range(players)]
        """Contract markers (Small, Big, Total) each seat still has in front of it."""
        self.cash = [config.start_cash] * players  # decision start
        self.chits = [0] * players
        self.pool = 0
        self.peaks = Usage(len(config.denominations))
        self.log: list[str] | None = [] if transcript else None
        self.playlog: PlayLog | None = None
        if record:
            self.playlog = log = PlayLog(config.card_ids, players)
            for seat in range(players):
                for kind in range(len(self.hands[seat])):
                    log.draw(seat, config.paperwork_index(seat, kind))
        self._legal: tuple[Paperwork, ...] = ()
        self._legal_ids: frozenset[int] = frozenset()
        """The ``id`` of each legal action (see ``actions.offer``)."""

    def copy_into(self, other: StateData) -> None:
        """Deep-copy every field into ``other`` (a fresh instance of a subclass)."""
        for name in ("config", "n", "rounds", "round", "phase", "starter", "to_move", "pool"):
            setattr(other, name, getattr(self, name))
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.deck, other.row = self.deck[:], self.row[:]
        other.under = [pile[:] for pile in self.under]  # Placed never changes: shared
        other.hands, other.holding = [h[:] for h in self.hands], self.holding
        other.markers = [m[:] for m in self.markers]
        other.played, other.passed = self.played[:], self.passed[:]
        other.cash, other.chits = self.cash[:], self.chits[:]
        other.peaks = self.peaks.copy()
        other.log = None if self.log is None else self.log[:]
        other.playlog = None if self.playlog is None else self.playlog.copy()
        other._legal, other._legal_ids = self._legal, self._legal_ids
