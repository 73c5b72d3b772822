"""`pnp build --watch`: build again whenever a file the game is read from changes.

A one-off build spends most of its time importing the libraries it stands on (pydantic,
Jinja2, reportlab's platypus, markdown-it), not laying out or drawing. Each build runs in
a process forked from the watcher, which notes the modules it imported; the watcher then
imports them (``warm``), so that the next build starts with them loaded, but with no cache
of an earlier build (an edited icon or font is read again). No list of modules is kept by
hand: what is warmed is what the builds of this game with these options import. A build
that fails leaves the watcher, and the last good output, as they were. The
fork is ``pnp.pool.run_in_child``: the build ends with the watcher, and one that hangs is
stopped after ``pnp.pool.JOB_TIMEOUT_S``. Where the platform cannot fork (Windows), each
build runs in a new Python process instead (pnp.pool.spawn): as fresh, but it imports the
libraries again, so a rebuild takes as long as a one-off build.

A build never sets off the next one: the output folder is not watched (where ``--out``
is the game's own folder, the files builds write there are not), nor are hidden files,
such as the temporaries and the lock file a build keeps there while it writes.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from pnp.pool import can_fork, run_in_child

POLL_S = 0.4
"""How often the folders are looked at: a save shows in the PDF within about a second."""


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
    """Size and modification time of every file below ``folders``, but for hidden files
    (the build's temporaries and its lock file among them), editors' backups and the
    build's own output: the output folder wherever it lies below ``folders``, and the
    files a build writes there when it is one of ``folders`` itself (``--out`` the game's
    own folder), so that a build never sets off the next one."""
    skip = _identity(out)
    found: Snapshot = {}
    for folder in folders:
        for top, dirs, files in os.walk(folder):
            here = Path(top)
            own = _written_by_builds(here) if skip is not None and _identity(here) == skip else ()
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and d not in own and _identity(here / d) != skip
            )
            for name in files:
                if name.startswith(".") or name.endswith("~") or name in own:
                    continue
                path = os.path.join(top, name)
                try:
                    st = os.stat(path)
                except OSError:  # removed while we looked
                    continue
                found[path] = (st.st_mtime_ns, st.st_size)
    return found


def _identity(path: Path) -> tuple[int, int] | None:
    """The device and file number of ``path`` (None if it is not there): the same folder
    however it is spelled (a link, another case on a case-insensitive disk)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _written_by_builds(out: Path) -> frozenset[str]:
    """The names pnp writes in an output folder: manifest.json, the files it lists (the
    PDFs and cut files of every build kept there), and the images folder (``--images``),
    if it holds pnp's index."""
    names = {"manifest.json"}
    if (out / "images" / "index.json").is_file():
        names.add("images")
    try:
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        entries = manifest["files"]
        names.update(e["path"] for e in entries if isinstance(e.get("path"), str))
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass
    return frozenset(names)


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
    # where the platform cannot fork, each build imports its modules in a new process
    fd, name = tempfile.mkstemp(prefix="pnp-watch-", suffix=".txt") if can_fork() else (-1, "")
    if fd >= 0:
        os.close(fd)
    try:
        _watch(build, folders, out, echo, run, poll_s, rounds, Path(name) if name else None)
    finally:
        if name:
            with contextlib.suppress(OSError):
                os.unlink(name)


def _watch(
    build: Callable[[], int],
    folders: Callable[[], list[Path]],
    out: Path,
    echo: Callable[[str], None],
    run: Callable[[Callable[[], int]], int],
    poll_s: float,
    rounds: int | None,
    imported: Path | None,
) -> None:
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
            code = run(partial(noting_imports, build, imported) if imported else build)
            took = time.perf_counter() - start
            verdict = "built" if code == 0 else "not built, the last good output kept,"
            echo(f"{verdict} in {took:.2f} s; watching for changes (Ctrl-C to stop)")
            built += 1
            if imported:
                warm(imported)
    except KeyboardInterrupt:
        echo("stopped watching")


def noting_imports(build: Callable[[], int], imported: Path) -> int:
    """``build()``, run in a child of the watcher, writing to ``imported`` the name of
    each module it imports, one a line: in this process and in the processes it forks
    (a build's workers, which inherit the note-taker), even if it fails."""
    fd = os.open(imported, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
    finder = _ImportNotes(fd)
    sys.meta_path.insert(0, finder)
    try:
        return build()
    finally:
        with contextlib.suppress(ValueError):
            sys.meta_path.remove(finder)
        os.close(fd)


class _ImportNotes:
    """Asked first for every module not yet loaded: notes its name, leaves the finding to
    the finders after it."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        with contextlib.suppress(OSError):  # a line at a time: processes append alike
            os.write(self.fd, f"{name}\n".encode())


def warm(imported: Path) -> None:
    """Import the modules a build noted in ``imported`` (pnp's own and the libraries'), so
    that the next build, forked from here, finds them loaded."""
    try:
        names = imported.read_text(encoding="utf-8").split()
    except OSError:
        return
    for name in dict.fromkeys(names):
        if name in sys.modules:
            continue
        # a module only its importer can load (one made at run time, a package's alias)
        with contextlib.suppress(Exception):
            importlib.import_module(name)


def _short(path: str) -> str:
    from pnp._errors import display_path

    return str(display_path(Path(path)))


__all__ = ["changed", "noting_imports", "snapshot", "warm", "watch", "watched_folders"]
