"""`pnp art`: find art for a card among the sets pnp knows (Game-icons.net, 4,000 icons)."""

from __future__ import annotations

from typing import Annotated

import typer

from pnp.cli import options as opt
from pnp.cli.options import CardsOpt
from pnp.cli.outcome import run as run_command

art_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help="Find art for cards.")
command = opt.PlainCommand
WordArg = Annotated[str, typer.Argument(help="A word of the art's name, e.g. rocket.")]


@art_app.command("search", cls=command)
def search(word: WordArg, cards: CardsOpt = None) -> None:
    """List the art whose name holds WORD: what is in the repository (with its author), then
    what the whole set has and how to bring it in."""

    def run() -> int:
        from pnp.spec.paths import game_roots, sibling_templates, templates_root
        from pnp.text.art import IMPORT_HINT, art_dirs, search_art

        roots = [t for c in game_roots(cards) if (t := sibling_templates(c)) is not None]
        found = search_art(word, art_dirs([*roots, templates_root()]))
        if not found:
            typer.echo(f"no art named like {word!r}")
            return 0
        here = [f for f in found if f.source is not None]
        for f in here:
            assert f.source is not None
            typer.echo(f"{f.name}  (here; by {f.source.author}, {f.source.licence})")
        rest = [f.name for f in found if f.source is None]
        for name in rest:
            typer.echo(f"{name}  (in the set, not imported)")
        typer.echo(f"{len(here)} in the repository, {len(rest)} more in the set")
        if here:
            typer.echo(f"use one on a card type, card or deck back:  art: {here[0].name}")
        if rest:
            set_name = rest[0].split("/", 1)[0]
            typer.echo("to bring one in: " + IMPORT_HINT.format(set=set_name))
        return 0

    run_command(run)


__all__ = ["art_app"]
