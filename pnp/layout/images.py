"""Print-shop images (docs/architecture.md §5): which card images to make and at what pixel size.

- The Game Crafter: one PNG per card design at 300 DPI, with 1/8 in of bleed on every
  side (a poker card is 825×1125 px).
- Tabletop Simulator: deck sheets of at most 10×7 cards and 4096 px a side, one cell
  per copy (qty), the last cell left empty for the game's hidden-card image.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.spec.game import Game

DPI = 300
TGC_BLEED_MM = 25.4 / 8
TTS_COLS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1


def px(mm: float, dpi: int = DPI) -> int:
    return round(mm / 25.4 * dpi)


def tgc_size(card_mm: tuple[float, float]) -> tuple[int, int]:
    """Pixel size of a card image with The Game Crafter's bleed (poker → 825×1125)."""
    w, h = card_mm
    return px(w + 2 * TGC_BLEED_MM), px(h + 2 * TGC_BLEED_MM)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One Tabletop Simulator deck sheet: its grid, cell size and the faces in its cells."""

    deck: str
    number: int
    cols: int
    rows: int
    cell: tuple[int, int]
    faces: tuple[str, ...]

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.cell[0], self.rows * self.cell[1]


def tts_sheets(game: Game) -> list[Sheet]:
    """Deck sheets for every deck: each card as many times as its qty, in deck order.

    Every card of one size gets one cell size in pixels, whichever deck and sheet it is on:
    the largest that every sheet of cards that size holds within 4096 px a side (at most
    300 DPI). A small deck's sheet would otherwise take larger cells than a full one, and
    cards that lie side by side on the table would differ in resolution."""
    grids = []
    for deck in game.spec.decks:
        faces = [c.id for c in game.deck_cards(deck.id) for _ in range(c.qty)]
        for n, start in enumerate(range(0, len(faces), TTS_PER_SHEET), start=1):
            chunk = tuple(faces[start : start + TTS_PER_SHEET])
            cols = min(TTS_COLS, len(chunk) + 1)
            rows = math.ceil((len(chunk) + 1) / cols)
            grids.append((deck.id, deck.size_mm, n, cols, rows, chunk))
    widest: dict[tuple[float, float], int] = {}
    for _, (w_mm, h_mm), _, cols, rows, _ in grids:
        cell_w = min(TTS_MAX_PX // cols, math.floor(TTS_MAX_PX / rows * w_mm / h_mm), px(w_mm))
        widest[(w_mm, h_mm)] = min(cell_w, widest.get((w_mm, h_mm), cell_w))
    return [
        Sheet(deck, n, cols, rows, _cell(widest[size], size), chunk)
        for deck, size, n, cols, rows, chunk in grids
    ]


def _cell(width: int, size_mm: tuple[float, float]) -> tuple[int, int]:
    """A cell ``width`` px wide with the card's proportions; its height rounded down, so a
    column of cells stays within 4096 px."""
    w_mm, h_mm = size_mm
    return width, math.floor(width * h_mm / w_mm)
