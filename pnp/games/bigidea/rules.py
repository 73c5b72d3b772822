"""The Big Idea as a state machine: seats decide; the state's own die and card draws do the rest.

A round runs Seed → (reveal and) Pitch → Venture → Mezzanine → Offering, then the lead
passes left and hands are trimmed (Discard) and refilled.  The actions are those of
:mod:`.actions`; Venture picks are secret and are placed together once every seat has
chosen.

A decision with a single legal action (no chips left, nothing to invest in, one card in
hand) is applied by the engine without asking the seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter

from pnp.games.bigidea import report
from pnp.games.bigidea.cards import Cards
from pnp.games.bigidea.choices import LEGAL as _LEGAL
from pnp.games.bigidea.config import DIE_FACES, Config
from pnp.games.bigidea.economy import good_idea_winner, ipo_succeeds
from pnp.games.bigidea.state import (
    DISCARD,
    MEZZANINE,
    OVER,
    PASSED,
    PHASE_NAMES,
    PITCH,
    SEED,
    TERMINAL,
    VENTURE,
    Product,
    pickers,
    turn_order,
)
from pnp.games.bigidea.view import View, deal, product_view, view_of
from pnp.games.kit import Action, IllegalAction, Reporting

__all__ = [
    "DISCARD",
    "MEZZANINE",
    "OVER",
    "PHASE_NAMES",
    "PITCH",
    "SEED",
    "TERMINAL",
    "VENTURE",
    "State",
    "determinize",
]


class State(Cards, Reporting):
    """One game in progress; the seat to act is ``current_player()``."""

    __slots__ = ()
    REPORT = report

    def __init__(
        self,
        config: Config,
        players: int,
        seed: int | None = None,
        transcript: bool = True,
        record: bool = True,
    ) -> None:
        super().__init__(config, players, seed, transcript, record)
        for seat in range(self.n):
            self._refill(seat)
        if self.playlog is not None:
            self.playlog.used("deal-hands")
        self.leader = self.first_leader = self._die().randrange(self.n)  # no clone yet: no _dice
        self._track_money()
        self._start_round()

    # -- OpenSpiel-like interface ------------------------------------------------------

    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[int]:
        """Money per seat; chips still tied up in products are worth nothing."""
        return self.cash[:]

    # -- what the runner reports (see report.py) ------------------------------------------

    def length(self) -> int:
        """Rounds played (finished or under way)."""
        return self.round + 1

    def apply(self, action: Action) -> None:
        legal = self._legal
        if (len(legal) < 8 or not _at_its_mask(legal, action)) and action not in legal:
            raise IllegalAction(action, self.to_move, PHASE_NAMES[self.phase])
        _DO[self.phase](self, self.to_move, action)
        self._advance(self.turn + 1)

    view = view_of
    """What a seat may see: its own hand and secrets, and the public table (``view_of``
    itself, not a method that calls it: the search asks for a view at nearly every step)."""

    # -- flow ----------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        colors = self.config.colors
        return colors[seat] if seat < len(colors) else f"Seat {seat + 1}"

    def _start_round(self) -> None:
        self.order = turn_order(self.n, self.leader)
        self._start_round_fields()
        self.turn = 0
        self._advance()

    def _advance(self, turn: int | None = None) -> None:
        """Move to the next decision with two or more choices, applying forced ones,
        from ``turn`` (default: the turn now)."""
        n, order, choices = self.n, self.order, _LEGAL[self.phase]
        if turn is None:
            turn = self.turn
        while True:
            if turn >= n:
                self._end_phase()
                if self.phase == OVER:
                    self.to_move, self._legal = TERMINAL, ()
                    return
                turn, order, choices = 0, self.order, _LEGAL[self.phase]
                continue
            seat = order[turn]
            legal = choices(self, seat)
            if len(legal) > 1:
                self.turn, self.to_move, self._legal = turn, seat, legal
                return
            if legal:
                _DO[self.phase](self, seat, legal[0])
            turn += 1

    def _legal_for(self, seat: int) -> tuple[Action, ...]:
        return _LEGAL[self.phase](self, seat)

    # -- what a choice does, by phase (_DO; the choices are in choices.py) -------------

    def _seed(self, seat: int, action: Action) -> None:
        (mask,) = action.args
        hand = self.hands[seat]
        take, keep = pickers(len(hand), mask)
        if self.playlog is not None:
            self.playlog.used("seed")
        backs = self._backs  # the decks of the hand's cards, if the views have asked
        if backs is None and self._laid is None:  # no view has asked this round
            self.pending[seat] = take(hand)
            self.hands[seat] = list(keep(hand))
            return
        held = None if backs is None else backs[seat]
        self._lay(seat, take(hand), None if held is None else take(held))
        self.hands[seat] = list(keep(hand))
        self._hand_changed(seat, None if held is None else keep(held))

    def _venture(self, seat: int, action: Action) -> None:
        self.venture[seat] = action.args[0] if action.args else PASSED

    def _mezzanine(self, seat: int, action: Action) -> None:
        if action.args:
            self._buy_in(seat, action.args[0])

    def _trim(self, seat: int, action: Action) -> None:
        (mask,) = action.args
        if mask:
            hand = self.hands[seat]
            take, keep = pickers(len(hand), mask)
            thrown = take(hand)
            self._discard(thrown)
            self.hands[seat] = list(keep(hand))  # _refill below tells the views
            if self.log is not None:
                self.log.append(f"{self._name(seat)} discards {len(thrown)}")
        self._refill(seat)
        if self.playlog is not None:
            self.playlog.used("refill-hands")

    def _over(self, seat: int, action: Action) -> None:
        raise ValueError("the game is over")

    def _end_phase(self) -> None:
        self.turn, self._fresh = 0, None
        phase = self.phase
        if phase == SEED:
            self.phase = PITCH
        elif phase == PITCH:
            self.phase = VENTURE
        elif phase == VENTURE:
            self._reveal_ventures()
            self.phase = MEZZANINE
        elif phase == MEZZANINE:
            self._offering()
            # decision last-round
            if self.round + 1 >= self.rounds:
                self.phase = OVER
                if self.playlog is not None:
                    self.playlog.used("last-round")
                    self.playlog.used("most-money-wins")
                return
            self.leader = (self.leader + 1) % self.n
            self.order = turn_order(self.n, self.leader)
            self.phase = DISCARD
            if self.playlog is not None:
                self.playlog.used("leader-passes")
        else:
            self.round += 1
            self._shown = None
            self._start_round_fields()

    def _start_round_fields(self) -> None:
        if self.log is not None:
            self.log.append(
                f"Round {self.round + 1} of {self.rounds}: {self._name(self.leader)} leads"
            )
        self.pending: list[tuple[int, ...] | None] = [None] * self.n
        # a game whose views were asked for (a search's) keeps what they show of the laid
        # products from the start; one nobody views (random play) keeps nothing
        self._laid = None if self._backs is None else (self._zeros, self._nothing)
        self.venture: list[int | None] = [None] * self.n
        self.phase = SEED

    # -- phases --------------------------------------------------------------------------

    def _pitch(self, seat: int, action: Action) -> None:
        cards = self.pending[seat]
        assert cards is not None
        if self._laid is None:  # no view has asked this round (see _seed)
            self.pending[seat] = None
        else:
            self._lay(seat, None)
        invest = action.verb == "invest"
        if invest:
            p = Product(self.next_uid, seat, cards, self.n, self.round)
            if self.playlog is not None:
                self.playlog.used("invest-own")
                for card in cards:
                    self.playlog.play(seat, card)
            self.next_uid += 1
            self.table.append(p)
            self._place(seat, len(self.table) - 1)
        else:
            self._discard(cards)
            if self.playlog is not None:
                self.playlog.used("throw-away")
        if self.log is not None:
            words = " ".join(self.config.card_names[c] for c in cards)
            what = "invests" if invest else "throws it away"
            self.log.append(f"{self._name(seat)} pitches {words}; {what}")

    def _place(self, seat: int, pos: int) -> None:
        """Put one of ``seat``'s chips on the product at table position ``pos``; the views'
        table (``_shown``, if worked out) gets that product's entry anew, not every one."""
        p = self.table[pos]
        p.shares[seat] += 1
        p.players += 1
        shown = self._shown
        if shown is not None:  # pos == len(shown) for a product just put on the table
            self._shown = (*shown[:pos], product_view(pos, p, self.round), *shown[pos + 1 :])
        self.free[seat] -= 1
        used = self.config.chips_per_player - self.free[seat]
        if used > self.peaks.chips[seat]:
            self.peaks.chips[seat] = used

    def _reveal_ventures(self) -> None:
        table, log = self.table, self.log
        for seat in self.order:
            pick = self.venture[seat]
            if pick is not None and pick != PASSED:
                self._place(seat, pick)
                if self.playlog is not None:
                    self.playlog.used("venture")
                if log is not None:
                    log.append(f"{self._name(seat)} ventures on {self._name(table[pick].owner)}")
        fresh = [p for p in table if p.born == self.round]
        # decision good-idea-count
        winner = good_idea_winner([p.owner for p in fresh], [p.players for p in fresh])
        if winner is not None and self.config.good_idea_bonus:
            self.cash[winner] += self.config.good_idea_bonus
            if self.playlog is not None:
                self.playlog.used("good-idea-bonus")
            self._track_money()
            if log is not None:
                log.append(f"{self._name(winner)} earns the Good Idea bonus")

    def _buy_in(self, seat: int, pos: int) -> None:
        p = self.table[pos]
        # economy.buy_in_payments, inlined: each other seat's chips on p at the share price
        cash, price, paid = self.cash, self.config.share_price, 0
        for owner, k in enumerate(p.shares):
            if k and owner != seat:
                cash[owner] += k * price
                paid += k * price
        cash[seat] -= paid
        self._place(seat, pos)
        if self.playlog is not None:  # a sampled game keeps no money record (_track_money)
            self.playlog.used("mezzanine")
            self._track_money()
        if self.log is not None:
            self.log.append(
                f"{self._name(seat)} buys into {self._name(p.owner)}'s product for ${paid}"
            )

    def _offering(self) -> None:
        """Roll for every product, smallest stack first (the source's suggested order)."""
        rnd, log, usage, cash, free = self._die().random, self.log, self.peaks, self.cash, self.free
        self._dice = None  # the die rolls below
        keep: list[Product] = []
        short = 0
        # decision offering-order
        for p in sorted(self.table, key=Product.stack):
            roll = 1 + int(rnd() * DIE_FACES)
            if ipo_succeeds(roll, p.players + p.white):
                if self.playlog is not None:
                    self.playlog.used("ipo-success")
                    if p.white:
                        self.playlog.used("foreign-investor")
                for seat, k in enumerate(p.shares):  # economy.ipo_payout, inlined
                    if k:
                        cash[seat] += k * roll
                        free[seat] += k
                self.white_bank += p.white
                self._discard(p.cards)
                if log is not None:
                    log.append(
                        f"{self._name(p.owner)}'s product rolls {roll}: IPO pays ${roll} a share"
                    )
                continue
            if self.playlog is not None:
                self.playlog.used("ipo-failure")
            if self.white_bank:
                self.white_bank -= 1
                p.white += 1
            else:
                # decision white-chips-out
                p.white_short += 1
                usage.white_short += 1
            short += p.white_short
            keep.append(p)
            if log is not None:
                log.append(f"{self._name(p.owner)}'s product rolls {roll}: IPO fails")
        keep.sort(key=_UID)
        self.table = keep
        self._shown = None
        on_table = self.config.foreign_chips - self.white_bank
        if on_table > usage.white:
            usage.white = on_table
        if on_table + short > usage.white_needed:
            usage.white_needed = on_table + short
        self._track_money()


def _at_its_mask(legal: tuple[Action, ...], action: Action) -> bool:
    """Whether ``action`` is the very object ``legal`` holds at its mask's place: Seed and
    Discard offer up to 64 masks in mask order (:mod:`.actions`), and ``in`` would compare
    each one before it.  False says nothing (an equal copy, another phase): ask ``in``.
    ``apply`` asks only when ``legal`` is long (eight or more), as a short one is a scan."""
    try:
        at = legal[action.args[0] - legal[0].args[0]]
    except (AttributeError, IndexError, TypeError):
        return False
    return at is action


_UID = attrgetter("uid")
_DO: tuple[Callable[[State, int, Action], None], ...] = (
    State._seed,
    State._pitch,
    State._venture,
    State._mezzanine,
    State._trim,
    State._over,
)
"""What a seat's choice does, by phase (SEED .. OVER)."""


def determinize(view: View, rng: random.Random) -> State:
    """A full game the seat of ``view`` cannot tell from the real one (see
    :func:`~pnp.games.bigidea.view.deal`), at the same decision; secret Venture picks
    already made by other seats are chosen again at random."""
    state = deal(view, rng, State)
    seat = view.seat
    if state.phase == VENTURE:
        for s in state.order[: state.turn]:
            if s != seat and view.ventured[s]:
                options = state._legal_for(s)
                state._venture(s, options[int(rng.random() * len(options))])
    state._legal = state._legal_for(state.to_move) if state.to_move != TERMINAL else ()
    return state
