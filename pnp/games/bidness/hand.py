"""What a seat may do with its hand in Card Play (bidness.txt "Card Play Phase",
"Playing a Card", "Cards"): pass, or sell or play one card of each kind it holds.

This list is made on every turn of every game, so it is made from parts kept per
catalog (:class:`CardMoves`): the moves that depend only on the card and the seats,
and runs of Negligence suits to cut by the amount allowed.
"""

from __future__ import annotations

from pnp.games.bidness.actions import PASS, Action, move, run
from pnp.games.bidness.config import (
    BONUS,
    CONTRACT,
    EMPLOYEE,
    HEADHUNTING,
    INTERN,
    LIBEL,
    MARKETER,
    NEGLIGENCE,
    PAYBACK,
    ROLES,
    STARTING,
    Config,
    kept,
)
from pnp.games.bidness.state import StateData

_PASS_ONLY = (PASS,)
AUCTIONED = (EMPLOYEE, STARTING, CONTRACT)


class CardMoves:
    """The moves each card gives that depend on nothing but the card and the seats,
    made once per catalog and number of seats (see :func:`card_moves`)."""

    __slots__ = (
        "discard",
        "sell",
        "fixed",
        "paid",
        "aimed",
        "role_bit",
        "hires",
        "sues",
        "others",
        "must_pass_at",
        "prices",
        "credit",
    )

    def __init__(self, config: Config, seats: int) -> None:
        cards = range(len(config.kind))
        t = config.t
        self.must_pass_at = t.must_pass_at
        """A hand of this many cards or fewer can only pass."""
        self.prices = (t.payback_one_cost, t.payback_two_cost)
        """What paying back one and two IOUs costs (see :func:`_paying`)."""
        self.credit = (config.max_ious, t.iou_value)
        """IOUs a seat may hold and what each lends: a seat's means are its cash plus
        (IOUs it may still take) × value."""
        self.discard = tuple([move("discard", c) for c in cards])
        self.sell = tuple([move("sell", c) for c in cards])
        self.fixed = tuple([_fixed(config, c, self.sell[c]) for c in cards])
        """Sell and auction, for a card that is auctioned; None for the others."""
        self.paid = tuple([_paid(config, c, self.sell[c]) for c in cards])
        """For a Payback card, its moves by what the seat can pay (:func:`_paying`); None
        for the others."""
        self.aimed = tuple(
            [tuple([_aimed(config, c, s, seats) for s in range(seats)]) for c in cards]
        )
        """By card and seat: sell, then the plays of a bonus or Legal Intern card (once
        affordable); None for the other cards."""
        roles = range(len(ROLES))
        self.role_bit = tuple([1 << config.role[c] if config.role[c] >= 0 else 0 for c in cards])
        """By card: the bit of an employee's role (0 for other cards), so that the sum of
        the distinct bits of a workplace is the set of roles it holds."""
        self.hires = tuple(
            [
                tuple(
                    [
                        tuple(
                            [
                                tuple([move("hire", c, s, r) for r in roles if held >> r & 1])
                                for held in range(1 << len(ROLES))
                            ]
                        )
                        for s in range(seats)
                    ]
                )
                for c in cards
            ]
        )
        """By card, target seat and the roles held there (bits, see ``role_bit``): the
        headhunting moves, one per role held, in role order."""
        self.sues = tuple([tuple([move("sue", c, s, 0) for s in range(seats)]) for c in cards])
        """By card and target seat: the suit that names no amount (Libel, Patent)."""
        self.others = tuple([tuple([s for s in range(seats) if s != me]) for me in range(seats)])
        """By seat: every other seat, in order (the rivals a card may be aimed at)."""


def _fixed(config: Config, card: int, sell: Action) -> tuple[Action, ...] | None:
    return (sell, move("auction", card)) if config.kind[card] in AUCTIONED else None


def _paid(config: Config, card: int, sell: Action) -> tuple[tuple[Action, ...], ...] | None:
    if config.kind[card] != PAYBACK:
        return None
    one, two = move("payback", card, 1), move("payback", card, 2)
    return ((sell,), (sell, one), (sell, two), (sell, one, two))


def _paying(cash: int, ious: int, one: int, two: int) -> int:
    """Which paybacks a seat can afford: +1 one IOU, +2 two IOUs (it must hold two)."""
    return (cash >= one) + 2 * (ious >= 2 and cash >= two)  # decision payback-cash


def _aimed(config: Config, card: int, seat: int, seats: int) -> tuple[Action, ...] | None:
    kind, sell = config.kind[card], move("sell", card)
    if kind == INTERN or (kind == BONUS and config.units[card] >= 0):
        return (sell, move("play", card, seat))
    if kind == BONUS:  # decision bonus-cards: a penalty goes to a rival
        return (sell, *[move("play", card, s) for s in range(seats) if s != seat])
    return None


def card_moves(config: Config, seats: int) -> CardMoves:
    """The one :class:`CardMoves` of ``config`` at ``seats`` players (see ``config.kept``)."""
    return kept(config, seats, CardMoves)


def table_moves(table: StateData) -> CardMoves:
    """The table's :class:`CardMoves`, kept on it after the first look-up."""
    moves: CardMoves | None = table.moves
    if moves is None:
        moves = table.moves = card_moves(table.config, table.n)
    return moves


def distinct_cards(table: StateData, seat: int) -> list[int]:
    """One card of each kind in the hand (identical cards give identical actions)."""
    group = table.config.group
    seen: set[int] = set()
    out = []
    for c in table.hands[seat]:
        g = group[c]
        if g not in seen:
            seen.add(g)
            out.append(c)
    return out


def discard_actions(table: StateData, seat: int) -> tuple[Action, ...]:
    """Setup: discard one card of each kind in the hand."""
    discard = table_moves(table).discard
    return tuple([discard[c] for c in distinct_cards(table, seat)])


def play_actions(table: StateData, seat: int) -> tuple[Action, ...]:
    """Pass; then for each distinct card in hand, in hand order: sell it, then its plays.

    Auctioned cards (most of them) add their kept pair; the others add what the seat's
    money, the round and the other workplaces allow (see :func:`_plays`)."""
    hand = table.hands[seat]
    moves = table.moves or table_moves(table)
    if len(hand) <= moves.must_pass_at:
        return _PASS_ONLY
    config = table.config
    group, fixed, paid, aimed = config.group, moves.fixed, moves.paid, moves.aimed
    out = [PASS]
    seen: set[int] = set()
    cash, ious = table.cash[seat], table.ious[seat]
    paying = means = -1  # worked out when first needed
    for card in hand:
        g = group[card]
        if g in seen:
            continue
        seen.add(g)
        kept = fixed[card]
        if kept is not None:  # auctioned: sell or auction
            out += kept
            continue
        options = paid[card]
        if options is not None:  # a Payback card: sell, or pay back what the seat can afford
            if paying < 0:
                paying = _paying(cash, ious, *moves.prices)
            out += options[paying]
            continue
        if means < 0:
            most, value = moves.credit
            means = cash + (most - ious) * value
        kept = aimed[card][seat]
        if kept is not None:  # a bonus or Legal Intern card: sell, or play it once affordable
            out += kept if means >= config.cost[card] else kept[:1]
            continue
        out.append(moves.sell[card])
        if means >= config.cost[card]:
            _plays(table, seat, card, moves, means, out)
    return tuple(out)


def _plays(
    table: StateData, seat: int, card: int, moves: CardMoves, means: int, out: list[Action]
) -> None:
    """Add to ``out`` the plays of an affordable Lawsuit or Headhunting card (``means``:
    the seat's cash plus borrowing room), rival by rival."""
    if table.round == 1:  # bidness.txt: no Lawsuit or Headhunting card in the first round
        if table.playlog is not None:
            table.playlog.used("no-first-round-attacks")
        return
    config = table.config
    staff, role, others = table.staff, config.role.__getitem__, moves.others[seat]
    if config.kind[card] == HEADHUNTING:
        hires = moves.hires[card]
        bit = moves.role_bit.__getitem__
        for s in others:
            out += hires[s][sum(set(map(bit, staff[s])))]
        return
    suit, sues = config.suit[card], moves.sues[card]
    if suit == NEGLIGENCE:  # decision suit-limits
        step = config.t.negligence_step  # decision negligence-steps
        for s in others:
            top = min(table.cash[s], means) // step
            if top > 0:
                out += run("sue", card, s, step, top)
    elif suit == LIBEL:
        out += [sues[s] for s in others if MARKETER in map(role, staff[s])]
    else:
        tech = table.tech
        out += [sues[s] for s in others if tech[s] > 0]
