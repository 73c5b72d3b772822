"""Write a build's files all-or-nothing, and describe them in manifest.json."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp._errors import PnpError
from pnp.build.folder import (
    MANIFEST,
    check_names,
    check_writable,
    clean_up,
    disk_error,
    make_folder,
    plain_name,
    read_json,
    replace_all,
)
from pnp.plan.files import DOCUMENT_KINDS, manifest_entry, sheet_count

if TYPE_CHECKING:
    from pnp.layout.pages import Page
    from pnp.plan.typeset_jobs import Document
    from pnp.pool import Worker


@dataclass
class OutputFile:
    """One file to write: its name, kind, pages (for the manifest) and how it is drawn
    (pnp.build.game binds each planned file to what draws it)."""

    path: str
    kind: str
    pages: list[Page]
    write: Callable[[Path], None] = field(repr=False)
    source: str | None = None
    """For a cut file: the PDF whose sheet it cuts."""
    typeset: Callable[[], Document] | None = field(default=None, repr=False)
    """For a rulebook or aid: its text prepared as data for the typesetter process
    (pnp.build.typesetter), which then writes it; ``write`` does both here."""
    margin: float | tuple[float, float] | None = None
    """For a file of sheets to cut: the margin its pieces keep inside, where its lower
    bound on sheets is measured."""
    ink: tuple[float, float] | None = None
    """Share of its pages inked, as drawn and as --ink-saver draws them (pnp.layout.ink)."""
    beside: Callable[[list[dict[str, Any]]], None] | None = field(default=None, repr=False)
    """For a file that describes the others (the start-here sheet): told the manifest
    entries of every other file the folder will hold, then drawn, after all of them."""

    @property
    def sheets(self) -> int:
        """Sheets of paper: a back page is printed on its front's sheet."""
        return sheet_count(self.pages)

    def manifest(self) -> dict[str, Any]:
        return manifest_entry(self.path, self.kind, self.pages, self.source, self.margin, self.ink)


def merge_manifest(
    out: Path,
    files: list[OutputFile],
    manifest: dict[str, Any],
    entries: list[dict[str, Any]] | None,
    previous: list[dict[str, Any]],
) -> dict[str, Any]:
    """The manifest of the whole folder: this build's files (``entries``, their manifest
    entries as drawn, when a worker process drew them), plus the ``previous`` entries
    (:func:`previous_entries`) whose files are still there and were not rebuilt (each
    keeping the options it was built with). Cut files of a rebuilt PDF are its own and go
    with it."""
    written = {f.path for f in files}
    kept: dict[str, dict[str, Any]] = {}
    for entry in previous:
        path = entry["path"]
        if path in written or entry.get("source") in written or path in kept:
            continue
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(out / path).st_mode):
                kept[path] = entry
    drawn = entries if entries is not None else [f.manifest() for f in files]
    return {**manifest, "files": [*kept.values(), *drawn]}


def stale_cut_files(
    out: Path, files: list[OutputFile], previous: list[dict[str, Any]]
) -> list[Path]:
    """Cut files an earlier build wrote for a PDF this build rewrites, and did not rewrite
    (only names directly in ``out``: a manifest cannot make a build delete anything
    elsewhere)."""
    written = {f.path for f in files}
    return [
        out / e["path"] for e in previous if e.get("source") in written and e["path"] not in written
    ]


def read_manifest(out: Path) -> dict[str, Any] | None:
    """The manifest in ``out``; None when there is none, or none that pnp could have
    written (:func:`pnp.build.folder.read_json`, and a list of files): a build replaces
    it as if there were none."""
    body = read_json(out / MANIFEST)
    if not isinstance(body, dict) or not isinstance(body.get("files"), list):
        return None
    return body


def previous_entries(out: Path) -> list[dict[str, Any]]:
    """The file entries of the manifest already in ``out``, each with its options. An
    entry whose path is not a plain name in the folder, or whose source is not one, is
    not pnp's and is left out."""
    old = read_manifest(out)
    if old is None:
        return []
    options = old.get("options", {})
    return [
        {"options": options, **e}
        for e in old["files"]
        if isinstance(e, dict)
        and plain_name(e.get("path"))
        and ("source" not in e or plain_name(e["source"]))
    ]


LOCK_FILE = ".pnp-lock"
LOCK_WAIT_S = 120.0
"""How long a build waits for another build writing into the same folder."""


def locked(out: Path, wait_s: float | None = None) -> contextlib.AbstractContextManager[None]:
    """Hold the output folder for one build; a second build waits, then refuses. The lock
    file is never followed through a link (pnp.build.lockfile), and goes when the build
    ends."""
    from pnp.build.lockfile import holding

    def busy() -> PnpError:
        return PnpError(
            f"another pnp build is writing to {out}; try again when it has finished, or use "
            "--out to build somewhere else"
        )

    check_writable(out)
    return holding(out / LOCK_FILE, LOCK_WAIT_S if wait_s is None else wait_s, busy)


def write_all(
    out: Path, files: list[OutputFile], manifest: dict[str, Any] | None, jobs: int = 1
) -> list[Path]:
    """Draw every file to a temporary name (in ``jobs`` processes), then rename them all
    into place.

    Any failure (a folder in the way of a name, a full disk, Ctrl-C) removes the
    temporaries and leaves the previous build as it was. The folder is locked for the
    whole write, and the manifest goes last (the old one is removed before the first
    rename), so a manifest always describes the files beside it.
    """
    for f in files:
        if plain_name(f.path) != f.path:
            raise PnpError(f"{f.path!r} is not a file name in the output folder")
    created = make_folder(out)
    try:
        with locked(out):
            clean_up(out)
            previous = previous_entries(out) if manifest is not None else []
            stale = stale_cut_files(out, files, previous)
            names = [f.path for f in files] + ([MANIFEST] if manifest is not None else [])
            check_names(out, names)
            staged = _stage(out, files, manifest, jobs, previous)
            try:
                replace_all(out, staged)
            except OSError as exc:
                raise _disk_error(exc, out, staged) from None
            for path in stale:
                with contextlib.suppress(OSError):  # listed nowhere now: only left over
                    path.unlink(missing_ok=True)
    except BaseException:
        if created:  # a first build that failed leaves no empty folder behind
            with contextlib.suppress(OSError):  # (the lock file went with the lock)
                for folder in created:
                    folder.rmdir()
        raise
    return [final for _, final in staged]


def _stage(
    out: Path,
    files: list[OutputFile],
    manifest: dict[str, Any] | None,
    jobs: int,
    previous: list[dict[str, Any]],
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
        described = _describe_last(
            out, files, staged, dict(zip(first, drawn, strict=True)), previous
        )
        if manifest is not None:
            body = merge_manifest(out, files, manifest, described, previous)
            tmp = _temp(out, MANIFEST)
            staged.append((tmp, out / MANIFEST))
            text = json.dumps(body, separators=(",", ":"), ensure_ascii=False) + "\n"
            with _naming(tmp):
                tmp.write_text(text, "utf-8")
    except BaseException as exc:
        for tmp, _ in staged:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise _disk_error(exc, out, staged) from None
        raise
    return staged


def _disk_error(exc: OSError, out: Path, staged: list[tuple[Path, Path]]) -> BaseException:
    """A write that failed, named by the file it was for (not its temporary name); an
    error about some other file (a font, an image of the game) is left as it is."""
    finals = {str(tmp): final for tmp, final in staged}
    name = str(exc.filename) if exc.filename is not None else None
    if exc.errno is None:  # not the system's: a library's error that is no OSError's
        return exc
    if name in finals:
        return disk_error(exc, finals[name])
    if name is None or Path(name).parent == out:
        return disk_error(exc, Path(name) if name else out)
    return exc


@contextlib.contextmanager
def _naming(tmp: Path) -> Iterator[None]:
    """An error writing ``tmp`` names it (a write to an open file names no file)."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None and exc.errno is not None:
            raise OSError(exc.errno, exc.strerror, str(tmp)) from exc
        raise


def _describe_last(
    out: Path,
    files: list[OutputFile],
    staged: list[tuple[Path, Path]],
    drawn: dict[int, dict[str, Any]],
    previous: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Draw the files that describe the others (the start-here sheet), told the entries of
    every other file the folder will hold; every file's manifest entry, in build order."""
    for i, f in enumerate(files):
        if f.beside is not None:
            entries = [drawn[k] for k in sorted(drawn)]
            f.beside(merge_manifest(out, files, {}, entries, previous)["files"])
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
    with _naming(tmp):
        _FILES[index].write(tmp)
    return _FILES[index].manifest()


def _draw_beside(setter: Worker, files: list[OutputFile], temps: list[Path]) -> list[Any]:
    """The documents handed to the typesetter first, then the sheets drawn here while it
    works; when files fail, the error raised is the one a build in one process stops at."""
    from pnp.build.typesetter import typeset

    failures: dict[int, BaseException] = {}
    handed: list[int] = []
    for i, f in enumerate(files):
        if f.typeset is not None:
            try:
                doc = f.typeset()
            except Exception as exc:  # raised below, in the order of the files
                failures[i] = exc
                break
            setter.submit(typeset, temps[i], doc)
            handed.append(i)
    for i, f in enumerate(files):
        if f.typeset is None and not failures.keys() & range(i):
            try:
                with _naming(temps[i]):
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

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    except OSError as exc:  # named by the file it was to be
        raise OSError(exc.errno, exc.strerror, str(folder / name)) from exc
    os.close(fd)
    os.chmod(tmp, 0o666 & ~_umask())
    return Path(tmp)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
