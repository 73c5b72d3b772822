"""Following a game's files for the workbench: watchfiles reports each save, and the
workbench reads the game again.

Two threads: one waits on the disk (watchfiles), the other reads the game. A save while
the game is being read marks it to be read once more afterwards, so no save is missed and
a burst of saves costs one more reading, not one each."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from pnp.serve.workbench import Workbench

STEP_MS = 50
"""How long the disk stays quiet before a burst of changes is reported."""


def follow(workbench: Workbench, folders: list[Path]) -> Callable[[], None]:
    """Read the game now and after each change below ``folders``; returns what stops
    both threads."""
    import watchfiles

    stop = threading.Event()
    dirty = threading.Condition()
    pending = [True]  # the first reading

    def mark() -> None:
        with dirty:
            pending[0] = True
            dirty.notify()

    def watch() -> None:
        paths = [p for p in folders if p.is_dir()]
        try:
            for _ in watchfiles.watch(
                *paths,
                watch_filter=_wanted,
                step=STEP_MS,
                stop_event=stop,
                rust_timeout=500,
                yield_on_timeout=False,
                raise_interrupt=False,
            ):
                mark()
        except Exception:  # no notifications to be had (a limit on watches): look instead
            poll(paths)

    def poll(paths: list[Path]) -> None:
        from pnp.build.watch import POLL_S, snapshot

        nowhere = Path(tempfile.gettempdir()) / "pnp-serve-writes-nothing-here"
        last = snapshot(paths, nowhere)
        while not stop.wait(POLL_S):
            now = snapshot(paths, nowhere)
            if now != last:
                last = now
                mark()

    def read() -> None:
        while not stop.is_set():
            with dirty:
                while not pending[0] and not stop.is_set():
                    dirty.wait(0.25)
                pending[0] = False
            if not stop.is_set():
                workbench.reload()

    threads = [
        threading.Thread(target=watch, name="pnp-serve-watch", daemon=True),
        threading.Thread(target=read, name="pnp-serve-read", daemon=True),
    ]
    for t in threads:
        t.start()

    def stopping() -> None:
        stop.set()
        mark()
        for t in threads:  # a reading under way is left to end with the process
            t.join(timeout=0.5)

    return stopping


def _wanted(change: object, path: str) -> bool:
    """A change worth reading the game again for: not a hidden file (an editor's swap
    file, a temporary) nor a backup."""
    name = Path(path).name
    return not name.startswith(".") and not name.endswith("~") and "__pycache__" not in path


__all__ = ["follow"]
