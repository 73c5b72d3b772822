"""`pnp serve` started as a user starts it, for the tests that need a real server: a
process of its own (its own session, so that what it starts can be found and killed),
importing this checkout, and the address it prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
"""The `pnp` process imports this checkout."""
ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/")


def start_serve(args: list[str], cwd: Path, stderr: int = subprocess.PIPE) -> subprocess.Popen[str]:
    """``pnp serve ARGS --port 0`` in ``cwd``; read its address with :func:`address`."""
    return subprocess.Popen(
        [sys.executable, "-m", "pnp", "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        start_new_session=True,
        cwd=cwd,
        env=ENV,
    )


def address(proc: subprocess.Popen[str], seconds: float = 60.0) -> str:
    """The address the server prints once it listens."""
    assert proc.stdout is not None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        found = ADDRESS.search(line)
        if found:
            return found.group(0)
        if not line and proc.poll() is not None:
            break
    raise AssertionError(f"pnp serve printed no address (exit {proc.poll()})")
