"""Lawsuits (bidness.txt "Lawsuits"): settlement talks as offers and counter-offers,
bounded by ``settlement_offers``; a rejection goes to trial, where each side rolls two
dice plus one per Lawyer or Legal Intern, the plaintiff first, and ties go to the
defendant.  The loser pays the damages: to the plaintiff, or (a losing plaintiff) to
the bank."""

from __future__ import annotations

from pnp.games.bidness.actions import ACCEPT, TRIAL, Action, priced
from pnp.games.bidness.config import DIE_FACES, LIBEL, MARKETER, NEGLIGENCE
from pnp.games.bidness.ledger import (
    name,
    note,
    pay,
    track,
    update_market_award,
    update_tech_award,
)
from pnp.games.bidness.state import NOBODY, SETTLE, StateData, Suit

OFFER = "offer"
_OPENING = (TRIAL,)
_ANSWER = (ACCEPT, TRIAL)


def open_suit(table: StateData, plaintiff: int, card: int, defendant: int, claim: int) -> None:
    table.suit = Suit(card, plaintiff, defendant, claim)
    table.phase = SETTLE
    if table.log is not None:
        what = f" for ${claim}" if claim else ""
        note(
            table,
            f"{name(table, plaintiff)} sues {name(table, defendant)}: "
            f"{table.config.card_names[card]}{what}",
        )


def suit_actions(table: StateData) -> tuple[Action, ...]:
    """Go to trial (or accept the last offer), or offer any amount, in settlement steps, between
    the two sides' last offers, within what the defendant could pay."""
    s = table.suit
    assert s is not None
    step, limit = table.config.t.settlement_step, table.config.t.settlement_offers
    cap = table.means(s.defendant) // step * step  # decision negotiation
    opening = s.offers == 0
    out = _OPENING if opening else _ANSWER
    if s.offers >= limit:
        amounts = range(0)
    elif opening:
        amounts = range(step, cap + 1, step)
    elif s.to_act == s.defendant:
        amounts = range(s.bid + step, min(s.ask, cap + step), step)
    else:
        amounts = range(s.bid + step, s.ask, step)
    return priced(out, OFFER, amounts)


def offer(table: StateData, action: Action) -> None:
    """One side's offer: the talks go on with the other side to answer."""
    s = table.suit
    assert s is not None
    seat = s.to_act
    (amount,) = action.args
    s.offers += 1
    if seat == s.plaintiff:
        s.ask = amount
    else:
        s.bid = amount
    s.to_act = s.defendant if seat == s.plaintiff else s.plaintiff
    if table.log is not None:
        note(table, f"{name(table, seat)} offers to settle for ${amount}")


def apply_suit(table: StateData, action: Action) -> bool:
    """Apply one move of the talks; True when the suit is over."""
    s = table.suit
    assert s is not None
    seat = s.to_act
    if action.verb == "offer":
        offer(table, action)
        return False
    if action.verb == "accept":
        amount = s.ask if seat == s.defendant else s.bid
        pay(table, s.defendant, amount, s.plaintiff)
        table.peaks.settled += 1
        if table.playlog is not None:
            table.playlog.used("settle")
        if table.log is not None:
            note(table, f"Settled: {name(table, s.defendant)} pays ${amount}")
    else:
        _trial(table, s)
    table.discards.append(s.card)
    table.suit = None
    return True


def _roll(table: StateData, dice: int) -> int:
    rnd = table.rng.random
    return sum([1 + int(rnd() * DIE_FACES) for _ in range(dice)])


def _trial(table: StateData, s: Suit) -> None:
    table.peaks.tried += 1
    if table.playlog is not None:
        table.playlog.used("trial")
    p_roll = _roll(table, table.trial_dice(s.plaintiff))
    d_roll = _roll(table, table.trial_dice(s.defendant))
    won = p_roll > d_roll  # bidness.txt: in the event of a tie, the defendant wins
    if table.log is not None:
        note(
            table,
            f"Trial: {name(table, s.plaintiff)} rolls {p_roll}, {name(table, s.defendant)} "
            f"rolls {d_roll}; {'plaintiff' if won else 'defendant'} wins",
        )
    damages(table, s, won)


def damages(table: StateData, s: Suit, plaintiff_won: bool) -> None:
    """The loser pays: a losing defendant to the plaintiff, a losing plaintiff to the bank.

    Libel Marketers move to the winning plaintiff or, from a losing plaintiff, go back to
    the deck; Patent tech points move the same way or go back to the bank.  A side that
    holds fewer than the claim gives what it has.
    """
    config = table.config
    loser = s.defendant if plaintiff_won else s.plaintiff
    gainer = s.plaintiff if plaintiff_won else NOBODY
    suit, claim = config.suit[s.card], config.claim[s.card]
    if suit == NEGLIGENCE:  # money only: the awards stay (see update_awards)
        pay(table, loser, s.cash_claim, gainer)
        if table.playlog is not None:
            table.playlog.used("negligence")
    elif suit == LIBEL:
        staff = table.staff[loser]
        gone = [c for c in staff if config.role[c] == MARKETER][:claim]  # decision suit-limits
        if table.playlog is not None:
            table.playlog.used("libel")
        for c in gone:
            staff.remove(c)
            # decision libel-patent-damages
            (table.staff[gainer] if gainer != NOBODY else table.discards).append(c)
        if table.log is not None:
            note(table, f"{name(table, loser)} loses {len(gone)} Marketer(s)")
        update_market_award(table)
    else:
        points = min(claim, table.tech[loser])
        if table.playlog is not None:
            table.playlog.used("patent")
        table.tech[loser] -= points
        if gainer != NOBODY:
            table.tech[gainer] += points
        if table.log is not None:
            note(table, f"{name(table, loser)} loses {points} tech points")
        track(table)
        update_tech_award(table)
