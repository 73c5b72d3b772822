"""The files of a build, planned: which files a game makes, each laid out (now, or when it
is drawn) and bound to the function that draws it. Nothing is written here; pnp.build
writes the files, and `pnp validate` plans them all to find every layout error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from pnp.layout.board import lay_out_board
from pnp.layout.cards import SheetOptions, impose_cards, impose_copies, lay_out_faces
from pnp.layout.cuts import cut_file_name, cut_svg
from pnp.layout.ink import file_coverage, save_ink, save_ink_pages
from pnp.layout.labels import label_pages
from pnp.layout.pages import Page
from pnp.layout.riders import counters_on_cards
from pnp.layout.screen import lay_out_screens
from pnp.layout.sheet import PAPERS_MM
from pnp.layout.shop import one_piece_boxes
from pnp.layout.tokens import lay_out_tokens
from pnp.layout.track import lay_out_track
from pnp.render.documents import (
    aid_layout,
    aid_markdown,
    aid_source,
    copyright_line,
    credit_line,
    doc_info,
    rulebook_figures,
    rulebook_markdown,
    rulebook_setting,
    template_context,
    title_art,
)
from pnp.render.files import KINDS, OutputFile, Typeset
from pnp.spec.components import (
    AidComponent,
    BoardComponent,
    ScreenComponent,
    TokensComponent,
    TrackComponent,
)
from pnp.spec.fields import parse_size
from pnp.spec.game import Game


def plan_outputs(
    game: Game,
    options: SheetOptions,
    only: frozenset[str] | None = None,
    defer: bool = False,
    guide: bool = False,
) -> list[OutputFile]:
    """The build's files (all, or the kinds in ``only``), laid out so that every error
    surfaces before anything is written.

    With ``defer`` each file is laid out when it is drawn instead, so that the worker
    processes of ``--jobs`` share the layout too; an error then surfaces while the files
    are drawn to temporaries, and still nothing is written. With ``guide``, the start-here
    sheet comes last (pnp.render.guide), to be drawn after the others."""
    from pnp.render.writers import write_pages

    want = only or frozenset(KINDS)
    font_dir = game.root / "fonts"
    context = _lazy_context(game, options.chits)

    def file(plan: SheetPlan) -> OutputFile:
        def drawn() -> Drawn:
            pages, faces = plan.lay_out()
            ink = file_coverage(pages, faces)
            if options.ink_saver:
                faces = {key: save_ink(face) for key, face in faces.items()}
                pages = save_ink_pages(pages)
            info = doc_info(game.spec, plan.title)
            return pages, _bind(write_pages, pages, dict(faces), info, font_dir), ink

        return _output(plan.path, plan.kind, drawn, defer, usable_margin(plan.kind, options))

    files: list[OutputFile] = []
    plans = sheet_plans(game, options, None, context)
    if guide:  # it pictures the pieces as laid out here: once for both
        plans = [p if p.kind == "cards" else replace(p, lay_out=_once(p.lay_out)) for p in plans]
    for plan in (p for p in plans if p.kind in want):
        if plan.aid is not None:
            files.append(_aid(game, plan.aid, plan.path, options, context, defer))
        else:
            files.append(file(plan))
    if game.spec.rulebook and "rulebook" in want:
        name = f"{game.spec.id}-rulebook"
        files.append(_rulebook(game, f"{name}.pdf", options, context, defer))
        if options.booklet:
            booklet = _rulebook(game, f"{name}-booklet.pdf", options, context, defer, True)
            files.append(booklet)
    if options.shop_pdf and "cards" in want and game.cards:
        from pnp.render.shop import shop_files

        files += shop_files(game)
    if options.cut_file == "svg":
        files += [cut for f in files for cut in cut_files(f)]
    if not guide or not files:  # nothing to print: nothing to start from
        return files
    from pnp.render.guide import guide_file

    return [*files, guide_file(game, options, plans)]


def usable_margin(kind: str, options: SheetOptions) -> float | tuple[float, float]:
    """Where the pieces of a file of ``kind`` may lie: inside the printer margin, and for the
    kinds laid out around registration marks (cards, counters, aids) inside their room too.
    A sheet's fill and the file's lower bound on sheets are measured inside it."""
    if kind in ("cards", "aid"):
        return options.packed_margins
    return options.inner_margin if kind == "tokens" else options.margin


Laid = tuple[list[Page], dict[str, Any]]
"""A file's pages and the faces they place."""


@dataclass(frozen=True)
class SheetPlan:
    """A file of sheets (cards, tokens, board, screen, track, an aid's copies), not yet laid
    out: ``lay_out()`` gives its pages and the faces they place. An aid's faces are empty:
    its panel is typeset by platypus when it is drawn (``aid`` says which)."""

    path: str
    kind: str
    title: str
    lay_out: Callable[[], Laid]
    aid: AidComponent | None = None


def sheet_plans(
    game: Game,
    options: SheetOptions,
    only: frozenset[str] | None = None,
    context: Callable[[], dict[str, Any]] | None = None,
) -> list[SheetPlan]:
    """Every file of the build that layout places in full (all but the rulebook), in the
    build's order: what the build draws, and what the display-list goldens record."""
    want = only or frozenset(KINDS)
    context = context or _lazy_context(game, options.chits)
    gid = game.spec.id
    plans: list[SheetPlan] = []
    riders = [
        (i, c)
        for i, c in enumerate(game.spec.components)
        if isinstance(c, TokensComponent) and c.with_cards and "cards" in want and game.cards
    ]
    if "cards" in want and game.cards:

        def cards() -> Laid:
            faces = lay_out_faces(game)
            pages = impose_cards(game, options, faces)
            for i, comp in riders:  # counters printed on the card sheets
                counters_on_cards(game, comp, i, options, pages, faces)
            return pages, faces

        plans.append(SheetPlan(f"{gid}-cards.pdf", "cards", "cards", cards))
    for i, comp in enumerate(game.spec.components):
        if comp.kind not in want or any(comp is c for _, c in riders):
            continue
        make: Callable[[], Laid]
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
            make = partial(_aid_copies, comp, options)
        plans.append(SheetPlan(f"{gid}-{comp.id}.pdf", comp.kind, comp.title, make, _as_aid(comp)))
    if "box" in want and game.cards:
        plans.append(SheetPlan(f"{gid}-box.pdf", "box", "card box", partial(_box, game, options)))
    return [replace(p, lay_out=_labelled(game, p, options)) for p in plans]


ONE_PIECE_KINDS = ("board", "screen")
"""Files that print one piece a page: each page gets its TrimBox and BleedBox."""


def _box(game: Game, options: SheetOptions) -> Laid:
    """The card box (or boxes): sized to the game's cards, bare or sleeved."""
    from pnp.layout.boxart import box_pages, game_boxes

    counts: dict[str, int] = {}
    for card in game.cards:
        counts[card.deck] = counts.get(card.deck, 0) + card.qty
    decks = [(d.name, d.size_mm, counts.get(d.id, 0)) for d in game.spec.decks]
    art = title_art(game)
    pages: list[Page] = []
    faces: dict[str, Any] = {}
    found = game_boxes(decks, game.spec.name, options.sleeved, options.paper, options.margin)
    for i, (contents, size, sheets) in enumerate(found, start=1):
        laid, drawn = box_pages(sheets, size, art, contents, f"box{i}")
        pages += laid
        faces.update(drawn)
    return pages, faces


def _labelled(game: Game, plan: SheetPlan, options: SheetOptions) -> Callable[[], Laid]:
    """``plan``'s layout with a label on each page, in the margin outside the cut area
    (and, one piece a page, the page's trim and bleed boxes)."""

    def lay_out() -> Laid:
        pages, faces = plan.lay_out()
        label_sheets(game, plan.path, pages, options)
        if plan.kind in ONE_PIECE_KINDS:
            one_piece_boxes(pages)
        return pages, faces

    return lay_out


def label_sheets(game: Game, path: str, pages: list[Page], options: SheetOptions) -> None:
    """Label every page of the sheet file ``path``: game, file, sheet k/n, side, copyright."""
    label_pages(pages, game.spec.name, path, copyright_line(game.spec), options.margin)


def _as_aid(comp: object) -> AidComponent | None:
    return comp if isinstance(comp, AidComponent) else None


def _aid_copies(comp: AidComponent, options: SheetOptions) -> Laid:
    return impose_copies(
        comp.id, parse_size(comp.size), comp.copies, options, two_faces=bool(comp.back)
    ), {}


def _lazy_context(game: Game, chits: str) -> Callable[[], dict[str, Any]]:
    """The rulebook's template context (for counters printed as ``--chits`` says), made
    on first use and then shared."""
    shared: dict[str, Any] = {}

    def context() -> dict[str, Any]:
        if "ctx" not in shared:
            shared["ctx"] = template_context(game, chits)
        return shared["ctx"]  # type: ignore[no-any-return]

    return context


Drawn = tuple[list[Page], Callable[[Path], None], tuple[float, float]]
"""A file laid out: its pages, how to draw them, its ink coverage (as drawn, ink saver)."""


def _output(
    path: str,
    kind: str,
    make: Callable[[], Drawn],
    defer: bool,
    margin: float | tuple[float, float],
) -> OutputFile:
    """An output file of sheets laid out by ``make`` now, or when it is drawn (``defer``);
    ``margin``, the printer margin, measures its lower bound on sheets."""
    if not defer:
        pages, draw, ink = make()
        return OutputFile(path, kind, pages, draw, margin=margin, ink=ink)
    out = OutputFile(path, kind, [], lambda _: None, margin=margin)

    def lay_out_and_draw(target: Path) -> None:
        out.pages, draw_now, out.ink = make()
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
    game: Game,
    comp: AidComponent,
    path: str,
    options: SheetOptions,
    context: Callable[[], dict[str, Any]],
    defer: bool,
) -> OutputFile:
    """An aid: its copies imposed now; its text rendered, set and written when it is
    drawn, here or by the typesetter process (or set now too, unless ``defer``)."""
    from pnp.render.writers import aid_file, write_aid

    size = parse_size(comp.size)
    pages, _ = _aid_copies(comp, options)
    label_sheets(game, path, pages, options)
    info = doc_info(game.spec, comp.title)
    laid = None if defer else aid_layout(game, comp, context())  # a text too long, found now
    laid_back = aid_layout(game, comp, context(), back=True) if comp.back and not defer else None

    def typeset() -> Typeset:
        text = aid_markdown(game, comp, context())
        back = aid_markdown(game, comp, context(), back=True) if comp.back else ""
        credit = credit_line(game.spec)
        accent = game.spec.accent
        sources = aid_source(game, comp), aid_source(game, comp, True) if comp.back else None
        args = (pages, text, size, comp.title, accent, credit, info, back, sources)
        return Typeset(aid_file, args)

    def write(target: Path) -> None:
        if laid is not None:
            write_aid(target, pages, laid, info, game.spec.accent, laid_back)
        else:
            job = typeset()
            job.draw(target, *job.args)

    margin = usable_margin("aid", options)
    return OutputFile(path, "aid", pages, write, typeset=typeset, margin=margin)


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


def _rulebook(
    game: Game,
    path: str,
    options: SheetOptions,
    context: Callable[[], dict[str, Any]],
    defer: bool,
    booklet: bool = False,
) -> OutputFile:
    """The rulebook, typeset as it is drawn (here or by the typesetter process): its pages
    are counted when it is written. Its template is rendered now, unless ``defer``.
    With ``booklet``: set on half pages and imposed two up on the paper (--booklet).
    Its figures draw the pieces as ``options`` print them (``--chits``)."""
    from pnp.render.writers import booklet_file, rulebook_file

    text = None if defer else rulebook_markdown(game, context())  # a template error, found now
    paper = options.paper
    if not defer:
        title_art(game)  # and an unknown `art:`
    draw, size = (booklet_file, paper) if booklet else (rulebook_file, PAPERS_MM[paper])

    def typeset() -> Typeset:
        markdown = rulebook_markdown(game, context()) if text is None else text
        figures = rulebook_figures(game, markdown, options, context())
        return Typeset(draw, (markdown, size, *rulebook_setting(game), figures))

    out = OutputFile(path, "rulebook", [], lambda _: None, typeset=typeset)

    def write(target: Path) -> None:
        job = typeset()
        out.pages = job.draw(target, *job.args)

    out.write = write
    return out


def _once(lay_out: Callable[[], Laid]) -> Callable[[], Laid]:
    """``lay_out``, run on the first call only (write_pages is handed a copy of the faces,
    which it empties as it draws them)."""
    made: list[Laid] = []

    def first() -> Laid:
        if not made:
            made.append(lay_out())
        return made[0]

    return first


def _bind(fn: Any, *args: Any) -> Any:
    return lambda path: fn(path, *args)
