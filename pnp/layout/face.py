"""Lay out one card face or back from a layout template: a list of shapes and text blocks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Location, PnpError, display_path, shown
from pnp.layout.ops import Face, Icon, Picture, Shape, TextBlock
from pnp.layout.textfit import set_text
from pnp.spec.fields import parse_size
from pnp.spec.layouts import read_card_layout
from pnp.spec.load import Card, Game
from pnp.spec.model import CardLayout, Element
from pnp.spec.paths import climbs_out, file_inside
from pnp.text.files import image_size
from pnp.text.icons import find_icon, icon_dirs
from pnp.text.richtext import ICON_MARK
from pnp.text.template import is_true, render_colour, render_text


@dataclass(frozen=True, slots=True)
class LoadedLayout:
    layout: CardLayout
    path: Path
    locations: list[Location]
    icon_dirs: tuple[Path, ...] = ()
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
    example = "a layout in templates/cards/" if key == "layout" else "a file in templates/"
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


_layouts: dict[Path, LoadedLayout] = {}


def load_layout(
    game: Game, name: str, size_mm: tuple[float, float], used_at: Location
) -> LoadedLayout:
    key = ("layout", name, str(size_mm))
    if key in game.memo:
        return game.memo[key]  # type: ignore[no-any-return]
    path = find_template(game, name, used_at, "layout", "cards/{}.yaml")
    if path not in _layouts:
        layout, locs = read_card_layout(path)
        _layouts[path] = LoadedLayout(layout, path, locs)
    loaded = replace(_layouts[path], icon_dirs=icon_dirs(game.template_dirs()), game_root=game.root)
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
    for el, el_loc in zip(loaded.layout.elements, loaded.locations, strict=True):
        if el.when is not None and not is_true(el.when, ctx, el_loc):
            continue
        if el.kind in _DRAWN_BY:
            drawn = _DRAWN_BY[el.kind](el, el_loc, _Card(ctx, who, where, loaded, font_dir))
            if drawn is not None:
                parts.append((el, drawn))
            continue
        x, y, ew, eh = el.rect
        shape = Shape(
            el.kind,
            x,
            y,
            ew,
            eh,
            _colour(el.fill, ctx, el_loc),
            _colour(el.stroke, ctx, el_loc),
            el.stroke_width,
            el.radius,
        )
        parts.append((el, shape))
    return parts


def _text(el: Element, el_loc: Location, on: _Card) -> TextBlock | None:
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


def _set(el: Element, el_loc: Location, text: str, colour: str, field: str, on: _Card) -> TextBlock:
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


def _icon(el: Element, el_loc: Location, on: _Card) -> Icon | None:
    name = render_text(el.icon, on.ctx, on.where, f"{on.who}: icon").strip()
    if not name:
        return None
    path = find_icon(name, on.loaded.icon_dirs, el_loc if "{" not in el.icon else on.where)
    x, y, w, h = el.rect
    colour = _colour(el.color, on.ctx, el_loc) or "#000000"
    return Icon(str(path), x, y, w, h, colour, el.rotate)


def _picture(el: Element, el_loc: Location, on: _Card) -> Picture | None:
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


_DRAWN_BY: dict[str, Any] = {"text": _text, "icon": _icon, "image": _picture}


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
    data = card.context()
    ctx = {
        "card": data,
        "type": {
            "id": card.type,
            "label": ct.label,
            "color": ct.color,
            "ink": ct.ink,
            "kind": ct.kind,
            "icon": ct.icon,
            "hand": ct.hand,
            "stacked": ct.stacked,
            "symbol": ct.symbol,
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
