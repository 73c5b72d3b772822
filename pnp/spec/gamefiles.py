"""Reading the files a game folder holds: regular files only, and never more than a limit.

A game folder comes from someone else. A FIFO under a card file's name blocks ``open()``
for ever, a device (``/dev/zero``, reached through a link) never ends, a socket cannot be
read: each is refused by what :func:`os.stat` says it is, before it is opened. The open
itself does not wait (``O_NONBLOCK``, in case a FIFO took the file's place since), and
reads at most one byte past the limit, whatever the file's size said.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)
_OPEN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


class Unreadable(Exception):
    """Why a file is not read, in words that follow its name ("is a socket, not a
    regular file"); each caller says whose file it is and where it was named."""

    def __init__(self, problem: str, size: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.size = size
        """The file's size in bytes when it is too large, else None."""


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, in words: "a regular file", "a FIFO (named pipe)", ..."""
    for test, words in _KINDS:
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "not a file"


def not_regular(mode: int) -> str | None:
    """The problem with a file of ``mode`` when it is not a regular file, else None."""
    return None if stat.S_ISREG(mode) else f"is {kind_of(mode)}, not a regular file"


def read_game_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (links followed), at most ``limit`` of
    them; raises :class:`Unreadable` for anything else."""
    try:
        problem = not_regular(os.stat(path).st_mode)
        if problem:
            raise Unreadable(problem)
        fd = os.open(path, _OPEN)
    except OSError as exc:
        if os.path.islink(path):
            raise Unreadable("is a link in a loop or to nothing") from None
        raise Unreadable(f"cannot be read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as file:
        st = os.fstat(fd)
        problem = not_regular(st.st_mode)
        if problem:
            raise Unreadable(problem)
        if st.st_size > limit:
            raise Unreadable(f"is {st.st_size:,} bytes, more than {limit:,}", st.st_size)
        try:
            body = file.read(limit + 1)
        except OSError as exc:
            raise Unreadable(f"cannot be read ({exc.strerror or exc})") from None
    if len(body) > limit:  # it grew since it was measured
        raise Unreadable(f"is more than {limit:,} bytes", len(body))
    return body


__all__ = ["Unreadable", "kind_of", "not_regular", "read_game_file"]
