"""One call in a new Python process: ``run_in_child`` where the platform cannot fork
(Windows), for a call that pickles (a function of a module, or a ``partial`` of one).

The new process starts with this one's ``sys.path`` and nothing loaded: it imports what
the call needs, so it starts slower than a forked child, but it is as fresh, with no
cache of an earlier call (a `--watch` build reads an edited icon or font again). On
Linux it is tied to this process's life as a forked child is (pnp.pool); elsewhere it
runs to its end, unless it outlives its timeout, when it is killed.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Callable

from pnp.pool.child import die_with, leave

_BOOT = """\
import sys
try:
    import pickle
    sys.path[:] = pickle.load(sys.stdin.buffer)
    from pnp.pool.spawn import serve
except KeyboardInterrupt:
    raise SystemExit(130)
serve()
"""
"""The new process's program: this one's import path first, then the call."""


def run_in_new_process(call: Callable[[], int], timeout: float, name: str) -> int:
    """``call()`` in a new Python process, its exit status; here if it does not pickle or
    no interpreter can be started. Past ``timeout`` s the process is killed: status 1,
    after one line on stderr that says so."""
    try:
        body = pickle.dumps((os.getpid(), call), pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):  # a lambda, a closure
        return call()
    if not sys.executable:
        return call()
    payload = pickle.dumps(sys.path, pickle.HIGHEST_PROTOCOL) + body
    try:
        done = subprocess.run([sys.executable, "-c", _BOOT], input=payload, timeout=timeout)
    except subprocess.TimeoutExpired:  # run() has killed it
        print(f"error: the {name} did not end in {timeout:g} s; stopped it", file=sys.stderr)
        return 1
    return done.returncode


def serve() -> None:
    """The new process: read the call, make it, leave with its status. Never returns."""
    code = 1
    try:
        parent, call = pickle.load(sys.stdin.buffer)
        if sys.platform.startswith("linux"):  # elsewhere the parent may be a launcher
            die_with(parent)
        code = call()
    except KeyboardInterrupt:
        code = 130
    finally:
        leave(code)


__all__ = ["run_in_new_process", "serve"]
