"""A whole build: validate, lay out every component, render, write atomically."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Severity, ValidationFailed
from pnp.fonts import load_font
from pnp.layout.cards import SheetOptions, impose_cards, lay_out_faces
from pnp.layout.face import card_context, find_template
from pnp.layout.pages import Page, Placed
from pnp.layout.sheet import PAPERS_MM, crop_marks, paginate, plan_grid
from pnp.layout.tokens import lay_out_tokens
from pnp.layout.track import lay_out_track
from pnp.load import Game
from pnp.model import AidComponent, TokensComponent, TrackComponent, parse_size
from pnp.output import OutputFile, write_all
from pnp.text import render_text
from pnp.validate import engine_for, validate_game


def template_context(game: Game) -> dict[str, Any]:
    """What a rulebook or aid template sees: the game, its cards, tables and engine figures."""
    cards = [card_context(game, c)["card"] for c in game.cards]
    by_type: dict[str, list[dict[str, Any]]] = {t: [] for t in game.spec.card_types}
    for c in cards:
        by_type[c["type"]].append(c)
    counts = Counter()
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


def _markdown(game: Game, name: str, ctx: dict[str, Any]) -> str:
    path = find_template(game, name)
    from pnp._errors import Location

    text = render_text(path.read_text(encoding="utf-8"), ctx, Location(path), name)
    missing = load_font("Lato-Regular").missing(text)
    if missing:
        raise DataError(
            f"{name} uses {', '.join(map(repr, missing))}, not in the rulebook font", Location(path)
        )
    return text


def _aid_pages(comp: AidComponent, paper: str) -> list[Page]:
    grid = plan_grid(paper, parse_size(comp.size), 0.0)
    pages = []
    for chunk in paginate(list(range(comp.copies)), grid.per_page):
        page = Page(grid.page, marks=crop_marks(grid, len(chunk)))
        page.items = [
            Placed(f"{comp.id}-{n + 1}", comp.id, comp.id, grid.trim(i), grid.trim(i))
            for i, n in enumerate(chunk)
        ]
        pages.append(page)
    return pages


def plan_outputs(game: Game, options: SheetOptions) -> list[OutputFile]:
    """Every file of the build, laid out (so errors surface before anything is written)."""
    from pnp.render.docs import write_aid, write_pages, write_rulebook

    gid, name = game.spec.id, game.spec.name
    font_dir = game.root / "fonts"
    faces = lay_out_faces(game)
    pages = impose_cards(game, options)
    files = [
        OutputFile(
            f"{gid}-cards.pdf",
            "cards",
            pages,
            lambda p: write_pages(p, pages, faces, f"{name} — cards", font_dir),
        )
    ]
    ctx: dict[str, Any] | None = None
    for i, comp in enumerate(game.spec.components):
        if isinstance(comp, TokensComponent):
            tpages, tfaces = lay_out_tokens(game, comp, i, options.paper)
            files.append(
                OutputFile(
                    f"{gid}-{comp.id}.pdf",
                    "tokens",
                    tpages,
                    _bind(write_pages, tpages, tfaces, comp.title, font_dir),
                )
            )
        elif isinstance(comp, TrackComponent):
            kpages = lay_out_track(game, comp, i, options.paper)
            files.append(
                OutputFile(
                    f"{gid}-{comp.id}.pdf",
                    "track",
                    kpages,
                    _bind(write_pages, kpages, {}, comp.title, font_dir),
                )
            )
        elif isinstance(comp, AidComponent):
            ctx = ctx or template_context(game)
            text = _markdown(game, comp.template, ctx)
            apages = _aid_pages(comp, options.paper)
            files.append(
                OutputFile(
                    f"{gid}-{comp.id}.pdf",
                    "aid",
                    apages,
                    _bind(write_aid, apages, text, comp.title, game.spec.accent),
                )
            )
    if game.spec.rulebook:
        ctx = ctx or template_context(game)
        text = _markdown(game, game.spec.rulebook, ctx)
        paper = PAPERS_MM[options.paper]
        rb = OutputFile(f"{gid}-rulebook.pdf", "rulebook", [], lambda p: None)

        def write(path: Path) -> None:
            n = write_rulebook(
                path, text, paper, f"{name} — rules", f"{name} rules", game.spec.accent
            )
            rb.pages = [Page(paper) for _ in range(n)]

        rb.write = write
        files.append(rb)
    return files


def _bind(fn: Any, *args: Any) -> Any:
    return lambda path: fn(path, *args)


def build_game(game: Game, options: SheetOptions, out: Path) -> list[Path]:
    """Validate, lay out and write the game's PDFs and manifest.json into ``out``."""
    findings = validate_game(game)
    if any(f.severity is Severity.ERROR for f in findings):
        raise ValidationFailed(findings)
    files = plan_outputs(game, options)
    manifest = {
        "game": game.spec.id,
        "options": {
            "paper": options.paper,
            "bleed_mm": _effective_bleed(game, options),
            "duplex": options.duplex,
            "back_offset_mm": list(options.back_offset),
            "expansions": [e.id for e in game.expansions],
        },
    }
    return write_all(out, files, manifest)


def _effective_bleed(game: Game, options: SheetOptions) -> float:
    deck = game.spec.decks[0]
    return plan_grid(options.paper, deck.size_mm, options.bleed).bleed
