"""Small Print as a state machine: seats place paperwork or pass; reveals, payouts and
the end are applied by the engine (smallprint.txt, "Play breaks down like this")."""

from __future__ import annotations

import random

from pnp.games.kit import IllegalAction, Reporting
from pnp.games.smallprint import report
from pnp.games.smallprint.actions import PASS, Paperwork, offer
from pnp.games.smallprint.config import KINDS, Business, Config
from pnp.games.smallprint.payout import Settlement, settle, settled
from pnp.games.smallprint.state import OVER, TERMINAL, Placed, StateData
from pnp.games.smallprint.view import View, deal, view_of

__all__ = ["PASS", "State", "determinize"]


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
        self.starter = self.rng.randrange(players)  # decision start: a random seat starts
        self._start_round()

    # -- OpenSpiel-like interface ------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def legal_actions(self) -> tuple[Paperwork, ...]:
        return self._legal

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[int]:
        """Cash per seat, £m."""
        return self.cash[:]

    def winners(self) -> list[int]:
        """Most cash; ties go to fewest penalty chits, then most cards left in hand."""
        key = [(self.cash[s], -self.chits[s], sum(self.hands[s])) for s in range(self.n)]
        best = max(key)
        return [s for s in range(self.n) if key[s] == best]

    def apply(self, action: Paperwork) -> None:
        if id(action) not in self._legal_ids and action not in self._legal:
            raise IllegalAction(action, self.to_move)
        seat = self.to_move
        if not action.args:  # decision turns: a pass is final for the round
            self.passed[seat] = True
            if self.playlog is not None:
                self.playlog.used("pass")
            if self.log is not None:
                self._say(f"{self._name(seat)} passes")
        else:
            self._place(seat, action)
        self._next_turn()

    def clone(self) -> State:
        other = State.__new__(State)
        self.copy_into(other)
        return other

    def view(self, seat: int) -> View:
        return view_of(self, seat)

    def length(self) -> int:
        return min(self.round + 1, self.rounds)

    # -- flow ----------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        sets = self.config.sets
        return sets[seat] if seat < len(sets) else f"Seat {seat + 1}"

    def _say(self, line: str) -> None:
        """Add a transcript line; callers in the hot path build it only when ``log`` is kept."""
        if self.log is not None:
            self.log.append(line)

    def _start_round(self) -> None:
        config, n, rng = self.config, self.n, self.rng
        self.row = []
        for _ in range(min(config.per_round, len(self.deck))):
            i = rng.randrange(len(self.deck))
            self.deck[i], self.deck[-1] = self.deck[-1], self.deck[i]
            self.row.append(self.deck.pop())
        if self.playlog is not None:
            self.playlog.used("reveal-row")
        self.under = [[] for _ in self.row]
        self.holding = tuple(map(tuple, self.hands))
        self.played = [0] * n
        self.passed = [False] * n
        self.markers = [[True, True, True] for _ in range(n)]
        self.to_move = self.starter
        if self.log is not None:
            names = ", ".join(
                f"{b.name} £{b.value}m" for b in map(config.businesses.__getitem__, self.row)
            )
            starts = self._name(self.starter)
            self._say(f"Round {self.round + 1} of {self.rounds}: {names}; {starts} starts")
        self._settle_turn(self.starter)

    def _can_act(self, seat: int) -> bool:
        return (
            not self.passed[seat]
            and self.played[seat] < self.config.max_cards
            and any(self.hands[seat])
            and bool(self.row)
        )

    def _settle_turn(self, seat: int) -> None:
        """Give the turn to ``seat`` or the next seat clockwise that can still act."""
        for step in range(self.n):
            s = (seat + step) % self.n
            if self._can_act(s):
                self.to_move = s
                self._offer(s)
                return
        self._reveal()

    def _next_turn(self) -> None:
        self._settle_turn((self.to_move + 1) % self.n)

    def _offer(self, seat: int) -> None:
        """Make ``seat``'s placements the legal actions."""
        in_hand = tuple(map(bool, self.hands[seat]))
        markers = tuple(self.markers[seat])
        self._legal, self._legal_ids = offer(in_hand, markers, len(self.row), self.config.per_round)

    def _place(self, seat: int, action: Paperwork) -> None:
        kind, business, marker = action.args
        self.hands[seat][kind] -= 1
        self.played[seat] += 1
        if marker:
            self.markers[seat][marker - 1] = False
        # decision turns: several cards of one seat may go under the same business
        self.under[business].append(Placed(seat, kind, marker))
        if self.playlog is not None:
            self.playlog.play(seat, self.config.paperwork_index(seat, kind))
            self.playlog.play(seat, self.row[business])
            self.playlog.used("place-paperwork")
            if marker:
                self.playlog.used("contract-marker")
        if self.log is not None:
            shown = f" with the {KINDS[marker].title()} marker" if marker else ""
            name = self.config.businesses[self.row[business]].name
            self._say(f"{self._name(seat)} places a card under {name}{shown}")

    def _reveal(self) -> None:
        config, usage = self.config, self.peaks
        for b, pile in zip(self.row, self.under, strict=True):
            business = config.businesses[b]
            cards = [(p.seat, p.kind) for p in pile]
            if self.playlog is None:  # a search's sample: nothing to count, the same piles
                result = settled(business, tuple(cards), config.cap)
            else:
                result = settle(business, cards, config.cap, self.playlog)
            for seat, amount in result.paid.items():
                self.cash[seat] += amount
            self.pool += result.pool
            usage.settled += 1
            usage.void += result.void
            for p in pile:
                if p.marker and p.marker != p.kind:  # smallprint.txt: a chit per dishonest marker
                    self.chits[p.seat] += 1
                    if self.playlog is not None:
                        self.playlog.used("bluff-chit")
                    usage.bluffs += 1
                    usage.caught += p.seat not in result.paid
            if self.log is not None:
                self._say_settled(business, pile, result)
        usage.chits = max(usage.chits, sum(self.chits))
        report.track_money(self)
        self.round += 1
        if self.round >= self.rounds:
            self._end()
            return
        self.starter = (self.starter + 1) % self.n  # decision start: the start moves left
        if self.playlog is not None:
            self.playlog.used("next-starter")
        self._start_round()

    def _say_settled(self, business: Business, pile: list[Placed], result: Settlement) -> None:
        cards = ", ".join(f"{self._name(p.seat)} {KINDS[p.kind]}" for p in pile) or "no cards"
        paid = ", ".join(f"{self._name(s)} £{v}m" for s, v in sorted(result.paid.items()))
        self._say(
            f"{business.name} (£{business.value}m): {cards} → {result.outcome}; "
            f"{paid or 'nobody paid'}; pool +£{result.pool}m"
        )

    def _end(self) -> None:
        if self.playlog is not None:
            self.playlog.used("last-round")
        self.peaks.final_pool = self.pool
        fewest = min(self.chits)
        claim = [s for s in range(self.n) if self.chits[s] == fewest]
        each, left = divmod(self.pool, len(claim))  # decision pool-tie: the rest stays
        for s in claim:
            self.cash[s] += each
        if self.playlog is not None:
            self.playlog.used("pool-to-fewest-chits")
        self._say(
            f"The pool of £{self.pool}m goes to {', '.join(map(self._name, claim))} "
            f"(£{each}m each{f', £{left}m stays in the bank' if left else ''})"
        )
        self.pool = left
        report.track_money(self)
        self.phase = OVER
        self._legal, self._legal_ids = (), frozenset()
        best = self.winners()
        if self.playlog is not None:
            self.playlog.used("most-cash-wins")
            if self.cash.count(max(self.cash)) > 1:
                self.playlog.used("tie-break")
        self._say(f"Winner: {', '.join(map(self._name, best))}")


def determinize(view: View, rng: random.Random) -> State:
    """A full game the seat of ``view`` cannot tell from the real one (see
    :func:`~pnp.games.smallprint.view.deal`), at the same decision."""
    g = deal(view, rng, State)
    if view.to_move >= 0:
        g._offer(g.to_move)
    return g
