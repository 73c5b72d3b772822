"""`pnp build --watch`: build again whenever a file the game is read from changes.

A one-off build spends most of its time importing the libraries it stands on (pydantic,
Jinja2, reportlab's platypus, markdown-it), not laying out or drawing. The watcher
imports them once; each build then runs in a process forked from it, so it starts with
them loaded but with no cache of an earlier build (an edited icon or font is read again),
and a build that fails leaves the watcher, and the last good output, as they were. The
fork is ``pnp.pool.run_in_child``: the build ends with the watcher, and one that hangs is
stopped after ``pnp.pool.JOB_TIMEOUT_S``.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from pnp.pool import run_in_child

POLL_S = 0.4
"""How often the folders are looked at: a save shows in the PDF within about a second."""

WARM_MODULES = (
    "pnp.build.deliver",
    "pnp.layout.cards",
    "pnp.layout.face",
    "pnp.layout.tokens",
    "pnp.layout.track",
    "pnp.layout.board",
    "pnp.layout.screen",
    "pnp.render.docs",
    "pnp.render.aid",
    "pnp.render.rulebook",
    "pnp.render.figures",
    "pnp.render.generated",
    "pnp.layout.ink",
    "pnp.layout.anatomy",
    "pnp.layout.table",
    "reportlab.graphics.renderPDF",
    "pnp.check.validate",
)
"""What a build imports, loaded once by the watcher (modules only: no game data)."""

Snapshot = dict[str, tuple[int, int]]

_IN_CHILD = partial(run_in_child, name="build")
"""Each build in a fresh child, said to be "the build" if it hangs."""


def watched_folders(game_root: Path, out: Path) -> list[Path]:
    """The game's folder, the template folders it may read and the fonts: whatever an edit
    there changes, the next build shows. ``out`` is left out wherever it lies."""
    from pnp.spec.paths import fonts_root, sibling_templates, templates_root

    folders = [game_root, sibling_templates(game_root.parent), templates_root(), fonts_root()]
    seen: list[Path] = []
    for folder in folders:
        if folder is not None and folder.is_dir():
            real = folder.resolve()
            if not any(real == s or s in real.parents for s in seen):
                seen = [s for s in seen if real not in s.parents] + [real]
    return seen


def snapshot(folders: Iterable[Path], out: Path) -> Snapshot:
    """Size and modification time of every file below ``folders`` (hidden files, editors'
    backups and the output folder left out)."""
    skip = out.resolve()
    found: Snapshot = {}
    for folder in folders:
        for top, dirs, files in os.walk(folder):
            here = Path(top)
            dirs[:] = sorted(
                d for d in dirs if not d.startswith(".") and (here / d).resolve() != skip
            )
            for name in files:
                if name.startswith(".") or name.endswith("~"):
                    continue
                path = os.path.join(top, name)
                try:
                    st = os.stat(path)
                except OSError:  # removed while we looked
                    continue
                found[path] = (st.st_mtime_ns, st.st_size)
    return found


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    """Files added, removed or changed between two snapshots."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(
    build: Callable[[], int],
    folders: Callable[[], list[Path]],
    out: Path,
    echo: Callable[[str], None],
    run: Callable[[Callable[[], int]], int] = _IN_CHILD,
    poll_s: float = POLL_S,
    rounds: int | None = None,
) -> None:
    """Build, then build again after each change below ``folders()``, until Ctrl-C (or
    ``rounds`` builds, for tests). A failed build has printed its errors; the watcher
    waits for the next change."""
    for name in WARM_MODULES:
        importlib.import_module(name)
    built = 0
    last: Snapshot | None = None
    try:
        while rounds is None or built < rounds:
            now = snapshot(folders(), out)
            if last is not None and now == last:
                time.sleep(poll_s)
                continue
            if last is not None:
                edited = changed(last, now)
                shown = ", ".join(_short(p) for p in edited[:3])
                more = f" and {len(edited) - 3} more" if len(edited) > 3 else ""
                echo(f"\nchanged: {shown}{more}")
            last = now
            start = time.perf_counter()
            code = run(build)
            took = time.perf_counter() - start
            verdict = "built" if code == 0 else "not built, the last good output kept,"
            echo(f"{verdict} in {took:.2f} s; watching for changes (Ctrl-C to stop)")
            built += 1
    except KeyboardInterrupt:
        echo("stopped watching")


def _short(path: str) -> str:
    from pnp._errors import display_path

    return str(display_path(Path(path)))


__all__ = ["changed", "snapshot", "watch", "watched_folders"]
