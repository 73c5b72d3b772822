"""What one seat may see of a game, as data: its own hand and everything on the table.

Other hands and the order of the decks stay hidden; the sizes of hands and decks, and
which cards are in the other hands and the play deck together, are public (every other
card is face up or gone face up).  A view holds only tuples, named tuples and the frozen
:class:`Config`, so a bot can neither change the game nor read past its seat.
:func:`deal` rebuilds the data of a full game from a view alone; ``rules.determinize``
makes it a playable ``State``.
"""

from __future__ import annotations

import random
from typing import NamedTuple, TypeVar

from pnp.games.bank import Piles, bank_for
from pnp.games.boom.actions import TARGET_PHASE
from pnp.games.boom.company import Company
from pnp.games.boom.config import Config
from pnp.games.boom.state import StateData
from pnp.games.chance import shuffle


class View(NamedTuple):
    """What ``seat`` may see of a :class:`~pnp.games.boom.rules.State`, copied out."""

    seat: int
    config: Config
    players: int
    phase: int
    actor: int
    """Seat whose turn it is."""
    to_move: int
    """Seat that decides now."""
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    money: tuple[int, ...]
    ipo_limit: int
    round: int
    event: int
    events_left: tuple[int, ...]
    """Face-down events, sorted (which ones is public, their order is not)."""
    used_events: tuple[int, ...]
    discard_pile: tuple[int, ...]
    table: tuple[Company, ...]
    """Companies in the order they were played (the state's own records: they never change)."""
    plans_out: int
    gone: tuple[int, ...]
    """Plans gone public or bust, out of the game."""
    order: tuple[int, ...]
    turn_pos: int
    turn: int
    funding: tuple[int, ...]
    """The funding round under way: plan, price, previous owner, sold, asked, must."""
    fr_bought: tuple[int, ...]
    fr_queue: tuple[int, ...]
    effect: tuple[int, str, int, int]
    """The Discard under way: card, effect key, amount, targets left."""
    eff_queue: tuple[tuple[str, int], ...]
    stock_out: tuple[int, ...]
    end_reason: str

    @property
    def event_bonus(self) -> tuple[int, ...]:
        """IPO roll bonus per industry from the face-up event."""
        config = self.config
        return config.events[self.event].bonus if self.event >= 0 else (0,) * len(config.industries)

    @property
    def pending_effect(self) -> str:
        """Effect of the Discard waiting for a target ('' when none)."""
        return self.effect[1] if self.phase == TARGET_PHASE else ""

    @property
    def funding_plan(self) -> int:
        """Plan of the funding round under way (meaningful during a round only)."""
        return self.funding[0]

    @property
    def funding_price(self) -> int:
        return self.funding[1]

    @property
    def funding_sold(self) -> int:
        return self.funding[3]

    def company(self, plan: int) -> Company:
        for co in self.table:
            if co.plan == plan:
                return co
        raise LookupError(f"no company with plan {plan} on the table")

    def burn(self, co: Company) -> int:
        """What ``co`` would pay at the end of this round (nothing before it is funded)."""
        return co.burn(self.config, self.ipo_limit) if co.total else 0


def view_of(s: StateData, seat: int) -> View:
    hands = s.hands
    return View._make(  # one tuple in C, not 29 arguments through View.__new__
        (
            seat,
            s.config,
            s.players,
            s.phase,
            s.actor,
            s.to_move,
            tuple(hands[seat]),
            tuple(map(len, hands)),
            len(s.deck),
            tuple(s.money),  # decision open-information: every hand size and purse shows
            s.ipo_limit,
            s.round,
            s.event,
            tuple(sorted(s.events)),
            tuple(s.used_events),
            tuple(s.discard),
            tuple(s.companies.values()),
            s.plans_out,
            tuple(s.gone),
            tuple(s.order),
            s.turn_pos,
            s.turn,
            (s.fr_plan, s.fr_price, s.fr_prev_owner, s.fr_sold, s.fr_asked, s.fr_must),
            tuple(s.fr_bought),
            tuple(s.fr_queue),
            (s.eff_card, s.eff_key, s.eff_amount, s.eff_left),
            tuple(s.eff_queue),
            tuple(s.stock_out),
            s.end_reason,
        )
    )


D = TypeVar("D", bound=StateData)


def _unseen(view: View) -> list[int]:
    """The cards in the other hands and the play deck, in card order: every card the
    seat cannot account for in its hand, the discard pile, the companies on the table,
    the plans gone out of the game or the Discard waiting for its target."""
    known = set(view.hand)
    known.update(view.discard_pile, view.gone)
    if view.phase == TARGET_PHASE:
        known.add(view.effect[0])
    for co in view.table:
        known.add(co.plan)
        known.update(co.cards)
    return [card for card in range(view.config.play_cards) if card not in known]


def deal(view: View, rng: random.Random, cls: type[D]) -> D:
    """The data of a full game ``view.seat`` cannot tell from the real one, as a ``cls``
    (a subclass of :class:`StateData` without slots of its own).

    What the seat cannot see is dealt afresh: the cards of the other hands and the play
    deck are shuffled and dealt back in their sizes, the face-down events are shuffled,
    and the dice get a new seed.  Everything on the table stays.  The simulation
    report's tallies (peaks, dry draws, funding rounds) start again from what is seen.
    """
    config, n, seat = view.config, view.players, view.seat
    s = cls.__new__(cls)
    s.config, s.players, s.everyone = config, n, (1 << n) - 1
    s.actions = config.actions
    s.rng = random.Random(rng.getrandbits(64))
    s.log = None
    s.playlog = None
    unseen = _unseen(view)
    shuffle(rng, unseen)
    s.hands = [
        list(view.hand) if other == seat else [unseen.pop() for _ in range(size)]
        for other, size in enumerate(view.hand_sizes)
    ]
    s.deck = unseen
    s.events = list(view.events_left)
    shuffle(rng, s.events)
    s.money, s.discard, s.used_events = (
        list(view.money),
        list(view.discard_pile),
        list(view.used_events),
    )
    s.event, s.round, s.plans_out = view.event, view.round, view.plans_out
    s.gone = list(view.gone)
    s.ipo_limit = s.ipo_limit_low = view.ipo_limit
    s.companies = {co.plan: co for co in view.table}
    s.order, s.turn_pos, s.turn = list(view.order), view.turn_pos, view.turn
    s.phase, s.to_move, s.actor = view.phase, view.to_move, view.actor
    s.fr_plan, s.fr_price, s.fr_prev_owner, s.fr_sold, s.fr_asked, s.fr_must = view.funding
    s.fr_bought, s.fr_queue = list(view.fr_bought), list(view.fr_queue)
    s.eff_card, s.eff_key, s.eff_amount, s.eff_left = view.effect
    s.eff_queue = list(view.eff_queue)
    s.stock_out, s.stock_peak = list(view.stock_out), list(view.stock_out)
    s.counters = Piles(bank_for(config.denominations), n + config.play_cards)
    for other, money in enumerate(view.money):
        s.counters.set(other, money)
    for co in view.table:
        s.counters.set(n + co.plan, co.cash)
    s.dry_draws = s.rounds_closed = s.rounds_failed = 0
    s.end_reason = view.end_reason
    s._legal = None
    return s


__all__ = ["View", "deal", "view_of"]
