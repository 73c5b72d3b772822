"""What lies on the table when a game starts, as data: the rulebook's setup figure draws
it. Each engine answers from a freshly set-up state (``new_state``), so every count is
the one the engine plays with; a game without an engine gets the printed components
alone (:func:`printed_table`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the typesetter draws the figure from this data without the schema
    from pnp.spec.load import Game


@dataclass(frozen=True, slots=True)
class Pile:
    """Something on the table: a deck, a row of face-up cards, a board, a pile of
    counters, a screen, a sum of money; ``count`` of them (for money: the sum)."""

    name: str
    count: int
    kind: str
    """deck, cards (face up), board, counters, screen, money, aid."""
    colour: str = "#808080"
    unit: str = "{}"
    """How ``count`` reads, as a format: "{}" (a number of pieces), "${}m" (money)."""

    @property
    def shown(self) -> str:
        return self.unit.format(self.count)


@dataclass(frozen=True, slots=True)
class TableAtStart:
    """The table before the first move: the shared centre and each seat's pieces."""

    players: int
    centre: tuple[Pile, ...]
    seats: tuple[tuple[Pile, ...], ...]


def deck_pile(game: Game, deck_id: str, count: int, kind: str = "deck", name: str = "") -> Pile:
    """``count`` cards of a deck (a stack, a hand or a face-up row), coloured as the game
    declares the deck and named after it unless ``name`` says what they are."""
    deck = next(d for d in game.spec.decks if d.id == deck_id)
    return Pile(name or deck.name, count, kind, deck.back.color)


def printed_cards(game: Game, deck_id: str) -> int:
    """Cards printed for a deck (every card's ``qty``)."""
    return sum(c.qty for c in game.deck_cards(deck_id))


def component_piles(game: Game, kinds: tuple[str, ...] = ("board",)) -> list[Pile]:
    """The game's printed components of ``kinds`` (boards), one pile each."""
    return [Pile(c.title, 1, c.kind, game.spec.accent) for c in game.spec.components
            if c.kind in kinds]  # fmt: skip


def seat_extras(game: Game) -> list[Pile]:
    """What every seat gets besides the engine's pieces: a screen and a player aid, when
    the game prints one per seat."""
    out: list[Pile] = []
    for c in game.spec.components:
        if c.kind == "screen":
            out.append(Pile("screen", 1, "screen", game.spec.accent))
        elif c.kind == "aid" and getattr(c, "copies", 1) > 1:
            out.append(Pile("player aid", 1, "aid", game.spec.accent))
    return out


def printed_table(game: Game, players: int) -> TableAtStart:
    """A game without an engine: every deck whole in the centre, the boards, and each
    seat's screen and aid."""
    centre = [deck_pile(game, d.id, printed_cards(game, d.id)) for d in game.spec.decks]
    centre += component_piles(game)
    seat = tuple(seat_extras(game))
    return TableAtStart(players, tuple(centre), tuple(seat for _ in range(players)))


def default_players(game: Game) -> int:
    """The player count the setup figure shows: the most the game takes (the count
    `pnp simulate` plays by default)."""
    return game.spec.players.max


__all__ = [
    "Pile",
    "TableAtStart",
    "component_piles",
    "deck_pile",
    "default_players",
    "printed_cards",
    "printed_table",
    "seat_extras",
]
