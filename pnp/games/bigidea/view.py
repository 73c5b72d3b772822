"""What one seat may see of a game: the public table, its own hand and its own secrets."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from pnp.games.bigidea.parts import PHASE_NAMES, PITCH, VENTURE

if TYPE_CHECKING:
    from pnp.games.bigidea.rules import State


class ProductView(NamedTuple):
    """A product on the table, as everyone sees it."""

    pos: int
    """Its position on the table: the action that invests in it."""
    owner: int
    cards: tuple[int, ...]
    shares: tuple[int, ...]
    """Player chips on it, per seat."""
    white: int
    """Foreign (white) chips on it."""
    new: bool
    """Invented this round (the only products a Venture chip may go on)."""

    @property
    def players(self) -> int:
        return sum(self.shares)

    @property
    def stack(self) -> int:
        return sum(self.shares) + self.white


class View(NamedTuple):
    """One seat's knowledge.  Other seats' hands, face-down products and secret Venture
    picks are absent; their sizes are public."""

    seat: int
    phase: str
    round: int
    rounds: int
    leader: int
    to_move: int
    cash: tuple[int, ...]
    free_chips: tuple[int, ...]
    """Chips each seat still has in front of it (not tied up)."""
    white_bank: int
    hand: tuple[int, ...]
    """Own cards (indices into the engine's card list); bit i of a mask = hand[i]."""
    hand_decks: tuple[int, ...]
    """Deck index of each own card (0 = first deck in game.yaml)."""
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[int, ...] | None, ...]
    """Products played this Seed phase: own always, others' once revealed."""
    played_sizes: tuple[int, ...]
    products: tuple[ProductView, ...]
    my_venture: int | None
    """Own secret Venture pick during the Venture phase (None before choosing)."""
    share_price: int


def view_of(state: State, seat: int) -> View:
    """Build ``seat``'s view; the table part is shared by all views until the table changes."""
    phase, pending, hand = state.phase, state.pending, state.hands[seat]
    products = state._shown
    if products is None:
        rnd = state.round
        products = state._shown = tuple(
            ProductView(i, p.owner, p.cards, tuple(p.shares), p.white, p.born == rnd)
            for i, p in enumerate(state.table)
        )
    played: tuple[tuple[int, ...] | None, ...] = state._nothing
    sizes: tuple[int, ...] = state._zeros
    if phase <= PITCH:
        shown: list[tuple[int, ...] | None] = list(state._nothing)
        shown[seat] = pending[seat]
        if phase == PITCH:  # products are revealed in turn order
            for s in state.order[: state.turn + 1]:
                shown[s] = pending[s]
        played = tuple(shown)
        sizes = tuple([len(p) if p else 0 for p in pending])
    cfg = state.cfg
    return View(
        seat,
        PHASE_NAMES[phase],
        state.round,
        state.rounds,
        state.leader,
        state._player,
        tuple(state.cash),
        tuple(state.free),
        state.white_bank,
        tuple(hand),
        tuple(map(cfg.card_deck.__getitem__, hand)),
        tuple(map(len, state.hands)),
        played,
        sizes,
        products,
        state.venture[seat] if phase == VENTURE else None,
        cfg.share_price,
    )
