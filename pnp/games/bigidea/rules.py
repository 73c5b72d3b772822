"""The Big Idea as a state machine: seats decide; the state's own die and card draws do the rest.

A round runs Seed → (reveal and) Pitch → Venture → Mezzanine → Offering, then the lead
passes left and hands are trimmed (Discard) and refilled.  Actions are small ints:

* Seed: a bitmask over the seat's hand (bit i = hand card i), at least one card.
* Pitch: ``INVEST`` (put one own chip on the revealed product) or ``THROW`` (discard it).
* Venture: ``PASS`` or the table index of another seat's product that is new this round;
  the choices are secret and are placed together once every seat has chosen.
* Mezzanine: ``PASS`` or the table index of any product the seat can afford.
* Discard: a bitmask over the hand of cards to throw away (0 keeps them all).

A decision with a single legal action (no chips left, nothing to invest in, one card in
hand) is applied by the engine without asking the seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pnp.games import Reporting
from pnp.games.bigidea import report
from pnp.games.bigidea.config import DIE_FACES, Config
from pnp.games.bigidea.economy import (
    buy_in_payments,
    counters,
    good_idea_winner,
    ipo_payout,
    ipo_succeeds,
)
from pnp.games.bigidea.state import (
    DISCARD,
    INVEST,
    MEZZANINE,
    OVER,
    PASS,
    PHASE_NAMES,
    PITCH,
    SEED,
    TERMINAL,
    THROW,
    VENTURE,
    Product,
    StateData,
    split,
    turn_order,
)
from pnp.games.bigidea.view import View, view_of

__all__ = [
    "DISCARD",
    "INVEST",
    "MEZZANINE",
    "OVER",
    "PASS",
    "PHASE_NAMES",
    "PITCH",
    "SEED",
    "TERMINAL",
    "THROW",
    "VENTURE",
    "State",
]


class State(StateData, Reporting):
    """One game in progress; the seat to act is ``current_player()``."""

    __slots__ = ()
    REPORT = report

    def __init__(
        self, cfg: Config, players: int, seed: int | None = None, transcript: bool = True
    ) -> None:
        super().__init__(cfg, players, seed, transcript)
        for seat in range(self.n):
            self._refill(seat)
        self.leader = self.first_leader = self.rng.randrange(self.n)
        self._track_money()
        self._start_round()

    # -- OpenSpiel-like interface ------------------------------------------------------

    def current_player(self) -> int:
        return self._player

    def legal_actions(self) -> Sequence[int]:
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

    def apply(self, action: int) -> None:
        if action not in self._legal:
            raise ValueError(
                f"action {action!r} is not legal in {PHASE_NAMES[self.phase]} "
                f"for seat {self._player} (legal: {tuple(self._legal)})"
            )
        self._do(self._player, action)
        self.turn += 1
        self._advance()

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand and secrets, and the public table."""
        return view_of(self, seat)

    # -- flow ----------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        colors = self.cfg.colors
        return colors[seat] if seat < len(colors) else f"Seat {seat + 1}"

    def _start_round(self) -> None:
        self.order = turn_order(self.n, self.leader)
        self._start_round_fields()
        self.turn = 0
        self._advance()

    def _advance(self) -> None:
        """Move to the next decision with two or more choices, applying forced ones."""
        n, legal_for, turn = self.n, self._legal_for, self.turn
        while True:
            if turn >= n:
                self._end_phase()
                if self.phase == OVER:
                    self._player, self._legal = TERMINAL, ()
                    return
                turn = 0
                continue
            seat = self.order[turn]
            legal = legal_for(seat)
            if len(legal) > 1:
                self.turn, self._player, self._legal = turn, seat, legal
                return
            if legal:
                self._do(seat, legal[0])
            turn += 1

    def _legal_for(self, seat: int) -> Sequence[int]:
        phase = self.phase
        if phase == SEED:
            # decision product-cards
            return range(1, 1 << len(self.hands[seat]))  # state.masks(hand, 1), inlined
        if phase == DISCARD:
            return range(1 << len(self.hands[seat]))  # state.masks(hand, 0)
        if phase == PITCH:
            if self.pending[seat] is None:
                return ()
            if self.free[seat]:
                return (THROW, INVEST)
            # decision all-chips-tied
            self.peaks.stuck += 1
            return (THROW,)
        if not self.free[seat]:
            self.peaks.stuck += 1
            return ()
        if phase == VENTURE:
            fresh = self._fresh
            if fresh is None:  # the table stays as it is for the whole Venture phase
                rnd = self.round
                fresh = self._fresh = [
                    (i, p.owner) for i, p in enumerate(self.table) if p.born == rnd
                ]
            picks = [i for i, owner in fresh if owner != seat]
        else:
            # decision mezzanine-payment
            budget = self.cash[seat] // self.cfg.share_price if self.cfg.share_price else 1 << 30
            picks = [i for i, p in enumerate(self.table) if p.players - p.shares[seat] <= budget]
        return (PASS, *picks) if picks else ()

    def _do(self, seat: int, action: int) -> None:
        phase = self.phase
        if phase == SEED:
            hand = self.hands[seat]
            take, keep = split(len(hand), action)
            self.pending[seat] = tuple([hand[i] for i in take])
            self.hands[seat] = [hand[i] for i in keep]
        elif phase == PITCH:
            self._pitch(seat, action)
        elif phase == VENTURE:
            self.venture[seat] = action
        elif phase == MEZZANINE:
            if action != PASS:
                self._buy_in(seat, self.table[action])
        else:
            if action:
                hand = self.hands[seat]
                take, keep = split(len(hand), action)
                self._discard([hand[i] for i in take])
                self.hands[seat] = [hand[i] for i in keep]
                if self.log is not None:
                    self.log.append(f"{self._name(seat)} discards {len(take)}")
            self._refill(seat)

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
                return
            self.leader = (self.leader + 1) % self.n
            self.order = turn_order(self.n, self.leader)
            self.phase = DISCARD
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
        self.venture: list[int | None] = [None] * self.n
        self.phase = SEED

    # -- phases --------------------------------------------------------------------------

    def _pitch(self, seat: int, action: int) -> None:
        cards = self.pending[seat]
        assert cards is not None
        self.pending[seat] = None
        if action == INVEST:
            p = Product(self.next_uid, seat, cards, self.n, self.round)
            self.next_uid += 1
            self.table.append(p)
            self._place(seat, p)
        else:
            self._discard(cards)
        if self.log is not None:
            words = " ".join(self.cfg.card_names[c] for c in cards)
            what = "invests" if action == INVEST else "throws it away"
            self.log.append(f"{self._name(seat)} pitches {words}; {what}")

    def _place(self, seat: int, p: Product) -> None:
        self._shown = None
        p.shares[seat] += 1
        p.players += 1
        self.free[seat] -= 1
        used = self.cfg.chips_per_player - self.free[seat]
        if used > self.peaks.chips[seat]:
            self.peaks.chips[seat] = used

    def _reveal_ventures(self) -> None:
        table, log = self.table, self.log
        for seat in self.order:
            pick = self.venture[seat]
            if pick is not None and pick != PASS:
                self._place(seat, table[pick])
                if log is not None:
                    log.append(f"{self._name(seat)} ventures on {self._name(table[pick].owner)}")
        fresh = [p for p in table if p.born == self.round]
        # decision good-idea-count
        winner = good_idea_winner([p.owner for p in fresh], [p.players for p in fresh])
        if winner is not None and self.cfg.good_idea_bonus:
            self.cash[winner] += self.cfg.good_idea_bonus
            self._track_money()
            if log is not None:
                log.append(f"{self._name(winner)} earns the Good Idea bonus")

    def _buy_in(self, seat: int, p: Product) -> None:
        cash, paid = self.cash, 0
        for owner, amount in buy_in_payments(p.shares, seat, self.cfg.share_price).items():
            cash[owner] += amount
            paid += amount
        cash[seat] -= paid
        self._place(seat, p)
        self._track_money()
        if self.log is not None:
            self.log.append(
                f"{self._name(seat)} buys into {self._name(p.owner)}'s product for ${paid}"
            )

    def _offering(self) -> None:
        """Roll for every product, smallest stack first (the source's suggested order)."""
        rng, log, usage = self.rng, self.log, self.peaks
        keep: list[Product] = []
        # decision offering-order
        for p in sorted(self.table, key=Product.stack):
            roll = 1 + int(rng.random() * DIE_FACES)
            if ipo_succeeds(roll, p.players + p.white):
                for seat, amount in ipo_payout(p.shares, roll).items():
                    self.cash[seat] += amount
                    self.free[seat] += p.shares[seat]
                self.white_bank += p.white
                self._discard(p.cards)
                if log is not None:
                    log.append(
                        f"{self._name(p.owner)}'s product rolls {roll}: IPO pays ${roll} a share"
                    )
                continue
            if self.white_bank:
                self.white_bank -= 1
                p.white += 1
            else:
                # decision white-chips-out
                p.white_short += 1
                usage.white_short += 1
            keep.append(p)
            if log is not None:
                log.append(f"{self._name(p.owner)}'s product rolls {roll}: IPO fails")
        keep.sort(key=lambda p: p.uid)
        self.table = keep
        self._shown = None
        on_table = self.cfg.foreign_chips - self.white_bank
        needed = on_table + sum(p.white_short for p in keep)
        usage.white = max(usage.white, on_table)
        usage.white_needed = max(usage.white_needed, needed)
        self._track_money()

    # -- cards and money -----------------------------------------------------------------

    def _discard(self, cards: Iterable[int]) -> None:
        deck_of, piles = self.cfg.card_deck, self.discards
        for c in cards:
            piles[deck_of[c]].append(c)

    def _refill(self, seat: int) -> None:
        """Draw until the hand holds ``hand_per_deck`` cards of every deck."""
        want, deck_of, usage = self.cfg.hand_per_deck, self.cfg.card_deck, self.peaks
        hand = self.hands[seat]
        have = [0] * len(self.draw)
        for c in hand:
            have[deck_of[c]] += 1
        for d, held in enumerate(have):
            pile = self.draw[d]
            short = want - held
            if short <= 0:
                continue
            if len(pile) < usage.deck_low[d]:
                usage.deck_low[d] = len(pile)
            rnd, left = self.rng.random, len(pile)
            while short:
                if not left:  # bigidea.txt: a deck that runs out is rebuilt from its discards
                    # decision empty-decks
                    if not self.discards[d]:
                        break
                    pile = self.draw[d] = self.discards[d]
                    self.discards[d] = []
                    usage.reshuffles[d] += 1
                    left = len(pile)
                i = int(rnd() * left)  # a uniform pick: the same as drawing from a shuffle
                left -= 1
                hand.append(pile[i])  # the last card takes the drawn card's place
                pile[i] = pile[left]
                del pile[left]
                short -= 1
            usage.dry_draws[d] += short

    def _track_money(self) -> None:
        """Record the most counters of each value the players hold (greedy change).

        ``_money`` totals every seat's counters (``_held``); only a seat whose cash
        changed since it was last counted is counted again."""
        counted, held, total, memo = self._counted, self._held, self._money, self._change
        for seat, cash in enumerate(self.cash):
            if cash != counted[seat]:
                now = memo.get(cash)
                if now is None:
                    now = memo[cash] = counters(cash, self.cfg.denominations)[0]
                old = held[seat]
                for i, k in enumerate(now):
                    total[i] += k - old[i]
                counted[seat], held[seat] = cash, now
        peak = self.peaks.money
        for i, k in enumerate(total):
            if k > peak[i]:
                peak[i] = k
