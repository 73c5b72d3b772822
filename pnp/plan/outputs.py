"""The files of a build, planned: which files a game makes and what goes on each, laid out
now (or, with ``defer``, when each is drawn). Nothing is drawn or written here: pnp.render
draws what the plan names, pnp.build writes it, and `pnp validate` plans the same files to
find every layout error."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.layout.cards import impose_cards, lay_out_faces
from pnp.layout.cuts import cut_file_name, cut_svg
from pnp.layout.ink import file_coverage, save_ink, save_ink_pages
from pnp.layout.labels import label_pages
from pnp.layout.ops import Face
from pnp.layout.pages import Page
from pnp.layout.riders import counters_on_cards
from pnp.layout.shop import one_piece_boxes, shop_back_page, shop_pages
from pnp.plan import kinds as _kinds  # noqa: F401  (binds pnp's own kinds' layouts)
from pnp.plan.doc_text import (
    copyright_line,
    doc_info,
    rulebook_markdown,
    template_context,
    title_art,
)
from pnp.plan.files import (
    GUIDE_KIND,
    KINDS,
    SHOP_KIND,
    AidPanels,
    Book,
    CutPaths,
    PlannedFile,
    SheetPlan,
    Sheets,
    ShopDeck,
    StartHere,
)
from pnp.plan.settings import BuildOptions
from pnp.spec.components import (
    TokensComponent,
)
from pnp.spec.game import Game
from pnp.spec.kinds import component_kind, component_kinds

Laid = tuple[list[Page], dict[str, Any]]
"""A file's pages and the faces they place."""


@dataclass
class BuildPlan:
    """Every file a build makes, planned for ``game`` with ``options``; ``sheets`` are its
    files of sheets (what the start-here sheet pictures). Laid-out sheets other than the
    cards are kept, so that the files and the start-here sheet share one layout."""

    game: Game
    options: BuildOptions
    files: list[PlannedFile]
    sheets: list[SheetPlan]
    _laid: dict[str, Laid] = field(default_factory=dict, repr=False)
    _context: dict[str, Any] | None = field(default=None, repr=False)
    _shop_faces: dict[str, Face] = field(default_factory=dict, repr=False)

    def context(self) -> dict[str, Any]:
        """The rulebook's template context (counters as ``--chits`` prints them), made on
        first use and then shared."""
        if self._context is None:
            self._context = template_context(self.game, self.options.chits)
        return self._context

    def laid(self, sheet: SheetPlan) -> Laid:
        """``sheet`` laid out (once, but for the cards: drawing them consumes their faces)."""
        if sheet.kind == "cards":
            return lay_out_sheet(self.game, sheet, self.options, self.context)
        if sheet.path not in self._laid:
            self._laid[sheet.path] = lay_out_sheet(self.game, sheet, self.options, self.context)
        return self._laid[sheet.path]

    def lay_out(self, planned: PlannedFile) -> None:
        """Lay out a file of sheets planned with ``defer``: its pages, faces and ink, as
        drawn (with --ink-saver, its solid areas lightened)."""
        if planned.faces is not None or not isinstance(planned.content, Sheets):
            return
        pages, faces = self.laid(planned.content.sheet)
        planned.ink = file_coverage(pages, faces)
        if self.options.ink_saver:
            faces = {key: save_ink(face) for key, face in faces.items()}
            pages = save_ink_pages(pages)
        planned.pages, planned.faces = pages, faces

    def shop_faces(self) -> dict[str, Face]:
        """Every card face and back, laid out once for the print shop's files."""
        if not self._shop_faces:
            self._shop_faces.update(lay_out_faces(self.game))
        return self._shop_faces


def plan_build(
    game: Game,
    options: BuildOptions,
    only: frozenset[str] | None = None,
    defer: bool = False,
    guide: bool = False,
) -> BuildPlan:
    """The build's files (all, or the kinds in ``only``), laid out so that every error
    surfaces before anything is drawn.

    With ``defer`` each file of sheets is laid out when it is drawn instead, so that the
    worker processes of ``--jobs`` share the layout too; an error then surfaces while the
    files are drawn to temporaries, and still nothing is written. With ``guide``, the
    start-here sheet comes last, to be drawn after the others."""
    want = only or frozenset(file_kinds())
    sheets = sheet_plans(game, options)
    plan = BuildPlan(game, options, [], sheets)
    files = plan.files
    for sheet in (s for s in sheets if s.kind in want):
        if sheet.component is not None and component_kind(sheet.kind).typeset:
            files.append(_aid(plan, sheet))
            continue
        info = doc_info(game.spec, sheet.title)
        margin = usable_margin(sheet.kind, options)
        files.append(PlannedFile(sheet.path, sheet.kind, Sheets(sheet, info), margin=margin))
        if not defer:
            plan.lay_out(files[-1])
    if game.spec.rulebook and "rulebook" in want:
        text = None if defer else rulebook_markdown(game, plan.context())  # an error, now
        if not defer:
            title_art(game)  # and an unknown `art:`
        name = f"{game.spec.id}-rulebook"
        files.append(PlannedFile(f"{name}.pdf", "rulebook", Book(False, text)))
        if options.booklet:
            files.append(PlannedFile(f"{name}-booklet.pdf", "rulebook", Book(True, text)))
    if options.shop_pdf and "cards" in want and game.cards:
        files += shop_files(game)
    if options.cut_file == "svg":
        files += [cut for f in list(files) for cut in cut_files(f)]
    if guide and files:  # nothing to print: nothing to start from
        files.append(PlannedFile(guide_name(game), GUIDE_KIND, StartHere()))
    return plan


def guide_name(game: Game) -> str:
    """The start-here sheet's file name."""
    return f"{game.spec.id}-start-here.pdf"


def plan_outputs(
    game: Game,
    options: BuildOptions,
    only: frozenset[str] | None = None,
    defer: bool = False,
    guide: bool = False,
) -> list[PlannedFile]:
    """The files :func:`plan_build` plans."""
    return plan_build(game, options, only, defer, guide).files


def usable_margin(kind: str, options: BuildOptions) -> float | tuple[float, float]:
    """Where the pieces of a file of ``kind`` may lie: inside the printer margin, and for the
    kinds laid out around registration marks (cards, counters, aids) inside their room too.
    A sheet's fill and the file's lower bound on sheets are measured inside it."""
    room = "packed" if kind == "cards" else "printer"
    if kind in kind_names():
        room = component_kind(kind).margin
    if room == "packed":
        return options.packed_margins
    return options.inner_margin if room == "inner" else options.margin


def kind_names() -> tuple[str, ...]:
    """Every kind of component (pnp's own and any registered)."""
    return tuple(k.name for k in component_kinds())


def file_kinds() -> tuple[str, ...]:
    """Every kind of file a build makes, the ones `--only` picks from: KINDS, then the
    kinds of component registered besides pnp's own."""
    return KINDS + tuple(k for k in kind_names() if k not in KINDS)


def sheet_plans(
    game: Game, options: BuildOptions, only: frozenset[str] | None = None
) -> list[SheetPlan]:
    """Every file of the build that layout places in full (all but the rulebook), in the
    build's order: what the build draws, and what the display-list goldens record."""
    want = only or frozenset(file_kinds())
    gid = game.spec.id
    plans: list[SheetPlan] = []
    cards = "cards" in want and bool(game.cards)
    riders = tuple(
        i
        for i, c in enumerate(game.spec.components)
        if isinstance(c, TokensComponent) and c.with_cards and cards
    )
    if cards:
        plans.append(SheetPlan(f"{gid}-cards.pdf", "cards", "cards", None, riders))
    for i, comp in enumerate(game.spec.components):
        if comp.kind in want and i not in riders:
            plans.append(SheetPlan(f"{gid}-{comp.id}.pdf", comp.kind, comp.title, i))
    if "box" in want and game.cards:
        plans.append(SheetPlan(f"{gid}-box.pdf", "box", "card box"))
    return plans


def lay_out_sheet(
    game: Game,
    sheet: SheetPlan,
    options: BuildOptions,
    context: Any = None,
) -> Laid:
    """``sheet`` laid out: its pages, labelled in the margin outside the cut area (and,
    one piece a page, with the page's trim and bleed boxes), and the faces they place.
    ``context()`` gives the screens' template context."""
    if sheet.kind == "cards":
        faces = lay_out_faces(game)
        pages = impose_cards(game, options, faces)
        for i in sheet.riders:  # counters printed on the card sheets
            counters_on_cards(game, game.spec.components[i], i, options, pages, faces)  # type: ignore[arg-type]
        laid: Laid = pages, faces
    elif sheet.kind == "box":
        laid = _box(game, options)
    else:
        assert sheet.component is not None
        laid = _component(game, sheet.component, options, context)
    label_sheets(game, sheet.path, laid[0], options)
    if sheet.component is not None and component_kind(sheet.kind).one_piece:
        one_piece_boxes(laid[0])
    return laid


def _component(game: Game, i: int, options: BuildOptions, context: Any) -> Laid:
    """The component ``i`` laid out by its kind's layout (pnp.spec.kinds)."""
    comp = game.spec.components[i]
    if context is None:
        shared: dict[str, Any] = {}

        def context() -> dict[str, Any]:
            if not shared:
                shared.update(template_context(game, options.chits))
            return shared

    lay_out = component_kind(comp.kind).lay_out
    assert lay_out is not None, f"component kind {comp.kind!r} has no layout"
    return lay_out(game, comp, i, options, context)  # type: ignore[no-any-return]


def _box(game: Game, options: BuildOptions) -> Laid:
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


def label_sheets(game: Game, path: str, pages: list[Page], options: BuildOptions) -> None:
    """Label every page of the sheet file ``path``: game, file, sheet k/n, side, copyright."""
    label_pages(pages, game.spec.name, path, copyright_line(game.spec), options.margin)


def _aid(plan: BuildPlan, sheet: SheetPlan) -> PlannedFile:
    """An aid: its copies imposed now; its text typeset when it is drawn, here or by the
    typesetter process."""
    assert sheet.component is not None
    info = doc_info(plan.game.spec, sheet.title)
    pages, _ = plan.laid(sheet)
    margin = usable_margin(sheet.kind, plan.options)
    content = AidPanels(sheet.component, info)
    return PlannedFile(sheet.path, sheet.kind, content, pages, margin=margin)


def cut_files(pdf: PlannedFile) -> list[PlannedFile]:
    """One SVG of cut paths per sheet of ``pdf`` that has anything to cut."""
    out = []
    for n, page in enumerate(pdf.pages, start=1):
        if page.cuts:
            content = CutPaths(cut_svg(page))
            out.append(
                PlannedFile(cut_file_name(pdf.path, n), "cut", content, [page], source=pdf.path)
            )
    return out


def shop_files(game: Game) -> list[PlannedFile]:
    """`--shop-pdf`: the print shop's files of every deck that has cards: its fronts, one
    card a page (each copy), and its back (pnp.layout.shop)."""
    out = []
    for deck in game.spec.decks:
        if not game.deck_cards(deck.id):
            continue
        fronts, back = shop_pages(game, deck), [shop_back_page(deck)]
        stem = f"{game.spec.id}-shop-{deck.id}"
        for name, pages, what in (
            (f"{stem}.pdf", fronts, f"{deck.name}, for a print shop"),
            (f"{stem}-back.pdf", back, f"{deck.name} back, for a print shop"),
        ):
            info = doc_info(game.spec, what)
            out.append(PlannedFile(name, SHOP_KIND, ShopDeck(info), pages))
    return out
