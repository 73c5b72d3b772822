"""How a `pnp` process starts and ends.

It starts guarded, before it imports its libraries (``start``): until the command's work
begins (``work_begins``), Ctrl-C ends it with one line and status 130, not a traceback
from the middle of an import; and a standard stream the shell closed (``pnp list >&-``)
is opened on the null device, so that what pnp prints goes nowhere instead of failing,
and no file pnp opens later takes its place.

It ends with its exit handlers run and its output flushed, then leaves without tearing
the interpreter down.

Python's own exit clears every module and frees every object one by one (with a last
collection of garbage first). After a build that is pydantic's models, platypus, the
fonts and the laid-out pages: 0.1-0.2 s of CPU (measured after `pnp build bidness --pdf
--jobs 1` returned: 0.2 s of CPU to exit, 0.01 s with this), a sixth of a whole build,
spent after the last file is written and before the shell gets its prompt back. Every
file pnp writes is closed when it is written, so nothing is lost by skipping it; mypy
ends its runs the same way (``mypy.util.hard_exit``).

The exit handlers (``atexit``) still run, in their usual order. A process that still has
a thread of its own running (not a daemon) ends the usual way, which waits for it.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading

TYPE_CHECKING = False  # not typing's: importing typing takes 25 ms, and `start` runs
if TYPE_CHECKING:  # before anything else is loaded
    from types import FrameType

INTERRUPTED_AT_START = "interrupted; nothing written"
"""What Ctrl-C before the command's work began prints (nothing has been written yet)."""


def start() -> None:
    """Guard the process until its work begins: see the module's docstring."""
    if threading.current_thread() is threading.main_thread():  # else: a host's thread
        signal.signal(signal.SIGINT, _interrupted_at_start)
    _open_closed_streams()


def work_begins() -> None:
    """From here on Ctrl-C raises KeyboardInterrupt, for the command to handle: a build
    keeps the last good output, a simulation reports the games it finished."""
    if signal.getsignal(signal.SIGINT) is _interrupted_at_start:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _interrupted_at_start(signum: int, frame: FrameType | None) -> None:
    with contextlib.suppress(OSError):  # no stderr to say it on
        os.write(2, f"{INTERRUPTED_AT_START}\n".encode())
    os._exit(130)


def _open_closed_streams() -> None:
    """Open the null device on each of descriptors 0-2 that is closed, and give Python a
    stream on it where it has none."""
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        if getattr(sys, name) is None:
            mode = "r" if fd == 0 else "w"
            setattr(sys, name, open(fd, mode, encoding="utf-8", closefd=False))  # noqa: SIM115


def exit_now(code: object) -> None:
    """End the process with ``code`` as ``sys.exit(code)`` would (None is 0, a number is
    the status, anything else is printed and gives 1), skipping the interpreter's
    teardown when no other thread of this process is still running."""
    if any(t is not threading.main_thread() and not t.daemon for t in threading.enumerate()):
        raise SystemExit(code)
    status = exit_status(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:  # none where the process started without it
            with contextlib.suppress(OSError, ValueError):  # a reader gone, a closed stream
                stream.flush()
    os._exit(status)


def exit_status(code: object) -> int:
    """The status ``sys.exit(code)`` gives, printing ``code`` first when it is a message."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


__all__ = ["INTERRUPTED_AT_START", "exit_now", "exit_status", "start", "work_begins"]
