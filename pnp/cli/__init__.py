"""Typer: the commands and their options. Nothing else in pnp imports this package or Typer."""


def main() -> None:
    """The `pnp` command. Its guards (pnp.cli.process) are set before Typer and the
    commands are imported: Ctrl-C in those first tenths of a second is one line, not a
    traceback."""
    from pnp.cli.process import start

    start()
    from pnp.cli.app import main as run

    run()
