"""The documents of a build as plain data for whatever typesets them (here, or the
typesetter process of pnp.build): an aid's or the rulebook's rendered Markdown with all
it is set with. Rendering the templates happens here, typesetting in pnp.render."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp._errors import Location
from pnp.layout.paper import PAPERS_MM
from pnp.plan.doc_meta import DocInfo
from pnp.plan.doc_text import (
    aid_markdown,
    aid_source,
    credit_line,
    rulebook_figures,
    rulebook_markdown,
    rulebook_setting,
)
from pnp.plan.files import AidPanels, Book, PlannedFile
from pnp.spec.components import AidComponent
from pnp.spec.fields import parse_size

if TYPE_CHECKING:
    from pnp.layout.pages import Page
    from pnp.layout.titleart import TitleArt
    from pnp.plan.outputs import BuildPlan

Source = tuple[str, Location]
"""An aid template in words and where it is named (pnp.plan.doc_text.aid_source)."""


@dataclass(frozen=True)
class AidText:
    """An aid to typeset: its copies' pages, its text (and its back's), its panel's size,
    title, accent, credit line and metadata, and its templates named for an error."""

    pages: list[Page]
    text: str
    size_mm: tuple[float, float]
    title: str
    accent: str
    credit: str
    info: DocInfo
    back_text: str = ""
    sources: tuple[Source | None, Source | None] = (None, None)


@dataclass(frozen=True)
class BookText:
    """A rulebook to typeset: its text on ``paper`` (a paper's name for a booklet, whose
    pages are imposed two up on it), with its setting and the data of its figures."""

    text: str
    paper: tuple[float, float] | str
    info: DocInfo
    footer: str
    accent: str
    coda: str
    art: TitleArt | None
    figures: dict[str, Any]
    booklet: bool = False


Document = AidText | BookText


def document(plan: BuildPlan, planned: PlannedFile) -> Document:
    """The aid or rulebook ``planned``, its templates rendered: what typesets it."""
    game, content = plan.game, planned.content
    if isinstance(content, AidPanels):
        comp = game.spec.components[content.component]
        assert isinstance(comp, AidComponent)
        ctx = plan.context()
        text = aid_markdown(game, comp, ctx)
        back = aid_markdown(game, comp, ctx, back=True) if comp.back else ""
        sources = aid_source(game, comp), aid_source(game, comp, True) if comp.back else None
        size = parse_size(comp.size)
        credit, accent = credit_line(game.spec), game.spec.accent
        return AidText(
            planned.pages, text, size, comp.title, accent, credit, content.info, back, sources
        )
    assert isinstance(content, Book)
    markdown = content.text if content.text is not None else rulebook_markdown(game, plan.context())
    figures = rulebook_figures(game, markdown, plan.options, plan.context())
    paper = plan.options.paper if content.booklet else PAPERS_MM[plan.options.paper]
    setting = rulebook_setting(game)
    return BookText(markdown, paper, *setting, figures, content.booklet)
