"""Priced moves as plain tuples, cut from shared runs: a few fixed actions, then one
action per amount.

A bidder with a large debt room has dozens of bids and a settlement offer dozens of
amounts.  Each run ``(verb 0, verb step, verb 2·step, …)`` is built once per verb and
step (and grown when a larger amount is asked for); a legal-move list is then the fixed
actions plus a slice of the run, made in C, so bots and ``apply`` read a real tuple.
"""

from __future__ import annotations

from pnp.games.bidness.state import Action, move

RUNS: dict[tuple[str, int, int, int, int], tuple[Action, ...]] = {}
"""(verb, card, target, step, base) → the actions for amounts ``base, base + step, …``."""


def _run(verb: str, card: int, target: int, step: int, base: int, end: int) -> tuple[Action, ...]:
    """The kept run of at least ``end`` actions (grown to twice that when shorter)."""
    key = (verb, card, target, step, base)
    got = RUNS.get(key, ())
    if end > len(got):
        got = tuple([move(verb, card, target, base + k * step) for k in range(2 * end)])
        RUNS[key] = got
    return got


def run(verb: str, card: int, target: int, step: int, count: int) -> tuple[Action, ...]:
    """``move(verb, card, target, a)`` for ``a`` = step, 2·step, … count·step."""
    got = RUNS.get((verb, card, target, step, 0), ())
    if count >= len(got):
        got = _run(verb, card, target, step, 0, count + 1)
    return got[1 : count + 1]


def priced(fixed: tuple[Action, ...], verb: str, amounts: range) -> tuple[Action, ...]:
    """The tuple ``(*fixed, *(move(verb, -1, -1, a) for a in amounts))``."""
    size = len(amounts)
    if not size:
        return fixed
    start, step = amounts.start, amounts.step
    if start < 0 or step <= 0:
        return (*fixed, *[move(verb, -1, -1, a) for a in amounts])
    first = start // step
    end = first + size
    got = RUNS.get((verb, -1, -1, step, start % step), ())
    if end > len(got):
        got = _run(verb, -1, -1, step, start % step, end)
    return fixed + got[first:end]
