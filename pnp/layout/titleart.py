"""The game's title art, as the rulebook's cover and the card box print it: its name,
tagline and art, with the facts a box states (players, playing time, designer).

Plain data (pnp.plan.doc_text makes it from the game), light to import: the process
that typesets the rulebook reads it without the game's schema (pnp.render.cover draws it
there; pnp.layout.tuckbox lays out the box's panels with it)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.tints import ink_on, mix

ART_TINT = 0.35
"""The art is drawn in the accent this far towards white: it reads as a picture, never
as text, on the accent ground."""


@dataclass(frozen=True)
class TitleArt:
    """The title panel's words, art and colours."""

    title: str
    tagline: str
    art: str
    """The SVG file of the game's art ("" for a game with none)."""
    facts: tuple[str, ...]
    """Players, playing time and designer, as a box states them (those the data gives)."""
    accent: str
    """The ground of the title panel: the game's accent colour."""
    credit: str
    """The copyright line and the terms of copying."""

    @property
    def ink(self) -> str:
        """Text on the accent ground: white, or near-black on a light accent."""
        return ink_on(self.accent)

    @property
    def art_ink(self) -> str:
        """The art's colour: the accent lightened (darkened on a light accent)."""
        return mix(self.accent, self.ink, ART_TINT)


def players_text(low: int, high: int) -> str:
    """'3–5 players', '2 players', '1 player'."""
    count = f"{low}–{high}" if high > low else str(low)
    return f"{count} player{'s' if high > 1 else ''}"
