"""Lay out one card face or back from a layout template: a list of shapes and text blocks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Location, PnpError, display_path, shown
from pnp.layout.ops import Art, Face, Icon, Picture, Shape, TextBlock
from pnp.layout.textfit import set_text
from pnp.layout.tints import contrast, mix
from pnp.spec.components import BoardComponent
from pnp.spec.elements import (
    ArtElement,
    CardLayout,
    Element,
    IconElement,
    ImageElement,
    LineElement,
    RectElement,
    ShapeElement,
    TextElement,
)
from pnp.spec.fields import parse_size
from pnp.spec.game import Card, Game
from pnp.spec.layouts import read_card_layout
from pnp.spec.paths import climbs_out, file_inside
from pnp.text.art import art_dirs, find_art
from pnp.text.game_assets import image_size
from pnp.text.icons import find_icon, icon_dirs
from pnp.text.richtext import ICON_MARK
from pnp.text.template import is_true, render_colour, render_text


@dataclass(frozen=True, slots=True)
class LoadedLayout:
    layout: CardLayout
    path: Path
    locations: list[Location]
    icon_dirs: tuple[Path, ...] = ()
    art_dirs: tuple[Path, ...] = ()
    game_root: Path | None = None
    """Folder that `image:` paths are relative to (and must stay inside)."""


def find_template(game: Game, name: str, where: Location, key: str, file: str = "{}") -> Path:
    """The file ``file.format(name)`` in the game's template folders (``key`` and ``where``
    name the setting that asked for it). A path that is absolute, climbs out with '..' or
    resolves through a link outside the game, its expansions and its template folders (its
    own, the checkout's, the bundled ones) is refused."""
    key_found = (file, name)
    if key_found in game.memo:
        return game.memo[key_found]
    quoted = shown(name)
    example = (
        "a layout in templates/cards/" if file.startswith("cards/") else "a file in templates/"
    )
    if not name or "\0" in name or climbs_out(name):
        raise DataError(
            f"{key}: {quoted} is outside the game folder; name {example}",
            where,
        )
    roots = [game.root, *(e.root for e in game.expansions), *game.template_dirs()]
    allowed = [p.resolve() for p in roots]
    for folder in game.template_dirs():
        real = file_inside(folder / file.format(name), allowed, f"{key}: {quoted}", where)
        if real is not None:
            game.memo[key_found] = real
            return real
    folders = ", ".join(display_path(d) for d in game.template_dirs())
    raise DataError(
        f"{key}: {quoted} not found (no file {shown(file.format(name))} in {folders})", where
    )


_layouts: dict[tuple[Path, tuple[Path, ...]], LoadedLayout] = {}
"""Layouts read, by file and the template folders its `extends:` was looked up in."""


def load_layout(
    game: Game, name: str, size_mm: tuple[float, float], used_at: Location
) -> LoadedLayout:
    key = ("layout", name, str(size_mm))
    if key in game.memo:
        return game.memo[key]  # type: ignore[no-any-return]
    path = find_template(game, name, used_at, "layout", "cards/{}.yaml")
    dirs = game.template_dirs()
    read = (path, (game.root, *dirs))
    if read not in _layouts:
        layout, locs = read_card_layout(
            path, lambda parent, at: find_template(game, parent, at, "extends", "cards/{}.yaml")
        )
        _layouts[read] = LoadedLayout(layout, path, locs)
    loaded = replace(
        _layouts[read], icon_dirs=icon_dirs(dirs), art_dirs=art_dirs(dirs), game_root=game.root
    )
    w, h = parse_size(loaded.layout.size)
    if abs(w - size_mm[0]) > 0.01 or abs(h - size_mm[1]) > 0.01:
        raise DataError(
            f"layout: {shown(name)} is drawn for {w}×{h} mm cards but the deck's cards are "
            f"{size_mm[0]}×{size_mm[1]} mm",
            used_at,
        )
    game.memo[key] = loaded
    return loaded


def _colour(value: str | None, ctx: dict[str, Any], where: Location) -> str | None:
    if value is None:
        return None
    return render_colour(value, ctx, where)


@dataclass(frozen=True, slots=True)
class _Card:
    """What every element of one card's layout is resolved against."""

    ctx: dict[str, Any]
    who: str
    where: Location
    loaded: LoadedLayout
    font_dir: Path | None


def lay_out_face(
    loaded: LoadedLayout,
    ctx: dict[str, Any],
    who: str,
    where: Location,
    font_dir: Path | None = None,
) -> Face:
    """Resolve every element of a layout for one card (``who`` names it in errors)."""
    w, h = parse_size(loaded.layout.size)
    ops = tuple(op for _, op in face_parts(loaded, ctx, who, where, font_dir))
    return Face(w, h, ops)


Op = Shape | TextBlock | Icon | Picture


def face_parts(
    loaded: LoadedLayout,
    ctx: dict[str, Any],
    who: str,
    where: Location,
    font_dir: Path | None = None,
) -> list[tuple[Element, Op]]:
    """Each element drawn for one card, with what it drew (in drawing order): the card
    anatomy figure names a card's parts by the elements that drew them."""
    parts: list[tuple[Element, Op]] = []
    on = _Card(ctx, who, where, loaded, font_dir)
    for el, el_loc in zip(loaded.layout.elements, loaded.locations, strict=True):
        if el.when is not None and not is_true(el.when, ctx, el_loc):
            continue
        match el:
            case TextElement():
                drawn: Op | None = _text(el, el_loc, on)
            case IconElement():
                drawn = _icon(el, el_loc, on)
            case ImageElement():
                drawn = _picture(el, el_loc, on)
            case ArtElement():  # a pattern: one op per copy
                parts += [(el, op) for op in _art(el, el_loc, on)]
                continue
            case _:
                drawn = _shape(el, el_loc, ctx)
        if drawn is not None:
            parts.append((el, drawn))
    return parts


def _shape(el: ShapeElement, el_loc: Location, ctx: dict[str, Any]) -> Shape:
    x, y, ew, eh = el.rect
    fill = None if isinstance(el, LineElement) else _colour(el.fill, ctx, el_loc)
    radius = el.radius if isinstance(el, RectElement) else 0.0
    return Shape(
        el.kind, x, y, ew, eh, fill, _colour(el.stroke, ctx, el_loc), el.stroke_width, radius
    )


def _text(el: TextElement, el_loc: Location, on: _Card) -> TextBlock | None:
    field = el.field or el.text.strip("{} ")
    text = render_text(el.text, on.ctx, on.where, f"{on.who}: {field}").strip()
    if el.upper:  # icon names stay as they are
        text = "".join(
            part if ICON_MARK.fullmatch(part) else part.upper() for part in ICON_MARK.split(text)
        )
    if not text:
        return None
    colour = _colour(el.color, on.ctx, el_loc) or "#000000"
    try:
        return _set(el, el_loc, text, colour, field, on)
    except PnpError as exc:  # a font that cannot be read: the element named it
        if exc.location is None:
            exc.location = el_loc
        raise


def _set(
    el: TextElement, el_loc: Location, text: str, colour: str, field: str, on: _Card
) -> TextBlock:
    return set_text(
        text,
        el.font,
        el.size,
        el.min_size or el.size,
        el.leading,
        el.rect,
        el.align,
        el.valign,
        colour,
        el.rotate,
        f"{on.who}: field {field!r}",
        on.where,
        on.font_dir,
        rich=True,
        icon_dirs=on.loaded.icon_dirs,
        hyphenate=el.hyphenate,
        size_at=el_loc,
    )


def _icon(el: IconElement, el_loc: Location, on: _Card) -> Icon | None:
    name = render_text(el.icon, on.ctx, on.where, f"{on.who}: icon").strip()
    if not name:
        return None
    path = find_icon(name, on.loaded.icon_dirs, el_loc if "{" not in el.icon else on.where)
    x, y, w, h = el.rect
    colour = _colour(el.color, on.ctx, el_loc) or "#000000"
    return Icon(str(path), x, y, w, h, colour, el.rotate)


def _picture(el: ImageElement, el_loc: Location, on: _Card) -> Picture | None:
    name = render_text(el.image, on.ctx, on.where, f"{on.who}: image").strip()
    if not name or on.loaded.game_root is None:
        return None
    root, what = on.loaded.game_root, f"{on.who}: image {shown(name)}"
    if "\0" in name or climbs_out(name):
        raise DataError(f"{what} is outside the game folder (give a path inside it)", on.where)
    path = file_inside(root / name, [root.resolve()], what, on.where)
    if path is None:
        raise DataError(f"{what} cannot be read (no such file in {display_path(root)})", on.where)
    iw, ih = image_size(path, what, on.where)
    x, y, w, h = el.rect
    scale = (max if el.fit == "cover" else min)(w / iw, h / ih)
    pw, ph = iw * scale, ih * scale
    return Picture(str(path), x + (w - pw) / 2, y + (h - ph) / 2, pw, ph, el.rect)


def _art(el: ArtElement, el_loc: Location, on: _Card) -> list[Art]:
    """The art named, tinted: `tint` of the way from `fill` to `color`; with `step`, a
    pattern of whole copies inside the element's box."""
    name = render_text(el.art, on.ctx, on.where, f"{on.who}: art").strip()
    if not name:
        return []
    path = str(find_art(name, on.loaded.art_dirs, el_loc if "{" not in el.art else on.where))
    colour = _colour(el.color, on.ctx, el_loc) or "#000000"
    if el.tint < 1 or el.contrast is not None:
        ground = _colour(el.fill, on.ctx, el_loc)
        if ground is None:
            raise DataError("tint: art drawn lighter needs fill: the colour it lies on", el_loc)
        colour = mix(ground, colour, _share(ground, colour, el.tint, el.contrast))
    x, y, w, h = el.rect
    if el.step is None:
        return [Art(path, x, y, w, h, colour, el.rotate)]
    if min(el.step) <= 0:
        raise DataError(f"step: {list(el.step)} must be two lengths above 0 mm", el_loc)
    return [Art(path, *at, colour, el.rotate) for at in _pattern(el.rect, el.step)]


@cache  # a deck asks the same few questions thousands of times
def _share(ground: str, colour: str, tint: float, least: float | None) -> float:
    """How much of ``colour`` the art takes: ``tint``, or with ``least`` the smallest share
    (in hundredths) whose contrast with ``ground`` reaches it."""
    if least is None:
        return tint
    return next(
        (k / 100 for k in range(101) if contrast(mix(ground, colour, k / 100), ground) >= least),
        1.0,
    )


def _pattern(
    rect: tuple[float, float, float, float], step: tuple[float, float]
) -> list[tuple[float, float, float, float]]:
    """The boxes of a pattern's copies: a row every ``dy``, a copy every ``dx``, every other
    row shifted half a step, centred in ``rect``; whole copies only."""
    x, y, w, h = rect
    dx, dy = step
    side = 0.6 * min(dx, dy)
    rows, cols = int((h - side) // dy) + 1, int((w - side) // dx) + 1
    top, left = y + (h - side - (rows - 1) * dy) / 2, x + (w - side - (cols - 1) * dx) / 2
    boxes = []
    for r in range(max(rows, 0)):
        shift = dx / 2 if r % 2 else 0.0
        for c in range(-1, cols + 1):
            bx = left + shift + c * dx
            if x - 1e-6 <= bx and bx + side <= x + w + 1e-6:
                boxes.append((bx, top + r * dy, side, side))
    return boxes


def known_art(game: Game, name: str, where: Location) -> Path:
    """The file of art ``name`` that the game's data names at ``where`` (the error points
    at the data, not at the layout that draws it)."""
    if ("art", name) not in game.memo:
        game.memo["art", name] = find_art(name, art_dirs(game.template_dirs()), where)
    return game.memo["art", name]  # type: ignore[no-any-return]


def art_used(game: Game) -> list[Path]:
    """Every art file the game prints: its title art, the art its card types, cards and
    deck backs name, the art the layouts they use name outright, and its boards' art."""
    spec, found = game.spec, dict[Path, None]()
    if spec.art:  # the title art of the rulebook's cover and the box
        found[known_art(game, spec.art, game.spec_location("art"))] = None
    layouts: dict[tuple[str, tuple[float, float]], Location] = {}
    for key, ct in spec.card_types.items():
        if ct.art:
            found[known_art(game, ct.art, game.spec_location("card_types", key, "art"))] = None
        size = next(d.size_mm for d in spec.decks if d.id == ct.deck)
        layouts.setdefault((ct.layout, size), game.spec_location("card_types", key, "layout"))
    for card in game.cards:
        if card.fields.get("art"):
            found[known_art(game, card.fields["art"], card.where("art"))] = None
    for i, deck in enumerate(spec.decks):
        if deck.back.art:
            found[known_art(game, deck.back.art, game.spec_location("decks", i, "back", "art"))] = (
                None
            )
        layouts.setdefault((deck.back.layout, deck.size_mm), game.spec_location("decks", i, "back"))
    for (name, size), where in layouts.items():
        loaded = load_layout(game, name, size, where)
        for el, loc in zip(loaded.layout.elements, loaded.locations, strict=True):
            if isinstance(el, ArtElement) and el.art.strip() and "{" not in el.art:
                found[find_art(el.art.strip(), loaded.art_dirs, loc)] = None
    for i, comp in enumerate(spec.components):
        for ri, region in enumerate(comp.regions if isinstance(comp, BoardComponent) else ()):
            if region.kind == "art":
                where = game.spec_location("components", i, "regions", ri, "art")
                found[known_art(game, region.art.strip(), where)] = None
    return list(found)


def card_context(game: Game, card: Card) -> dict[str, Any]:
    """What a face layout sees; the card's own text is rendered first, against the card."""
    ct = game.spec.card_types[card.type]
    for key, name in (("icon", ct.icon), ("symbol", ct.symbol)):
        if name and ("icon", name) not in game.memo:
            # a wrong name is the game file's mistake: point there
            game.memo["icon", name] = find_icon(
                name,
                icon_dirs(game.template_dirs()),
                game.spec_location("card_types", card.type, key),
            )
    if ct.art:
        known_art(game, ct.art, game.spec_location("card_types", card.type, "art"))
    data = card.context()
    if data.setdefault("art", ""):  # '' when the card names none: `card.art or type.art`
        known_art(game, data["art"], card.where("art"))
    ctx = {
        "card": data,
        "type": {
            "id": card.type,
            "label": data.get("label") or ct.label,  # a card's own replaces its type's
            "color": ct.color,
            "ink": ct.ink,
            "kind": data.get("kind") or ct.kind,
            "icon": ct.icon,
            "hand": ct.hand,
            "stacked": ct.stacked,
            "symbol": ct.symbol,
            "art": ct.art,
        },
        "game": {"id": game.spec.id, "name": game.spec.name, "accent": game.spec.accent},
        "tables": game.spec.tables,
    }
    data["text"] = render_text(card.text, ctx, card.where("text"), f"card {card.id!r}: text")
    if "flavor" in data:
        data["flavor"] = render_text(
            data["flavor"], ctx, card.where("flavor"), f"card {card.id!r}: flavor"
        )
    ctx["type"]["index"] = render_text(ct.index, ctx, card.loc, f"card {card.id!r}: index")
    return ctx
