"""Where boom.txt is silent, the engine decides; the rulebook prints these notes.

Each note is in our own words and names the behaviour the engine implements (the
module that implements it is given in brackets for maintainers, not for print).
"""

from __future__ import annotations

RULE_NOTES: tuple[str, ...] = (
    # funding.py
    "Each player may be invited at most once in a funding round. A player who cannot pay "
    "the price must decline.",
    "A new lead asks the current investors one at a time, starting to the lead's left; "
    "the first who agrees lets the round go ahead.",
    "If everyone has been invited and too few shares were sold, the round fails: every "
    "share bought in it is taken back, the money returns to its buyers, the company goes "
    "back to where it lay, and the turn's action is spent.",
    # rules.py
    "The lead investor of a round cannot take that company public in the same turn, "
    "because a turn allows only one action.",
    "IPO payouts are rounded down to whole millions; the remainder stays in the bank.",
    "A company's burn rate is never below zero: revenue can cancel its costs but never "
    "adds money to its treasury.",
    "The game also ends as soon as every Business Plan has gone public or bust, since "
    "no company can go public any more.",
    "No turns are played in the round whose event is the crash.",
    # effects.py
    "A Discard that needs a target (a company or an attached card) can only be played "
    "when one is on the table. Its effect happens before it goes to the discard pile.",
    "Events and Discards move the IPO Card Limit only within the track.",
    # usage
    "Each firm needs one more stock counter than it ever has on companies: one goes into "
    "the mug for the turn order.",
)
