"""What lies on the table when a game starts, as data: the rulebook's setup figure draws
it. Each engine answers from a freshly set-up state (``new_state``), so every count is
the one the engine plays with; a game without an engine gets the printed components
alone (:func:`printed_table`).

A pile names the printed pieces it shows by key (``pieces``), so the figure draws each
as its sheet prints it (pnp.layout.setup_table finds the faces): ``back:DECK`` (a deck's back,
cards face down), ``card:ID`` (a card's face), ``token:COMPONENT:GROUP:ROW`` (a counter of
a counter sheet, its group and its row counted from 0), ``component:ID`` (a board, a
track sheet, a screen or an aid)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp._errors import DataError
from pnp.spec.kinds import component_kind, component_kinds

if TYPE_CHECKING:  # the typesetter draws the figure from this data without the schema
    from pnp.spec.game import Game


@dataclass(frozen=True, slots=True)
class Pile:
    """Something on the table: a deck, a row of face-up cards, a board, a pile of
    counters, a screen, a sum of money; ``count`` of them (for money: the sum)."""

    name: str
    count: int
    kind: str
    """deck, hand, cards (laid out in a row), board, track, counters, screen, money, aid."""
    colour: str = "#808080"
    unit: str = "{}"
    """How ``count`` reads, as a format: "{}" (a number of pieces), "${}m" (money)."""
    pieces: tuple[str, ...] = ()
    """The printed pieces it shows, by key (see the module's text): one for a deck or a
    pile of one counter, one per card of a face-up row, one per counter of a sum of money."""
    on: tuple[str, ...] = ()
    """Where its pieces lie, one spot a piece: ``COMPONENT.REGION:N``, space N (from 1) of
    a board's region, or of a track sheet's track drawn from table REGION; empty: on the
    table."""

    @property
    def shown(self) -> str:
        return self.unit.format(self.count)


@dataclass(frozen=True, slots=True)
class TableAtStart:
    """The table before the first move: the shared centre and each seat's pieces."""

    players: int
    centre: tuple[Pile, ...]
    seats: tuple[tuple[Pile, ...], ...]


def deck_pile(
    game: Game,
    deck_id: str,
    count: int,
    kind: str = "deck",
    name: str = "",
    cards: Sequence[str] | None = None,
    face_down: bool = False,
    on: tuple[str, ...] = (),
) -> Pile:
    """``count`` cards of a deck: a stack or a hand shows the deck's back; a row (``kind``
    "cards") shows ``cards`` face up (ids; default: the deck's first ``count`` cards), or
    with ``face_down`` the back of each."""
    deck = next(d for d in game.spec.decks if d.id == deck_id)
    back = f"back:{deck_id}"
    if kind != "cards":
        pieces: tuple[str, ...] = (back,)
    elif face_down:
        pieces = (back,) * count
    else:
        ids = list(cards) if cards is not None else deck_card_ids(game, deck_id)[:count]
        pieces = tuple(f"card:{c}" for c in ids)
    return Pile(name or deck.name, count, kind, deck.back.color, pieces=pieces, on=on)


def deck_card_ids(game: Game, deck_id: str) -> list[str]:
    """Every printed card of a deck, one id per copy, in the order of its files."""
    return [c.id for c in game.deck_cards(deck_id) for _ in range(c.qty)]


def printed_cards(game: Game, deck_id: str) -> int:
    """Cards printed for a deck (every card's ``qty``)."""
    return sum(c.qty for c in game.deck_cards(deck_id))


def token_key(game: Game, comp_id: str, group: int, row: int = 0) -> str:
    """The key of one counter of a counter sheet; an error names a group or row the sheet
    does not have (the engine's setup reads the game's own data)."""
    groups = _groups(game, comp_id)
    if not 0 <= group < len(groups):
        where = game.spec_location("components", _index(game, comp_id), "groups")
        raise DataError(f"the setup figure shows group {group + 1} of counter sheet "
                        f"{comp_id!r}, which has {len(groups)}", where)  # fmt: skip
    return f"token:{comp_id}:{group}:{row}"


def token_pile(
    game: Game,
    name: str,
    count: int,
    comp_id: str,
    group: int,
    row: int = 0,
    on: tuple[str, ...] = (),
) -> Pile:
    """``count`` counters of one kind: those of ``row`` of ``group`` of the sheet."""
    return Pile(name, count, "counters", pieces=(token_key(game, comp_id, group, row),), on=on)


def mixed_pile(game: Game, name: str, counts: Sequence[tuple[str, int]]) -> Pile:
    """Counters of several kinds in one pile: ``counts`` gives each kind's key
    (:func:`token_key`) and how many; the pile shows one of each kind there is."""
    keys = tuple(key for key, n in counts if n)
    return Pile(name, sum(n for _, n in counts), "counters", pieces=keys)


def group_pile(game: Game, name: str, count: int, comp_id: str, group: int) -> Pile:
    """``count`` counters of every kind one group of the sheet prints (a bank's money, a
    set of chips of every colour): the pile shows one of each."""
    rows = max(1, len(_rows(game, comp_id, group)))
    keys = tuple(token_key(game, comp_id, group, r) for r in range(rows))
    return Pile(name, count, "counters", pieces=keys)


def money_pile(game: Game, name: str, amount: int, comp_id: str, group: int, unit: str) -> Pile:
    """A sum paid in the sheet's money counters (a group with one row per ``value``):
    the fewest counters, largest first."""
    rows = _rows(game, comp_id, group)
    values = sorted(
        ((int(r["value"]), i) for i, r in enumerate(rows) if "value" in r), reverse=True
    )
    keys, left = [], amount
    for value, i in values:
        while value > 0 and left >= value:
            keys.append(token_key(game, comp_id, group, i))
            left -= value
    return Pile(name, amount, "money", unit=unit, pieces=tuple(keys))


def _index(game: Game, comp_id: str) -> int:
    return next(i for i, c in enumerate(game.spec.components) if c.id == comp_id)


def _groups(game: Game, comp_id: str) -> list[Any]:
    comp = next((c for c in game.spec.components if c.id == comp_id), None)
    if comp is None or not hasattr(comp, "groups"):  # not a sheet of counters
        raise DataError(f"the setup figure shows counter sheet {comp_id!r}, which the game "
                        "does not print", game.spec_location("components"))  # fmt: skip
    return list(comp.groups)  # type: ignore[union-attr]


def _rows(game: Game, comp_id: str, group: int) -> list[dict[str, Any]]:
    each = _groups(game, comp_id)[group].each
    rows = game.spec.tables.get(each) if each else None
    return [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []


def component_piles(game: Game, kinds: tuple[str, ...] | None = None) -> list[Pile]:
    """The game's printed components of ``kinds`` (boards, tracks), one pile each; by
    default of the kinds the pieces lie on (boards)."""
    if kinds is None:
        kinds = tuple(k.name for k in component_kinds() if k.lies == "board")
    return [Pile(c.title, 1, c.kind, game.spec.accent, pieces=(f"component:{c.id}",))
            for c in game.spec.components if c.kind in kinds]  # fmt: skip


def seat_extras(game: Game) -> list[Pile]:
    """What every seat gets besides the engine's pieces: one of each component whose kind
    lays one at each seat (a screen; a player aid, when the game prints more than one)."""
    out: list[Pile] = []
    for c in game.spec.components:
        kind = component_kind(c.kind)
        if kind.on_table == "seat" and (not kind.seat_needs_copies or getattr(c, "copies", 1) > 1):
            name = kind.seat_name or c.kind
            out.append(Pile(name, 1, c.kind, game.spec.accent, pieces=(f"component:{c.id}",)))
    return out


def printed_table(game: Game, players: int) -> TableAtStart:
    """A game without an engine: every deck whole in the centre, the boards, and each
    seat's screen and aid."""
    centre = [deck_pile(game, d.id, printed_cards(game, d.id)) for d in game.spec.decks]
    centre += component_piles(
        game, tuple(k.name for k in component_kinds() if k.on_table == "centre")
    )
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
    "deck_card_ids",
    "deck_pile",
    "default_players",
    "group_pile",
    "mixed_pile",
    "money_pile",
    "printed_cards",
    "printed_table",
    "seat_extras",
    "token_key",
    "token_pile",
]
