"""Bidness's actions: each a :class:`pnp.games.kit.Action` made once and shared.

The arguments by verb (read them by unpacking ``action.args``):

- ``discard``, ``sell``, ``auction``: ``(card,)``; ``payback``: ``(card, ious)``;
- ``sue``: ``(card, seat, claim)`` (claim 0 for Libel and Patent suits);
- ``hire``: ``(card, seat, role)``; ``play`` (a bonus card): ``(card, seat)``;
- ``bid``, ``offer``: ``(amount,)``; ``layoff``: ``(role,)``;
- ``pass``, ``drop``, ``accept``, ``trial``, ``pay``, ``borrow``: no arguments.

Cards are physical card numbers (see :class:`~pnp.games.bidness.config.Config`).  Legal
action tuples are rebuilt every turn from the same few actions, so :func:`move` makes
each once; priced moves (bids, offers, Negligence claims) are slices of runs kept per
verb and step (:func:`run`, :func:`priced`), so a decision copies a tuple at most once.
"""

from __future__ import annotations

from functools import cache

from pnp.games.kit import Action


@cache
def move(verb: str, *args: int) -> Action:
    """The one shared :class:`Action` with this verb and these arguments."""
    return Action(verb, args)


PASS, DROP, ACCEPT, TRIAL, PAY, BORROW = map(
    move, ("pass", "drop", "accept", "trial", "pay", "borrow")
)

RUNS: dict[tuple[str, tuple[int, ...], int, int], tuple[Action, ...]] = {}
"""(verb, leading arguments, step, base) → the actions for amounts ``base, base + step, …``."""


def _run(verb: str, head: tuple[int, ...], step: int, base: int, end: int) -> tuple[Action, ...]:
    """The kept run of at least ``end`` actions (grown to twice that when shorter)."""
    key = (verb, head, step, base)
    got = RUNS.get(key, ())
    if end > len(got):
        got = tuple([move(verb, *head, base + k * step) for k in range(2 * end)])
        RUNS[key] = got
    return got


def run(verb: str, card: int, target: int, step: int, count: int) -> tuple[Action, ...]:
    """``move(verb, card, target, a)`` for ``a`` = step, 2·step, … count·step."""
    head = (card, target)
    got = RUNS.get((verb, head, step, 0), ())
    if count >= len(got):
        got = _run(verb, head, step, 0, count + 1)
    return got[1 : count + 1]


def priced(fixed: tuple[Action, ...], verb: str, amounts: range) -> tuple[Action, ...]:
    """The tuple ``(*fixed, *(move(verb, a) for a in amounts))``."""
    size = len(amounts)
    if not size:
        return fixed
    start, step = amounts.start, amounts.step
    if start < 0 or step <= 0:
        return (*fixed, *[move(verb, a) for a in amounts])
    first = start // step
    end = first + size
    got = RUNS.get((verb, (), step, start % step), ())
    if end > len(got):
        got = _run(verb, (), step, start % step, end)
    return fixed + got[first:end]


__all__ = ["ACCEPT", "BORROW", "DROP", "PASS", "PAY", "TRIAL", "Action", "move", "priced", "run"]
