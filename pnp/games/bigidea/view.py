"""What one seat may see of a game: the public table, its own hand and its own secrets."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from pnp.games.bigidea.state import PHASE_NAMES, PITCH, VENTURE

if TYPE_CHECKING:
    from pnp.games.bigidea.state import StateData


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
    game: StateData
    """The game this view was taken from: for :func:`determinize` only, never for bots."""


def view_of(state: StateData, seat: int) -> View:
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
        state,
    )


def _hidden_pending(state: StateData, seat: int) -> list[int]:
    """Seats other than ``seat`` whose product of this Seed step is still face down."""
    shown = set(state.order[: state.turn + 1]) if state.phase == PITCH else set()
    return [
        s
        for s, cards in enumerate(state.pending)
        if s != seat and cards is not None and s not in shown
    ]


def determinize(view: View, rng: random.Random) -> StateData:
    """A full game ``view.seat`` cannot tell from the real one, for the search bot.

    Per deck, the cards the seat cannot see (other hands, products still face down and
    the draw pile) are shuffled and dealt back into the same places, each place keeping
    its deck; secret Venture picks already made are chosen again at random; the die
    gets a new seed.  The discard piles stay as they are.
    """
    state = view.game.clone()
    state.log = None
    state.rng = random.Random(rng.getrandbits(64))
    seat, deck_of = view.seat, state.cfg.card_deck
    hidden = _hidden_pending(state, seat)
    places = [h for s, h in enumerate(state.hands) if s != seat]
    places += [list(state.pending[s] or ()) for s in hidden]
    pools: list[list[int]] = [pile[:] for pile in state.draw]
    for place in places:
        for card in place:
            pools[deck_of[card]].append(card)
    for pool in pools:
        rng.shuffle(pool)
    for place in places:
        for i, card in enumerate(place):
            place[i] = pools[deck_of[card]].pop()
    for s, cards in zip(hidden, places[len(places) - len(hidden) :], strict=True):
        state.pending[s] = tuple(cards)
    state.draw = pools
    if state.phase == VENTURE:
        for s in state.order[: state.turn]:
            if s != seat and state.venture[s] is not None:
                options = state._legal_for(s)
                state.venture[s] = options[int(rng.random() * len(options))]
    return state
