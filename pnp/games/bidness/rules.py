"""Bidness as a state machine: seats decide; the state's own dice and shuffles do the rest.

A round runs Setup (roll for first player, Payback cards from round 2, reshuffle, deal to
six, each seat discards one face down) → Card Play (play, sell or pass until everyone
has passed in a row; auctions and lawsuits open their own decisions) → Business
(salaries, earnings, tech points, bonus cards back).  Paying back the last IOU ends the
game at once.  Actions are :mod:`.actions` (the kit's :class:`~pnp.games.kit.Action`); a decision
with one legal action is applied by the engine without asking.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pnp.games.bidness import report
from pnp.games.bidness.actions import Action
from pnp.games.bidness.auction import apply_bid, auction_decision
from pnp.games.bidness.business import apply_salary, close_business, salary_decision, salary_due
from pnp.games.bidness.config import DIE_FACES, PAYBACK, Config
from pnp.games.bidness.hand import discard_actions, play_actions
from pnp.games.bidness.lawsuit import apply_suit, offer, suit_actions
from pnp.games.bidness.ledger import marketing, name, note, track, update_awards
from pnp.games.bidness.play import apply_play
from pnp.games.bidness.state import (
    AUCTION,
    DISCARD,
    OVER,
    PHASE_NAMES,
    PLAY,
    SALARY,
    SETTLE,
    TERMINAL,
    StateData,
)
from pnp.games.bidness.view import View, deal, view_of
from pnp.games.chance import shuffle
from pnp.games.kit import IllegalAction, Reporting

__all__ = ["State", "determinize", "first_player_roll"]

PRICED = frozenset({"bid", "offer", "sue"})
"""The verbs whose last argument is an amount of money (a Libel or Patent suit's is 0)."""


class State(StateData, Reporting):
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
        for role, count in enumerate((config.t.start_engineers, config.t.start_marketers)):
            cards = config.starting[role]  # decision starting-employees
            for seat in range(players):
                self.staff[seat].extend(cards[seat * count : (seat + 1) * count])
        track(self)
        update_awards(self)
        self._start_round()
        self._advance()

    # -- OpenSpiel-like interface ------------------------------------------------------

    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[int]:
        """1 for the winner (several only if the round cap ends the game in a tie)."""
        return [1 if s in self.winners else 0 for s in range(self.n)]

    def worth(self) -> tuple[float, ...]:
        """Each seat's net worth as the rules value its holdings: cash, less what paying
        back its IOUs costs one at a time, plus what its workplace would earn in a
        Business phase now (earnings at its tech points, marketing, awards and contracts,
        less its salaries). ``returns()`` says only who won, so it cannot rank seats
        before the end."""
        config, market, contracts = self.config, marketing(self), self.contracts
        debt, tech_leader, market_leader = (
            config.t.payback_one_cost,
            self.tech_leader,
            self.market_leader,
        )
        return tuple(
            float(
                self.cash[seat]
                - debt * self.ious[seat]
                + config.earnings(
                    self.tech[seat],
                    tech_leader == seat,
                    market[seat],
                    market_leader == seat,
                    len(contracts[seat]),
                )
                - salary_due(self, seat)
            )
            for seat in range(self.n)
        )

    def length(self) -> int:
        """Rounds played (the last one possibly cut short by a payoff).  The runner asks
        after every move; ``round`` never shows more than the cap (``_start_round`` ends
        the game at the cap and sets it back)."""
        return self.round

    def option_count(self, legal: Sequence[Action]) -> int:
        """Distinct choices in ``legal``: a bid, a settlement offer or a Negligence claim
        is one choice at whatever amount (its last argument), so an auction offers two —
        bid or drop — not one option per $5 step."""
        last = legal[-1].verb
        if last == "bid" or last == "offer":  # the fast path: a few fixed moves, then amounts
            for fixed, action in enumerate(legal):
                if action.verb == last:
                    return fixed + 1
        return len({(a.verb, a.args[:-1]) if a.verb in PRICED else a for a in legal})

    def clone(self) -> State:
        s = State.__new__(State)
        self.copy_into(s)
        return s

    def view(self, seat: int) -> View:
        return view_of(self, seat)

    def apply(self, action: Action) -> None:
        """Apply ``action`` (one of ``legal_actions()``), then every forced move after it,
        up to the next real decision.  Bids, settlement offers and Card Play moves, the
        most frequent, are applied here; the others by ``_do``."""
        if action not in self._legal:  # the legal tuple holds the same objects: cheap
            raise IllegalAction(action, self.to_move, PHASE_NAMES[self.phase])
        phase = self.phase
        public, self.public = self.public, None  # the views' shared part: kept below only
        if phase == AUCTION:  # the hottest path: straight to the next bidder
            nxt = apply_bid(self, action)
            if nxt is not None and len(nxt[1]) > 1:
                self.to_move, self._legal = nxt
                self.public = public  # a bid or a drop: only the auction moved
                return
        elif phase == SETTLE and action.verb == "offer":  # talks go on: the other side
            offer(self, action)
            legal = suit_actions(self)
            if len(legal) > 1:
                assert self.suit is not None
                self.to_move, self._legal = self.suit.to_act, legal
                self.public = public  # an offer: only the talks moved
                return
        elif phase == PLAY:  # (a forced pass is made in _advance)
            seat = self.to_move
            self.passes = self.passes + 1 if action.verb == "pass" else 0
            apply_play(self, seat, action)
            if self.phase == PLAY:
                seat = self.to_move = (seat + 1) % self.n
                if self.passes < self.n:  # the next seat's moves at once (as in _advance)
                    legal = play_actions(self, seat)
                    if len(legal) > 1:
                        self._legal = legal
                        return
        else:
            self._do(action)
        self._advance()

    # -- flow ----------------------------------------------------------------------------

    def _order(self) -> list[int]:
        return [(self.first + i) % self.n for i in range(self.n)]

    def _start_round(self) -> None:
        t = self.config.t
        if self.round > t.round_cap:
            self._finish_by_cap()
            return
        self.first = first_player_roll(self)
        if self.playlog is not None:
            self.playlog.used("first-player-roll")
        if self.log is not None:
            note(self, f"Round {self.round}: {name(self, self.first)} plays first")
        order = self._order()
        if self.round >= t.payback_from_round:
            dealt = [self._deal_payback(seat) for seat in order]
            if self.playlog is not None:
                self.playlog.used("payback-each-round")
            if any(dealt):  # hands only grew while dealing: the peak is the count now
                kind = self.config.kind.__getitem__
                held = sum([list(map(kind, hand)).count(PAYBACK) for hand in self.hands])
                self.peaks.payback_held = max(self.peaks.payback_held, held)
        deck = self.deck
        deck += self.discards
        deck += self.buried
        self.discards.clear()
        self.buried.clear()
        shuffle(self.rng, deck)
        size = t.hand_size
        for seat in order:
            hand = self.hands[seat]
            take = min(size - len(hand), len(deck))
            if take > 0:  # one at a time off the top (the end of the list)
                hand += deck[: -take - 1 : -1]
                del deck[-take:]
            if len(hand) < size:
                self.peaks.dry_event += 1
            if self.playlog is not None:
                for card in hand:
                    self.playlog.draw(seat, card)
        self.peaks.deck_low = min(self.peaks.deck_low, len(deck))
        if self.playlog is not None:
            self.playlog.used("deal-to-six")
        discards = t.setup_discards
        self.queue = order if discards == 1 else [s for s in order for _ in range(discards)]
        self.phase = DISCARD

    def _deal_payback(self, seat: int) -> bool:
        """Deal ``seat`` a Payback card, reshuffling the discards if need be; False when
        there is none left to deal."""
        if not self.paybacks and self.payback_discards:  # decision payback-life
            self.paybacks, self.payback_discards = self.payback_discards, []
            shuffle(self.rng, self.paybacks)
        if not self.paybacks:
            self.peaks.dry_payback += 1
            return False
        card = self.paybacks.pop()
        self.hands[seat].append(card)
        if self.playlog is not None:
            self.playlog.draw(seat, card)
        return True

    def _finish_by_cap(self) -> None:
        """Ours: at the round cap, fewest IOUs wins, then most cash; equal seats share."""
        # decision round-cap
        if self.playlog is not None:
            self.playlog.used("round-cap")
        best = min((self.ious[s], -self.cash[s]) for s in range(self.n))
        self.winners = [s for s in range(self.n) if (self.ious[s], -self.cash[s]) == best]
        self.round = self.config.t.round_cap
        self.phase = OVER
        note(self, f"Round cap reached: {', '.join(name(self, s) for s in self.winners)} win")

    def _decision(self) -> tuple[int, tuple[Action, ...]] | None:
        """The seat to decide and its options, or None when the phase must move on."""
        return _DECIDE[self.phase](self)

    def _advance(self) -> None:
        """Apply forced moves (one legal action) until a seat has a real choice."""
        decide = _DECIDE
        while self.phase != OVER:
            if self.phase == PLAY:  # Card Play, with forced passes made here
                if self.passes >= self.n:
                    self._end_phase()
                    continue
                seat = self.to_move
                self._legal = play_actions(self, seat)
                if len(self._legal) > 1:
                    return
                # a hand too small to play: the only move is to pass
                if self.log is not None:
                    note(self, f"{name(self, seat)} passes")
                self.passes += 1
                self.to_move = (seat + 1) % self.n
                continue
            nxt = decide[self.phase](self)
            if nxt is None:
                self._end_phase()
                continue
            self.to_move, self._legal = nxt
            if len(self._legal) > 1:
                return
            self._do(self._legal[0])
        self.to_move, self._legal = TERMINAL, ()

    def _end_phase(self) -> None:
        if self.phase == DISCARD:
            self.phase, self.to_move, self.passes = PLAY, self.first, 0
        elif self.phase == PLAY:
            self.phase, self.queue = SALARY, self._order()
            if self.playlog is not None:
                self.playlog.used("card-play-ends")
        else:
            close_business(self, self._order())
            self.round += 1
            self._start_round()

    def _do(self, action: Action) -> None:
        phase, seat = self.phase, self.to_move
        if phase == AUCTION:
            apply_bid(self, action)
        elif phase == PLAY:  # a forced move is a pass, and _advance makes those
            raise AssertionError("Card Play moves are applied by apply and _advance")
        elif phase == SETTLE:
            assert self.suit is not None
            plaintiff = self.suit.plaintiff
            if apply_suit(self, action):
                self.phase, self.to_move = PLAY, (plaintiff + 1) % self.n
        elif phase == SALARY:
            if apply_salary(self, seat, action):
                self.queue.pop(0)
        else:
            (card,) = action.args
            self.hands[seat].remove(card)
            if self.playlog is not None:
                self.playlog.used("setup-discard")
            if self.config.kind[card] == PAYBACK:
                self.payback_discards.append(card)
            else:
                self.buried.append(card)
            self.queue.pop(0)


# -- the decision of each phase, indexed by phase: (seat, legal actions) or None ------------

Decision = tuple[int, tuple[Action, ...]] | None


def _discard_decision(table: StateData) -> Decision:
    if not table.queue:
        return None
    seat = table.queue[0]
    return seat, discard_actions(table, seat)


def _play_decision(table: StateData) -> Decision:
    if table.passes >= table.n:
        return None
    return table.to_move, play_actions(table, table.to_move)


def _suit_decision(table: StateData) -> Decision:
    assert table.suit is not None
    return table.suit.to_act, suit_actions(table)


_DECIDE: tuple[Callable[[StateData], Decision], ...] = (
    _discard_decision,  # DISCARD
    _play_decision,  # PLAY
    auction_decision,  # AUCTION
    _suit_decision,  # SETTLE
    salary_decision,  # SALARY
)
assert tuple(range(5)) == (DISCARD, PLAY, AUCTION, SETTLE, SALARY)


def first_player_roll(table: StateData) -> int:
    """bidness.txt "Setup Phase": one die per IOU held; the tied highest roll again."""
    rnd = table.rng.random
    seats = list(range(table.n))
    while True:
        dice = [table.ious[s] for s in seats]
        faces = [1 + int(rnd() * DIE_FACES) for _ in range(sum(dice))]  # seat by seat
        totals, end = [], 0
        for count in dice:
            totals.append(sum(faces[end : end + count]))
            end += count
        best = max(totals)
        seats = [s for s, v in zip(seats, totals, strict=True) if v == best]
        if len(seats) == 1:
            return seats[0]
        note(table, f"First-player roll tied at {best}: roll again")


def determinize(view: View, rng: random.Random) -> State:
    """A full game the seat of ``view`` cannot tell from the real one (see
    :func:`~pnp.games.bidness.view.deal`), at the same decision."""
    s = deal(view, rng, State)
    nxt = s._decision() if s.phase != OVER else None
    s.to_move, s._legal = nxt if nxt is not None else (TERMINAL, ())
    return s
