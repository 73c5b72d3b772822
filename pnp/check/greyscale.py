"""Pieces must stay apart when printed in greyscale: colour never carries meaning alone
(docs/architecture.md §5). Card types seen side by side, in one deck or in one hand, need type
colours whose lightness differs enough for a black-and-white print to tell them apart.
Counters of one set (a group printed for each row of a table, or the counters a `meets:`
group names) that differ in colour must also differ by a shape, a pattern or a symbol of
their own: in grey their colours may merge, and a printed letter alone is no cue that
reads across the table."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from pnp._errors import Finding, Location, PnpError, Severity
from pnp.spec.colour import Colour
from pnp.spec.components import TokensComponent
from pnp.spec.game import Game
from pnp.spec.model import CardType, GameSpec
from pnp.text.template import render_colour, render_text

MIN_GREY_GAP = 12.0
"""Least difference in CIE L* (0 black, 100 white) between two types that meet."""


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
    """A warning for each two types that meet and look alike in greyscale, and for each
    two counters of a set that differ in colour alone (``counter_findings``)."""
    out = counter_findings(game)
    for where, types in types_that_meet(game.spec):
        for (a, ta), (b, tb) in combinations(types.items(), 2):
            la, lb = Colour.of(ta.color).lightness, Colour.of(tb.color).lightness
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


Cue = tuple[str, str, str, str, str, Location]
"""A counter as a greyscale print shows it: its name, colour, and shape, pattern and
symbol, with where it is declared."""


def counter_sets(game: Game) -> list[tuple[str, list[Cue]]]:
    """Counters seen side by side: each group's rows, and each `meets:` group's counters."""
    sets: list[tuple[str, list[Cue]]] = []
    by_id: dict[str, list[Cue]] = {}
    for i, comp in enumerate(game.spec.components):
        if not isinstance(comp, TokensComponent):
            continue
        for gi, group in enumerate(comp.groups):
            where = game.spec_location("components", i, "groups", gi, "token")
            rows: Any = [None]
            if group.each is not None:
                rows = game.spec.tables.get(group.each)
                if not isinstance(rows, list):
                    continue  # the layout reports the missing table
            cues: list[Cue] = []
            for row in rows:
                ctx = {"tables": game.spec.tables, "row": row}
                t = group.token
                try:
                    label = render_text(t.label, ctx, where, "token label").strip()
                    colour = render_colour(t.color, ctx, where, "token color")
                    pattern = render_text(t.pattern, ctx, where, "token pattern").strip()
                    icon = render_text(t.icon, ctx, where, "token icon").strip()
                except PnpError:
                    continue  # the layout reports it
                cues.append((f"counter {label!r} ({comp.id}.{gi})", colour, t.shape, pattern,
                             icon, where))  # fmt: skip
            by_id[f"{comp.id}.{gi}"] = cues
            by_id.setdefault(comp.id, []).extend(cues)
            if len(cues) > 1:
                sets.append((f"the group {group.title!r}", cues))
    for meeting in game.spec.meets:
        cues = [c for name in meeting.pieces for c in by_id.get(name, [])]
        if len(cues) > 1:
            sets.append((meeting.what, cues))
    return sets


def counter_findings(game: Game) -> list[Finding]:
    """A warning for each two counters of a set that differ in colour and in nothing a
    greyscale print keeps but their letters."""
    out = []
    for what, cues in counter_sets(game):
        for a, b in combinations(cues, 2):
            if a[1].lower() == b[1].lower() or a[2:5] != b[2:5]:
                continue
            out.append(
                Finding(
                    Severity.WARNING,
                    f"{a[0]} ({a[1]}) and {b[0]} ({b[1]}) in {what} differ in colour but in "
                    "grey only by their letters: give each a pattern (`pattern:` stripes, "
                    "dots, checks, hatch), a symbol (`icon:`) or a shape of its own",
                    b[5],
                )
            )
    return out
