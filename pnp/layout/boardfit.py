"""Does a counter fit the board space it sits on? (`fits: BOARD.REGION`: at least 1 mm of play)

A piece needs play to be picked up and set down without nudging its neighbours: at
least PLAY_MM across and down between its declared size and the smallest space of the
region it names. Sizes are the data's own (a counter's `size_mm`, a space's geometry
from the board's YAML), so a designer who resizes either hears of it at `validate`.
"""

from __future__ import annotations

from pnp._errors import Finding, PnpError, Severity, unknown
from pnp.layout.boardparts import region_spaces
from pnp.spec.components import BoardComponent, TokensComponent
from pnp.spec.game import Game
from pnp.text.template import render_text

PLAY_MM = 1.0


def board_regions(game: Game) -> dict[str, tuple[float, float] | None]:
    """Every named region as `BOARD.REGION`: the size of its smallest space (w, h) in mm,
    None when its geometry is wrong (the board's own check names that)."""
    out: dict[str, tuple[float, float] | None] = {}
    for i, comp in enumerate(game.spec.components):
        if not isinstance(comp, BoardComponent):
            continue
        for ri, region in enumerate(comp.regions):
            if region.id is None:
                continue
            try:
                spaces = region_spaces(
                    game, region, game.spec_location("components", i, "regions", ri)
                )
            except PnpError:
                spaces = []
            name = f"{comp.id}.{region.id}"
            out[name] = (min(s.w for s in spaces), min(s.h for s in spaces)) if spaces else None
    return out


def _sizes(game: Game, comp: TokensComponent, gi: int) -> list[float]:
    """The declared size of each counter of group ``gi`` (one per row with `each`)."""
    group = comp.groups[gi]
    rows: list[object] = [None]
    if group.each is not None:
        table = game.spec.tables.get(group.each)
        rows = table if isinstance(table, list) else []
    out = []
    for row in rows:
        try:
            out.append(
                float(render_text(group.token.size_mm, {"tables": game.spec.tables, "row": row}))
            )
        except (PnpError, ValueError):  # the counters sheet's own check names it
            continue
    return out


def fit_findings(game: Game) -> list[Finding]:
    """An error at each `fits:` that names no board region, and at each whose counters
    have less than PLAY_MM of play in the region's smallest space."""
    regions = board_regions(game)
    out: list[Finding] = []
    for i, comp in enumerate(game.spec.components):
        if not isinstance(comp, TokensComponent):
            continue
        for gi, group in enumerate(comp.groups):
            fits = group.fits or comp.fits
            if fits is None:
                continue
            keys = (
                ("components", i, "groups", gi, "fits") if group.fits else ("components", i, "fits")
            )
            where = game.spec_location(*keys)
            if fits not in regions:
                out.append(
                    Finding(
                        Severity.ERROR,
                        f"fits: {unknown('board region', fits, sorted(regions))}",
                        where,
                    )
                )
                continue
            space = regions[fits]
            if space is None:
                continue
            sw, sh = space
            for size in _sizes(game, comp, gi):
                if size + PLAY_MM <= min(sw, sh) + 1e-9:
                    continue
                out.append(
                    Finding(
                        Severity.ERROR,
                        f"fits: {group.title!r} ({comp.id}), {size:g}×{size:g} mm, does not fit a "
                        f"space of {fits}, {sw:.1f}×{sh:.1f} mm, with {PLAY_MM:g} mm of play: make "
                        f"the spaces {size + PLAY_MM:g}×{size + PLAY_MM:g} mm or larger, or the "
                        f"counters {min(sw, sh) - PLAY_MM:.1f} mm or smaller",
                        where,
                    )
                )
                break
    return out
