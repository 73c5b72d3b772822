"""Plain data of an Old Biddy game in progress: who holds what, where the gems stand.

No rules live here (see :mod:`.rules`); :meth:`StateData.copy_from` copies every field so
a clone shares nothing mutable with its original.
"""

from __future__ import annotations

import random

from pnp.games.oldbiddy.config import Config
from pnp.games.playlog import PlayLog

BID = "bid"
CHOOSE = "choose"
ACT = "act"
GIVE = "give"
OVER = "over"

NO_CARD = -1
UNKNOWN = -1


class StateData:
    __slots__ = (
        "cfg",
        "n",
        "characters",
        "rng",
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
        "known_board",
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
        "acting",
        "peak_out",
        "off_board",
        "log",
        "playlog",
        "legal",
    )

    cfg: Config
    n: int
    characters: tuple[int, ...]
    """Indexes into ``cfg.characters`` of the cards in play, in letter order."""
    rng: random.Random
    round: int
    phase: str
    positions: list[int]
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
    known_board: list[list[int]]
    """Per seat, the board marker colours it knows (UNKNOWN otherwise)."""
    marker: list[int]
    """Per seat, the number on its turn order marker."""
    marker_set: int
    order: list[int]
    """Seats in turn order this round."""
    turn: int
    """Index into ``order`` (choosing) or into ``characters`` (acting)."""
    bid_gems: list[list[int]]
    bid_fakes: list[int]
    sealed: list[bool]
    deck: list[int]
    """Gem cards still to deal, the next one last (face down: order secret)."""
    removed: list[int]
    """Gem cards put back in the box at set-up (secret)."""
    seen_cards: list[int]
    """Gem cards dealt face up so far, in order."""
    offers: list[int]
    """Gem card next to each character in play (NO_CARD once taken or discarded)."""
    owner: list[int]
    """Seat that chose each character in play this round (-1: nobody)."""
    acting: int
    """Seat to decide now, in every phase (TERMINAL once the game is over)."""
    peak_out: list[int]
    """Most gems of each colour ever out of the supply at once."""
    off_board: int
    """Boss moves a player could have paid for that the board's end ruled out."""
    log: list[str] | None
    playlog: PlayLog | None
    legal: list[tuple[object, ...]] | None
    """The current seat's options once worked out (None: not yet); ``apply`` clears it.
    Whoever changes the table by hand must clear it too."""

    def copy_from(self, other: StateData) -> None:
        """Make this a deep copy of ``other``: lists (and lists of lists) are copied, the
        random generator continues from the same point, plain values are shared."""
        for name in StateData.__slots__:
            value = getattr(other, name)
            if isinstance(value, random.Random):
                value = random.Random()
                value.setstate(other.rng.getstate())
            elif isinstance(value, list):
                value = [row[:] if isinstance(row, list) else row for row in value]
            elif isinstance(value, PlayLog):
                value = value.copy()
            setattr(self, name, value)
