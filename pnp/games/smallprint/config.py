"""Small Print's numbers, read once from ``game.yaml`` ``tables:`` (as the typed
:class:`.tables.Tables`) and the card lists, deeply read-only.

Nothing here is typed into Python: counts, the cap, rounds per player count and the
business deck all come from the game data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from pnp.games.kit import FrozenDict, freeze
from pnp.games.smallprint.actions import BIG, KINDS, SHARE, SMALL, TOTAL, Paperwork, action_table
from pnp.games.smallprint.tables import Tables
from pnp.games.table_schema import tables_of

if TYPE_CHECKING:
    from pnp.spec.game import Game

__all__ = ["BIG", "KINDS", "SHARE", "SMALL", "TOTAL", "Business", "Config", "config_from_game"]


class Business(NamedTuple):
    """A business card; a named tuple so that the bots' pay tables hash it in C."""

    name: str
    value: int
    big: int
    small: int


@dataclass(frozen=True, slots=True)
class Config:
    """Everything one game needs, precomputed for fast play; nothing in it can change."""

    min_players: int
    max_players: int
    rounds: FrozenDict[int, int]
    """Rounds by player count."""
    per_round: int
    """Business cards revealed each round."""
    max_cards: int
    """Paperwork cards one player may place in a round."""
    cap: int
    """£m of a business value that contracts and shares divide; the rest goes to the pool."""
    start_cash: int
    shares: int
    """Share cards in each Paperwork set."""
    sets: tuple[str, ...]
    """Set (player colour) names, seat by seat."""
    businesses: tuple[Business, ...]
    denominations: tuple[int, ...]
    """Money counter values, largest first."""
    printed_money: tuple[int, ...]
    penalty_chits: int
    card_ids: tuple[str, ...] = ()
    """Card design ids for the per-card statistics: one per business (in the order of
    ``businesses``), then each set's paperwork in ``KINDS`` order (see :meth:`paperwork_index`)."""

    @property
    def actions(self) -> tuple[Paperwork, ...]:
        """Every action of this game, indexed by ``actions.action_id`` (built once; a
        property, not a field, so the record's fingerprint of the config is unchanged)."""
        return action_table(self.per_round)

    def paperwork_index(self, seat: int, kind: int) -> int:
        """Where seat ``seat``'s paperwork of ``kind`` sits in ``card_ids``."""
        return len(self.businesses) + seat * len(KINDS) + kind


def config_from_game(game: Game) -> Config:
    """Read the engine's numbers from a loaded game (check.py has vetted them)."""
    t = tables_of(game, Tables)
    shares = [c.qty for c in game.cards if c.fields.get("contract") == "share"]
    money = sorted(((row.value, row.count) for row in t.money), reverse=True)
    return Config(
        min_players=game.spec.players.min,
        max_players=game.spec.players.max,
        rounds=freeze(t.rounds),
        per_round=t.businesses_per_round,
        max_cards=t.max_cards_per_round,
        cap=t.cap,
        start_cash=t.start_cash,
        shares=min(shares) if shares else 0,
        sets=tuple(s.name for s in t.sets),
        businesses=tuple(
            Business(c.name, c.fields["value"], c.fields["big"], c.fields["small"])
            for c in game.cards
            if c.type == "business"
            for _ in range(c.qty)
        ),
        denominations=tuple(v for v, _ in money),
        printed_money=tuple(n for _, n in money),
        penalty_chits=t.penalty_chits,
        card_ids=_card_ids(game, t),
    )


def _card_ids(game: Game, tables: Tables) -> tuple[str, ...]:
    businesses = [c.id for c in game.cards if c.type == "business" for _ in range(c.qty)]
    paperwork = {(c.fields.get("set"), c.fields.get("contract")): c.id for c in game.cards}
    return (
        *businesses,
        *(paperwork.get((s.id, kind), f"{s.id}-{kind}") for s in tables.sets for kind in KINDS),
    )
