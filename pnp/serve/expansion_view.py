"""The workbench's side by side of an expansion (`pnp serve GAME -x NAME`): the game is
served with the expansion, and each card piece carries what the expansion did to it.

At each reading the base game (the expansions before the last one) is read too and
compared (:mod:`pnp.serve.expansion_diff`); the base's pieces of the changed and removed
designs are laid out as the build would, so that a changed card shows its old picture
beside its new one and a removed card is still listed, with its old picture."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.serve.expansion_diff import ExpansionDiff, diff_games
from pnp.serve.pieces import Piece, file_pieces
from pnp.spec.game import Game
from pnp.spec.load import load_game


@dataclass(frozen=True)
class ExpansionView:
    """What to compare: the game with ``expansions``, whose last one is shown."""

    game: str
    cards: Any
    expansions: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.expansions[-1]

    def read(self, variant: Game, dpi: float) -> BaseSide:
        """The base game read now, compared with ``variant``; a PnpError as reading does."""
        from pnp.plan.outputs import plan_build
        from pnp.plan.settings import BuildOptions

        base = load_game(self.game, self.cards, list(self.expansions[:-1]))
        diff = diff_games(base, variant, self.name)
        wanted = {k for k, d in diff.designs.items() if d.status in ("changed", "removed")}
        pieces: dict[str, Piece] = {}
        if wanted:
            plan = plan_build(base, BuildOptions(), frozenset({"cards"}), defer=True)
            for planned in plan.files:
                for piece in file_pieces(plan, planned, dpi):
                    if piece.kind == "card" and piece.design in wanted:
                        pieces.setdefault(piece.design, piece)
        return BaseSide(diff, pieces)


@dataclass
class BaseSide:
    """An expansion's diff, and the base's piece of each design it changes or removes."""

    diff: ExpansionDiff
    pieces: dict[str, Piece] = field(default_factory=dict)

    def removed(self) -> list[Piece]:
        """The base's pieces of the designs the expansion takes out."""
        return [p for card, p in self.pieces.items() if self.diff.status(card) == "removed"]

    def piece_json(self, piece: Piece) -> dict[str, Any]:
        """What a piece's entry in GET /api/pieces adds: its ``status`` and, when the
        expansion changed it, the base's picture and the fields that differ."""
        if piece.kind != "card":
            return {"status": "same"}
        status = self.diff.status(piece.design)
        out: dict[str, Any] = {"status": status}
        base = self.pieces.get(piece.design)
        if status == "changed":
            change = self.diff.designs[piece.design]
            out["field_diff"] = [f.as_json() for f in change.fields]
            out["base_image"] = f"/img/{base.digest}.png" if base is not None else None
        return out

    def summary(self) -> dict[str, Any]:
        return {"name": self.diff.expansion, "counts": self.diff.counts()}


def compared(stats: dict[str, Any], base: dict[str, Any] | None) -> dict[str, Any]:
    """A card's statistics with the expansion beside the base's, and their difference in
    improvement when drawn (None where either has none)."""
    if base is None:
        return stats
    change = None
    if stats.get("iwd") is not None and base.get("iwd") is not None:
        change = stats["iwd"] - base["iwd"]
    return {**stats, "base": base, "iwd_change": change}


__all__ = ["BaseSide", "ExpansionView", "compared"]
