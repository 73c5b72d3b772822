"""Draw what the plan of a build names (pnp.plan): each planned file, by its content, to
a path. pnp.build decides where and in which process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.layout.pages import Page
from pnp.plan.files import AidPanels, Book, CutPaths, PlannedFile, Sheets, ShopDeck, StartHere
from pnp.plan.outputs import BuildPlan
from pnp.plan.typeset_jobs import AidText, Document, document


def draw_file(
    plan: BuildPlan,
    planned: PlannedFile,
    target: Path,
    entries: list[dict[str, Any]] | None = None,
) -> None:
    """Draw ``planned`` to ``target``, laying it out first if it was planned with
    ``defer``; its pages are then known. The start-here sheet is told ``entries``, the
    manifest entries of every other file in the folder."""
    from pnp.render.writers import write_pages

    content, font_dir = planned.content, plan.game.root / "fonts"
    if isinstance(content, Sheets):
        plan.lay_out(planned)
        assert planned.faces is not None
        write_pages(target, planned.pages, dict(planned.faces), content.info, font_dir)
    elif isinstance(content, ShopDeck):
        every = plan.shop_faces()
        used = {item.face: every[item.face] for page in planned.pages for item in page.items}
        write_pages(target, planned.pages, used, content.info, font_dir)
    elif isinstance(content, CutPaths):
        target.write_text(content.svg, encoding="utf-8")
    elif isinstance(content, AidPanels | Book):
        planned.pages = typeset(target, document(plan, planned))
    elif isinstance(content, StartHere):
        from pnp.render.guide import write_guide

        planned.pages = write_guide(target, plan, entries or [])


def typeset(target: Path, doc: Document) -> list[Page]:
    """Typeset an aid or the rulebook to ``target``: its pages (a rulebook's counted as it
    is set)."""
    from pnp.render.writers import aid_file, booklet_file, rulebook_file

    if isinstance(doc, AidText):
        return aid_file(
            target,
            doc.pages,
            doc.text,
            doc.size_mm,
            doc.title,
            doc.accent,
            doc.credit,
            doc.info,
            doc.back_text,
            doc.sources,
        )
    setting = (doc.info, doc.footer, doc.accent, doc.coda, doc.art, doc.figures)
    if doc.booklet:
        assert isinstance(doc.paper, str)
        return booklet_file(target, doc.text, doc.paper, *setting)
    assert not isinstance(doc.paper, str)
    return rulebook_file(target, doc.text, doc.paper, *setting)
