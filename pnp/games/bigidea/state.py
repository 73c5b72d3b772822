"""The plain data of a game of The Big Idea in progress: phases, products on the table,
the component-use record and :class:`StateData` (no rules: see rules.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Self, cast

from pnp.games.bank import bank_for
from pnp.games.bigidea.config import Config, rounds_for
from pnp.games.kit import Action
from pnp.games.playlog import PlayLog

SEED, PITCH, VENTURE, MEZZANINE, DISCARD, OVER = range(6)
PHASE_NAMES = ("seed", "pitch", "venture", "mezzanine", "discard", "over")
PASSED = -1
"""A Venture pick of no product (``venture`` holds a table position or this)."""
TERMINAL = -1
"""``current_player()`` once the game is over."""


def masks(hand: int, start: int) -> range:
    """Every bitmask over ``hand`` cards from ``start`` (1 = at least one card), in
    order; a range answers ``in``, ``len`` and ``[i]`` without listing 64 masks."""
    return range(start, 1 << hand)


_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def turn_order(players: int, leader: int) -> tuple[int, ...]:
    """Seats in turn order from ``leader`` round the table (play passes left)."""
    orders = _ORDERS.get(players)
    if orders is None:
        seats = range(players)
        orders = _ORDERS[players] = tuple(
            tuple((lead + i) % players for i in seats) for lead in seats
        )
    return orders[leader]


_SPLITS: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = []


def split(hand: int, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Positions in a hand of ``hand`` cards that ``mask`` picks, and those it leaves."""
    while len(_SPLITS) <= hand:
        size = len(_SPLITS)
        _SPLITS.append(
            tuple(
                (
                    tuple(i for i in range(size) if m >> i & 1),
                    tuple(i for i in range(size) if not m >> i & 1),
                )
                for m in range(1 << size)
            )
        )
    return _SPLITS[hand][mask]


Picker = Callable[[Sequence[int]], tuple[int, ...]]
"""A hand's cards at some positions, as a tuple."""


def _picker(positions: tuple[int, ...]) -> Picker:
    if len(positions) > 1:
        return cast(Picker, itemgetter(*positions))  # one C call for the whole pick
    if positions:
        only = positions[0]
        return lambda hand: (hand[only],)
    return lambda hand: ()


_PICKERS: list[tuple[tuple[Picker, Picker], ...]] = []


def pickers(hand: int, mask: int) -> tuple[Picker, Picker]:
    """The cards ``mask`` picks from a hand of ``hand`` cards and the cards it leaves, as
    functions of the hand (the positions of :func:`split`)."""
    while len(_PICKERS) <= hand:
        size = len(_PICKERS)
        splits = [split(size, m) for m in range(1 << size)]
        _PICKERS.append(tuple((_picker(take), _picker(keep)) for take, keep in splits))
    return _PICKERS[hand][mask]


class Product:
    """Cards on the table with the chips invested in them."""

    __slots__ = ("uid", "owner", "cards", "shares", "players", "white", "white_short", "born")

    def __init__(self, uid: int, owner: int, cards: tuple[int, ...], seats: int, born: int):
        self.uid = uid
        self.owner = owner
        self.cards = cards
        self.shares = [0] * seats
        self.players = 0
        """Player chips on it (the ones a Mezzanine investor pays for)."""
        self.white = 0
        self.white_short = 0
        """Foreign chips the bank owed it but did not have (see rulebook notes)."""
        self.born = born

    def copy(self) -> Product:
        p = Product.__new__(Product)
        p.uid, p.owner, p.cards, p.born = self.uid, self.owner, self.cards, self.born
        p.shares = self.shares[:]
        p.players, p.white, p.white_short = self.players, self.white, self.white_short
        return p

    def stack(self) -> int:
        return self.players + self.white


class Usage:
    """Peak use of every printed component during one game."""

    __slots__ = (
        "chips",
        "white",
        "white_needed",
        "white_short",
        "money",
        "reshuffles",
        "dry_draws",
        "stuck",
        "deck_low",
    )

    def __init__(self, seats: int, decks: int, denominations: int) -> None:
        self.chips = [0] * seats
        """Most chips each seat had on the table at once."""
        self.white = 0
        self.white_needed = 0
        """Most foreign chips the table would have held had the bank never run out."""
        self.white_short = 0
        """Failed IPOs that got no foreign chip because the bank had none left."""
        self.money = [0] * denominations
        """Most counters of each denomination the players held at once (greedy change)."""
        self.reshuffles = [0] * decks
        self.dry_draws = [0] * decks
        """Cards a seat should have drawn when draw pile and discards were both empty."""
        self.stuck = 0
        """Decisions a seat missed because all its chips were tied up."""
        self.deck_low = [1 << 30] * decks
        """Fewest cards left in each draw pile just before a draw."""

    def copy(self) -> Usage:
        u = Usage.__new__(Usage)
        u.chips, u.money, u.reshuffles = self.chips[:], self.money[:], self.reshuffles[:]
        u.dry_draws, u.deck_low = self.dry_draws[:], self.deck_low[:]
        u.white, u.white_needed, u.white_short = self.white, self.white_needed, self.white_short
        u.stuck = self.stuck
        return u


Dice = tuple[random.Random | None, tuple[Any, ...] | int]
"""A generator (None: not made yet) and how to make it again: its state as
``Random.getstate`` gives it, or the seed it was made from."""


def rng_at(state: tuple[Any, ...] | int) -> random.Random:
    """A generator at ``state`` (from ``Random.getstate``) or seeded with it (an int).
    Set to a state, it is made with ``Random.__new__``: ``Random()`` would first seed
    itself from the operating system only to be overwritten, which costs more than the
    copy itself."""
    if isinstance(state, int):
        return random.Random(state)
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


class StateData:
    """Everything about one game; :class:`.rules.State` adds the moves."""

    __slots__ = (
        "config",
        "n",
        "rng",
        "rounds",
        "round",
        "leader",
        "order",
        "phase",
        "turn",
        "cash",
        "free",
        "white_bank",
        "hands",
        "draw",
        "discards",
        "table",
        "pending",
        "venture",
        "next_uid",
        "peaks",
        "log",
        "playlog",
        "first_leader",
        "to_move",
        "_legal",
        "_shown",
        "_backs",
        "_laid",
        "_faceup",
        "_dice",
        "_nothing",
        "_zeros",
        "_bank",
        "_fresh",
        "_money_peak",
    )

    def __init__(
        self,
        config: Config,
        players: int,
        seed: int | None = None,
        transcript: bool = True,
        record: bool = True,
    ) -> None:
        if not config.min_players <= players <= config.max_players:
            raise ValueError(
                f"The Big Idea takes {config.min_players}–{config.max_players} players, "
                f"not {players}"
            )
        n = self.n = players
        self.config = config
        self.rng: random.Random | None = random.Random(seed)
        self.rounds = rounds_for(n)
        self.round = 0
        self.cash = [config.start_cash] * n
        self.free = [config.chips_per_player] * n
        self.white_bank = config.foreign_chips
        decks = len(config.deck_ids)
        self.draw = [config.deck_cards(d) for d in range(decks)]
        """Undrawn cards of each deck; drawing picks one at random, so no shuffle is needed."""
        self.discards: list[list[int]] = [[] for _ in range(decks)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.table: list[Product] = []
        self.next_uid = 0
        self.peaks = Usage(n, decks, len(config.denominations))
        self.log: list[str] | None = [] if transcript else None
        self.playlog: PlayLog | None = PlayLog(config.card_ids, n) if record else None
        self.phase, self.turn, self.order = SEED, 0, tuple(range(n))
        self.to_move = TERMINAL
        self.leader = self.first_leader = 0
        self.pending: list[tuple[int, ...] | None] = [None] * n
        self.venture: list[int | None] = [None] * n
        self._money_peak = 0
        """``peaks.money`` packed (:mod:`pnp.games.bank`)."""
        self._start_caches()

    def _start_caches(self) -> None:
        """The engine's own helpers, nothing yet worked out (also for a dealt game)."""
        n = self.n
        self._legal: tuple[Action, ...] = ()
        self._shown: tuple[Any, ...] | None = None
        self._backs: tuple[tuple[int, ...], ...] | None = None
        """The deck of each card in each hand (what the card backs show), kept for views
        until a hand changes (None: changed)."""
        self._laid: tuple[tuple[int, ...], tuple[tuple[int, ...] | None, ...]] | None = None
        """The size and card backs of each seat's product this Seed step, as views show
        them (``view.laid_backs``), kept in step with ``pending`` (None: not worked out)."""
        self._dice: Dice | None = None
        """``rng`` and its state as read for a clone, kept until the rules draw from it (None:
        drawn since): the search clones one sampled game once per candidate, and reading a
        generator's state costs three times setting it.  A sampled game keeps the seed of
        its generator here and makes it only when the rules first draw (``_die``): the
        search clones it before it plays, and some samples never play at all."""
        self._faceup: tuple[tuple[int, ...], ...] | None = None
        """The discard piles as views show them, kept until a card is discarded or a pile
        becomes a draw pile (None: changed)."""
        self._nothing: tuple[None, ...] = (None,) * n
        self._zeros = (0,) * n
        self._bank = bank_for(self.config.denominations)
        """The money counters, shared by every game with these denominations."""
        self._fresh: list[tuple[int, int]] | None = None
        """(table index, owner) of each product new this round, kept for one Venture phase
        (replaced, never changed in place)."""

    def clone(self) -> Self:
        """A copy that plays on alone.  Values never changed in place (numbers, tuples, the
        kept ``_legal``, ``_shown``, ``_backs``, ``_laid``, ``_faceup`` and ``_fresh``, the
        bank) are shared; every list is copied.  Slot by slot, not in a loop of ``getattr``:
        the search clones once per playout (tests/test_bigidea_fast.py checks that no slot
        is missed)."""
        s = type(self).__new__(type(self))
        s.config, s.n, s.rounds, s.round = self.config, self.n, self.rounds, self.round
        s.leader, s.first_leader, s.order = self.leader, self.first_leader, self.order
        s.phase, s.turn, s.white_bank = self.phase, self.turn, self.white_bank
        s.next_uid, s.to_move, s._legal = self.next_uid, self.to_move, self._legal
        s._shown, s._backs, s._fresh = self._shown, self._backs, self._fresh
        s._faceup, s._laid = self._faceup, self._laid
        s._nothing, s._zeros, s._bank = self._nothing, self._zeros, self._bank
        s._money_peak = self._money_peak
        s.cash, s.free = self.cash[:], self.free[:]
        s.pending, s.venture = self.pending[:], self.venture[:]
        dice = self._dice
        if dice is None or dice[0] is not self.rng:  # drawn from, or replaced by hand
            dice = self._dice = (self.rng, self._die().getstate())
        s.rng = rng_at(dice[1])
        s._dice = (s.rng, dice[1])
        s.hands = [h[:] for h in self.hands]
        s.draw = [d[:] for d in self.draw]
        s.discards = [d[:] for d in self.discards]
        s.table = [p.copy() for p in self.table]
        s.peaks = self.peaks.copy()
        s.log = None if self.log is None else self.log[:]
        s.playlog = None if self.playlog is None else self.playlog.copy()
        return s

    def _die(self) -> random.Random:
        """The generator the rules draw from, made now if it was not (see ``_dice``)."""
        rng = self.rng
        if rng is None:
            assert self._dice is not None
            rng = self.rng = rng_at(self._dice[1])
        return rng

    def _legal_for(self, seat: int) -> tuple[Action, ...]:
        """The seat's choices now; carried out in rules.State (determinize asks for them)."""
        raise NotImplementedError
