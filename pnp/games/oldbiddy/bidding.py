"""Phase 1 of an Old Biddy round, the sealed bids: each seat adds gems (and fake gems)
to its closed fist until it seals, then the bids are revealed, spent, and set the turn
order.

A mixin of :class:`~.state.StateData` for :class:`.rules.State`, which goes on to the
choosing once :meth:`Bidding._apply_bid` says the bids are revealed.
"""

from __future__ import annotations

from pnp.games.oldbiddy import market
from pnp.games.oldbiddy.actions import Action
from pnp.games.oldbiddy.ledger import Ledger, seat_name
from pnp.games.oldbiddy.options import Legal, without
from pnp.games.oldbiddy.state import replaced


class Bidding(Ledger):
    """The sealed bids, for the rules in :mod:`.rules`."""

    __slots__ = ()

    def _apply_bid(self, seat: int, action: Action, legal: Legal) -> bool:
        """Add to the closed fist or seal it; while the same seat goes on bidding, its next
        options are the last ones less what it can no longer add.  True once the last
        seat has sealed and the bids are revealed: the rules go on to choosing."""
        verb = action.verb
        if verb == "add":
            (color,), fist = action.args, self.bid_gems[seat]
            fist[color] += 1
            spent = fist[color] >= self.behind[seat][color]
            self.legal = without(legal, action) if spent else legal
        elif verb == "fake":
            self.bid_fakes[seat] += 1
            if self.playlog is not None:
                self.playlog.used("fake-gem-bid")
            fakes = self.bid_fakes[seat]
            spent = fakes >= self.fakes[seat] or fakes >= self.config.fake_gems_per_bid
            self.legal = without(legal, action) if spent else legal
        else:
            self.sealed = sealed = replaced(self.sealed, seat, True)
            if self.log is not None:
                self._note(f"{seat_name(seat)} seals a bid")
            if all(sealed):
                self._reveal_bids()
                return True
            self.to_move = sealed.index(False)
        return False

    def _reveal_bids(self) -> None:
        """Score the bids, spend them and set the turn order markers by them."""
        config, worth = self.config, market.values(self.config, self.positions)
        self.table = None  # the markers and fake gems change, if no gem does
        bids = [
            market.bid_value(config, self.bid_gems[s], self.bid_fakes[s], self.marker[s], worth)
            for s in range(self.n)
        ]
        for s in range(self.n):
            if self.log is not None:
                self._note(
                    f"{seat_name(s)} bids {self._gems(self.bid_gems[s])} fake "
                    f"{self.bid_fakes[s]} marker {self.marker[s]} = {bids[s]}"
                )
            for c, k in enumerate(self.bid_gems[s]):
                if k:
                    self._pay(s, c, k)  # decision bids-are-spent
            self.fakes[s] -= self.bid_fakes[s]
            self.fake_pile += self.bid_fakes[s]  # decision spent-fake-gems
        order = market.turn_order(bids, self.marker)
        if self.playlog is not None:
            self.playlog.used("sealed-bid")
            if len(set(bids)) < len(bids):
                self.playlog.used("bid-tie")
        self.marker_set = (self.round - 1) % 2
        for place, seat in enumerate(order):
            self.marker[seat] = place + 1
        if self.log is not None:
            self._note("turn order " + " ".join(seat_name(s) for s in order))
