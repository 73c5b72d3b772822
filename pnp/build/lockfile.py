"""A lock file two processes cannot both hold, on Linux, macOS and Windows alike.

How it locks, the first that this Python has: ``fcntl.flock`` (Linux, macOS, the BSDs),
``msvcrt.locking`` on the file's first byte (Windows); with neither, nothing is locked and
``locking()`` says so (None). The lock file is never opened through a symbolic link:
``O_NOFOLLOW`` where the platform has it, and a path that is a link, or not a plain file,
is refused before and after it is opened (a link put there in between is caught).

The file is removed when its holder lets go, so none stays among the user's files: while
still locked where a file can be removed open (POSIX), just after elsewhere (Windows
refuses to remove a file another process has open: it then stays, and the next holder
takes it). A process that wins the lock checks that the file it locked is still the one
at that name: one that waited on a file its holder has since removed tries again on a
new one, so two processes never both hold the lock.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pnp._errors import PnpError, display_path

POLL_S = 0.1
"""How often a process waiting for the lock tries again."""

_HELD: list[int] = []
"""Descriptors of the lock files this process holds."""


def locking() -> str | None:
    """How this platform locks: "fcntl", "msvcrt", or None (it cannot: no lock is taken)."""
    for name in ("fcntl", "msvcrt"):
        with contextlib.suppress(ImportError):
            __import__(name)
            return name
    return None


def open_lock_file(path: Path) -> int:
    """Open the lock file at ``path``, created if missing, for reading and writing; never
    through a symbolic link. Raises PnpError, naming the path, where it is a link or not a
    plain file, or cannot be opened."""
    if os.path.islink(path):
        raise _refused(path, "is a symbolic link")
    flags = os.O_RDWR | os.O_CREAT
    for extra in ("O_NOFOLLOW", "O_NONBLOCK", "O_BINARY"):  # those this platform has
        flags |= getattr(os, extra, 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if os.path.islink(path):  # O_NOFOLLOW's refusal (ELOOP, or EMLINK on the BSDs)
            raise _refused(path, "is a symbolic link") from None
        raise _refused(path, f"cannot be opened ({exc.strerror or exc})") from None
    try:
        opened, named = os.fstat(fd), os.lstat(path)
        if not stat.S_ISREG(opened.st_mode):
            raise _refused(path, "is not a plain file")
        if stat.S_ISLNK(named.st_mode) or not _same(opened, named):
            raise _refused(path, "is a symbolic link")
    except BaseException:
        os.close(fd)
        raise
    return fd


def try_lock(fd: int) -> bool:
    """Lock ``fd`` for this process alone, without waiting; False if another holds it.
    True without locking anything where the platform cannot lock (``locking()``)."""
    how = locking()
    if how == "fcntl":
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    if how == "msvcrt":
        msvcrt: Any = __import__("msvcrt")  # Windows only: mypy on Linux has no stubs
        os.lseek(fd, 0, os.SEEK_SET)  # msvcrt locks from the file's current position
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:  # EACCES or EDEADLOCK: another process holds it
            return False
        return True
    return True


def unlock(fd: int) -> None:
    """Let go of the lock ``try_lock`` took on ``fd`` (the descriptor stays open)."""
    how = locking()
    if how == "fcntl":
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)
    elif how == "msvcrt":
        msvcrt: Any = __import__("msvcrt")
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):  # not locked: nothing to let go of
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


@contextlib.contextmanager
def holding(
    path: Path, wait_s: float, busy: Callable[[], BaseException], poll_s: float = POLL_S
) -> Iterator[None]:
    """Hold the lock file at ``path`` for the ``with`` block. While another process holds
    it, wait, trying again every ``poll_s`` s; after ``wait_s`` s, raise ``busy()``. The
    file is removed at the end (see the module's docstring)."""
    deadline = time.monotonic() + wait_s
    while True:
        fd = open_lock_file(path)
        try:
            while not try_lock(fd):
                if time.monotonic() >= deadline:
                    raise busy()
                time.sleep(poll_s)
        except BaseException:
            os.close(fd)
            raise
        if _still_named(fd, path):
            break
        unlock(fd)
        os.close(fd)
    _HELD.append(fd)
    try:
        yield
    finally:
        _HELD.remove(fd)
        _let_go(fd, path)


def _let_go(fd: int, path: Path) -> None:
    """Remove the lock file, unlock it and close it, in the order the platform allows."""
    if locking() == "fcntl":
        if _still_named(fd, path):
            with contextlib.suppress(OSError):
                path.unlink()
        unlock(fd)
        os.close(fd)
        return
    unlock(fd)
    os.close(fd)
    with contextlib.suppress(OSError):  # open in a process waiting for it: it stays
        path.unlink()


def _still_named(fd: int, path: Path) -> bool:
    """Whether the file open as ``fd`` is still the one at ``path``."""
    try:
        return _same(os.fstat(fd), os.lstat(path))
    except OSError:
        return False


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _refused(path: Path, what: str) -> PnpError:
    return PnpError(
        f"{display_path(path)}: {what}; pnp locks the output folder with this file: "
        "remove it, or use --out to build somewhere else"
    )


def _drop_inherited_locks() -> None:
    """In a forked child: close its copies of the lock files, so that only the holder
    holds the lock and a child that outlives it (killed with -9) never keeps it."""
    for fd in _HELD:
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_inherited_locks)


__all__ = ["POLL_S", "holding", "locking", "open_lock_file", "try_lock", "unlock"]
