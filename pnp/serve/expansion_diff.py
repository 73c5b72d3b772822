"""What an expansion changes in a game, design by design, for the workbench's side by side.

The base game (with the expansions it already has) and the same game with one expansion
more (:func:`pnp.sim.ab_runs.with_expansion`) are compared card by card, on what a
template sees of each (:meth:`pnp.spec.game.Card.context`): a card only the expansion has
is *new*, one it takes out is *removed*, one whose values differ (a replaced card, even
when it differs only by the expansion's set mark, which prints) is *changed* with each
field that differs, and every other card is the *same*."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pnp.sim.ab_runs import with_expansion
from pnp.spec.game import Card, Game

Status = Literal["new", "changed", "removed", "same"]
STATUSES: tuple[Status, ...] = ("new", "changed", "removed", "same")


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field of a design, in the base game and with the expansion (None: absent)."""

    field: str
    base: Any
    variant: Any

    def as_json(self) -> dict[str, Any]:
        return {"field": self.field, "base": self.base, "variant": self.variant}


@dataclass(frozen=True, slots=True)
class DesignChange:
    """A card design the expansion adds, changes or takes out."""

    card: str
    status: Status
    fields: tuple[FieldChange, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "status": self.status,
            "fields": [f.as_json() for f in self.fields],
        }


@dataclass(frozen=True)
class ExpansionDiff:
    """The designs ``expansion`` adds, changes or removes; any other card is the same."""

    expansion: str
    designs: dict[str, DesignChange]

    def status(self, card: str) -> Status:
        change = self.designs.get(card)
        return change.status if change is not None else "same"

    def counts(self) -> dict[str, int]:
        """How many designs are new, changed and removed."""
        statuses = [d.status for d in self.designs.values()]
        return {s: statuses.count(s) for s in STATUSES if s != "same"}

    def as_json(self) -> dict[str, Any]:
        return {
            "expansion": self.expansion,
            "counts": self.counts(),
            "designs": [d.as_json() for d in self.designs.values()],
        }


def diff_games(base: Game, variant: Game, expansion: str) -> ExpansionDiff:
    """The designs that differ between ``base`` and ``variant`` (= base + ``expansion``),
    in the variant's card order, the removed ones after."""
    before = {c.id: c for c in base.cards}
    after = {c.id: c for c in variant.cards}
    designs: dict[str, DesignChange] = {}
    for card_id, card in after.items():
        old = before.get(card_id)
        if old is None:
            designs[card_id] = DesignChange(card_id, "new")
            continue
        fields = field_changes(old, card)
        if fields:
            designs[card_id] = DesignChange(card_id, "changed", fields)
    for card_id in before.keys() - after.keys():
        designs[card_id] = DesignChange(card_id, "removed")
    removed = sorted(k for k, d in designs.items() if d.status == "removed")
    ordered = [k for k in designs if designs[k].status != "removed"] + removed
    return ExpansionDiff(expansion, {k: designs[k] for k in ordered})


def field_changes(base: Card, variant: Card) -> tuple[FieldChange, ...]:
    """The fields whose values differ, in the base card's order, then the variant's new ones."""
    old, new = base.context(), variant.context()
    keys = [*old, *(k for k in new if k not in old)]
    return tuple(FieldChange(k, old.get(k), new.get(k)) for k in keys if old.get(k) != new.get(k))


def expansion_diff(game: Game, expansion: str, cards: Path | None) -> tuple[Game, ExpansionDiff]:
    """``game`` with ``expansion`` merged, and what it changes; a UsageError for an
    expansion the game does not have or has already."""
    variant = with_expansion(game, expansion, cards)
    return variant, diff_games(game, variant, expansion)


__all__ = [
    "STATUSES",
    "DesignChange",
    "ExpansionDiff",
    "FieldChange",
    "Status",
    "diff_games",
    "expansion_diff",
    "field_changes",
]
