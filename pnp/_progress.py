"""A progress bar for long work, on a terminal only, and only once the work takes a while.

``PNP_PROGRESS=1`` forces the bar on and ``PNP_PROGRESS=0`` off; otherwise it shows when
standard error is a terminal, so piped output and test runners see nothing extra.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import TaskID

SHOW_AFTER_S = 1.0
"""Work that ends sooner than this never shows a bar."""

Advance = Callable[[int], None]


def on_terminal() -> bool:
    """Whether a progress bar may be drawn (see the module docstring)."""
    forced = os.environ.get("PNP_PROGRESS", "")
    if forced in ("0", "1"):
        return forced == "1"
    return sys.stderr.isatty()


def _ignore(n: int) -> None:
    return None


@contextmanager
def progress_bar(
    total: int,
    label: str,
    *,
    enabled: bool | None = None,
    delay: float | None = None,
    console: Console | None = None,
) -> Iterator[Advance]:
    """Yield ``advance(n)``; a bar appears on standard error once ``delay`` seconds
    (default :data:`SHOW_AFTER_S`) have passed."""
    if not (on_terminal() if enabled is None else enabled):
        yield _ignore
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress(
        "{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console or Console(stderr=True, force_terminal=True),
        transient=True,
    )
    wait = SHOW_AFTER_S if delay is None else delay
    start = time.monotonic()
    done = 0
    task: list[TaskID] = []

    def advance(n: int) -> None:
        nonlocal done
        done += n
        if task:
            bar.update(task[0], completed=done)
        elif time.monotonic() - start >= wait:
            bar.start()
            task.append(bar.add_task(label, total=total, completed=done))

    try:
        yield advance
    finally:
        if task:
            bar.refresh()
            bar.stop()
