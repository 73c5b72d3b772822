"""A whole build: validate, plan every file (pnp.plan.outputs), write them atomically."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from pnp._errors import Severity, UsageError, ValidationFailed
from pnp.build import typesetter
from pnp.build.output import OutputFile, write_all
from pnp.check.validate import validate_game
from pnp.layout.pages import Page
from pnp.layout.sheet import plan_grid
from pnp.plan.files import DOCUMENT_KINDS, PlannedFile
from pnp.plan.outputs import BuildPlan, file_kinds, plan_build
from pnp.plan.settings import BuildOptions
from pnp.pool import worker_count
from pnp.spec.game import Game


def build_game(
    game: Game,
    options: BuildOptions,
    out: Path,
    only: frozenset[str] | None = None,
    jobs: int = 1,
) -> list[Path]:
    """Validate, lay out and write the game's PDFs and manifest.json into ``out``, the
    files drawn in ``jobs`` processes (0: one per core)."""
    if only is not None and not _kinds(game, only):
        made = ", ".join(k for k in file_kinds() if k in _kinds(game, None))
        raise UsageError(
            f"{game.spec.name} makes no {', '.join(missing_kinds(game, only))} "
            f"(it makes {made}): --only leaves nothing to write"
        )
    if options.booklet and only is not None and "rulebook" not in only:
        raise UsageError("--booklet imposes the rulebook, and --only leaves it out")
    if options.shop_pdf and only is not None and "cards" not in only:
        raise UsageError(
            "--shop-pdf writes the decks for a print shop, and --only leaves out cards"
        )
    findings = validate_game(game)
    if any(f.severity is Severity.ERROR for f in findings):
        raise ValidationFailed(findings)
    groups = len({kind in DOCUMENT_KINDS for kind in _kinds(game, only)})
    two = worker_count(jobs, groups) > 1  # sheets here, documents in a worker
    # with a worker, each process lays out what it draws (cut files need the pages first)
    plan = plan_build(game, options, only, defer=two and not options.cut_file, guide=True)
    files = output_files(plan)
    if two and typesetter.running() is None:  # workers forked below share them
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
            "booklet": options.booklet,
            "shop_pdf": options.shop_pdf,
            "chits": options.chits,
            "duplex": options.duplex,
            "back_offset_mm": list(options.back_offset),
            "ink_saver": options.ink_saver,
            "sleeved": options.sleeved,
            "expansions": [e.id for e in game.expansions],
        },
    }
    return write_all(out, files, manifest, jobs)


def output_files(plan: BuildPlan) -> list[OutputFile]:
    """The planned files bound to what draws them (pnp.render.draw), each drawn in
    whichever process writes it; an aid or rulebook handed to the typesetter process
    as data."""
    return [_output(plan, planned) for planned in plan.files]


def _output(plan: BuildPlan, planned: PlannedFile) -> OutputFile:
    from pnp.render.draw import draw_file

    out = OutputFile(planned.path, planned.kind, planned.pages, lambda _: None)
    out.source, out.margin, out.ink = planned.source, planned.margin, planned.ink
    entries: list[dict[str, Any]] = []

    def write(target: Path) -> None:
        draw_file(plan, planned, target, entries)
        out.pages, out.ink = planned.pages, planned.ink

    def beside(others: list[dict[str, Any]]) -> None:
        entries[:] = others

    out.write = write
    if planned.last:
        out.beside = beside
    if planned.typeset:
        from pnp.plan.typeset_jobs import document

        out.typeset = partial(document, plan, planned)
    return out


def missing_kinds(game: Game, only: frozenset[str] | None) -> list[str]:
    """The kinds in ``only`` that ``game`` makes no file of, in the order of file_kinds."""
    have = _kinds(game, None)
    return [k for k in file_kinds() if k in (only or ()) and k not in have]


def _kinds(game: Game, only: frozenset[str] | None) -> set[str]:
    """The kinds of file a build of ``game`` writes (those in ``only``, if given)."""
    kinds: set[str] = {c.kind for c in game.spec.components}
    kinds |= {"cards", "box"} if game.cards else set()
    kinds |= {"rulebook"} if game.spec.rulebook else set()
    return kinds & (only or frozenset(file_kinds()))


def _effective_bleed(game: Game, options: BuildOptions) -> float | None:
    """The bleed the card sheets got (the first deck's; None for a game without decks)."""
    if not game.spec.decks:
        return options.bleed
    size = game.spec.decks[0].size_mm
    layout = "grid" if options.layout == "auto" else options.layout  # both: up to 3 mm
    return plan_grid(options.paper, size, options.bleed, options.inner_margin, layout).bleed


LAYOUT_REASONS = {
    "auto": "cards butt on shared cut lines where their outer bands (front and back) have "
    "one colour, so a cut that misses by 1 mm shows nothing else; a gutter with bleed "
    "parts cards whose bands differ, on the same sheet",
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

    pages = calibration_pages(paper)
    name = f"calibration-{paper}.pdf"
    title = "Back-side test"
    file = OutputFile(name, "aid", pages, partial(_write_pages, pages=pages, info=title))
    write_all(out, [file], None)
    return out / name


def _write_pages(path: Path, pages: list[Page], info: str) -> None:
    from pnp.render.writers import write_pages

    write_pages(path, pages, {}, info)
