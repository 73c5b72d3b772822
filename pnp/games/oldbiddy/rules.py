"""Old Biddy as a state machine: seats decide, the state's own shuffles do the rest.

A round: deal a gem card beside each character in play; (from round 2) every seat seals
a bid in secret, the bids are revealed and spent, and turn order follows; in turn order
all but the last seat take a character and its gems, the last seat takes one gem; then
the characters act in letter order.  After the last round the game is scored.

The actions are listed in :mod:`.actions`; :mod:`.options` says which are legal when;
the sealed bids (phase 1) are played out in :mod:`.bidding`.

A decision whose only option is to pass is carried out without asking the seat.
"""

from __future__ import annotations

import random

from pnp.games.kit import IllegalAction, Reporting
from pnp.games.oldbiddy import market, options, report
from pnp.games.oldbiddy.actions import PASS, SEAL, Action
from pnp.games.oldbiddy.bidding import Bidding
from pnp.games.oldbiddy.config import FAKE_GEM, MOVE_GEM, Config
from pnp.games.oldbiddy.ledger import seat_name
from pnp.games.oldbiddy.options import Legal
from pnp.games.oldbiddy.state import ACT, BID, CHOOSE, GIVE, NO_CARD, OVER, replaced
from pnp.games.oldbiddy.view import View, deal, view_of
from pnp.games.playlog import PlayLog

TERMINAL = -1
__all__ = ["PASS", "SEAL", "State", "TERMINAL", "determinize", "seat_name"]


class State(Bidding, Reporting):
    """One game in progress; the seat to act is ``current_player()``.

    Transcript lines are written only when the game keeps a transcript (``log``), and
    ``apply`` checks an action against the list ``legal_actions`` just gave out.
    """

    __slots__ = ()
    REPORT = report

    def __init__(
        self,
        config: Config,
        players: int,
        seed: int | None,
        transcript: bool = True,
        record: bool = True,
    ):
        if not config.min_players <= players <= config.max_players:
            raise ValueError(
                f"Old Biddy takes {config.min_players}–{config.max_players} players, not {players}"
            )
        self.config, self.actions, self.n = config, config.actions, players
        self.characters = tuple(
            i for i, c in enumerate(config.characters) if c.min_players <= players
        )
        rng = random.Random(seed)  # set-up is the game's only chance (see .state)
        self.log = [] if transcript else None
        self.playlog = log = PlayLog(config.card_ids, players) if record else None
        self.legal = None
        colors = len(config.colors)
        cards = list(range(len(config.gem_cards)))
        rng.shuffle(cards)
        out = config.cards_removed[players]
        self.removed, self.deck, self.seen_cards = cards[:out], cards[out:], ()
        starts = list(config.start_spaces)
        rng.shuffle(starts)
        self.positions = tuple(starts)
        self.supply = [config.gems_per_color - 1] * colors  # one of each stands on the market
        self.fake_pile = config.fake_gems
        pool = config.zero_marker_pool()
        rng.shuffle(pool)
        self.zero, self.board_zero = pool[:players], pool[players:]
        self.knower = (-1,) * len(self.board_zero)
        numbers = list(range(1, players + 1))
        rng.shuffle(numbers)
        self.marker, self.marker_set = numbers, 0
        self.behind = [[0] * colors for _ in range(players)]
        self.front = [[0] * colors for _ in range(players)]
        self.table = None
        self.fakes = [0] * players
        self.peak_out, self.off_board = [0] * colors, 0
        worth = market.values(config, self.positions)
        if log is not None:
            log.used("start-market")
        for seat in range(players):
            for color in range(colors):
                self._gain(seat, color, config.start_gems_per_color)
            for value in config.start_extra[self.marker[seat]]:
                self._gain(seat, worth.index(value), 1)
                if log is not None:
                    log.used("start-extra-gems")
        self.bid_gems = [[0] * colors for _ in range(players)]
        self.bid_fakes, self.sealed = [0] * players, (False,) * players
        self.order, self.turn, self.to_move = (), 0, TERMINAL
        self.offers, self.owner = (), ()
        self.round, self.phase = 1, BID
        if self.log is not None:
            self._note(
                f"setup: market {self._market()}; markers "
                + " ".join(f"{seat_name(s)}:{m}" for s, m in enumerate(self.marker))
                + "; gems "
                + " ".join(f"{seat_name(s)}:{self._gems(self.behind[s])}" for s in range(players))
            )
        self._start_round()

    # -- the GameState protocol ------------------------------------------------------

    def current_player(self) -> int:
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> Legal:
        """The seat's options, in a fixed order; a bid's next list is kept from its last."""
        legal = self.legal
        return legal if legal is not None else self.legal_by_the_rules()

    def legal_by_the_rules(self) -> Legal:
        """The options worked out afresh from the table (and kept for ``apply``)."""
        phase, seat = self.phase, self.to_move
        if phase == BID:
            legal = options.bid_options(self, seat)
        elif phase == CHOOSE:
            legal = options.choice_options(self)
        elif phase == ACT:
            action = self.config.characters[self.characters[self.turn]].action
            legal = options.options(self, seat, action)
        elif phase == GIVE:
            legal = options.gift_options(self, seat)
        else:
            legal = ()
        self.legal = legal
        return legal

    def apply(self, action: Action) -> None:
        legal = self.legal if self.legal is not None else self.legal_by_the_rules()
        if action not in legal:  # the legal tuple holds the same objects: cheap
            raise IllegalAction(action, self.to_move, self.phase)
        self.legal = None
        phase, seat = self.phase, self.to_move
        if phase == BID:
            if self._apply_bid(seat, action, legal):
                self._begin_choosing()
        elif phase == CHOOSE:
            self._apply_choice(seat, action)
        else:
            self._apply_act(seat, action)

    def returns(self) -> list[int]:
        """Each seat's score as the game stands (final once the game is over)."""
        # decision winner-tie: no tie-break here, so equal top scores share the win
        return market.final_scores(
            self.config, self.positions, self.behind, self.front, self.zero, self.fakes
        )

    def clone(self) -> State:
        """A copy that plays on alone; it keeps the options worked out for this decision."""
        copy = State.__new__(State)
        copy.copy_from(self)
        return copy

    view = view_of
    """``view(seat)``: what ``seat`` may see, its own bid and zero marker and the open
    table (:func:`.view.view_of` itself, without a call of its own: the search asks at
    nearly every step of every playout)."""

    def length(self) -> int:
        return min(self.round, self.config.rounds)

    # -- round flow ------------------------------------------------------------------

    def _start_round(self) -> None:
        deck = self.deck
        self.offers = offers = tuple([deck.pop() if deck else NO_CARD for _ in self.characters])
        if self.playlog is not None and any(c != NO_CARD for c in offers):
            self.playlog.used("deal-gem-cards")
        self.seen_cards += tuple([c for c in offers if c != NO_CARD])
        self.owner = (-1,) * len(self.characters)
        if self.log is not None:
            self._note(
                "deal "
                + " ".join(
                    f"{self.config.characters[ch].letter}:"
                    + (self._gems(list(self.config.gem_cards[card])) if card != NO_CARD else "none")
                    for ch, card in zip(self.characters, offers, strict=True)
                )
            )
        if self.round == 1:  # no bidding in round 1: the set-up markers give the order
            if self.playlog is not None:
                self.playlog.used("no-first-bid")
            self._begin_choosing()
            return
        self.phase, self.to_move = BID, 0  # seats bid in seat order, each sealing in turn
        colors = len(self.config.colors)
        self.bid_gems = [[0] * colors for _ in range(self.n)]
        self.bid_fakes, self.sealed = [0] * self.n, (False,) * self.n

    def _begin_choosing(self) -> None:
        self.order = tuple(sorted(range(self.n), key=self.marker.__getitem__))
        self.phase, self.turn, self.to_move = CHOOSE, 0, self.order[0]
        self._skip_empty_choice()

    def _skip_empty_choice(self) -> None:
        if self.turn == self.n - 1 and not any(self.supply):
            if self.log is not None:
                self._note(f"{seat_name(self.order[self.turn])} finds the supply empty")
            self._end_choosing()

    def _end_choosing(self) -> None:
        offers = self.offers
        for i, who in enumerate(self.owner):
            if who < 0 and offers[i] != NO_CARD:
                if self.playlog is not None:
                    self.playlog.used("discard-leftover-card")
                if self.log is not None:
                    letter = self.config.characters[self.characters[i]].letter
                    self._note(f"discard the gem card beside {letter}")
        self.offers = (NO_CARD,) * len(offers)  # every card is taken or discarded now
        self.phase, self.turn = ACT, 0
        self._next_act()

    def _end_round(self) -> None:
        self.round += 1
        if self.round > self.config.rounds:  # decision round-track
            self.phase, self.to_move = OVER, TERMINAL
            self.round = self.config.rounds
            if self.playlog is not None:
                self._count_scoring()
            if self.log is not None:
                self._note(f"game over: scores {self.returns()}")
            return
        self._start_round()

    # -- phase 2: choose characters --------------------------------------------------

    def _apply_choice(self, seat: int, action: Action) -> None:
        (i,) = action.args
        if action.verb == "take":
            card = self.offers[i]
            self.owner = replaced(self.owner, i, seat)
            self.offers = replaced(self.offers, i, NO_CARD)
            got = [0] * len(self.config.colors)
            if self.playlog is not None:
                self.playlog.play(seat, self.characters[i])
                self.playlog.used("take-character")
                if card != NO_CARD:
                    self.playlog.draw(seat, len(self.config.characters) + card)
            if card != NO_CARD:
                for c, k in enumerate(self.config.gem_cards[card]):
                    if k:  # taking none changes nothing: the peak already counts the gems out
                        got[c] = self._gain(seat, c, k)
            if self.log is not None:
                name = self.config.characters[self.characters[i]].name
                self._note(f"{seat_name(seat)} takes {name} and {self._gems(got)}")
        else:
            self._gain(seat, i, self.config.last_player_gems)
            if self.playlog is not None:
                self.playlog.used("last-player-gem")
            if self.log is not None:
                color = self.config.colors[i]
                self._note(f"{seat_name(seat)} goes last and takes {color}")
        self.turn += 1
        if self.turn == self.n:
            self._end_choosing()
        else:
            self.to_move = self.order[self.turn]
            self._skip_empty_choice()

    # -- phase 3: actions in letter order --------------------------------------------

    def _next_act(self) -> None:
        """Move to the next character that needs a decision, acting out the automatic ones;
        the options that stop here are kept for ``legal_actions``."""
        config, owner, turn = self.config, self.owner, self.turn
        while turn < len(self.characters):
            seat = owner[turn]
            if seat >= 0:
                character = config.characters[self.characters[turn]]
                self.to_move, self.turn = seat, turn
                if character.action == FAKE_GEM:
                    found = self.fake_pile > 0  # decision skip-action
                    if found:
                        self.fake_pile -= 1
                        self.fakes[seat] += 1
                        self.table = None
                        if self.playlog is not None:
                            self.playlog.used("fake-gem")
                    if self.log is not None:
                        got = "takes a" if found else "finds no"
                        self._note(f"{self._who(seat)} {got} fake gem")
                elif self._has_choice(seat, character.action):
                    return
                elif self.log is not None:
                    self._note(f"{self._who(seat)} cannot act")
            turn += 1
        self.turn = turn
        self._end_round()

    def _has_choice(self, seat: int, action: str) -> bool:
        """Whether ``seat`` may do more than pass with this character; if so, its options
        are kept for ``legal_actions``.  The Boss also counts the moves the end rule bars."""
        if action == MOVE_GEM:
            legal, ruled_out = options.boss_options(self, seat)
            self.off_board += ruled_out
        else:
            legal = options.options(self, seat, action)
        if legal == (PASS,):
            return False
        self.legal = legal
        return True

    def _apply_act(self, seat: int, action: Action) -> None:
        config, kind, log = self.config, action.verb, self.log is not None
        if kind == "move":
            color, delta = action.args
            worth = market.values(config, self.positions)
            paid = market.payment(config.boss_costs[abs(delta)], worth[color])
            self._pay(seat, color, paid)
            before = self.positions
            self.positions = market.move(before, color, delta)
            self.table = None
            if self.playlog is not None:
                self._count_boss_move(abs(delta), before)
            if log:
                moved = f"pays {paid} {config.colors[color]} and moves it {delta:+d}"
                self._note(f"{self._who(seat)} {moved}: market {self._market()}")
        elif kind == "show":
            (color,) = action.args
            self.behind[seat][color] -= 1
            self.front[seat][color] += 1
            self.table = None
            if self.playlog is not None:
                self.playlog.used("moneybags")
            if log:
                shown = config.colors[color]
                self._note(f"{self._who(seat)} puts a {shown} gem in front of the screen")
        elif kind == "swap":
            (slot,) = action.args
            self.zero[seat], self.board_zero[slot] = self.board_zero[slot], self.zero[seat]
            if self.playlog is not None:
                self.playlog.used("kid-swap")
            self.knower = replaced(self.knower, slot, seat)  # decision kid-looks
            if log:
                self._note(f"{self._who(seat)} swaps zero score markers with board slot {slot + 1}")
        elif kind == "take":
            (color,) = action.args
            self._gain(seat, color, 1)
            if self.playlog is not None:
                self.playlog.used("princess")
            if log:
                self._note(f"{self._who(seat)} takes a {config.colors[color]} gem")
            if any(self.supply):
                self.phase = GIVE
                return
        elif kind == "give":
            other, color = action.args
            self._gain(other, color, 1)
            if log:
                given = f"{seat_name(other)} a {config.colors[color]} gem"
                self._note(f"{self._who(seat)} gives {given}")
            self.phase = ACT
        elif log:
            self._note(f"{self._who(seat)} passes")
        self.turn += 1
        self._next_act()


def determinize(view: View, rng: random.Random) -> State:
    """A full game the seat of ``view`` cannot tell from the real one (see
    :func:`~pnp.games.oldbiddy.view.deal`), at the same decision."""
    return deal(view, rng, State)
