"""What one seat may see of a game of Small Print, as data, and the data of a full game
sampled to fit it (``rules.determinize`` makes that a playable ``State``).

Face-down paperwork of other seats shows only its owner and its marker. How many cards of
each kind a seat still holds is not secret at the start of a round (its set is known and
every card played before has been revealed); only this round's face-down cards are.
"""

from __future__ import annotations

import random
from typing import NamedTuple, TypeVar

from pnp.games.smallprint.config import Config
from pnp.games.smallprint.state import OVER, TERMINAL, Placed, StateData, Usage


class FaceDown(NamedTuple):
    """Another seat's card under a business as the viewer sees it: whose it is and the
    marker on it.  A value made afresh for each view, with no link to the card beneath."""

    seat: int
    marker: int

    @property
    def kind(self) -> None:
        """Face down: the viewer cannot tell (its own cards are the state's ``Placed``)."""
        return None


Seen = Placed | FaceDown
"""A card under a business in a view: the viewer's own (``Placed``, face up) or another's."""


class View(NamedTuple):
    seat: int
    config: Config
    phase: int
    round: int
    to_move: int
    row: tuple[int, ...]
    """This round's businesses (indices into config.businesses)."""
    under: tuple[tuple[Seen, ...], ...]
    hand: tuple[int, ...]
    """Own cards of each kind (share, small, big, total)."""
    holding: tuple[tuple[int, ...], ...]
    """Every seat's cards of each kind at the start of this round (public knowledge)."""
    played: tuple[int, ...]
    passed: tuple[bool, ...]
    markers: tuple[tuple[bool, ...], ...]
    cash: tuple[int, ...]
    chits: tuple[int, ...]
    pool: int
    deck: tuple[int, ...]
    """Businesses not yet revealed (which ones is public; their order is not)."""
    starter: int


def view_of(state: StateData, seat: int) -> View:
    return View(
        seat,
        state.config,
        state.phase,
        state.round,
        TERMINAL if state.phase == OVER else state.to_move,
        tuple(state.row),
        tuple([_seen(pile, seat) for pile in state.under]),
        tuple(state.hands[seat]),
        state.holding,
        tuple(state.played),
        tuple(state.passed),
        tuple(map(tuple, state.markers)),
        tuple(state.cash),
        tuple(state.chits),  # decision chits-public
        state.pool,
        tuple(sorted(state.deck)),
        state.starter,
    )


def _seen(pile: list[Placed], seat: int) -> tuple[Seen, ...]:
    """A pile as ``seat`` sees it: its own cards face up (``Placed`` never changes, so the
    view may hold it), the others' face down."""
    return tuple([p if p.seat == seat else FaceDown(p.seat, p.marker) for p in pile])


TRUST = 0.85
"""How often a sampled face-down card is what its marker claims (no marker: a Share)."""


D = TypeVar("D", bound=StateData)


def deal(view: View, rng: random.Random, cls: type[D]) -> D:
    """The data of a full game consistent with ``view``, as a ``cls`` (a subclass of
    :class:`StateData` without slots of its own): other seats' face-down cards this round
    are what their markers claim (``TRUST`` of the time), else drawn from what each held
    at the round's start; future businesses stay random.  Which actions are legal is the
    rules' to work out (``rules.determinize``)."""
    n = len(view.cash)
    g = cls.__new__(cls)
    g.config, g.n, g.rounds = view.config, n, view.config.rounds[n]
    g.round, g.phase, g.starter, g.to_move = view.round, view.phase, view.starter, view.to_move
    g.rng = random.Random(rng.getrandbits(64))
    g.deck, g.row = list(view.deck), list(view.row)
    g.hands = [list(h) for h in view.holding]
    g.holding = view.holding
    g.under = [[] for _ in view.row]
    for b, pile in enumerate(view.under):
        for card in pile:
            kind = card.kind
            claimed = card.marker  # no marker claims a Share (kind 0)
            if kind is None and g.hands[card.seat][claimed] and rng.random() < TRUST:
                kind = claimed
            if kind is None:
                bag = [k for k, count in enumerate(g.hands[card.seat]) for _ in range(count)]
                kind = bag[int(rng.random() * len(bag))]
            g.hands[card.seat][kind] -= 1
            g.under[b].append(Placed(card.seat, kind, card.marker))
    g.played, g.passed = list(view.played), list(view.passed)
    g.markers = [list(m) for m in view.markers]
    g.cash, g.chits, g.pool = list(view.cash), list(view.chits), view.pool
    g.peaks = Usage(len(view.config.denominations))
    g.log = None
    g.playlog = None
    g._legal, g._legal_ids = (), frozenset()
    return g


__all__ = ["FaceDown", "Seen", "View", "deal", "view_of"]
