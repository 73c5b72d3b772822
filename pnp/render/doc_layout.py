"""The documents set by platypus for what their text needs measured before they are
written: an aid's text fitted to its panel, a rulebook typeset to learn where its blocks
land."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.plan.doc_text import (
    aid_markdown,
    aid_source,
    credit_line,
    rulebook_figures,
    rulebook_setting,
)
from pnp.spec.components import AidComponent
from pnp.spec.fields import parse_size
from pnp.spec.game import Game

if TYPE_CHECKING:
    from pnp.layout.page_formats import BookFormat
    from pnp.plan.settings import BuildOptions
    from pnp.render.aid import AidLayout
    from pnp.render.rulebook import BookLayout


def aid_layout(
    game: Game, comp: AidComponent, ctx: dict[str, Any] | None = None, back: bool = False
) -> AidLayout:
    """The aid's text (or its back's) set at the largest size that fills its panel (raises
    at the key that names the template if it cannot fit)."""
    from pnp.render.aid import lay_out_aid

    text = aid_markdown(game, comp, ctx, back)
    credit, source = credit_line(game.spec), aid_source(game, comp, back)
    return lay_out_aid(text, parse_size(comp.size), comp.title, game.spec.accent, credit, source)


def typeset_rulebook(
    game: Game,
    text: str,
    paper: tuple[float, float],
    path: Path,
    options: BuildOptions | None = None,
    fmt: BookFormat | None = None,
) -> BookLayout:
    """Typeset the rendered rulebook ``text`` to ``path`` (in ``fmt``: a booklet's pages,
    not imposed), the credits kept together under its title, its figures drawn as the build with
    ``options`` prints the pieces; returns where every block landed."""
    from pnp.render.generated import using_figures
    from pnp.render.rulebook import write_rulebook

    with using_figures(rulebook_figures(game, text, options)):
        return write_rulebook(path, text, paper, *rulebook_setting(game), fmt=fmt)
