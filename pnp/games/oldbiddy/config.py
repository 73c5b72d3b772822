"""Old Biddy's data flattened into plain numbers for the engine (read once per game from
``tables:`` as the typed :class:`.tables.Tables`), deeply read-only.

Nothing here is a rule: every value comes from ``cards/oldbiddy/`` (``tables:`` in
game.yaml, the gem cards and the character cards).  :mod:`.check` makes sure the data
is complete and consistent before :func:`config_from_game` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.kit import FrozenDict, freeze
from pnp.games.oldbiddy.actions import ActionTable, action_table
from pnp.games.oldbiddy.tables import Tables
from pnp.games.table_schema import tables_of

if TYPE_CHECKING:
    from pnp.spec.game import Game

FAKE_GEM = "fake-gem"
MOVE_GEM = "move-gem"
SHOW_GEM = "show-gem"
SWAP_ZERO = "swap-zero"
GIFT_GEM = "gift-gem"
ACTIONS = (FAKE_GEM, MOVE_GEM, SHOW_GEM, SWAP_ZERO, GIFT_GEM)
"""What a character card's ``action`` may name; the engine interprets each one."""


@dataclass(frozen=True, slots=True)
class Character:
    letter: str
    name: str
    action: str
    min_players: int
    id: str = ""


@dataclass(frozen=True, slots=True)
class Config:
    min_players: int
    max_players: int
    rounds: int
    colors: tuple[str, ...]
    """Gem colour ids, in the order of ``tables.gems``."""
    color_names: tuple[str, ...]
    gems_per_color: int
    start_gems_per_color: int
    market_values: tuple[int, ...]
    """Value of a gem by its rank in the market, lowest first."""
    start_extra: FrozenDict[int, tuple[int, ...]]
    """Turn-order position → market values of the extra gems it starts with."""
    cards_removed: FrozenDict[int, int]
    fake_gems: int
    fake_gem_bid: int
    fake_gems_per_bid: int
    fake_gem_kept_score: int
    zero_markers: tuple[int, ...]
    """Zero score markers of each colour (cards of the zero deck)."""
    moneybags_bonus: int
    last_player_gems: int
    boss_costs: FrozenDict[int, int]
    """Spaces moved → cost in market value."""
    boss_moves: tuple[tuple[int, int], ...]
    """``boss_costs`` as (spaces, cost) pairs, shortest move first (read once)."""
    spaces: int
    start_spaces: tuple[int, ...]
    characters: tuple[Character, ...]
    """In letter order."""
    gem_cards: tuple[tuple[int, ...], ...]
    """Gems on each gem card, one count per colour."""
    card_ids: tuple[str, ...] = ()
    """Card design ids for the per-card statistics: the characters (in letter order),
    then each gem card (in the order of ``gem_cards``)."""

    @property
    def actions(self) -> ActionTable:
        """Every action of this game (built once; a property, not a field, so the
        record's fingerprint of the config is unchanged)."""
        kept = _TABLES.get(id(self))
        if kept is not None and kept[0] is self:
            return kept[1]
        slots = sum(self.zero_markers) - self.min_players
        steps = tuple(spaces for spaces, _ in self.boss_moves)
        table = action_table(len(self.colors), len(self.characters), self.max_players, slots, steps)
        _TABLES[id(self)] = (self, table)
        return table

    def zero_marker_pool(self) -> list[int]:
        """The colour of every zero score marker, one entry per marker."""
        return [c for c, k in enumerate(self.zero_markers) for _ in range(k)]

    def characters_for(self, players: int) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.min_players <= players)

    def cards_used(self, players: int) -> int:
        return len(self.gem_cards) - self.cards_removed[players]


_TABLES: dict[int, tuple[Config, ActionTable]] = {}
"""Each config's action table, by the config's identity: the options ask for it at
nearly every decision, and hashing the table's shape at each ask showed in the
profile of random play."""


def config_from_game(game: Game) -> Config:
    """Read the engine's numbers from a loaded game (check.py has vetted them)."""
    t = tables_of(game, Tables)
    characters = sorted(
        (
            Character(c.letter, c.name, c.action, c.min_players, c.id)
            for c in game.cards
            if c.type == "character"
        ),
        key=lambda c: c.letter,
    )
    gem_cards = [c for c in game.cards if c.type == "gem" for _ in range(c.qty)]
    boss_costs = {row.spaces: row.cost for row in t.boss_moves}
    return Config(
        min_players=game.spec.players.min,
        max_players=game.spec.players.max,
        rounds=t.rounds,
        colors=tuple(g.id for g in t.gems),
        color_names=tuple(g.name for g in t.gems),
        gems_per_color=t.gems_per_colour,
        start_gems_per_color=t.start_gems_per_colour,
        market_values=tuple(t.market_values),
        start_extra=freeze({row.position: row.worth for row in t.start_gems}),
        cards_removed=freeze({row.players: row.removed for row in t.gem_cards_removed}),
        fake_gems=t.fake_gems,
        fake_gem_bid=t.fake_gem_bid,
        fake_gems_per_bid=t.fake_gems_per_bid,
        fake_gem_kept_score=t.fake_gem_kept_score,
        zero_markers=tuple(
            sum(c.qty for c in game.cards if c.type == "zero" and c.fields["gem"] == g.id)
            for g in t.gems
        ),
        moneybags_bonus=t.moneybags_bonus,
        last_player_gems=t.last_player_gems,
        boss_costs=freeze(boss_costs),
        boss_moves=tuple(sorted(boss_costs.items())),
        spaces=t.market.spaces,
        start_spaces=tuple(t.market.start_spaces),
        characters=tuple(characters),
        gem_cards=tuple(tuple(c.fields[g.id] for g in t.gems) for c in gem_cards),
        card_ids=(*(c.id for c in characters), *(c.id for c in gem_cards)),
    )
