"""The options of a build: one typed model, built with keywords only, that every stage
below reads through the attributes it needs (pnp.layout.cards.SheetSettings)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.paper import MARGIN_MM
from pnp.layout.sheet import Rect, layout_margin, registration_marks, registration_room


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildOptions:
    """How a build prints: the paper and margins, how cards are imposed and cut, and which
    extra files it writes."""

    paper: str = "a4"
    bleed: float | None = None
    duplex: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)
    margin: float = MARGIN_MM
    """Printer margin: no mark, text or needed art closer to the paper's edge."""
    layout: str = "auto"
    """auto, grid (butted), gutter or fold: see pnp.layout.sheet."""
    deck_per_sheet: bool = False
    """Start each deck on a sheet of its own instead of filling sheets across decks."""
    registration: bool = False
    """Print-then-cut registration marks for a cutting machine."""
    cut_file: str | None = None
    """``svg``: also write each sheet's cut paths."""
    booklet: bool = False
    """Also impose the rulebook as a saddle-stitched booklet (pnp.layout.page_formats)."""
    ink_saver: bool = False
    """Draw large solid areas as light tints (pnp.layout.ink.save_ink)."""
    chits: str = "square"
    """Counters as gang-cut squares with a shape emblem (square) or in their shapes (shaped)."""
    shop_pdf: bool = False
    """Also write each deck for a print shop: one card a page, with 1/8 in of bleed."""
    sleeved: bool = False
    """Size the card box for sleeved cards (pnp.layout.tuckbox)."""

    @property
    def inner_margin(self) -> float:
        """Where the layout starts: the margin plus the registration marks' room."""
        return layout_margin(self.margin, self.registration)

    @property
    def packed_margins(self) -> tuple[float, float]:
        """Where packed cards and aids start across and down (sheet.registration_room)."""
        return registration_room(self.margin, self.registration)

    def registration_marks(self, page: tuple[float, float]) -> list[Rect]:
        return registration_marks(page, self.margin) if self.registration else []


SheetOptions = BuildOptions
"""The name the options had while layout defined them."""
