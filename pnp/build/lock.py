"""One build at a time in an output folder: the ``.pnp-lock`` file, never followed
through a link."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pnp._errors import PnpError, display_path
from pnp.build.folder import disk_error

LOCK_FILE = ".pnp-lock"
LOCK_WAIT_S = 120.0
"""How long a build waits for another build writing into the same folder."""

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
        fd = _open(path)
        try:
            _acquire(fd, fcntl, out, deadline)
        except BaseException:
            os.close(fd)
            raise
        if _still_named(fd, path):
            break
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    _HELD.append(fd)
    try:
        yield
    finally:
        _HELD.remove(fd)
        with contextlib.suppress(OSError):
            path.unlink()
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _open(path: Path) -> int:
    """The lock file, made if missing; a link, folder or other non-file there is refused
    (opening it could create or lock a file outside the folder)."""
    refuse = (
        f"{display_path(path)}: is not pnp's lock file (a link, a folder or a device): pnp "
        "locks the output folder with a plain file of that name; remove it and build again"
    )
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise PnpError(refuse)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO):  # replaced meanwhile
            raise PnpError(refuse) from None
        raise disk_error(exc, path) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise PnpError(refuse)
    return fd


def _acquire(fd: int, fcntl: Any, out: Path, deadline: float) -> None:
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise PnpError(
                    f"another pnp build is writing to {out}; try again when it has "
                    "finished, or use --out to build somewhere else"
                ) from None
            time.sleep(0.1)


def _still_named(fd: int, path: Path) -> bool:
    """Whether the locked file is still the one at ``path`` (not removed by the build
    that held it before, nor replaced by a link)."""
    try:
        here, there = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


__all__ = ["LOCK_FILE", "LOCK_WAIT_S", "locked"]
