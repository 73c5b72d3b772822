"""The outside of a standing screen: what the other players see across the table.

Drawn as the screen stands (top edge on the fold, bottom edge the cut on the table), then
turned half a turn onto the sheet, where it lies upside down above the fold. In the
player's colour, bled past the three cut edges: a faint wallpaper of the player's symbol,
the game's title on the front panel, the symbol in a medallion on every panel, and a
band along the foot naming the player. Colour is never alone: the symbol and the name
say whose screen it is in greyscale too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pnp._errors import Location
from pnp.layout.ops import Icon, Shape, TextBlock
from pnp.layout.textfit import set_text
from pnp.layout.tints import legible, mix
from pnp.spec.components import ScreenComponent
from pnp.spec.game import Game
from pnp.text.icons import find_icon, icon_dirs
from pnp.text.template import render_colour, render_text

BLEED_MM = 3.0
"""Colour past every cut edge (large pieces bleed 3 mm)."""
SAFE_MM = 4.0
"""Words and symbols keep this far from a cut edge, a fold, or a panel fold (at least 3 mm)."""
WRAP_MM = 2.0
"""The outside colour runs this far over the long fold onto the inside, so a fold a
little off the line shows colour, not a white edge, on top of the standing screen."""
BAND_MM = 15.0
"""Band along the foot of the outside that names the player."""
BAND_TONE = 0.85
"""The band is nearly the ink colour, but a tint of the player's, never blank paper."""
PATTERN_STEP_MM = 15.0
PATTERN_ICON_MM = 6.5
PATTERN_TONE = 0.13
"""How far the wallpaper symbols move from the player's colour towards the ink: enough
to see, too little to compete with the words."""

Op = Shape | TextBlock | Icon


class _Upright:
    """Collects ops drawn in the standing screen's frame and turns them onto the sheet."""

    def __init__(self, w: float, h: float, where: Location) -> None:
        self.w, self.h, self.where = w, h, where
        self.ops: list[Op] = []

    def _flip(self, x: float, y: float, bw: float, bh: float) -> tuple[float, float]:
        return self.w - x - bw, self.h - y - bh

    def shape(self, kind: str, x: float, y: float, bw: float, bh: float, fill: str) -> None:
        fx, fy = self._flip(x, y, bw, bh)
        self.ops.append(Shape(kind, fx, fy, bw, bh, fill, None, 0, 0))

    def icon(self, path: str, x: float, y: float, size: float, colour: str) -> None:
        fx, fy = self._flip(x, y, size, size)
        self.ops.append(Icon(path, fx, fy, size, size, colour, 180))

    def text(
        self,
        words: str,
        font: str,
        size: float,
        least: float,
        box: tuple[float, float, float, float],
        colour: str,
        who: str,
    ) -> None:
        fx, fy = self._flip(*box)
        block = set_text(
            words, font, size, least, 1.0, (fx, fy, box[2], box[3]), "center", "middle",
            colour, who=who, where=self.where,
        )  # fmt: skip
        self.ops.append(replace(block, rotate=180))


def outside_ops(
    game: Game, comp: ScreenComponent, ctx: dict[str, Any], w: float, h: float, where: Location
) -> list[Op]:
    """The outside half (top of the strip, ``w`` × ``h`` mm), upside down on the sheet."""
    fill = render_colour(comp.color, ctx, where, "color")
    ink = render_colour(comp.ink, ctx, where, "ink")
    name = render_text(comp.icon, ctx, where, "icon").strip()
    symbol = str(find_icon(name, icon_dirs(game.template_dirs()), where)) if name else ""
    n = len(comp.panels)
    pw, b, s = w / n, BLEED_MM, SAFE_MM
    up = _Upright(w, h, where)
    up.shape("rect", -b, -WRAP_MM, w + 2 * b, h + b + WRAP_MM, fill)
    if symbol:
        _wallpaper(up, symbol, mix(fill, ink, PATTERN_TONE), w, h - BAND_MM)
    band = h - BAND_MM
    band_fill = mix(fill, ink, BAND_TONE)
    up.shape("rect", -b, band, w + 2 * b, BAND_MM + b, band_fill)
    sub = render_text(comp.sub, ctx, where, "sub").strip()
    label = render_text(comp.label, ctx, where, "label").strip()
    front = (n - 1) // 2  # the panel that faces the table when the screen stands
    for i in range(n):
        x = i * pw
        top, bottom = s + 2, band - s  # the art area: under the fold, over the band
        if i == front and label:
            title_h = min(22.0, (bottom - top) * 0.34)
            up.text(label, "Lato-Black", 34, 12, (x + s, top, pw - 2 * s, title_h), ink, "label")
            top += title_h + 2
        if symbol:
            d = min(pw - 2 * s - 16, (bottom - top) * 0.92, 46.0)
            _medallion(up, symbol, x + pw / 2, (top + bottom) / 2, d, fill, ink)
        if sub:
            box = (x + s, band + 2.5, pw - 2 * s, BAND_MM - 2.5 - s)
            up.text(sub, "Lato-Black", 16, 7, box, legible(fill, band_fill), "sub")
    return up.ops


def _wallpaper(up: _Upright, symbol: str, tone: str, w: float, h: float) -> None:
    """Small symbols on a staggered grid over the colour, clear of the fold and the band
    (bled off the side edges, where the sheet's clip stops them)."""
    step, size = PATTERN_STEP_MM, PATTERN_ICON_MM
    rows = int((h - size - 1.5) // step) + 1
    for r in range(rows):
        y = 1.5 + r * step
        shift = step / 2 if r % 2 else 0.0
        x = -BLEED_MM - shift
        while x < w + BLEED_MM:
            up.icon(symbol, x, y, size, tone)
            x += step


def _medallion(
    up: _Upright, symbol: str, cx: float, cy: float, d: float, fill: str, ink: str
) -> None:
    """The player's symbol in a ringed disc: ink ring, colour disc, ink symbol."""
    ring = max(1.2, d * 0.05)
    up.shape("ellipse", cx - d / 2, cy - d / 2, d, d, ink)
    inner = d - 2 * ring
    up.shape("ellipse", cx - inner / 2, cy - inner / 2, inner, inner, fill)
    size = d * 0.56
    up.icon(symbol, cx - size / 2, cy - size / 2, size, ink)
