"""Pieces that meet face up must differ by more than colour (docs/architecture.md §5).

Which pieces meet is data: the game's `meets:` groups (card types and `tokens`
components), and card types of one label held by different players (types of one
`label` in different `hand_group`s: each player's copy of the same card). Every two
pieces of a group need a cue that is not colour (the corner index's letters, the type
icon, a set symbol, a counter's label or shape) and colours 12 L* apart in greyscale.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from pnp._errors import Finding, Location, PnpError, Severity
from pnp.check.greyscale import MIN_GREY_GAP
from pnp.layout.face import card_context
from pnp.spec.colour import Colour
from pnp.spec.components import TokensComponent
from pnp.spec.game import Game
from pnp.text.template import render_colour, render_text


@dataclass(frozen=True, slots=True)
class Look:
    """What tells a piece apart on the table."""

    name: str
    color: str
    letters: frozenset[str]
    """The corner index (each card's) or a counter's label."""
    icon: str
    shape: str
    """A type's set symbol, or a counter's shape."""
    where: Location | None = None
    """Where the piece is named as meeting others."""

    @property
    def grey(self) -> float:
        return Colour.of(self.color).lightness


def _card_type(game: Game, name: str) -> Look:
    ct = game.spec.card_types[name]
    letters: frozenset[str] = frozenset()
    if ct.hand or ct.stacked:
        cards = [c for c in game.cards if c.type == name]
        letters = frozenset(card_context(game, c)["type"]["index"] for c in cards)
    return Look(f"card type {name!r}", ct.color, letters, ct.icon, ct.symbol)


def _counters(game: Game, comp: TokensComponent, index: int, only: int | None) -> list[Look]:
    looks = []
    for gi, group in enumerate(comp.groups):
        if only is not None and gi != only:
            continue
        where = game.spec_location("components", index, "groups", gi)
        rows: Any = [None]
        if group.each is not None:
            rows = game.spec.tables.get(group.each)
            if not isinstance(rows, list):
                continue  # the layout reports the missing table
        for row in rows:
            ctx = {"tables": game.spec.tables, "row": row}
            label = render_text(group.token.label, ctx, where, "token label").strip()
            colour = render_colour(group.token.color, ctx, where, "token color")
            name = f"counter {label!r} ({comp.id}.{gi})"
            looks.append(Look(name, colour, frozenset({label}), "", group.token.shape))
    return looks


def _pieces(game: Game, name: str) -> list[Look] | None:
    """The looks of a card type, or of each counter of a tokens component (``ID``) or of
    one of its groups (``ID.N``); None if it names none of them."""
    if name in game.spec.card_types:
        return [_card_type(game, name)]
    comp_id, _, group = name.partition(".")
    only = int(group) if group.isdigit() else None
    for i, comp in enumerate(game.spec.components):
        if isinstance(comp, TokensComponent) and comp.id == comp_id:
            if group and (only is None or only >= len(comp.groups)):
                return None
            return _counters(game, comp, i, only)
    return None


def _groups(game: Game) -> tuple[list[tuple[str, list[Look]]], list[Finding]]:
    """Each group of pieces that meet, with where it is declared; unknown names refused."""
    groups: list[tuple[str, list[Look]]] = []
    errors: list[Finding] = []
    for mi, meeting in enumerate(game.spec.meets):
        looks: list[Look] = []
        for pi, name in enumerate(meeting.pieces):
            found = _pieces(game, name)
            if found is None:
                errors.append(
                    Finding(
                        Severity.ERROR,
                        f"meets: {name!r} is no card type, tokens component or group of one "
                        "(ID.N, N from 0)",
                        game.spec_location("meets", mi, "pieces", pi),
                    )
                )
                continue
            at = game.spec_location("meets", mi, "pieces", pi)
            looks += [replace(look, where=at) for look in found]
        groups.append((meeting.what, looks))
    by_label: dict[str, dict[str, str]] = {}
    for name, ct in game.spec.card_types.items():
        if ct.hand_group:
            by_label.setdefault(ct.label, {}).setdefault(ct.hand_group, name)
    for label, held in by_label.items():
        if len(held) > 1:
            looks = [
                replace(_card_type(game, n), where=game.spec_location("card_types", n))
                for n in held.values()
            ]
            groups.append((f"{label} cards of different players", looks))
    return groups, errors


def _same(a: Look, b: Look) -> str:
    """What is alike in the two when nothing but colour differs ("" when something does)."""
    if a.letters != b.letters or a.icon != b.icon or a.shape != b.shape:
        return ""
    index = "/".join(sorted(a.letters))
    return ", ".join(
        [
            f"same index {index!r}" if index else "no index",
            f"same icon {a.icon!r}" if a.icon else "no icon",
            f"same shape {a.shape!r}" if a.shape else "no symbol",
        ]
    )


def meeting_findings(game: Game) -> list[Finding]:
    """A warning for two pieces that meet face up and differ by colour alone, or whose
    colours look alike in greyscale; an error for a `meets:` name that is no piece."""
    try:
        groups, out = _groups(game)
    except PnpError as exc:  # a template the layout reports too
        return [Finding(Severity.ERROR, exc.message, exc.location)]
    done: set[tuple[str, str]] = set()
    for what, looks in groups:
        for a, b in combinations(looks, 2):
            if (a.name, b.name) in done or a.name == b.name:
                continue
            done.add((a.name, b.name))
            problems = []
            same = _same(a, b)
            if same:
                problems.append(
                    f"differ by colour alone: {same}; give each its own letter, icon or "
                    "shape (`symbol:` of a card type, label or shape of a counter)"
                )
            gap = abs(a.grey - b.grey)
            if gap < MIN_GREY_GAP:
                problems.append(
                    f"are {gap:.1f} L* apart in grey, under {MIN_GREY_GAP:g}: make one "
                    "lighter or darker"
                )
            if problems:
                out.append(
                    Finding(
                        Severity.WARNING,
                        f"{a.name} (L* {a.grey:.1f}, {a.color}) and {b.name} (L* {b.grey:.1f}, "
                        f"{b.color}) {' and '.join(problems)}; they meet face up ({what})",
                        b.where,
                    )
                )
    return out
