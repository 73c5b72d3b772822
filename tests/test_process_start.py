"""How a `pnp` process starts (pnp.cli.process.start): Ctrl-C before its work has begun is
one line and status 130, and a standard stream that is closed, or whose reader has left,
is never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.cli import process

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
"""A `pnp` started by a test runs this checkout."""


def _pnp(
    args: list[str],
    closed: tuple[int, ...] = (),
    stdout: int | None = None,
    stderr: int | None = None,
) -> subprocess.CompletedProcess[str]:
    """`python -m pnp ARGS`, started with the descriptors ``closed`` closed."""

    def close() -> None:
        for fd in closed:
            os.close(fd)

    return subprocess.run(
        [sys.executable, "-m", "pnp", *args],
        env=ENV,
        text=True,
        timeout=120,
        preexec_fn=close,
        stdout=stdout,
        stderr=stderr,
    )


def _commands(mini_cards: Path) -> list[tuple[list[str], int]]:
    out = str(mini_cards / "out")
    return [
        (["list"], 0),
        (["--version"], 0),
        (["--help"], 0),
        (["validate", "mini", "--cards", str(mini_cards)], 0),
        (["build", "mini", "--cards", str(mini_cards), "--out", out], 0),
        (["simulate", "boom", "--games", "3"], 0),
        (["simulate", "boom", "--games", "20", "--jobs", "2"], 0),
        (["build", "nope"], 2),
    ]


def test_a_closed_stdout_is_no_traceback(mini_cards: Path) -> None:
    """`pnp list >&-`: what pnp prints goes nowhere, its status is the command's."""
    for args, status in _commands(mini_cards):
        done = _pnp(args, closed=(1,), stderr=subprocess.PIPE)
        assert "Traceback" not in done.stderr, (args, done.stderr)
        assert done.returncode == status, (args, done.stderr)
        if status:
            assert done.stderr.startswith("error: no game 'nope'"), done.stderr
    manifest = (mini_cards / "out" / "manifest.json").read_text()
    assert manifest.startswith('{"game":'), "no file pnp opened took descriptor 1"


def test_closed_stdout_and_stderr_leave_the_status_alone(mini_cards: Path) -> None:
    for args, status in _commands(mini_cards):
        done = _pnp(args, closed=(1, 2))
        assert done.returncode == status, args


def test_a_reader_gone_is_no_traceback(mini_cards: Path) -> None:
    """`pnp schema | head -c1`, at its worst: the reader left before pnp wrote anything."""
    for args, status in [*_commands(mini_cards), (["schema"], 0)]:
        read, write = os.pipe()
        os.close(read)
        try:
            done = _pnp(args, stdout=write, stderr=subprocess.PIPE)
        finally:
            os.close(write)
        assert "Traceback" not in done.stderr, (args, done.stderr)
        if args != ["--help"]:  # Click's own help ends with 1 when its reader is gone
            assert done.returncode == status, (args, done.stderr)


def _visible(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(".")}


INTERRUPTED_IN_IMPORT = """
import os, runpy, signal, sys

AT = sys.argv.pop(1)

class Interrupt:  # Ctrl-C just as the module AT is imported
    def find_spec(self, name, path=None, target=None):
        if name == AT:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
runpy.run_module("pnp", run_name="__main__", alter_sys=True)
"""

STARTED = """
import runpy
print("started", flush=True)  # the interpreter is up: from here on, all is pnp's
runpy.run_module("pnp", run_name="__main__", alter_sys=True)
"""


def _interrupted(mini_cards: Path, program: str, *before: str, delay: float = 0.0) -> str:
    """Build mini over its last build, interrupted (see ``program``); what the build said
    on stderr, after checking that the last build is untouched."""
    out = mini_cards / "out"
    args = ["build", "mini", "--cards", str(mini_cards), "--out", str(out)]
    if not out.exists():
        assert _pnp(args, stdout=subprocess.DEVNULL).returncode == 0
    last = _visible(out)
    proc = subprocess.Popen(
        [sys.executable, "-c", program, *before, *args],
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    if delay:
        assert proc.stdout.readline() == "started\n"
        try:
            proc.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert "Traceback" not in stderr, stderr
    if proc.returncode == 0:  # it finished first: a whole new build
        assert "wrote to" in stdout and delay > 0
    else:
        assert proc.returncode == 130, stderr
        assert _visible(out) == last
    return stderr


@pytest.mark.parametrize(
    ("module", "said"),
    [
        ("pnp.cli.app", "interrupted; nothing written\n"),
        ("typer", "interrupted; nothing written\n"),
        ("pnp.layout.paper", "interrupted; nothing written\n"),
        ("pnp.build.typesetter", "interrupted\n"),  # the work has begun: the command's
        ("pnp.spec.load", "interrupted\n"),
        ("pnp.build.deliver", "interrupted\n"),
    ],
)
def test_ctrl_c_while_a_build_imports_is_one_line(mini_cards: Path, module: str, said: str) -> None:
    assert _interrupted(mini_cards, INTERRUPTED_IN_IMPORT, module) == said


@pytest.mark.parametrize("delay", [0.05, 0.1, 0.2, 0.3, 0.4])
def test_ctrl_c_early_in_a_build_is_one_line(mini_cards: Path, delay: float) -> None:
    """Counted from when the interpreter is up: its own start (and the .pth files an
    environment may hold, which run before any of pnp) is not pnp's to guard."""
    said = _interrupted(mini_cards, STARTED, delay=delay)
    assert said in ("", "interrupted; nothing written\n", "interrupted\n")


def test_ctrl_c_is_the_commands_once_its_work_begins() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        process.start()
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler
        process.work_begins()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        process.work_begins()  # a handler the command set is left alone
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
