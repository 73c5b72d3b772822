"""How a `pnp` command's work ends: its exit status, after any error in the user's words.

Every command runs its work through :func:`run`, so that bad input never shows a
traceback: exit 1 for the user's data or the rules, 2 for a usage error, 130 for Ctrl-C.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import typer


def run(fn: Callable[[], int | None]) -> None:
    """Run a command's work and leave with its :func:`outcome`."""
    raise typer.Exit(outcome(fn))


def outcome(fn: Callable[[], int | None]) -> int:
    """Run ``fn``; its exit status, after printing any error in the user's words."""
    from pnp._errors import PnpError, UsageError, ValidationFailed
    from pnp.cli.process import work_begins

    try:
        work_begins()
        return fn() or 0
    except ValidationFailed as exc:
        for f in exc.findings:
            typer.echo(str(f), err=True)
        n = sum(1 for f in exc.findings if f.severity.value == "error")
        typer.echo(f"{n} error(s)", err=True)
        return 1
    except UsageError as exc:
        typer.echo(f"error: {exc}", err=True)
        return 2
    except PnpError as exc:
        typer.echo(
            f"{exc.location}: error: {exc.message}" if exc.location else f"error: {exc}", err=True
        )
        return 1
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        return 130
    except BrokenPipeError:  # `pnp list | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a full disk, a read-only folder: the user's to fix, not a bug
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"error: {where}{exc.strerror or exc}", err=True)
        return 1


__all__ = ["outcome", "run"]
