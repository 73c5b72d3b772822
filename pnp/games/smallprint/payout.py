"""How one business is divided once its paperwork is revealed (smallprint.txt, "Assign
money"). Pure arithmetic: the engine, the examples and the tests call it alike."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from pnp.games.playlog import PlayLog
from pnp.games.smallprint.config import BIG, KINDS, SHARE, SMALL, TOTAL, Business


@dataclass(frozen=True, slots=True)
class Settlement:
    paid: dict[int, int] = field(default_factory=dict)
    """£m to each seat."""
    pool: int = 0
    """£m to the Small Print pool."""
    outcome: str = ""
    """Which case of the legality table applied (for transcripts and the rulebook)."""

    @property
    def void(self) -> bool:
        return self.outcome == "void"


def legality(kinds: Sequence[int]) -> str:
    """smallprint.txt: Total alone, Big with Small, or one or two Smalls stand; no
    contract leaves it to the shares; any other mix over-values the business.
    ``kinds``: how many cards of each kind (indexed by kind) lie under the business."""
    contracts = (kinds[SMALL], kinds[BIG], kinds[TOTAL])
    if contracts == (0, 0, 0):
        return "shares"
    if contracts == (0, 0, 1):
        return "total"
    if contracts == (1, 1, 0):
        return "big+small"
    if contracts in ((1, 0, 0), (2, 0, 0)):
        return "small"
    return "void"  # decision big-alone: void, as the source's list reads


def settle(
    business: Business, cards: list[tuple[int, int]], cap: int, log: PlayLog | None = None
) -> Settlement:
    """Divide ``business`` among ``cards`` ((seat, kind) pairs, in the order played);
    ``log`` counts the rules used."""
    value = min(business.value, cap)
    pool = business.value - value  # smallprint.txt: only the first £10m is divided
    if pool and log is not None:
        log.used("value-cap")
    kinds = [0] * len(KINDS)
    for _, kind in cards:
        kinds[kind] += 1
    case = legality(kinds)
    if log is not None:
        _count_case(case, log)
    paid: dict[int, int] = defaultdict(int)
    rest = value
    if case == "total":
        seat = next(s for s, k in cards if k == TOTAL)
        paid[seat] += value
        rest = 0
    elif case == "big+small":
        for seat, kind in cards:
            part = business.big if kind == BIG else business.small if kind == SMALL else 0
            paid[seat] += part
            rest -= part
        rest = max(rest, 0)
        if rest:  # Big + Small claim the whole divided value; nothing for shares
            pool += rest
            rest = 0
            if log is not None:
                log.used("remainder-to-pool")
    elif case == "small":
        for seat, kind in cards:
            if kind == SMALL:
                paid[seat] += business.small
                rest -= business.small
    holders = [seat for seat, kind in cards if kind == SHARE]
    if rest and holders and case in ("shares", "small", "void"):
        each, left = divmod(rest, len(holders))  # decision remainders: per card, rest to pool
        for seat in holders:
            paid[seat] += each
        rest = left
    pool += rest  # decision empty-or-void: what nobody claims goes to the pool
    if rest and log is not None:
        log.used("remainder-to-pool")
    return Settlement({s: v for s, v in paid.items() if v}, pool, case)


@lru_cache(maxsize=1 << 16)
def settled(business: Business, cards: tuple[tuple[int, int], ...], cap: int) -> Settlement:
    """``settle`` with no rules to count, kept: a search settles the same few piles
    thousands of times.  The settlement is shared, so it is read, never changed."""
    return settle(business, list(cards), cap)


def _count_case(case: str, log: PlayLog) -> None:
    if case == "total":
        log.used("total-alone")
    elif case == "big+small":
        log.used("big-with-small")
    elif case == "small":
        log.used("smalls")
    elif case == "void":
        log.used("void")
    else:
        log.used("shares-only")
