"""What one seat may see of a game: its own hand and everything on the table.

Other hands and the order of the decks stay hidden; the sizes of hands and decks are
public.  Companies are handed out as :class:`CompanyView` snapshots, so a bot cannot
change the game by touching what it sees.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.boom.actions import TARGET_PHASE
from pnp.games.boom.company import burn_rate, matching_entrepreneurs
from pnp.games.boom.config import Config

if TYPE_CHECKING:
    from pnp.games.boom.state import StateData


@dataclass(frozen=True, slots=True)
class CompanyView:
    plan: int
    owner: int
    cards: tuple[int, ...]
    cash: int
    shares: tuple[int, ...]
    total: int
    matching: int
    """Attached Entrepreneurs whose domain is the plan's industry."""
    burn: int
    """What the company would pay at the end of this round."""

    @property
    def size(self) -> int:
        return 1 + len(self.cards)


class View:
    """Read-only window on a :class:`~pnp.games.boom.rules.State` for one seat."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: StateData, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def catalog(self) -> Config:
        return self._state.cat

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def phase(self) -> int:
        return self._state.phase

    @property
    def actor(self) -> int:
        """Seat whose turn it is."""
        return self._state.actor

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._state.hands[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._state.hands)

    @property
    def money(self) -> tuple[int, ...]:
        return tuple(self._state.money)

    @property
    def ipo_limit(self) -> int:
        return self._state.ipo_limit

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def event_bonus(self) -> tuple[int, ...]:
        """IPO roll bonus per industry from the face-up event."""
        s = self._state
        return s.cat.events[s.event].bonus if s.event >= 0 else (0,) * len(s.cat.industries)

    @property
    def deck_size(self) -> int:
        return len(self._state.deck)

    @property
    def discard_pile(self) -> tuple[int, ...]:
        return tuple(self._state.discard)

    @property
    def pending_effect(self) -> str:
        """Effect of the Discard waiting for a target ('' when none)."""
        s = self._state
        return s.eff_key if s.phase == TARGET_PHASE else ""

    @property
    def funding_plan(self) -> int:
        """Plan of the funding round under way (meaningful during a round only)."""
        return self._state.fr_plan

    @property
    def funding_price(self) -> int:
        return self._state.fr_price

    @property
    def funding_sold(self) -> int:
        return self._state.fr_sold

    def company(self, plan: int) -> CompanyView:
        s = self._state
        co = s.companies[plan]
        return CompanyView(
            co.plan,
            co.owner,
            tuple(co.cards),
            co.cash,
            tuple(co.shares),
            co.total,
            matching_entrepreneurs(s.cat, plan, co.cards),
            burn_rate(s.cat, plan, co.cards, s.ipo_limit) if co.total else 0,
        )

    def companies(self) -> list[CompanyView]:
        return [self.company(plan) for plan in self._state.companies]


def determinize(view: View, rng: random.Random) -> StateData:
    """A full game ``view.seat`` cannot tell from the real one, for the search bot.

    What the seat cannot see is dealt afresh: the other hands and the play deck are
    shuffled together and dealt back in their sizes, the face-down events are
    reshuffled, and the dice get a new seed.  Everything on the table stays.
    """
    state = view._state.clone()
    state.log = None
    state.rng = random.Random(rng.getrandbits(64))
    seat, hands = view.seat, state.hands
    unseen = [card for s, hand in enumerate(hands) if s != seat for card in hand]
    unseen += state.deck
    rng.shuffle(unseen)
    for s, hand in enumerate(hands):
        if s != seat:
            hands[s] = [unseen.pop() for _ in hand]
    state.deck = unseen
    rng.shuffle(state.events)
    return state
