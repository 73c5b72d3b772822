"""`pnp serve GAME`: the designer's workbench in a browser (pnp.serve)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.cli import options as opt
from pnp.cli.options import CardsOpt, ExpOpt, GameArg
from pnp.cli.outcome import run as run_command

DEFAULT_PORT = 8000

PortOpt = Annotated[
    int,
    typer.Option(
        "--port",
        metavar="P",
        min=0,
        max=65535,
        help="Port to listen on; 0 for any free one.",
    ),
]
HostOpt = Annotated[
    str,
    typer.Option(
        "--host",
        metavar="H",
        help="Address to listen on. Any other than 127.0.0.1 lets other machines see the game.",
    ),
]
OpenOpt = Annotated[bool, typer.Option("--open", help="Open the workbench in a browser.")]
StatsOpt = Annotated[
    Path | None,
    typer.Option(
        "--stats",
        metavar="FILE",
        dir_okay=False,
        help="Per-card statistics to show: the output of `pnp simulate GAME --json`.",
    ),
]


def serve(
    game: GameArg,
    expansion: ExpOpt = None,
    cards: CardsOpt = None,
    port: PortOpt = DEFAULT_PORT,
    host: HostOpt = "127.0.0.1",
    open_browser: OpenOpt = False,
    stats: StatsOpt = None,
) -> None:
    """Show every piece of a game as it prints, live as its files are saved, in a browser.

    The page lists each card, back, counter, board, screen, track and aid with its
    findings, where it prints and (with --stats) its playtest numbers. It writes nothing
    into the game's folder.
    """

    def run() -> None:
        from pnp.serve.server import LOOPBACK, needs_libraries
        from pnp.serve.server import serve as serve_game

        needs_libraries()
        names = opt.known_expansions(opt.known_game(game, cards), expansion or [], cards)
        from pnp.build.watch import watched_folders
        from pnp.serve.stats import read_stats
        from pnp.spec.load import game_dir, load_game

        per_card = read_stats(stats) if stats is not None else None
        root = game_dir(game, cards)
        if host != LOOPBACK:
            typer.echo(
                f"warning: --host {host}: other machines that reach it can see this game "
                "and its files; the workbench is meant for 127.0.0.1",
                err=True,
            )
        opened = _open_browser if open_browser else None
        serve_game(
            lambda: load_game(game, cards, names),
            watched_folders(root, root / "output"),
            host,
            port,
            per_card,
            typer.echo,
            opened,
        )

    run_command(run)


def _open_browser(url: str) -> None:
    import webbrowser

    webbrowser.open(url)


__all__ = ["serve"]
