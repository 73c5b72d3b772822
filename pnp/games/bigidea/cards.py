"""The Big Idea's cards and money as the rules move them: discards, refills from the
draw piles (and the discards when a pile runs out), and the record of counters held.

A mixin of :class:`~.state.StateData` for :class:`.rules.State`, kept apart so that the
rules read as the flow of a round; it also keeps the views' card backs and discard piles
(``_backs``, ``_faceup``) in step with the cards it moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.games.bigidea.state import StateData


class Cards(StateData):
    """Moving cards and keeping the money record, for the rules in :mod:`.rules`."""

    __slots__ = ()

    def _discard(self, cards: Iterable[int]) -> None:
        deck_of, piles = self.config.card_deck, self.discards
        self._faceup = None
        for c in cards:
            piles[deck_of[c]].append(c)

    def _refill(self, seat: int) -> None:
        """Draw until the hand holds ``hand_per_deck`` cards of every deck."""
        config, usage, draw = self.config, self.peaks, self.draw
        want, deck_of = config.hand_per_deck, config.card_deck
        hand = self.hands[seat]
        kept = len(hand)
        backs = [deck_of[c] for c in hand]  # kept up to date below, for the views
        rnd, self._dice = self._die().random, None  # cards are drawn below
        for d in range(len(draw)):
            short = want - backs.count(d)
            if short <= 0:
                continue
            before = len(hand)
            pile = draw[d]
            left = len(pile)
            if left < usage.deck_low[d]:
                usage.deck_low[d] = left
            for missing in range(short, 0, -1):
                if not left:  # bigidea.txt: a deck that runs out is rebuilt from its discards
                    # decision empty-decks
                    if not self.discards[d]:
                        usage.dry_draws[d] += missing
                        break
                    pile = draw[d] = self.discards[d]
                    self.discards[d] = []
                    self._faceup = None
                    usage.reshuffles[d] += 1
                    left = len(pile)
                i = int(rnd() * left)  # a uniform pick: the same as drawing from a shuffle
                left -= 1
                last = pile.pop()  # the last card takes the drawn card's place
                if i < left:
                    hand.append(pile[i])
                    pile[i] = last
                else:
                    hand.append(last)
            backs += [d] * (len(hand) - before)
        if self._backs is not None:
            self._hand_changed(seat, tuple(backs))
        if self.playlog is not None:  # the cards kept were drawn (and recorded) before
            for card in hand[kept:]:
                self.playlog.draw(seat, card)

    def _hand_changed(self, seat: int, decks: tuple[int, ...] | None = None) -> None:
        """Bring the card backs the views show (``_backs``) up to date with ``seat``'s
        hand, whose cards are of ``decks`` if the caller knows: its entry alone is worked
        out again, not every hand."""
        backs = self._backs
        if backs is not None:
            if decks is None:
                deck_of = self.config.card_deck
                decks = tuple([deck_of[c] for c in self.hands[seat]])
            self._backs = (*backs[:seat], decks, *backs[seat + 1 :])

    def _lay(
        self, seat: int, cards: tuple[int, ...] | None, decks: tuple[int, ...] | None = None
    ) -> None:
        """Make ``cards`` ``seat``'s product of this Seed step (None: pitched), of ``decks``
        if the caller knows, and bring what the views show of it (``_laid``) up to date:
        its entry alone, not every seat's."""
        self.pending[seat] = cards
        laid = self._laid
        if laid is not None:
            sizes, backs = laid
            deck_of = self.config.card_deck
            size = len(cards) if cards else 0
            back = decks
            if back is None and cards is not None:
                back = tuple([deck_of[c] for c in cards])
            self._laid = (
                (*sizes[:seat], size, *sizes[seat + 1 :]),
                (*backs[:seat], back, *backs[seat + 1 :]),
            )

    def _track_money(self) -> None:
        """Record the most counters of each value the players hold (greedy change,
        counted by the shared :class:`~pnp.games.bank.Bank`).  A sampled game a search
        plays out (no ``playlog``) keeps no such record: nobody reads it."""
        if self.playlog is None:
            return
        bank, peak = self._bank, self._money_peak
        raised = bank.raise_peak(peak, self.cash)
        if raised != peak:
            self._money_peak = raised
            self.peaks.money[:] = bank.counts(raised)
