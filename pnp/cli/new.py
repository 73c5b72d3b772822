"""`pnp new`: scaffold a game or an expansion that validates and builds as created."""

from __future__ import annotations

import typer

from pnp.cli import options as opt
from pnp.cli.options import CardsOpt, GameArg, NameArg
from pnp.cli.outcome import run as run_command

new_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help="Scaffold new content.")
command = opt.PlainCommand


@new_app.command("expansion", cls=command)
def new_expansion(
    game: GameArg,
    name: NameArg,
    cards: CardsOpt = None,
) -> None:
    """Create cards/GAME/expansions/NAME with a manifest and a sample card that builds."""

    def run() -> None:
        import shlex

        from pnp.spec.scaffold import new_expansion as make

        folder = make(opt.known_game(game, cards), name, cards)
        where = f" --cards {shlex.quote(str(cards))}" if cards else ""
        typer.echo(f"created {folder}; edit its cards, then build it with:")
        typer.echo(f"  pnp build {game} --expansion {name}{where}")

    run_command(run)


@new_app.command("game", cls=command)
def new_game(name: NameArg, cards: CardsOpt = None) -> None:
    """Create cards/NAME here (or in --cards DIR): a game of your own, no Python needed."""

    def run() -> None:
        from pnp.spec.scaffold import files_listed
        from pnp.spec.scaffold import new_game as make

        folder, written = make(name, cards)
        flag = f" --cards {cards}" if cards else ""
        typer.echo(f"created {folder} ({len(written)} files): {files_listed(folder, written)}")
        typer.echo(f"check it:  pnp validate {name}{flag}")
        typer.echo(f"print it:  pnp build {name}{flag}")

    run_command(run)


__all__ = ["new_app"]
