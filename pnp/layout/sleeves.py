"""Which card sleeves fit a card size: the common board-game sleeve sizes as data.

Sleeves are sold by the card size they are made for; a card fits a sleeve made for a card
at least as large (within a millimetre: sleeves have that much room) and not much larger,
or it slides about. The smallest such sleeve is the one to buy."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Sleeve:
    """A sleeve size as shops sell it: its name, the card it is made for, and (where one
    size is usual across brands) its outside."""

    name: str
    card_mm: tuple[float, float]
    outside_mm: tuple[float, float] | None = None

    @property
    def words(self) -> str:
        """``standard card-game sleeves, 66 × 91 mm``, or with the card they are made for."""
        if self.outside_mm:
            return f"{self.name} sleeves, {_mm(self.outside_mm)}"
        return f"{self.name} sleeves (for {_mm(self.card_mm)} cards)"


SLEEVES = (
    Sleeve("mini American", (41.0, 63.0)),
    Sleeve("mini European", (44.0, 68.0)),
    Sleeve("square", (70.0, 70.0)),
    Sleeve("standard American", (56.0, 87.0)),
    Sleeve("Chimera", (57.5, 89.0)),
    Sleeve("Japanese-size", (59.0, 86.0), (62.0, 89.0)),
    Sleeve("standard European", (59.0, 92.0)),
    Sleeve("standard card-game", (63.5, 88.0), (66.0, 91.0)),
    Sleeve("tarot", (70.0, 120.0)),
)
"""Common sleeve sizes, by the card each is made for (mm, width × height)."""

ROOM_MM = 1.0
"""A card may be this much larger than the card a sleeve is made for, and still fit."""
LOOSE_MM = 7.0
"""A sleeve made for a card more than this much larger lets the card slide about."""


def sleeve_for(card_mm: tuple[float, float]) -> Sleeve | None:
    """The smallest common sleeve a card of ``card_mm`` fits (either way up), or None."""
    w, h = sorted(card_mm)
    fits = [
        s
        for s in SLEEVES
        if w <= s.card_mm[0] + ROOM_MM
        and h <= s.card_mm[1] + ROOM_MM
        and s.card_mm[0] - w <= LOOSE_MM
        and s.card_mm[1] - h <= LOOSE_MM
    ]
    return min(fits, key=lambda s: s.card_mm[0] * s.card_mm[1], default=None)


def _mm(size: tuple[float, float]) -> str:
    return f"{size[0]:g} × {size[1]:g} mm"


__all__ = ["SLEEVES", "Sleeve", "sleeve_for"]
