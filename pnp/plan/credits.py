"""The lines that credit a game and pnp on every sheet, aid and rulebook page."""

from __future__ import annotations

from pnp.spec.model import GameSpec

MADE_WITH = "made with pnp"


def copyright_line(spec: GameSpec) -> str:
    """The game's copyright and terms of copying (``credits.copyright``, ``license.short``):
    the fine print of every sheet's label."""
    parts = [
        spec.credits.copyright if spec.credits else "",
        spec.license.short if spec.license else "",
    ]
    return " · ".join(p for p in parts if p)


def credit_line(spec: GameSpec) -> str:
    """The one line every aid card and rulebook page carries."""
    return " · ".join(p for p in (copyright_line(spec), MADE_WITH.replace(" ", "\u00a0")) if p)
