"""A whole build: validate, lay out every component, render, write atomically."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp._errors import DataError, Location, Severity, ValidationFailed, shown
from pnp.fonts import load_font
from pnp.icons import CREDIT as ICONS_CREDIT
from pnp.layout.board import lay_out_board
from pnp.layout.cards import SheetOptions, impose_cards, impose_copies, lay_out_faces
from pnp.layout.cuts import cut_file_name, cut_svg
from pnp.layout.face import card_context, find_template
from pnp.layout.pages import Page
from pnp.layout.screen import lay_out_screens
from pnp.layout.sheet import PAPERS_MM, plan_grid
from pnp.layout.tokens import lay_out_tokens
from pnp.layout.track import lay_out_track
from pnp.load import Game
from pnp.model import (
    AidComponent,
    BoardComponent,
    GameSpec,
    ScreenComponent,
    TokensComponent,
    TrackComponent,
    parse_size,
)
from pnp.output import DOCUMENT_KINDS, KINDS, OutputFile, write_all
from pnp.pool import worker_count
from pnp.render.meta import DocInfo
from pnp.text import render_text
from pnp.validate import engine_for, validate_game

if TYPE_CHECKING:
    from pnp.render.aid import AidLayout
    from pnp.render.rulebook import BookLayout


def template_context(game: Game) -> dict[str, Any]:
    """What a rulebook or aid template sees: the game, its cards, tables and engine figures."""
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
        "expansions": [{"name": e.spec.name, "mark": e.mark} for e in game.expansions],
    }


TEMPLATE_BYTES = 1_000_000
"""Largest rulebook or aid template file read."""
RULEBOOK_CHARS = 200_000
"""Longest rendered rulebook or aid text (the longest rulebook today, •Boom's, is 21,000)."""


def _markdown(game: Game, name: str, ctx: dict[str, Any], where: Location, key: str) -> str:
    """A rulebook or aid template, found (safely) and rendered; ``key`` at ``where`` named it."""
    path = find_template(game, name, where, key)
    if path.stat().st_size > TEMPLATE_BYTES:
        raise DataError(f"{key}: {shown(name)} is larger than {TEMPLATE_BYTES:,} bytes", where)
    try:
        source = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{key}: {shown(name)} is not UTF-8 text ({exc.reason})", where) from None
    text = render_text(source, ctx, Location(path), name, RULEBOOK_CHARS, whole_file=True)
    text = _resolve_figures(game, text, Location(path))
    missing = load_font("Lato-Regular").missing(text)
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        chars = ", ".join(map(repr, missing[:5]))
        raise DataError(f"{name} uses {chars}{more}, not in the rulebook font", Location(path))
    return text


_FIGURE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")
FIGURE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")


def _resolve_figures(game: Game, text: str, where: Location) -> str:
    """``![caption](name.svg)`` names a file in the game's templates: find it (safely, like
    every template) so the renderer gets a checked absolute path."""

    def resolve(m: re.Match[str]) -> str:
        name = m.group(2)
        if not name.lower().endswith(FIGURE_SUFFIXES):
            raise DataError(f"figure {shown(name)}: use an .svg, .png or .jpg file", where)
        return f"![{m.group(1)}]({find_template(game, name, where, 'figure').as_posix()})"

    return _FIGURE.sub(resolve, text)


MADE_WITH = "made with pnp"


def doc_info(spec: GameSpec, what: str) -> DocInfo:
    """A PDF's metadata: the game and part as title, the original designer as author,
    the terms of copying in the subject."""
    title = what if spec.name in what else f"{spec.name} — {what}"
    subject = f"{title}: a print-and-play edition {MADE_WITH}"
    if spec.license:
        subject += f". {spec.license.short}"
    return DocInfo(title, spec.credits.designer if spec.credits else "", subject)


def credit_line(spec: GameSpec) -> str:
    """The one line every aid card and rulebook page carries."""
    parts = [
        spec.credits.copyright if spec.credits else "",
        spec.license.short if spec.license else "",
    ]
    return " · ".join([p for p in parts if p] + [MADE_WITH.replace(" ", "\u00a0")])


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


def credits_markdown(game: Game) -> str:
    """The credits section every rulebook ends with, from `credits:` and `license:`,
    plus the credit of the icons the game uses."""
    spec = game.spec
    out = ["## Credits", ""]
    lines = icon_credit(game)
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


def plan_outputs(
    game: Game,
    options: SheetOptions,
    only: frozenset[str] | None = None,
    defer: bool = False,
) -> list[OutputFile]:
    """The build's files (all, or the kinds in ``only``), laid out so that every error
    surfaces before anything is written.

    With ``defer`` each file is laid out when it is drawn instead, so that the worker
    processes of ``--jobs`` share the layout too; an error then surfaces while the files
    are drawn to temporaries, and still nothing is written."""
    from pnp.render.docs import write_pages

    want = only or frozenset(KINDS)
    gid = game.spec.id
    font_dir = game.root / "fonts"
    shared: dict[str, Any] = {}

    def context() -> dict[str, Any]:
        if "ctx" not in shared:
            shared["ctx"] = template_context(game)
        return shared["ctx"]  # type: ignore[no-any-return]

    def file(path: str, kind: str, title: str, make: Callable[[], Laid]) -> OutputFile:
        def drawn() -> tuple[list[Page], Callable[[Path], None]]:
            pages, faces = make()
            return pages, _bind(write_pages, pages, faces, doc_info(game.spec, title), font_dir)

        return _output(path, kind, drawn, defer)

    files: list[OutputFile] = []
    if "cards" in want and game.cards:

        def cards() -> Laid:
            faces = lay_out_faces(game)
            return impose_cards(game, options, faces), faces

        files.append(file(f"{gid}-cards.pdf", "cards", "cards", cards))
    for i, comp in enumerate(game.spec.components):
        if comp.kind not in want:
            continue
        path = f"{gid}-{comp.id}.pdf"
        if isinstance(comp, TokensComponent):
            make = partial(lay_out_tokens, game, comp, i, options)
        elif isinstance(comp, TrackComponent):
            make = partial(_track, game, comp, i, options)
        elif isinstance(comp, BoardComponent):
            credit = credit_line(game.spec)
            make = partial(lay_out_board, game, comp, i, options.paper, options.margin, credit)
        elif isinstance(comp, ScreenComponent):
            make = partial(_screens, game, comp, i, options, context)
        elif isinstance(comp, AidComponent):
            files.append(_output(path, "aid", partial(_aid, game, comp, options, context), defer))
            continue
        files.append(file(path, comp.kind, comp.title, make))
    if game.spec.rulebook and "rulebook" in want:
        paper = PAPERS_MM[options.paper]
        text = None if defer else rulebook_markdown(game, context())

        def rulebook() -> tuple[list[Page], Callable[[Path], None]]:
            return _rulebook(
                game, rulebook_markdown(game, context()) if text is None else text, paper
            )

        files.append(_output(f"{gid}-rulebook.pdf", "rulebook", rulebook, defer))
    if options.cut_file == "svg":
        files += [cut for f in files for cut in cut_files(f)]
    return files


Laid = tuple[list[Page], dict[str, Any]]
"""A file's pages and the faces they place."""


def _output(
    path: str, kind: str, make: Callable[[], tuple[list[Page], Callable[[Path], None]]], defer: bool
) -> OutputFile:
    """An output file laid out by ``make`` now, or when it is drawn (``defer``)."""
    if not defer:
        pages, draw = make()
        return OutputFile(path, kind, pages, draw)
    out = OutputFile(path, kind, [], lambda _: None)

    def lay_out_and_draw(target: Path) -> None:
        out.pages, draw_now = make()
        draw_now(target)

    out.write = lay_out_and_draw
    return out


def _track(game: Game, comp: TrackComponent, i: int, options: SheetOptions) -> Laid:
    return lay_out_track(game, comp, i, options.paper, options.margin), {}


def _screens(
    game: Game,
    comp: ScreenComponent,
    i: int,
    options: SheetOptions,
    context: Callable[[], dict[str, Any]],
) -> Laid:
    ctx = {**context(), "credit": credit_line(game.spec)}
    return lay_out_screens(game, comp, i, options.paper, ctx, options.margin)


def _aid(
    game: Game, comp: AidComponent, options: SheetOptions, context: Callable[[], dict[str, Any]]
) -> tuple[list[Page], Callable[[Path], None]]:
    from pnp.render.docs import write_aid

    layout = aid_layout(game, comp, context())
    pages = impose_copies(comp.id, parse_size(comp.size), comp.copies, options)
    info = doc_info(game.spec, comp.title)
    return pages, _bind(write_aid, pages, layout, info, game.spec.accent)


def cut_files(pdf: OutputFile) -> list[OutputFile]:
    """One SVG of cut paths per sheet of ``pdf`` that has anything to cut."""
    out = []
    for n, page in enumerate(pdf.pages, start=1):
        if page.cuts:
            name = cut_file_name(pdf.path, n)
            write = _bind(_write_text, cut_svg(page))
            out.append(OutputFile(name, "cut", [page], write, source=pdf.path))
    return out


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def aid_layout(game: Game, comp: AidComponent, ctx: dict[str, Any] | None = None) -> AidLayout:
    """The aid's text set at the largest size that fills its panel (raises if it cannot fit)."""
    from pnp.render.aid import lay_out_aid

    where = game.spec_location("components", game.spec.components.index(comp), "template")
    text = _markdown(game, comp.template, ctx or template_context(game), where, "template")
    size = parse_size(comp.size)
    return lay_out_aid(text, size, comp.title, game.spec.accent, credit_line(game.spec))


def rulebook_markdown(game: Game, ctx: dict[str, Any] | None = None) -> str:
    """The rulebook template rendered with the game's data."""
    assert game.spec.rulebook, "the game has no rulebook"
    where = game.spec_location("rulebook")
    return _markdown(game, game.spec.rulebook, ctx or template_context(game), where, "rulebook")


def rulebook_footer(spec: GameSpec) -> str:
    """The line at the foot of every rulebook page (the game is named once)."""
    line = credit_line(spec)
    return line if spec.name in line else f"{spec.name} rules · {line}"


def typeset_rulebook(game: Game, text: str, paper: tuple[float, float], path: Path) -> BookLayout:
    """Typeset the rendered rulebook ``text`` to ``path``, the credits kept together at
    its end; returns where every block landed."""
    from pnp.render.rulebook import write_rulebook

    spec = game.spec
    return write_rulebook(
        path,
        text,
        paper,
        doc_info(spec, "rules"),
        rulebook_footer(spec),
        spec.accent,
        coda=credits_markdown(game),
    )


def _rulebook(
    game: Game, text: str, paper: tuple[float, float]
) -> tuple[list[Page], Callable[[Path], None]]:
    """The rulebook is typeset as it is drawn: its pages are counted when it is written."""
    pages: list[Page] = []

    def write(path: Path) -> None:
        pages.extend(Page(paper) for _ in range(typeset_rulebook(game, text, paper, path).pages))

    return pages, write


def _bind(fn: Any, *args: Any) -> Any:
    return lambda path: fn(path, *args)


def build_game(
    game: Game,
    options: SheetOptions,
    out: Path,
    only: frozenset[str] | None = None,
    jobs: int = 1,
) -> list[Path]:
    """Validate, lay out and write the game's PDFs and manifest.json into ``out``, the
    files drawn in ``jobs`` processes (0: one per core)."""
    findings = validate_game(game)
    if any(f.severity is Severity.ERROR for f in findings):
        raise ValidationFailed(findings)
    groups = len({kind in DOCUMENT_KINDS for kind in _kinds(game, only)})
    two = worker_count(jobs, groups) > 1  # sheets here, documents in a worker
    # with a worker, each process lays out what it draws (cut files need the pages first)
    files = plan_outputs(game, options, only, defer=two and not options.cut_file)
    if two:
        from pnp.render.pdf import DOCUMENT_FONTS, ensure_font

        for name in DOCUMENT_FONTS:  # read here once: both processes draw with them
            ensure_font(name)
    manifest = {
        "game": game.spec.id,
        "options": {
            "paper": options.paper,
            "bleed_mm": _effective_bleed(game, options),
            "margin_mm": options.margin,
            "layout": options.layout,
            "layout_reason": LAYOUT_REASONS[options.layout],
            "deck_per_sheet": options.deck_per_sheet,
            "registration": options.registration,
            "duplex": options.duplex,
            "back_offset_mm": list(options.back_offset),
            "expansions": [e.id for e in game.expansions],
        },
    }
    return write_all(out, files, manifest, jobs)


def _kinds(game: Game, only: frozenset[str] | None) -> set[str]:
    """The kinds of file a build of ``game`` writes (those in ``only``, if given)."""
    kinds: set[str] = {c.kind for c in game.spec.components}
    kinds |= {"cards"} if game.cards else set()
    kinds |= {"rulebook"} if game.spec.rulebook else set()
    return kinds & (only or frozenset(KINDS))


def _effective_bleed(game: Game, options: SheetOptions) -> float | None:
    """The bleed the card sheets got (the first deck's; None for a game without decks)."""
    if not game.spec.decks:
        return options.bleed
    size = game.spec.decks[0].size_mm
    layout = "grid" if options.layout == "auto" else options.layout  # both: up to 3 mm
    return plan_grid(options.paper, size, options.bleed, options.inner_margin, layout).bleed


LAYOUT_REASONS = {
    "auto": "per sheet: a butted grid where every card on it (and every back) has one "
    "colour in its outer band, so a cut that misses by 1 mm shows nothing else; gutters "
    "with full bleed where the bands differ",
    "grid": "cards butt on shared cut lines: the most cards per sheet; a cut that misses "
    "by 1 mm shows the neighbour's edge band, which is the same colour on both sides",
    "gutter": "gutters between cards, each card bleeding into its half (at least 1.25 mm, "
    "up to 3 mm): perhaps a card less per sheet, but a cut that misses by 1 mm shows the "
    "card's own colour",
    "fold": "each front beside its own back, folded on the dashed line and glued or "
    "sleeved: for printers without duplex",
}
"""Why a layout: written into the manifest (options.layout_reason) and the README."""


def write_calibration(paper: str, out: Path) -> Path:
    """The back-offset test sheet, ``out/calibration-<paper>.pdf``."""
    from pnp.layout.calibration import calibration_pages
    from pnp.render.docs import write_pages

    pages = calibration_pages(paper)
    name = f"calibration-{paper}.pdf"
    file = OutputFile(name, "aid", pages, _bind(write_pages, pages, {}, "Back-side test"))
    write_all(out, [file], None)
    return out / name
