"""What rulebooks and aids say: the context their templates see, their rendered Markdown,
the credits, and each PDF's metadata. The build places and draws them (pnp.build.game)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pnp._errors import DataError, Location, display_path, shown
from pnp.games import engine_for
from pnp.games.decisions import record_runs
from pnp.layout.face import art_used, card_context, find_template, known_art
from pnp.layout.titleart import TitleArt, players_text
from pnp.plan.credits import MADE_WITH, copyright_line, credit_line
from pnp.plan.doc_meta import DocInfo
from pnp.plan.settings import BuildOptions
from pnp.spec.components import AidComponent
from pnp.spec.game import Game
from pnp.spec.gamefiles import Unreadable, read_game_file
from pnp.spec.model import GameSpec
from pnp.text.art import art_source
from pnp.text.fonts import load_font
from pnp.text.game_assets import image_size, svg_size
from pnp.text.icons import CREDIT as ICONS_CREDIT
from pnp.text.places import SourcePlaces
from pnp.text.template import render_text


def template_context(game: Game, chits: str = "square") -> dict[str, Any]:
    """What a rulebook or aid template sees: the game, its cards, tables and engine
    figures, and how its counters print under ``--chits`` (``counters``)."""
    from pnp.layout.setup_table import counter_looks

    cards = [card_context(game, c)["card"] for c in game.cards]
    by_type: dict[str, list[dict[str, Any]]] = {t: [] for t in game.spec.card_types}
    for c in cards:
        by_type[c["type"]].append(c)
    counts: Counter[str] = Counter()
    for c in game.cards:
        counts[c.type] += c.qty
        counts["deck:" + c.deck] += c.qty
    engine = engine_for(game)
    return {
        "game": game.spec.model_dump(),
        "tables": game.spec.tables,
        "cards": cards,
        "by_type": by_type,
        "counts": dict(counts),
        "decks": [d.model_dump() for d in game.spec.decks],
        "types": {k: v.model_dump() for k, v in game.spec.card_types.items()},
        "examples": engine.worked_examples(game) if engine else {},
        "record": record_runs(game, engine),
        "expansions": [{"name": e.spec.name, "mark": e.mark} for e in game.expansions],
        "chits": chits,
        "counters": counter_looks(game, chits),
    }


TEMPLATE_BYTES = 1_000_000
"""Largest rulebook or aid template file read."""
RULEBOOK_CHARS = 200_000
"""Longest rendered rulebook or aid text (the longest rulebook today, •Boom's, is 21,000)."""


def _markdown(game: Game, name: str, ctx: dict[str, Any], where: Location, key: str) -> str:
    """A rulebook or aid template, found (safely) and rendered; ``key`` at ``where`` named it.
    An error in the rendered text is placed on the template's line that made it."""
    path = find_template(game, name, where, key)
    try:
        source = read_game_file(path, TEMPLATE_BYTES).decode("utf-8")
    except Unreadable as exc:
        raise DataError(f"{key}: {shown(name)} {exc.problem}", where) from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{key}: {shown(name)} is not UTF-8 text ({exc.reason})", where) from None
    source = source.replace("\r\n", "\n").replace("\r", "\n")  # as open() in text mode reads
    text = render_text(source, ctx, Location(path), name, RULEBOOK_CHARS, whole_file=True)
    place = SourcePlaces(path, source, text)
    missing = load_font("Lato-Regular").missing(text)
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        chars = ", ".join(map(repr, missing[:5]))
        first = min(missing, key=text.index)
        raise DataError(
            f"{name} uses {chars}{more}, not in the rulebook font",
            place.at(text.index(first), first),
        )
    return _resolve_figures(game, text, place)


_FIGURE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
FIGURE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")


def _resolve_figures(game: Game, text: str, place: SourcePlaces) -> str:
    """``![caption](name.svg)`` names a file in the game's templates: find it (safely, like
    every template) and check it (pnp.text.game_assets) so the renderer gets a checked absolute
    path of a file it can draw."""

    def resolve(m: re.Match[str]) -> str:
        name = m.group(2)
        if name in GENERATED:  # drawn by pnp from the data (rulebook_figures)
            return m.group(0)
        where = place.at(m.start(), m.group(0))
        if name.startswith("pnp:"):
            raise DataError(f"figure {shown(name)}: pnp draws {' and '.join(GENERATED)}", where)
        if not name.lower().endswith(FIGURE_SUFFIXES):
            raise DataError(f"figure {shown(name)}: use an .svg, .png or .jpg file", where)
        path = find_template(game, name, where, "figure")
        check = svg_size if name.lower().endswith(".svg") else image_size
        check(path, f"figure {shown(name)}", where)
        return f"![{m.group(1)}]({path.as_posix()})"

    return _FIGURE.sub(resolve, text)


GENERATED = ("pnp:anatomy", "pnp:setup")
"""Figures pnp draws from the game's data (pnp.render.generated): the card anatomy and the
table at the start."""


def rulebook_figures(
    game: Game,
    text: str,
    options: BuildOptions | None = None,
    ctx: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The data of each generated figure ``text`` places, by its name: plain data that
    goes with the text to the process that typesets it. The pieces are drawn as the
    build with ``options`` prints them (``--chits``); ``ctx`` is what the screens'
    templates see."""
    out: dict[str, Any] = {}
    if "(pnp:anatomy)" in text and game.cards:
        from pnp.layout.anatomy import card_anatomy

        out["pnp:anatomy"] = card_anatomy(game)
    if "(pnp:setup)" in text:
        from pnp.layout.setup_table import table_view
        from pnp.plan import kinds  # noqa: F401  (binds the kinds' pictures)
        from pnp.plan.settings import BuildOptions

        out["pnp:setup"] = table_view(game, options or BuildOptions(), BuildOptions(), ctx)
    return out


def doc_info(spec: GameSpec, what: str) -> DocInfo:
    """A PDF's metadata: the game and part as title, the original designer as author,
    the terms of copying in the subject."""
    title = what if spec.name in what else f"{spec.name} — {what}"
    subject = f"{title}: a print-and-play edition {MADE_WITH}"
    if spec.license:
        subject += f". {spec.license.short}"
    return DocInfo(title, spec.credits.designer if spec.credits else "", subject)


ICON_IN_TEXT = re.compile(r":[a-z0-9][a-z0-9-]*:")


def icon_credit(game: Game) -> list[str]:
    """The bundled icons' credit, when the game draws an icon (type, back or in text)."""
    spec = game.spec
    used = (
        any(t.icon for t in spec.card_types.values())
        or any(d.back.icon for d in spec.decks)
        or any(ICON_IN_TEXT.search(c.text) for c in game.cards)
    )
    return [ICONS_CREDIT] if used else []


def art_credit(game: Game) -> list[str]:
    """One line per set and licence of the art the game's cards print, naming every piece
    by its author: "Art from Game-icons.net, CC BY 3.0: by Lorc: gems, rocket; by …"."""
    by_set: dict[tuple[str, str], dict[str, list[str]]] = {}
    for path in art_used(game):
        src = art_source(path)
        key = (src.set, src.licence) if src else (path.parent.name, "licence not recorded")
        author = src.author if src else "author not recorded"
        by_set.setdefault(key, {}).setdefault(author, []).append(path.stem)
    lines = []
    for (art_set, licence), authors in sorted(by_set.items()):
        parts = [f"by {a}: {', '.join(sorted(n))}" for a, n in sorted(authors.items())]
        lines.append(f"Art from {art_set}, {licence}: {'; '.join(parts)}.")
    return lines


def credits_markdown(game: Game) -> str:
    """The credits section every rulebook opens with (under its title), from `credits:`
    and `license:`, plus the credit of the icons and art the game uses."""
    spec = game.spec
    out = ["## Credits", ""]
    lines = icon_credit(game) + art_credit(game)
    if spec.credits:
        c = spec.credits
        out += [f"**Original game:** {c.designer}.", ""]
        lines = ([c.copyright] if c.copyright else []) + list(c.lines) + lines
    for line in lines:
        out += [line, ""]
    if spec.license and spec.license.text:
        out += [spec.license.text, ""]
    out += [
        f"*This edition was {MADE_WITH}, which prints games from plain data files: "
        "its cards, counters, aids and this book are typeset from the same numbers.*",
        "",
    ]
    return "\n".join(out)


def aid_markdown(
    game: Game, comp: AidComponent, ctx: dict[str, Any] | None = None, back: bool = False
) -> str:
    """The aid's template (or, with ``back``, its back's) rendered with the game's data."""
    name, where, key = _aid_template(game, comp, back)
    return _markdown(game, name, ctx or template_context(game), where, key)


def _aid_template(game: Game, comp: AidComponent, back: bool) -> tuple[str, Location, str]:
    """The aid's template name (or its back's), where game.yaml names it, and the key."""
    key = "back" if back else "template"
    where = game.spec_location("components", game.spec.components.index(comp), key)
    return (comp.back if back else comp.template), where, key


def aid_source(game: Game, comp: AidComponent, back: bool = False) -> tuple[str, Location]:
    """The aid's template (or its back's) in words, key and file, and where it is named:
    what an error about its text names."""
    name, where, key = _aid_template(game, comp, back)
    path = find_template(game, name, where, key)
    return f"{key}: {shown(name)} (file {display_path(path)})", where


def rulebook_markdown(game: Game, ctx: dict[str, Any] | None = None) -> str:
    """The rulebook template rendered with the game's data."""
    assert game.spec.rulebook, "the game has no rulebook"
    where = game.spec_location("rulebook")
    return _markdown(game, game.spec.rulebook, ctx or template_context(game), where, "rulebook")


def rulebook_footer(spec: GameSpec) -> str:
    """The line at the foot of every rulebook page (the game is named once)."""
    line = credit_line(spec)
    return line if spec.name in line else f"{spec.name} rules · {line}"


def rulebook_setting(game: Game) -> tuple[DocInfo, str, str, str, TitleArt]:
    """What the rulebook is typeset with besides its text: metadata, the footer line,
    the accent colour, the credits (kept together, first under the title) and the title art."""
    spec = game.spec
    footer, credits = rulebook_footer(spec), credits_markdown(game)
    return doc_info(spec, "rules"), footer, spec.accent, credits, title_art(game)


def title_art(game: Game) -> TitleArt:
    """The title art of the rulebook's cover and the card box: the game's `art` (else the
    first deck back's, else the first card type's), name, tagline and facts. An unknown
    `art` is an error at its key."""
    spec = game.spec
    named: list[tuple[str, tuple[str | int, ...]]] = [(spec.art, ("art",))]
    named += [(d.back.art, ("decks", i, "back", "art")) for i, d in enumerate(spec.decks)]
    named += [(t.art, ("card_types", k, "art")) for k, t in spec.card_types.items()]
    art = next(((n, at) for n, at in named if n), None)
    path = str(known_art(game, art[0], game.spec_location(*art[1]))) if art else ""
    facts = [players_text(spec.players.min, spec.players.max)]
    facts += [spec.playing_time] if spec.playing_time else []
    facts += [f"A game by {spec.credits.designer}"] if spec.credits else []
    credit = copyright_line(spec)
    return TitleArt(spec.name, spec.tagline, path, tuple(facts), spec.accent, credit)
