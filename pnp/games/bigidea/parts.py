"""Pieces of a game in progress: products on the table and the component-use record."""

from __future__ import annotations

SEED, PITCH, VENTURE, MEZZANINE, DISCARD, OVER = range(6)
PHASE_NAMES = ("seed", "pitch", "venture", "mezzanine", "discard", "over")
PASS = -1
THROW, INVEST = 0, 1
TERMINAL = -1
"""``current_player()`` once the game is over."""

_MASKS: dict[tuple[int, int], tuple[int, ...]] = {}


def masks(hand: int, start: int) -> tuple[int, ...]:
    """Every bitmask over ``hand`` cards from ``start`` (1 = at least one card)."""
    key = (hand, start)
    got = _MASKS.get(key)
    if got is None:
        got = _MASKS[key] = tuple(range(start, 1 << hand))
    return got


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
        for name in Usage.__slots__:
            value = getattr(self, name)
            setattr(u, name, value[:] if isinstance(value, list) else value)
        return u
