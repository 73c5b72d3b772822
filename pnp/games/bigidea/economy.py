"""The money arithmetic of The Big Idea, as small pure functions.

The engine, the bots, the worked examples in the rulebook and the tests all use these,
so a number printed in the rulebook is the number the simulation played with.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pnp.games.bigidea.config import DIE_FACES


def share_ev(stack: int) -> Fraction:
    """Expected dollars one share earns at the next roll of a stack of ``stack`` chips.

    The IPO succeeds on a roll r ≤ stack and then pays $r per share, so the value is
    the sum of r/6 over r = 1..min(stack, 6).
    """
    top = min(max(stack, 0), DIE_FACES)
    return Fraction(top * (top + 1), 2 * DIE_FACES)


SHARE_EV: tuple[float, ...] = tuple(float(share_ev(n)) for n in range(DIE_FACES + 2))
"""Float table of :func:`share_ev` for the bots; the last entry holds for any bigger stack."""


def success_chance(stack: int) -> Fraction:
    """Chance that the IPO of a stack of ``stack`` chips succeeds (roll ≤ stack)."""
    return Fraction(min(max(stack, 0), DIE_FACES), DIE_FACES)


def buy_in_payments(shares: Sequence[int], buyer: int, price: int) -> dict[int, int]:
    """Dollars a Mezzanine investor pays to each other seat with chips on the product.

    ``shares`` counts player chips per seat; foreign chips are not in it because they
    are never paid.  The buyer's own chips would pay the buyer, so they cost nothing.
    """
    return {seat: k * price for seat, k in enumerate(shares) if k and seat != buyer}


def ipo_payout(shares: Sequence[int], roll: int) -> dict[int, int]:
    """Dollars each seat collects from the bank when an IPO succeeds on ``roll``."""
    return {seat: k * roll for seat, k in enumerate(shares) if k}


def ipo_succeeds(roll: int, stack: int) -> bool:
    """Player and foreign chips together decide: success on a roll no higher than the stack."""
    return roll <= stack


def good_idea_winner(owners: Sequence[int], investors: Sequence[int]) -> int | None:
    """Owner of the single new product with the most investors; None on a tie or none."""
    best, winner = 0, None
    for owner, count in zip(owners, investors, strict=True):
        if count > best:
            best, winner = count, owner
        elif count == best:
            winner = None
    return winner
