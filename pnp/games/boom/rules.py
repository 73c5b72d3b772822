"""The state of a game of •Boom: setup, rounds, turns, events, IPOs and burn.

Funding rounds live in :mod:`.funding`, Discard effects in :mod:`.effects`; both are
functions over this state.  Chance (turn order from the mug, Event flips and
reshuffles, deck shuffles, the IPO die) comes only from ``State.rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from pnp.games.boom import effects, funding, report
from pnp.games.boom.actions import (
    ACT,
    ATTACH,
    CONSENT,
    DISCARD,
    FUND,
    INVITE_PHASE,
    IPO,
    KEEP,
    KEEP_ACTION,
    OFFER,
    OVER,
    PASS_ACTION,
    PHASE_NAMES,
    PLAY,
    PLAY_PLAN,
    TARGET_PHASE,
    TERMS_PHASE,
)
from pnp.games.boom.company import found, modified_roll, per_share, with_card, with_cash
from pnp.games.boom.config import COMPANY, DIE_SIDES, PLAN, Config
from pnp.games.boom.state import CRASH, StateData
from pnp.games.boom.view import View, deal, view_of
from pnp.games.chance import shuffle
from pnp.games.kit import Action, IllegalAction, Reporting

T = TypeVar("T", bound=Callable[..., object])
PLANS_GONE = "every plan gone"
"""The end reason when no Business Plan is left to play (the other one is the crash)."""


class State(StateData, Reporting):
    """One game in progress; see :mod:`.actions` for what each phase asks."""

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
        self._start_round()

    # -- the OpenSpiel-like interface -------------------------------------------------

    def current_player(self) -> int:
        """Seat that decides next, -1 once the game is over."""
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[int]:
        """Each seat's money (final once the game is over)."""
        return self.money[:]  # decision ties: the most money wins, tied seats share the win

    def legal_actions(self) -> tuple[Action, ...]:
        """The same action objects in the same order every time (worked out once a step)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _LEGAL[self.phase](self)
        return legal

    def apply(self, action: Action) -> None:
        phase = self.phase
        if phase != TERMS_PHASE:
            legal = self._legal  # the tuple the caller chose from, as a rule
            if action not in (legal if legal is not None else _LEGAL[phase](self)):
                raise IllegalAction(action, self.to_move, PHASE_NAMES[phase])
        elif not funding.allows_terms(self, action):  # thousands of terms: checked, not searched
            raise IllegalAction(action, self.to_move, PHASE_NAMES[phase])
        self._legal = None
        _APPLY[phase](self, action)

    def view(self, seat: int) -> View:
        return view_of(self, seat)

    # -- what the runner reports ------------------------------------------------------

    def length(self) -> int:
        """Rounds whose turns were played."""
        return self.round

    # -- rounds and turns --------------------------------------------------------------

    def _start_round(self) -> None:
        order = list(range(self.players))
        shuffle(self.rng, order)
        self.order = order
        if self.playlog is not None:
            self.playlog.used("random-order")
        self._flip_event()
        if self.phase == OVER:
            return
        self.round += 1
        if self.log is not None:
            event = self.config.events[self.event].name
            self.say(
                f"round {self.round}: order {' '.join(map(self.firm, order))}; "
                f"event {event}; IPO limit {self.ipo_limit}"
            )
        self.turn_pos = 0
        self._start_turn()

    def _flip_event(self) -> None:
        if self.event >= 0:
            self.used_events.append(self.event)
        if not self.events:
            self.events = self.used_events + [CRASH]
            self.used_events = []
            shuffle(self.rng, self.events)
            self.say("event deck empty: used events and the crash card reshuffled")
            if self.playlog is not None:
                self.playlog.used("event-reshuffle")
        flipped = self.events.pop()
        if flipped == CRASH:
            # decision crash-round
            self.say(f"event {self.config.crash.name}: game over")
            if self.playlog is not None:
                self.playlog.used("crash")
            self.end_game("crash")
            return
        self.event = flipped
        if self.playlog is not None:
            self.playlog.used("flip-event")
        self.shift_limit(self.config.events[flipped].ipo_limit)

    def shift_limit(self, delta: int) -> None:
        config = self.config
        # decision limit-ends
        limit = min(max(self.ipo_limit + delta, config.ipo_limit_floor), config.ipo_limit_ceiling)
        if limit != self.ipo_limit and self.playlog is not None:
            self.playlog.used("ipo-limit-moves")
        self.ipo_limit = limit
        if self.ipo_limit < self.ipo_limit_low:
            self.ipo_limit_low = self.ipo_limit

    def _start_turn(self) -> None:
        self.actor = self.to_move = self.order[self.turn_pos]
        self.turn += 1
        self.draw(self.actor)
        self.phase = PLAY

    def end_turn(self) -> None:
        self.turn_pos += 1
        if self.turn_pos < self.players:
            self._start_turn()
        else:
            self._pay_burn()
            if self.phase != OVER:
                self._start_round()

    def draw(self, seat: int) -> None:
        if not self.deck:
            if not self.discard:
                self.dry_draws += 1
                self.say(f"{self.firm(seat)} cannot draw: play deck and discard pile empty")
                return
            # decision empty-deck
            self.deck, self.discard = self.discard, []
            shuffle(self.rng, self.deck)
            if self.playlog is not None:
                self.playlog.used("play-reshuffle")
            self.say("play deck empty: discard pile reshuffled")
        card = self.deck.pop()
        self.hands[seat].append(card)
        if self.playlog is not None:
            self.playlog.draw(seat, card)
            self.playlog.used("draw")
        if self.log is not None:
            self.say(f"{self.firm(seat)} draws {self.card(card)}")

    def end_game(self, reason: str) -> None:
        """Pre-IPO companies are worthless: only the players' money counts."""
        if self.playlog is not None:
            if reason == PLANS_GONE:
                self.playlog.used("plans-gone")
            self.playlog.used("most-money-wins")
        self.phase = OVER
        self.to_move = -1
        self.end_reason = reason

    def remove_plan(self, plan: int) -> None:
        """Take a company out for good (IPO or bust): counters home, cards to the discard pile."""
        co = self.companies.pop(plan)
        for seat, held in enumerate(co.shares):
            self.stock_out[seat] -= held
        self.discard.extend(co.cards)
        self.counters.set(self.players + plan, 0)
        self.plans_out += 1
        self.gone.append(plan)

    # -- card play and the turn's action ------------------------------------------------

    def _play_actions(self) -> tuple[Action, ...]:
        actions: list[Action] = [KEEP_ACTION]
        add, plans, table = actions.append, self.companies, self.actions
        role, playable = self.config.card_role, effects.playable
        for card in self.hands[self.actor]:
            kind = role[card]
            if kind == COMPANY:
                attach = table.attach[card]
                for plan in plans:  # a loop: map and extend cost more for a few plans
                    add(attach[plan])
            elif kind == PLAN:
                add(table.plan[card])
            elif playable(self, card):
                add(table.discard[card])
        return tuple(actions)

    def _play(self, action: Action) -> None:
        verb, args = action
        if verb != KEEP and self.playlog is not None:
            self.playlog.play(self.actor, args[0])
        if verb == ATTACH:
            card, plan = args
            self.hands[self.actor].remove(card)
            self.companies[plan] = with_card(self.config, self.companies[plan], card)
            if self.playlog is not None:
                self.playlog.used("attach")
            if self.log is not None:
                self.say(f"{self.firm(self.actor)} attaches {self.card(card)} to {self.card(plan)}")
        elif verb == PLAY_PLAN:
            card = args[0]
            self.hands[self.actor].remove(card)
            self.companies[card] = found(self.config, card, self.actor, self.players)
            if self.playlog is not None:
                self.playlog.used("play-plan")
            if self.log is not None:
                self.say(f"{self.firm(self.actor)} plays plan {self.card(card)}")
        elif verb == DISCARD:
            self.hands[self.actor].remove(args[0])
            if self.playlog is not None:
                self.playlog.used("discard-card")
            effects.start(self, args[0])
            return
        elif self.log is not None:
            self.say(f"{self.firm(self.actor)} plays no card")
        self.phase = ACT

    def _act_actions(self) -> tuple[Action, ...]:
        actions = [PASS_ACTION]
        me, limit, turn = self.actor, self.ipo_limit, self.turn
        can_fund = self.money[me] >= self.config.min_price
        table = self.actions
        for plan, co in self.companies.items():
            if can_fund:
                actions.append(table.fund[plan])
            if co.owner == me and co.total and len(co.cards) + 1 >= limit and co.led_turn != turn:
                actions.append(table.ipo[plan])
        return tuple(actions)

    def _act(self, action: Action) -> None:
        verb, args = action
        if verb == FUND:
            funding.start(self, args[0])
        elif verb == IPO:
            self.go_public(args[0])
            if self.phase != OVER:
                self.end_turn()
        else:  # the legal check let only a pass through
            if self.log is not None:
                self.say(f"{self.firm(self.actor)} passes")
            self.end_turn()

    def go_public(self, plan: int, die: int | None = None) -> int:
        """IPO of ``plan``; returns what each share paid. ``die`` fixes the roll (for examples)."""
        config, co = self.config, self.companies[plan]
        if die is None:
            die = self.rng.randint(1, DIE_SIDES)
        matching = co.matching
        bonus = (
            config.events[self.event].bonus[config.card_industry[plan]] if self.event >= 0 else 0
        )
        roll = modified_roll(die, co.size, matching, bonus)
        raised = config.raised(roll)
        each = per_share(raised, co.total)
        if self.playlog is not None:
            self.playlog.used("go-public")
            if matching:
                self.playlog.used("entrepreneur-bonus")
            if bonus:
                self.playlog.used("event-bonus")
        for seat, held in enumerate(co.shares):
            if held:
                self.money[seat] += held * each
                self.counters.set(seat, self.money[seat])
        if self.log is not None:
            self.say(
                f"{self.firm(self.actor)} takes {self.card(plan)} public: die {die} + "
                f"{co.size} cards + {matching} matching + {bonus} event = {roll}: "
                f"${raised}m, ${each}m a share"
            )
        self.remove_plan(plan)
        # decision plans-gone
        if self.plans_out >= config.plans_in_game:
            self.end_game(PLANS_GONE)
        return each

    def _pay_burn(self) -> None:
        config, limit, companies = self.config, self.ipo_limit, self.companies
        for plan, co in list(companies.items()):
            if not co.total:
                continue
            burn = co.burn(config, limit)
            if self.playlog is not None:
                self.playlog.used("burn")
            if co.cash < burn:
                if self.playlog is not None:
                    self.playlog.used("bust")
                if self.log is not None:
                    self.say(f"{self.card(plan)} cannot pay ${burn}m burn with ${co.cash}m: bust")
                self.remove_plan(plan)
            else:
                co = companies[plan] = with_cash(co, co.cash - burn)
                self.counters.set(self.players + plan, co.cash)
                if self.log is not None:
                    self.say(f"{self.card(plan)} burns ${burn}m, ${co.cash}m left")
        if self.plans_out >= config.plans_in_game:
            self.end_game(PLANS_GONE)


def _no_actions(state: State) -> tuple[Action, ...]:
    return ()


def _over(state: State, action: Action) -> None:
    raise IllegalAction(action, state.to_move, "the game is over")


def _by_phase(handlers: dict[int, T]) -> tuple[T, ...]:
    """The handlers in phase order, so that a step finds its own by indexing."""
    return tuple(handlers[phase] for phase in range(len(PHASE_NAMES)))


_LEGAL = _by_phase(
    {
        PLAY: State._play_actions,
        TARGET_PHASE: effects.target_actions,
        ACT: State._act_actions,
        CONSENT: funding.consent_actions,
        TERMS_PHASE: funding.lead_terms,
        INVITE_PHASE: funding.invite_actions,
        OFFER: funding.offer_actions,
        OVER: _no_actions,
    }
)
_APPLY = _by_phase(
    {
        PLAY: State._play,
        TARGET_PHASE: effects.apply_target,
        ACT: State._act,
        CONSENT: funding.answer_consent,
        TERMS_PHASE: funding.set_terms,
        INVITE_PHASE: funding.invite,
        OFFER: funding.answer_offer,
        OVER: _over,
    }
)


def determinize(view: View, rng: random.Random) -> State:
    """A full game the seat of ``view`` cannot tell from the real one (see
    :func:`~pnp.games.boom.view.deal`), at the same decision."""
    return deal(view, rng, State)
