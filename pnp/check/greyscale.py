"""Card types must stay apart when printed in greyscale (DESIGN §4: colour never carries
meaning alone). Types seen side by side, in one deck or in one hand, need type colours
whose lightness differs enough for a black-and-white print to tell them apart."""

from __future__ import annotations

from itertools import combinations

from pnp._errors import Finding, Severity
from pnp.spec.load import Game
from pnp.spec.model import CardType, GameSpec

MIN_GREY_GAP = 12.0
"""Least difference in CIE L* (0 black, 100 white) between two types that meet."""


def lightness(hex_code: str) -> float:
    """CIE L* of an sRGB colour ``#rrggbb``: how light it prints in greyscale."""
    rgb = [int(hex_code[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y


def types_that_meet(spec: GameSpec) -> list[tuple[str, dict[str, CardType]]]:
    """Groups of card types seen side by side, each with where they meet: each deck's
    types, and each hand's held types (a type's `hand_group`; held types without one may
    all meet in one hand)."""
    groups = [
        (f"the deck {d.id!r}", {n: t for n, t in spec.card_types.items() if t.deck == d.id})
        for d in spec.decks
    ]
    hands: dict[str, dict[str, CardType]] = {}
    for name, ctype in spec.card_types.items():
        if ctype.hand:
            hands.setdefault(ctype.hand_group or "", {})[name] = ctype
    groups += [(f"the hand {g!r}" if g else "a hand", types) for g, types in hands.items()]
    return groups


def greyscale_findings(game: Game) -> list[Finding]:
    """A warning for each two types that meet and look alike in greyscale."""
    out = []
    for where, types in types_that_meet(game.spec):
        for (a, ta), (b, tb) in combinations(types.items(), 2):
            la, lb = lightness(ta.color), lightness(tb.color)
            if abs(la - lb) < MIN_GREY_GAP:
                out.append(
                    Finding(
                        Severity.WARNING,
                        f"card types {a!r} ({ta.color}) and {b!r} ({tb.color}) meet in "
                        f"{where} but look alike in greyscale: L* {la:.0f} and {lb:.0f}, "
                        f"{abs(la - lb):.0f} apart; make one lighter or darker, "
                        f"{MIN_GREY_GAP:g} or more apart",
                        game.spec_location("card_types", b, "color"),
                    )
                )
    return out
