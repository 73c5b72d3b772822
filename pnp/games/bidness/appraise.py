"""What cards, lawsuits and Card Play moves are worth to a seat, as the heuristic bot
reckons it from its view (:mod:`.bots` decides with these figures).

Every figure is a plain function of the view, so a bot stays a function of what its
seat may see; :class:`CardPlay` keeps, for one decision, what many moves share.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache, partial

from pnp.games.bidness.actions import Action
from pnp.games.bidness.config import (
    BONUS,
    CONTRACT,
    DIE_FACES,
    ENGINEER,
    HEADHUNTING,
    INTERN,
    LAWSUIT,
    LAWYER,
    LIBEL,
    MARKETER,
    NEGLIGENCE,
    PAYBACK,
    Config,
)
from pnp.games.bidness.view import View

EXPECTED_ROUNDS = 6
"""bidness.txt: a game typically lasts about five or six rounds."""
THREAT_PER_IOU = 15


@lru_cache(maxsize=256)
def win_chance(mine: int, theirs: int) -> float:
    """Chance that ``mine`` dice roll a higher total than ``theirs`` (ties lose)."""

    def spread(dice: int) -> list[float]:
        dist = [1.0]
        for _ in range(dice):
            nxt = [0.0] * (len(dist) + DIE_FACES)
            for total, p in enumerate(dist):
                for face in range(1, DIE_FACES + 1):
                    nxt[total + face] += p / DIE_FACES
            dist = nxt
        return dist

    a, b = spread(mine), spread(theirs)
    below = 0.0
    win = 0.0
    for total, p in enumerate(a):
        win += p * below
        below += b[total] if total < len(b) else 0.0
    return win


def roles(config: Config, staff: Sequence[int]) -> list[int]:
    """The role of each employee in ``staff``, in order (counted with ``.count``)."""
    return list(map(config.role.__getitem__, staff))


def count_role(view: View, seat: int, role: int) -> int:
    return roles(view.config, view.staff[seat]).count(role)


def dice_of(view: View, seat: int) -> int:
    config = view.config
    extra = config.trial_dice
    return (
        config.t.trial_dice
        + count_role(view, seat, LAWYER)
        + sum([extra[c] for c in view.bonuses[seat]])
    )


def rounds_left(view: View) -> int:
    return max(1, EXPECTED_ROUNDS - view.round + 1)


def price_of(view: View, seat: int) -> int:
    return view.config.unit_price(view.tech[seat], view.tech_leader == seat)


def salary_of(view: View, seat: int) -> int:
    held = roles(view.config, view.staff[seat])
    return view.config.salary(held.count(ENGINEER), held.count(MARKETER), held.count(LAWYER))


def card_value(view: View, card: int) -> int:
    """Dollars a workplace card is worth to the viewing seat over the expected game."""
    config, seat, left = view.config, view.seat, rounds_left(view)
    if config.kind[card] == CONTRACT:
        return config.t.contract_payment * left
    role = config.role[card]
    if role == MARKETER:
        return marketer_value(config, price_of(view, seat), left)
    if role == ENGINEER:
        return engineer_value(config, count_role(view, seat, MARKETER), left)
    return lawyer_value(config, count_role(view, seat, LAWYER), left)


def marketer_value(config: Config, price: int, left: int) -> int:
    return (price - config.t.salary_marketer) * left


def engineer_value(config: Config, marketers: int, left: int) -> int:
    gain = config.t.tech_per_engineer * marketers * left * (left - 1) // 2
    return gain - config.t.salary_engineer * left


def lawyer_value(config: Config, lawyers: int, left: int) -> int:
    """What one more Lawyer is worth (any employee neither Marketer nor Engineer)."""
    return 20 - (config.lawyer_salary(lawyers + 1) - config.lawyer_salary(lawyers)) * left


def damages_value(view: View, suit_card: int, cash_claim: int, loser: int) -> int:
    return damages_paid(
        view,
        suit_card,
        cash_claim,
        loser,
        count_role(view, loser, MARKETER),
        partial(price_of, view),
    )


def damages_paid(
    view: View,
    suit_card: int,
    cash_claim: int,
    loser: int,
    marketers: int,
    price: Callable[[int], int],
) -> int:
    """What the loser of a suit pays: the Negligence claim, its Marketers (Libel) at its
    unit ``price``, or tech points (Patent) worth one per Marketer, at least one."""
    config = view.config
    if config.suit[suit_card] == NEGLIGENCE:
        return cash_claim
    claim = config.claim[suit_card]
    if config.suit[suit_card] == LIBEL:
        return min(claim, marketers) * price(loser)
    return min(claim, view.tech[loser]) * max(1, marketers)


def best_play(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """Card Play: the best-scored move (:meth:`CardPlay.score`); a tiny random amount,
    drawn for every move in order, breaks ties (the first best move wins, as with
    ``max``).  A Negligence suit offers a run of claim amounts per rival, often most of
    the moves: those are scored here from the rival's kept odds, without a call."""
    judge = CardPlay(view)
    score, odds_against, rnd, suit = judge.score, judge.odds_against, rng.random, view.config.suit
    best, top = legal[0], -math.inf
    for action in legal:
        if action.verb == "sue" and suit[action.args[0]] == NEGLIGENCE:
            _, rival, claim = action.args  # the claim: the damages, won or lost
            p_win, p_lose, threat = odds_against(rival)
            value = p_win * claim - p_lose * claim + threat + rnd() * 1e-3
        else:
            value = score(action) + rnd() * 1e-3
        if value > top:
            best, top = action, value
    return best


class CardPlay:
    """The scores of one Card Play decision's moves.  What many moves share (a seat's
    trial dice, unit price and Marketers, the odds of a suit against a rival, the
    seat's salaries) is worked out on first use and kept for the decision: a hand with
    a Negligence suit offers one move per claim amount and rival."""

    __slots__ = (
        "view",
        "config",
        "seat",
        "salary",
        "dice",
        "price",
        "marketers",
        "odds",
        "threats",
    )

    def __init__(self, view: View) -> None:
        self.view, self.config, self.seat = view, view.config, view.seat
        n = len(view.cash)
        self.salary = -1
        self.dice, self.price, self.marketers = [-1] * n, [-1] * n, [-1] * n
        self.odds: list[tuple[float, float, int] | None] = [None] * n
        """By rival: :meth:`odds_against`."""
        self.threats = [-1] * n
        """By rival: :func:`threat_of`."""

    def score(self, action: Action) -> float:
        config, seat, verb, args = self.config, self.seat, action.verb, action.args
        if not args:  # a pass
            return 0.5
        card = args[0]
        if verb == "sell":
            if config.kind[card] == PAYBACK:
                return -1.0
            return (
                5.0 if config.kind[card] in (LAWSUIT, HEADHUNTING) and self.view.round == 1 else 1.0
            )
        if verb == "auction":
            return 50.0
        if verb == "sue":  # the expected damages, plus the threat the rival poses
            _, rival, claim = args
            p_win, p_lose, threat = self.odds_against(rival)
            if config.suit[card] == NEGLIGENCE:  # the claim, won or lost: one move per amount
                stake = risk = claim
            else:
                stake, risk = self.damages(card, 0, rival), self.damages(card, 0, seat)
            return p_win * stake - p_lose * risk + threat
        if verb == "payback":
            ious = args[1]
            cost = config.t.payback_one_cost if ious == 1 else config.t.payback_two_cost
            if self.salary < 0:
                self.salary = salary_of(self.view, seat)
            spare = self.view.cash[seat] - cost - self.salary
            return 1000.0 + ious if spare >= 0 else -1.0
        kind = config.kind[card]
        if kind in (BONUS, INTERN):
            if config.units[card] > 0:
                return config.units[card] * self.unit_price(seat) - config.cost[card]
            if kind == INTERN:
                return -1.0
            return (
                -config.units[card] * self.unit_price(args[1])
                - config.cost[card]
                - self.view.ious[args[1]]
            )
        _, rival, role = args  # hire
        worth = 30.0 + 10 * (role != LAWYER)
        return worth - config.cost[card] + self.threat(rival)

    def odds_against(self, rival: int) -> tuple[float, float, int]:
        """The chances that the viewing seat wins and loses a trial against ``rival``, and
        the rival's :func:`threat_of`."""
        odds = self.odds[rival]
        if odds is None:
            p_win = win_chance(self.trial_dice(self.seat), self.trial_dice(rival))
            odds = self.odds[rival] = (p_win, 1 - p_win, self.threat(rival))
        return odds

    def threat(self, rival: int) -> int:
        if self.threats[rival] < 0:
            self.threats[rival] = threat_of(self.view, rival)
        return self.threats[rival]

    def trial_dice(self, seat: int) -> int:
        if self.dice[seat] < 0:
            self.dice[seat] = dice_of(self.view, seat)
        return self.dice[seat]

    def unit_price(self, seat: int) -> int:
        if self.price[seat] < 0:
            self.price[seat] = price_of(self.view, seat)
        return self.price[seat]

    def damages(self, suit_card: int, cash_claim: int, loser: int) -> int:
        """:func:`damages_value`, from the kept counts."""
        if self.marketers[loser] < 0:
            self.marketers[loser] = count_role(self.view, loser, MARKETER)
        return damages_paid(
            self.view, suit_card, cash_claim, loser, self.marketers[loser], self.unit_price
        )


def threat_of(view: View, rival: int) -> int:
    """Dollars worth spending to slow a rival who is closer to paying off than we are."""
    ahead = view.ious[view.seat] - view.ious[rival] + view.paybacks_held[rival]
    return THREAT_PER_IOU * max(0, ahead)
