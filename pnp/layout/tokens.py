"""Counter sheets: tokens from the data, packed in rows under their group titles."""

from __future__ import annotations

from typing import Any

from pnp._errors import DataError, Location
from pnp.layout.ops import Face, Shape, TextBlock
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import PAPERS_MM
from pnp.layout.textfit import set_text
from pnp.load import Game
from pnp.model import Token, TokensComponent
from pnp.text import render_text

PAGE_MARGIN_MM = 10.0
GAP_MM = 3.0
TITLE_MM = 9.0
CUT_COLOUR = "#444444"


def title_block(
    text: str,
    x: float,
    y: float,
    size: float,
    font: str = "Lato-Black",
    colour: str = "#141414",
    width: float | None = None,
    align: str = "left",
) -> TextBlock:
    """One line of text whose top is at ``y`` (mm from the top), ``width`` wide."""
    box = (x, y, width or PAPERS_MM["letter"][0], size * 0.5)
    return set_text(text, font, size, size, 1.0, box, align, "top", colour, who=repr(text))


def token_face(
    label: str, sub: str, shape: str, d: float, fill: str, ink: str, who: str, where: Location
) -> Face:
    ops: list[Shape | TextBlock] = [
        Shape(
            "ellipse" if shape == "circle" else "rect",
            0,
            0,
            d,
            d,
            fill,
            CUT_COLOUR,
            0.25,
            0 if shape == "circle" else 1.5,
        )
    ]
    label_h = d * (0.42 if sub else 0.55)
    top = d * (0.18 if sub else 0.22)
    ops.append(
        set_text(
            label,
            "Lato-Black",
            d * 1.6,
            5,
            1.1,
            (d * 0.15, top, d * 0.7, label_h),
            "center",
            "middle",
            ink,
            0,
            f"{who}: label",
            where,
        )
    )
    if sub:
        ops.append(
            set_text(
                sub,
                "Lato-Bold",
                min(7.0, d * 0.32),
                3.5,
                1.1,
                (d * 0.14, top + label_h, d * 0.72, d * 0.26),
                "center",
                "middle",
                ink,
                0,
                f"{who}: sub",
                where,
            )
        )
    return Face(d, d, tuple(ops))


def _resolve(token: Token, ctx: dict[str, Any], where: Location) -> dict[str, Any]:
    out: dict[str, Any] = {
        k: render_text(str(v), ctx, where, f"token {k}") for k, v in token.model_dump().items()
    }
    for key in ("count", "size_mm"):
        try:
            out[key] = float(out[key]) if key == "size_mm" else int(out[key])
        except ValueError:
            raise DataError(f"token {key} {out[key]!r} is not a number", where) from None
    return out


def lay_out_tokens(
    game: Game, comp: TokensComponent, index: int, paper: str
) -> tuple[list[Page], dict[str, Face]]:
    """Pages of counters, each a cut-out shape with a thin outline."""
    pw, ph = PAPERS_MM[paper]
    faces: dict[str, Face] = {}
    pages: list[Page] = [Page((pw, ph), decor=[title_block(comp.title, PAGE_MARGIN_MM, 8, 14)])]
    y = 8 + TITLE_MM
    for gi, group in enumerate(comp.groups):
        where = game.spec_location("components", index, "groups", gi)
        rows: list[Any] = [None]
        if group.each is not None:
            rows = game.spec.tables.get(group.each)  # type: ignore[assignment]
            if not isinstance(rows, list):
                raise DataError(f"each: no table {group.each!r} under tables:", where)
        specs = [_resolve(group.token, {"row": r, "tables": game.spec.tables}, where) for r in rows]
        d_max = max(s["size_mm"] for s in specs)
        if y + TITLE_MM + d_max > ph - PAGE_MARGIN_MM:
            pages.append(Page((pw, ph)))
            y = PAGE_MARGIN_MM
        pages[-1].decor.append(title_block(group.title, PAGE_MARGIN_MM, y, 10, "Lato-Bold"))
        y += 6.5
        x = PAGE_MARGIN_MM
        for ri, spec in enumerate(specs):
            d = spec["size_mm"]
            key = f"token:{comp.id}:{gi}:{ri}"
            faces[key] = token_face(
                spec["label"],
                spec["sub"],
                spec["shape"],
                d,
                spec["color"],
                spec["ink"],
                f"{comp.id}: {group.title}",
                where,
            )
            for n in range(spec["count"]):
                if x + d > pw - PAGE_MARGIN_MM:
                    x, y = PAGE_MARGIN_MM, y + d_max + GAP_MM
                if y + d > ph - PAGE_MARGIN_MM:
                    pages.append(Page((pw, ph)))
                    x, y = PAGE_MARGIN_MM, PAGE_MARGIN_MM
                trim = (x, ph - y - d, x + d, ph - y)
                clip = (trim[0] - 0.5, trim[1] - 0.5, trim[2] + 0.5, trim[3] + 0.5)
                pages[-1].items.append(
                    Placed(f"{key.split(':', 1)[1]}:{n + 1}", group.title, key, trim, clip)
                )
                x += d + GAP_MM
        y += d_max + GAP_MM + 2
    return pages, faces
