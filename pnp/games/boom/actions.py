"""Phases of a •Boom turn and the actions a seat can take in each.

An action is a small tuple whose first item is one of the codes below; the rest are
card numbers (index into the catalog's per-card tuples), seats or amounts:

=========  ============================  =====================================
phase      action                        meaning
=========  ============================  =====================================
PLAY       ``(KEEP,)``                   play no card this turn
PLAY       ``(PLAY_PLAN, card)``         put a Business Plan in front of you
PLAY       ``(ATTACH, card, plan)``      attach a Company card to a plan
PLAY       ``(DISCARD, card)``           play a Discard (targets chosen next)
TARGET     ``(TARGET, plan)``            grant / fine this funded company
TARGET     ``(TARGET, plan, card)``      remove this attached card
TARGET     ``(TARGET, plan, card, to)``  move this attached card to plan ``to``
ACT        ``(PASS,)``                   neither fund nor go public
ACT        ``(FUND, plan)``              lead a funding round
ACT        ``(IPO, plan)``               take a company you lead public
CONSENT    ``(AGREE,)`` / ``(REFUSE,)``  a current investor answers a new lead
TERMS      ``(TERMS, price, shares)``    the lead's price and own 1..2 shares
INVITE     ``(INVITE, seat)``            offer one share to that seat
INVITE     ``(CLOSE,)``                  close the round
OFFER      ``(BUY,)`` / ``(DECLINE,)``   the invited seat answers
=========  ============================  =====================================

Plans are named by the card number of their Business Plan.
"""

from __future__ import annotations

PLAY, TARGET_PHASE, ACT, CONSENT, TERMS_PHASE, INVITE_PHASE, OFFER, OVER = range(8)
PHASE_NAMES = ("play", "target", "act", "consent", "terms", "invite", "offer", "over")

(
    KEEP,
    PLAY_PLAN,
    ATTACH,
    DISCARD,
    TARGET,
    PASS,
    FUND,
    IPO,
    AGREE,
    REFUSE,
    TERMS,
    INVITE,
    CLOSE,
    BUY,
    DECLINE,
) = range(15)

Action = tuple[int, ...]

KEEP_ACTION: Action = (KEEP,)
PASS_ACTION: Action = (PASS,)
AGREE_ACTION: Action = (AGREE,)
REFUSE_ACTION: Action = (REFUSE,)
CLOSE_ACTION: Action = (CLOSE,)
BUY_ACTION: Action = (BUY,)
DECLINE_ACTION: Action = (DECLINE,)
