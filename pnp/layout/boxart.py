"""The printed tuck box: its net (pnp.layout.tuckbox) as sheets, each outside panel a face
in the game's title art (pnp.layout.titleart), with fold lines dashed grey, the outline to
cut solid black and the glue flaps tinted and marked.

The front carries the art, the title, the tagline and the facts (players, time,
designer); the back the contents and the copyright; each side the title along its
length, read with the box lying on its back; the lid the title, read from the front.
Words keep :data:`INSET_MM` inside their panel, so no fold line crosses them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp._errors import LayoutError
from pnp.layout.ops import Art, Face, Shape, TextBlock
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import Rect
from pnp.layout.textfit import set_text
from pnp.layout.titleart import TitleArt
from pnp.layout.tuckbox import PANELS, BoxSize, Piece, Sheet, box_sheets, box_size, lines

INSET_MM = 3.0
"""Words and art keep this far inside their panel's folds."""
GLUE_TINT, GLUE_INK = "#e8e8e8", "#8a8a8a"
NOTCH_FILL = "#ffffff"
CUT_INK, CUT_MM = "#000000", 0.2
"""The outline to cut: solid black, as thin as the sheets' crop marks."""
BLEED_MM = 0.5
"""Each panel's colour runs this far past its folds and cut lines: no seam of paper shows
between two panels, nor at an edge cut a little off."""


@dataclass(frozen=True)
class BoxContents:
    """What one box holds: its name, the card size it is made for, how many cards and the
    decks (name, count) it lists."""

    name: str
    card: tuple[float, float]
    count: int
    decks: tuple[tuple[str, int], ...]


def game_boxes(
    decks: list[tuple[str, tuple[float, float], int]],
    name: str,
    sleeved: bool,
    paper: str,
    margin: float,
) -> list[tuple[BoxContents, BoxSize, list[Sheet]]]:
    """The boxes for ``decks`` (name, card size, count): one for the game, as large as its
    largest card and as deep as all its cards; where that does not fit the paper (even in
    two parts), one for each deck; a deck too thick for one, in boxes of equal share."""
    decks = [d for d in decks if d[2] > 0]
    card = (max(d[1][0] for d in decks), max(d[1][1] for d in decks))
    whole = BoxContents(name, card, sum(d[2] for d in decks), tuple((d[0], d[2]) for d in decks))
    found = _fitted(whole, sleeved, paper, margin)
    if found is not None:
        return [found]
    out = []
    for deck, size, count in decks:
        for parts in range(1, count + 1):
            share = [count // parts + (k < count % parts) for k in range(parts)]
            boxes = [BoxContents(deck if parts == 1 else f"{deck} {k + 1}/{parts}", size, n,
                                 ((deck, n),)) for k, n in enumerate(share)]  # fmt: skip
            fitted = [_fitted(b, sleeved, paper, margin) for b in boxes]
            if all(f is not None for f in fitted):
                out += [f for f in fitted if f is not None]
                break
            if parts == count:
                w, h = size
                raise LayoutError(
                    f"deck {deck!r}: cards of {w:g}×{h:g} mm are too large for a box on "
                    f"{paper}; leave the box out with --only (the other kinds)"
                )
    return out


def _fitted(
    contents: BoxContents, sleeved: bool, paper: str, margin: float
) -> tuple[BoxContents, BoxSize, list[Sheet]] | None:
    size = box_size(contents.card, contents.count, sleeved)
    try:
        return contents, size, box_sheets(size, paper, margin)
    except LayoutError:
        return None


def box_pages(
    sheets: list[Sheet], size: BoxSize, art: TitleArt, contents: BoxContents, key: str
) -> tuple[list[Page], dict[str, Face]]:
    """The pages of one box (``key`` names its faces and items) and the faces they place."""
    pages: list[Page] = []
    faces: dict[str, Face] = {}
    for sheet in sheets:
        page = Page(sheet.size, layout="box", bleed=BLEED_MM)  # cut lines drawn over panels
        folds, cuts = lines(sheet.pieces)
        page.folds = folds
        sides = 0
        for i, piece in enumerate(sheet.pieces):
            x0, y0, x1, y1 = piece.box
            if piece.role in PANELS:
                face_key = f"{key}-{sheet.part}-{i}"
                faces[face_key] = _panel(piece, art, contents, size)
                sides += piece.role == "side"
                item_id = f"{key}-{piece.role}" + (f"-{sides}" if piece.role == "side" else "")
                clip = (x0 - BLEED_MM, y0 - BLEED_MM, x1 + BLEED_MM, y1 + BLEED_MM)
                page.items.append(Placed(item_id, "box", face_key, piece.box, clip))
            elif piece.role == "glue":
                page.decor += _glue(piece, sheet.size[1])
        page.decor += [_cut(c, sheet.size[1]) for c in cuts]
        pages.append(page)
    return pages, faces


def _panel(piece: Piece, art: TitleArt, contents: BoxContents, size: BoxSize) -> Face:
    """One outside panel's face (mm from its top-left, y down)."""
    x0, y0, x1, y1 = piece.box
    w, h = x1 - x0, y1 - y0
    ground = Shape("rect", 0, 0, w, h, art.accent, None, 0, 0)
    ops: list[Shape | TextBlock | Art] = [ground]
    if piece.role == "front":
        ops += _front(w, h, art, _part(art, contents))
        notch = [p for p in piece.points if y0 < p[1] < y1 - 1e-6]
        if notch:  # the thumb notch: cut away, so left white
            r = max(x for x, _ in notch) - (x0 + x1) / 2
            ops.append(Shape("ellipse", w / 2 - r, -r, 2 * r, 2 * r, NOTCH_FILL, None, 0, 0))
    elif piece.role == "back":
        ops += _back(w, h, art, contents, size)
    elif piece.role == "side":  # along the side, read top to bottom like a book's spine
        area = (INSET_MM, 3 * INSET_MM, w - 2 * INSET_MM, h - 6 * INSET_MM)
        part = _part(art, contents)
        spine = f"{art.title} · {part}" if part else art.title
        ops += _words(spine, "Lato-Black", 16, area, art, rotate=270)
    elif piece.role == "lid":  # it folds over towards the front: read from there
        area = (INSET_MM, INSET_MM, w - 2 * INSET_MM, h - 2 * INSET_MM)
        ops += _words(art.title, "Lato-Black", 12, area, art, rotate=180)
    return Face(w, h, tuple(ops))


def _part(art: TitleArt, contents: BoxContents) -> str:
    """What a box holds when it is not the whole game (a deck, or a share of one)."""
    return "" if contents.name == art.title else contents.name


def _front(w: float, h: float, art: TitleArt, part: str) -> list[Shape | TextBlock | Art]:
    inner = w - 2 * INSET_MM
    out: list[Shape | TextBlock | Art] = []
    top = 12.0  # below the thumb notch
    side = min(inner * 0.8, h * 0.42)
    if art.art and side >= 12:
        out.append(Art(art.art, (w - side) / 2, top, side, side, art.art_ink))
        top += side + 4
    out += _words(art.title, "Lato-Black", 22, (INSET_MM, top, inner, min(20.0, h / 6)), art,
                  valign="top")  # fmt: skip
    top += min(20.0, h / 6) + 1
    if part:
        out += _words(part.upper(), "Lato-Black", 8, (INSET_MM, top, inner, 5), art, valign="top")
        top += 6
    if art.tagline:
        out += _words(art.tagline, "Lato-Italic", 8, (INSET_MM, top, inner, 8), art, valign="top")
    facts = "\n".join(art.facts)
    if facts:
        out += _words(facts, "Lato-Bold", 7.5, (INSET_MM, h - 17, inner, 14), art, valign="bottom")
    return out


def _back(
    w: float, h: float, art: TitleArt, contents: BoxContents, size: BoxSize
) -> list[Shape | TextBlock | Art]:
    inner = w - 2 * INSET_MM
    out: list[Shape | TextBlock | Art] = []
    out += _words(art.title, "Lato-Black", 13, (INSET_MM, 6, inner, 8), art)
    listed = "\n".join(f"{n} × {name}" for name, n in contents.decks)
    inside = f"{size.width:.0f} × {size.height:.0f} × {size.depth:.0f} mm inside"
    out += _words(f"**Contents**\n{listed}\n*{inside}*", "Lato-Regular", 7.5,
                  (INSET_MM, 17, inner, h / 2 - 17), art, valign="top", rich=True)  # fmt: skip
    side = min(inner * 0.4, h * 0.2)
    if art.art and side >= 10:
        out.append(Art(art.art, (w - side) / 2, h / 2 + 2, side, side, art.art_ink))
    credit = "\n".join(p for p in (art.credit, "made with pnp") if p)
    out += _words(credit, "Lato-Italic", 5.5, (INSET_MM, h - 16, inner, 13), art,
                  valign="bottom", fine=True)  # fmt: skip
    return out


def _words(
    text: str,
    font: str,
    size: float,
    box: tuple[float, float, float, float],
    art: TitleArt,
    rotate: int = 0,
    valign: str = "middle",
    least: float = 6.0,
    rich: bool = False,
    fine: bool = False,
) -> list[TextBlock]:
    """``text`` fitted in ``box`` in the panel's ink (none when it cannot fit: a box
    too small for its words prints its art alone). A turned block is laid out in the box
    turned back about its centre, so it fills the box once turned."""
    x, y, bw, bh = box
    if rotate in (90, 270):
        cx, cy = x + bw / 2, y + bh / 2
        x, y, bw, bh = cx - bh / 2, cy - bw / 2, bh, bw
    if bw <= 0 or bh <= 0:
        return []
    try:
        fitted = (x, y, bw, bh)
        block = set_text(text, font, size, min(least, size), 1.15, fitted, "center", valign,
                         art.ink, rotate, "box text", rich=rich, fine_print=fine)  # fmt: skip
    except LayoutError:
        return []
    return [block]


def _cut(segment: Rect, page_h: float) -> Shape:
    """One straight piece of the outline, solid black (decor: mm from the page's top)."""
    x0, y0, x1, y1 = segment
    return Shape("line", x0, page_h - y0, x1 - x0, y0 - y1, None, CUT_INK, CUT_MM, 0)


def _glue(piece: Piece, page_h: float) -> list[Shape | TextBlock]:
    """The glue flap tinted (between its cut corners), marked GLUE along it (decor: mm
    from the page's top)."""
    x0, y0, x1, y1 = piece.box
    low = max(y for x, y in piece.points if x == x1 and y < (y0 + y1) / 2)
    high = min(y for x, y in piece.points if x == x1 and y > (y0 + y1) / 2)
    tint = Shape("rect", x0, page_h - high, x1 - x0, high - low, GLUE_TINT, None, 0, 0)
    width, height = y1 - y0 - 10, x1 - x0 - 2
    cx, cy = (x0 + x1) / 2, page_h - (y0 + y1) / 2
    try:
        word = set_text("GLUE", "Lato-Bold", 7, 6, 1.0, (cx - width / 2, cy - height / 2, width,
                        height), "center", "middle", GLUE_INK, 90, "glue mark")  # fmt: skip
    except LayoutError:
        return [tint]
    return [tint, word]
