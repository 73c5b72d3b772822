"""Small Print's numbers, read once from ``game.yaml`` ``tables:`` and the card lists.

Nothing here is typed into Python: counts, the cap, rounds per player count and the
business deck all come from the game data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from pnp.spec.game import Game

KINDS = ("share", "small", "big", "total")
"""Paperwork kinds, in the order the engine numbers them (0 = share)."""
SHARE, SMALL, BIG, TOTAL = range(4)


class Business(NamedTuple):
    """A business card; a named tuple so that the bots' pay tables hash it in C."""

    name: str
    value: int
    big: int
    small: int


@dataclass(frozen=True, slots=True)
class Config:
    """Everything one game needs, precomputed for fast play."""

    min_players: int
    max_players: int
    rounds: dict[int, int]
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

    def paperwork_index(self, seat: int, kind: int) -> int:
        """Where seat ``seat``'s paperwork of ``kind`` sits in ``card_ids``."""
        return len(self.businesses) + seat * len(KINDS) + kind


def _int(tables: dict[str, Any], key: str) -> int:
    value = tables.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"tables.{key} must be a whole number, not {value!r}")
    return value


def config_from_game(game: Game) -> Config:
    """Read the engine's numbers from a loaded game (check.py has vetted them)."""
    t = game.spec.tables
    shares = [c.qty for c in game.cards if c.fields.get("contract") == "share"]
    money = sorted(((int(r["value"]), int(r["count"])) for r in t.get("money", [])), reverse=True)
    return Config(
        min_players=game.spec.players.min,
        max_players=game.spec.players.max,
        rounds={int(k): int(v) for k, v in t["rounds"].items()},
        per_round=_int(t, "businesses_per_round"),
        max_cards=_int(t, "max_cards_per_round"),
        cap=_int(t, "cap"),
        start_cash=_int(t, "start_cash"),
        shares=min(shares) if shares else 0,
        sets=tuple(str(s["name"]) for s in t.get("sets", [])),
        businesses=tuple(
            Business(c.name, c.fields["value"], c.fields["big"], c.fields["small"])
            for c in game.cards
            if c.type == "business"
            for _ in range(c.qty)
        ),
        denominations=tuple(v for v, _ in money),
        printed_money=tuple(n for _, n in money),
        penalty_chits=_int(t, "penalty_chits"),
        card_ids=_card_ids(game, t),
    )


def _card_ids(game: Game, tables: dict[str, Any]) -> tuple[str, ...]:
    businesses = [c.id for c in game.cards if c.type == "business" for _ in range(c.qty)]
    paperwork = {(c.fields.get("set"), c.fields.get("contract")): c.id for c in game.cards}
    return (
        *businesses,
        *(
            paperwork.get((s.get("id"), kind), f"{s.get('id')}-{kind}")
            for s in tables.get("sets", [])
            for kind in KINDS
        ),
    )
