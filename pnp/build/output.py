"""Write a build's files all-or-nothing, and describe them in manifest.json."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp._errors import PnpError
from pnp.render.files import DOCUMENT_KINDS, OutputFile

if TYPE_CHECKING:
    from pnp.pool import Worker


def merge_manifest(
    out: Path,
    files: list[OutputFile],
    manifest: dict[str, Any],
    entries: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The manifest of the whole folder: this build's files (``entries``, their manifest
    entries as drawn, when a worker process drew them), plus the entries of an earlier
    manifest whose files are still there and were not rebuilt (each keeping the options it
    was built with). Cut files of a rebuilt PDF are its own and go with it."""
    written = {f.path for f in files}
    kept: list[dict[str, Any]] = []
    for entry in _previous(out):
        path = entry.get("path")
        if not isinstance(path, str) or path in written or entry.get("source") in written:
            continue
        if (out / path).is_file():
            kept.append(entry)
    drawn = entries if entries is not None else [f.manifest() for f in files]
    return {**manifest, "files": kept + drawn}


def stale_cut_files(out: Path, files: list[OutputFile]) -> list[Path]:
    """Cut files an earlier build wrote for a PDF this build rewrites, and did not rewrite."""
    written = {f.path for f in files}
    return [
        out / e["path"]
        for e in _previous(out)
        if e.get("source") in written and e.get("path") not in written
    ]


def _previous(out: Path) -> list[dict[str, Any]]:
    """The file entries of the manifest already in ``out``, each with its options."""
    try:
        old = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(old, dict) or not isinstance(old.get("files"), list):
        return []
    options = old.get("options", {})
    return [{"options": options, **e} for e in old["files"] if isinstance(e, dict)]


LOCK_FILE = ".pnp-lock"
LOCK_WAIT_S = 120.0
"""How long a build waits for another build writing into the same folder."""
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")


_HELD: list[int] = []
"""Descriptors of the locks this process holds."""


def _drop_inherited_locks() -> None:
    """In a forked child: close its copies of the lock files, so that only the build
    holds the lock and a child that outlives it (killed with -9) never keeps it."""
    for fd in _HELD:
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_inherited_locks)


@contextlib.contextmanager
def locked(out: Path, wait_s: float | None = None) -> Iterator[None]:
    """Hold the output folder for one build; a second build waits, then refuses.

    The lock file is removed when the build ends, so no ``.pnp-lock`` stays among the
    user's files. It is removed while still locked, and a build that wins the lock checks
    that the file it locked is still the one at that name (a build that was waiting on the
    removed file tries again on a new one), so two builds never both hold the folder."""
    wait_s = LOCK_WAIT_S if wait_s is None else wait_s
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock, as before
        yield
        return
    path = out / LOCK_FILE
    deadline = time.monotonic() + wait_s
    while True:
        handle = open(path, "a+b")  # noqa: SIM115 - closed below on every path
        try:
            _acquire(handle, fcntl, out, deadline)
        except BaseException:
            handle.close()
            raise
        if _still_named(handle, path):
            break
        fcntl.flock(handle, fcntl.LOCK_UN)
        handle.close()
    _HELD.append(handle.fileno())
    try:
        yield
    finally:
        _HELD.remove(handle.fileno())
        with contextlib.suppress(OSError):
            path.unlink()
        fcntl.flock(handle, fcntl.LOCK_UN)
        handle.close()


def _acquire(handle: Any, fcntl: Any, out: Path, deadline: float) -> None:
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise PnpError(
                    f"another pnp build is writing to {out}; try again when it has "
                    "finished, or use --out to build somewhere else"
                ) from None
            time.sleep(0.1)


def _still_named(handle: Any, path: Path) -> bool:
    """Whether the locked file is still the one at ``path`` (not removed by the build
    that held it before)."""
    try:
        here, there = os.fstat(handle.fileno()), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def remove_stale_temporaries(out: Path) -> list[str]:
    """Delete temporaries an interrupted build left behind (call with the folder locked)."""
    gone = []
    for entry in os.scandir(out):
        if entry.is_file(follow_symlinks=False) and _TEMP_NAME.match(entry.name):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                gone.append(entry.name)
    return gone


def write_all(
    out: Path, files: list[OutputFile], manifest: dict[str, Any] | None, jobs: int = 1
) -> list[Path]:
    """Draw every file to a temporary name (in ``jobs`` processes), then rename them all
    into place.

    Any failure removes the temporaries and leaves the previous build untouched. The
    folder is locked for the whole write, and the manifest goes last (the old one is
    removed before the first rename), so a manifest always describes the files beside it.
    """
    created = [p for p in (out, *out.parents) if not p.exists()]  # deepest first
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"cannot create output folder {out}: {exc.strerror}") from None
    try:
        with locked(out):
            remove_stale_temporaries(out)
            stale = stale_cut_files(out, files) if manifest is not None else []
            staged = _stage(out, files, manifest, jobs)
            if manifest is not None:
                (out / "manifest.json").unlink(missing_ok=True)
            for tmp, final in staged:
                os.replace(tmp, final)
            for path in stale:
                path.unlink(missing_ok=True)
    except BaseException:
        if created:  # a first build that failed leaves no empty folder behind
            with contextlib.suppress(OSError):  # (the lock file went with the lock)
                for folder in created:
                    folder.rmdir()
        raise
    return [final for _, final in staged]


def _stage(
    out: Path, files: list[OutputFile], manifest: dict[str, Any] | None, jobs: int
) -> list[tuple[Path, Path]]:
    from pnp.build import typesetter
    from pnp.pool import run_grouped

    staged: list[tuple[Path, Path]] = []
    try:
        for f in files:
            staged.append((_temp(out, f.path), out / f.path))
        first = [i for i, f in enumerate(files) if f.beside is None]
        now = [files[i] for i in first]
        temps = [staged[i][0] for i in first]
        tasks = list(enumerate(temps))
        setter = typesetter.running()
        if setter is not None and any(f.typeset for f in now):
            drawn = _draw_beside(setter, now, temps)
        else:
            try:
                drawn = run_grouped(_draw, tasks, _families(now), jobs, _share_files, (now,))
            finally:
                _FILES.clear()
        described = _describe_last(out, files, staged, dict(zip(first, drawn, strict=True)))
        if manifest is not None:
            body = merge_manifest(out, files, manifest, described)
            tmp = _temp(out, "manifest.json")
            staged.append((tmp, out / "manifest.json"))
            tmp.write_text(
                json.dumps(body, separators=(",", ":"), ensure_ascii=False) + "\n", "utf-8"
            )
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    return staged


def _describe_last(
    out: Path,
    files: list[OutputFile],
    staged: list[tuple[Path, Path]],
    drawn: dict[int, dict[str, Any]],
) -> list[dict[str, Any]]:
    """Draw the files that describe the others (the start-here sheet), told the entries of
    every other file the folder will hold; every file's manifest entry, in build order."""
    for i, f in enumerate(files):
        if f.beside is not None:
            f.beside(merge_manifest(out, files, {}, [drawn[k] for k in sorted(drawn)])["files"])
            f.write(staged[i][0])
            drawn[i] = f.manifest()
    return [drawn[i] for i in range(len(files))]


def _families(files: list[OutputFile]) -> list[list[int]]:
    """The files' indices in at most two groups to draw side by side: the sheets (cards,
    counters, boards, screens, tracks and their cut files) and the documents."""
    sheets = [i for i, f in enumerate(files) if f.kind not in DOCUMENT_KINDS]
    documents = [i for i, f in enumerate(files) if f.kind in DOCUMENT_KINDS]
    return [group for group in (sheets, documents) if group]


_FILES: list[OutputFile] = []
"""The build's files, shared with the worker processes that draw them."""


def _share_files(files: list[OutputFile]) -> None:
    _FILES[:] = files


def _draw(task: tuple[int, Path]) -> dict[str, Any]:
    """Draw one file; its manifest entry (a rulebook knows its pages once drawn)."""
    index, tmp = task
    _FILES[index].write(tmp)
    return _FILES[index].manifest()


def _draw_beside(setter: Worker, files: list[OutputFile], temps: list[Path]) -> list[Any]:
    """The documents handed to the typesetter first, then the sheets drawn here while it
    works; when files fail, the error raised is the one a build in one process stops at."""
    failures: dict[int, BaseException] = {}
    handed: list[int] = []
    for i, f in enumerate(files):
        if f.typeset is not None:
            try:
                job = f.typeset()
            except Exception as exc:  # raised below, in the order of the files
                failures[i] = exc
                break
            setter.submit(job.draw, temps[i], *job.args)
            handed.append(i)
    for i, f in enumerate(files):
        if f.typeset is None and not failures.keys() & range(i):
            try:
                f.write(temps[i])
            except Exception as exc:
                failures[i] = exc
    for i in handed:
        try:
            files[i].pages = setter.result()
        except Exception as exc:
            failures[i] = exc
    if failures:
        raise failures[min(failures)]
    return [f.manifest() for f in files]


def _temp(folder: Path, name: str) -> Path:
    import tempfile  # here: `pnp --help` reads this module's KINDS and needs no temporaries

    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    os.chmod(tmp, 0o666 & ~_umask())
    return Path(tmp)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
