"""The document worker: a process that typesets rulebooks and aids beside the one that
draws the sheets.

`pnp build` starts it first thing, before it imports its own libraries: while this
process imports the schema and the templates, loads the game and checks it, the worker
imports platypus and markdown-it and reads the document fonts. It is then handed each
document as plain data (its rendered Markdown, sizes, metadata and the temporary file to
write) and typesets them in turn while this process draws the cards. It is a
``pnp.pool.Worker``: it ends with its parent, and every wait for it has a timeout.

It pays where a second core is free: whole builds took 0.11-0.17 s less with it than
with ``--jobs 1`` (benchmarks/RESULTS.md, 2026-11-25, an idle 2-core machine). On a machine
whose cores are all busy it cannot gain and costs about 0.1 s of CPU; ``--jobs 1``
keeps a build in one process.

This module imports nothing beyond the standard library and pnp.pool: it runs before
everything else.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.pool import Worker, worker_count

if TYPE_CHECKING:
    from pnp.layout.pages import Page
    from pnp.plan.typeset_jobs import Document

_running: list[Worker] = []


def start(jobs: int) -> Worker | None:
    """Start the document worker, unless ``jobs`` (as `--jobs` takes it) leaves one
    process, one runs already, or this platform cannot fork."""
    if _running:
        return _running[0]
    if worker_count(jobs, 2) < 2:  # also 1 where the platform cannot fork
        return None
    _running.append(Worker("typesetting", _prepare))
    return _running[0]


def running() -> Worker | None:
    """The document worker this process started, if it is running."""
    return _running[0] if _running else None


def stop() -> None:
    """Stop the document worker, if one was started."""
    while _running:
        _running.pop().stop()


def typeset(target: Path, doc: Document) -> list[Page]:
    """The worker's job: typeset the document ``doc`` (plain data) to ``target``."""
    from pnp.render.draw import typeset as typeset_now

    return typeset_now(target, doc)


def _prepare() -> None:
    from pnp.render.writers import prepare_typesetting

    prepare_typesetting()


__all__ = ["running", "start", "stop", "typeset"]
