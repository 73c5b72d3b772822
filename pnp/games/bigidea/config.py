"""The Big Idea's numbers, read once from ``game.yaml`` ``tables:`` and the card lists.

Nothing here is a game constant typed into Python: every count comes from the game data,
so an edited ``game.yaml`` changes the engine without a code change.  The only rules that
live in code are the ones the source states as rules, not as numbers (a die has six
faces; one round per player as leader, two each at three players).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.bigidea.tables import Tables
from pnp.games.kit import freeze
from pnp.games.table_schema import tables_of

if TYPE_CHECKING:
    from pnp.spec.game import Game

DIE_FACES = 6
"""bigidea.txt: the leader rolls one six-sided die per product."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything a game of The Big Idea needs, precomputed for fast play; nothing in it
    can change."""

    min_players: int
    max_players: int
    hand_per_deck: int
    start_cash: int
    chips_per_player: int
    foreign_chips: int
    good_idea_bonus: int
    share_price: int
    """Dollars a Mezzanine investor pays per player chip already on the product."""
    denominations: tuple[int, ...]
    """Money counter values, largest first."""
    printed_money: tuple[int, ...]
    """Printed count of each denomination, same order."""
    colors: tuple[str, ...]
    deck_ids: tuple[str, ...]
    card_ids: tuple[str, ...]
    """One entry per physical card (a card with qty 2 appears twice)."""
    card_names: tuple[str, ...]
    card_deck: tuple[int, ...]
    """Deck index of each physical card."""
    deck_members: tuple[tuple[int, ...], ...]
    """The physical cards of each deck, in card order."""

    def deck_cards(self, deck: int) -> list[int]:
        """A fresh list of the physical cards of ``deck`` (a game's draw pile)."""
        return list(self.deck_members[deck])


def config_from_game(game: Game) -> Config:
    """Read the engine's numbers from a loaded game (check.py has vetted them)."""
    t = tables_of(game, Tables)
    money = sorted(((row.value, row.count) for row in t.money), reverse=True)
    deck_ids = tuple(d.id for d in game.spec.decks)
    ids: list[str] = []
    names: list[str] = []
    decks: list[int] = []
    for card in game.cards:
        for _ in range(card.qty):
            ids.append(card.id)
            names.append(card.name)
            decks.append(deck_ids.index(card.deck))
    return Config(
        min_players=game.spec.players.min,
        max_players=game.spec.players.max,
        hand_per_deck=t.hand_per_deck,
        start_cash=t.start_cash,
        chips_per_player=t.chips_per_player,
        foreign_chips=t.foreign_chips,
        good_idea_bonus=t.good_idea_bonus,
        share_price=t.mezzanine_price_per_share,
        denominations=tuple(v for v, _ in money),
        printed_money=tuple(c for _, c in money),
        colors=tuple(c.name for c in t.colors),
        deck_ids=deck_ids,
        card_ids=tuple(ids),
        card_names=tuple(names),
        card_deck=tuple(decks),
        deck_members=freeze(
            [[i for i, d in enumerate(decks) if d == deck] for deck in range(len(deck_ids))]
        ),
    )


def rounds_for(players: int) -> int:
    """bigidea.txt: each player leads once; with exactly three players, twice."""
    return players * (2 if players == 3 else 1)
