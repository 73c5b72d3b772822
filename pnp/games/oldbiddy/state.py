"""Plain data of an Old Biddy game in progress: who holds what, where the gems stand.

No rules live here (see :mod:`.rules`); :meth:`StateData.copy_from` copies every list so
a clone shares nothing mutable with its original.  The sequences that change a few times a
round (the market, the turn order, the characters' cards and owners, the seals, the board
markers' knowers, the cards seen) are tuples, replaced when they change: a clone and a view
share them as they are.  There is no random generator: every
shuffle happens at set-up (the deck, the market, the markers), and nothing is left to
chance once play begins.
"""

from __future__ import annotations

from typing import TypeVar

from pnp.games.oldbiddy.actions import Action, ActionTable
from pnp.games.oldbiddy.config import Config
from pnp.games.playlog import PlayLog

BID = "bid"
CHOOSE = "choose"
ACT = "act"
GIVE = "give"
OVER = "over"

T = TypeVar("T")
Ints = tuple[int, ...]
Table = tuple[Ints, Ints, Ints, int, tuple[Ints, ...], tuple[Ints, ...], Ints, Ints, int]
"""``StateData.table``: the view's fields ``positions`` to ``marker_set``."""

NO_CARD = -1
UNKNOWN = -1


class StateData:
    __slots__ = (
        "config",
        "actions",
        "n",
        "characters",
        "round",
        "phase",
        "positions",
        "supply",
        "fake_pile",
        "behind",
        "front",
        "fakes",
        "zero",
        "board_zero",
        "knower",
        "marker",
        "marker_set",
        "order",
        "turn",
        "bid_gems",
        "bid_fakes",
        "sealed",
        "deck",
        "removed",
        "seen_cards",
        "offers",
        "owner",
        "to_move",
        "peak_out",
        "off_board",
        "log",
        "playlog",
        "legal",
        "table",
    )

    config: Config
    actions: ActionTable
    """``config.actions``, held here so that working out the options reads a slot rather
    than the config's property (asked at nearly every decision of every playout)."""
    n: int
    characters: tuple[int, ...]
    """Indexes into ``config.characters`` of the cards in play, in letter order."""
    round: int
    phase: str
    positions: tuple[int, ...]
    """Market space of each colour's gem."""
    supply: list[int]
    fake_pile: int
    behind: list[list[int]]
    """Per seat, gems of each colour behind the screen."""
    front: list[list[int]]
    """Per seat, gems of each colour in front of the screen (Moneybags)."""
    fakes: list[int]
    zero: list[int]
    """Per seat, the colour of its zero score marker (secret)."""
    board_zero: list[int]
    """Colour of each face-down zero score marker on the board."""
    knower: tuple[int, ...]
    """Seat that knows the colour of each board marker (the last to swap there, since a
    swap leaves everyone else guessing), -1 for nobody."""
    marker: list[int]
    """Per seat, the number on its turn order marker."""
    marker_set: int
    order: tuple[int, ...]
    """Seats in turn order this round."""
    turn: int
    """Index into ``order`` (choosing) or into ``characters`` (acting)."""
    bid_gems: list[list[int]]
    bid_fakes: list[int]
    sealed: tuple[bool, ...]
    deck: list[int]
    """Gem cards still to deal, the next one last (face down: order secret)."""
    removed: list[int]
    """Gem cards put back in the box at set-up (secret)."""
    seen_cards: tuple[int, ...]
    """Gem cards dealt face up so far, in order."""
    offers: tuple[int, ...]
    """Gem card next to each character in play (NO_CARD once taken or discarded)."""
    owner: tuple[int, ...]
    """Seat that chose each character in play this round (-1: nobody)."""
    to_move: int
    """Seat to decide now, in every phase (TERMINAL once the game is over)."""
    peak_out: list[int]
    """Most gems of each colour ever out of the supply at once."""
    off_board: int
    """Boss moves a player could have paid for that the board's end ruled out."""
    log: list[str] | None
    playlog: PlayLog | None
    legal: tuple[Action, ...] | None
    """The current seat's options once worked out (None: not yet); ``apply`` clears it.
    Whoever changes the table by hand must clear it too."""
    table: Table | None
    """The open table as views show it (``View.positions`` to ``View.marker_set``: the
    market and its values, the supply, the fake-gem pile, the screens, the fake gems, the
    turn order markers), kept until one of them changes (None: changed; whoever changes them by hand
    must clear it too).  Bids change none, and they are most of the steps a search plays."""

    def copy_from(self, other: StateData) -> None:
        """Make this a deep copy of ``other``: lists (and lists of lists) are copied, plain
        values shared.  Field by field rather than by a loop over the slots, since the
        search clones a sampled game once per candidate it tries."""
        self.config, self.n, self.characters = other.config, other.n, other.characters
        self.actions = other.actions
        self.round, self.phase, self.fake_pile = other.round, other.phase, other.fake_pile
        self.marker_set, self.turn, self.to_move = other.marker_set, other.turn, other.to_move
        self.off_board = other.off_board
        self.positions, self.supply = other.positions, other.supply[:]
        self.behind = [row[:] for row in other.behind]
        self.front = [row[:] for row in other.front]
        self.fakes, self.zero = other.fakes[:], other.zero[:]
        self.board_zero = other.board_zero[:]
        self.knower = other.knower
        self.marker, self.order = other.marker[:], other.order
        self.bid_gems = [row[:] for row in other.bid_gems]
        self.bid_fakes, self.sealed = other.bid_fakes[:], other.sealed
        self.deck, self.removed = other.deck[:], other.removed[:]
        self.seen_cards, self.offers = other.seen_cards, other.offers
        self.owner, self.peak_out = other.owner, other.peak_out[:]
        log, playlog = other.log, other.playlog
        self.log = None if log is None else log[:]
        self.playlog = None if playlog is None else playlog.copy()
        self.legal = other.legal  # a tuple of the actions built once: shared
        self.table = other.table  # tuples: shared


def replaced(seq: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``seq`` with the item at ``index`` replaced by ``value``."""
    return (*seq[:index], value, *seq[index + 1 :])
