"""How a child process of pnp lives and ends, however it was started (forked, or a new
Python process where the platform cannot fork): tied to its parent's life, leaving
without the parent's exit handlers. Standard library only: see pnp.pool.worker."""

from __future__ import annotations

import contextlib
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def can_fork() -> bool:
    """Whether this platform forks (not Windows)."""
    return hasattr(os, "fork")


def flush_output() -> None:
    """Flush what this process printed (so that a forked child does not print it again);
    a stream that is closed, missing (``pythonw``) or whose reader left is passed over."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.flush()


def die_with(parent: int) -> None:
    """Have the kernel kill this process when ``parent`` ends (Linux), and leave now if it
    has already ended (the signal only covers a death after it is set)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):  # no prctl: the wait loop notices instead
            pass
    if os.getppid() != parent:
        os._exit(0)


def leave(code: int) -> None:
    """End a child: flush what it printed, skip the parent's exit handlers."""
    try:
        flush_output()
    finally:
        os._exit(code)


__all__ = ["can_fork", "die_with", "flush_output", "leave"]
