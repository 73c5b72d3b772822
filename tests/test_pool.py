"""pnp.pool: every child ends with its parent, every wait has a timeout, one error in words.

The kill tests start a parent process, kill it with SIGKILL (nothing of it runs after) and
look for its children: "ended" means gone from the process table or a zombie (a dead
process its new parent has not reaped yet).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pnp._errors import PnpError
from pnp.build.output import locked
from pnp.pool import Worker, WorkerError, run_grouped, run_in_child, run_in_order

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")

GONE_WITHIN_S = 2.0
"""The brief's "a couple of seconds": PR_SET_PDEATHSIG acts at once, the idle check
within pnp.pool.POLL_S (0.5 s)."""


def _ended(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def _all_end(pids: list[int], seconds: float = GONE_WITHIN_S) -> list[int]:
    """The pids still running after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not all(_ended(p) for p in pids):
        time.sleep(0.02)
    return [p for p in pids if not _ended(p)]


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    if not path.exists():
        pytest.skip("this kernel does not list a process's children")
    return [int(p) for p in path.read_text().split()]


PARENT = """
import os, sys, time
from pathlib import Path
import pnp.pool.worker as worker
from pnp.build.output import locked
from pnp.pool import Worker
if sys.argv[1] == "no-death-signal":  # what a platform without prctl gets
    worker.die_with = lambda parent: None
def job(seconds):
    time.sleep(seconds)
    return "done"
with locked(Path(sys.argv[2])):
    workers = [Worker("test") for _ in range(2)]
    for w in workers:
        w.submit(job, float(sys.argv[3]))
    print(*[w.pid for w in workers], flush=True)
    time.sleep(60)
"""
"""A parent that holds an output folder's lock, starts two workers on a job of argv[3]
seconds, prints their pids, and waits to be killed."""


def _kill_parent_mid_job(
    tmp_path: Path, mode: str, job_s: float
) -> tuple[list[int], subprocess.Popen[str]]:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, mode, str(tmp_path), str(job_s)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert parent.stdout is not None
    pids = [int(p) for p in parent.stdout.readline().split()]
    assert len(pids) == 2, parent.stderr.read() if parent.stderr else ""
    time.sleep(0.2)  # the workers are in their job now
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=5)
    return pids, parent


def _stderr(parent: subprocess.Popen[str]) -> str:
    """What the parent and its workers wrote to the stderr they share (it closes once the
    last of them has ended)."""
    return parent.communicate(timeout=10)[1]


def test_workers_end_with_their_parent_and_leave_the_lock(tmp_path: Path) -> None:
    pids, parent = _kill_parent_mid_job(tmp_path, "death-signal", 30.0)
    assert _all_end(pids) == []
    assert "Traceback" not in _stderr(parent)
    with locked(tmp_path, wait_s=0.0):  # no worker holds the lock: no wait at all
        pass


def test_without_the_death_signal_a_worker_ends_quietly_after_its_job(tmp_path: Path) -> None:
    """Where the kernel cannot kill it, a worker finishes its job, finds its parent gone
    (a broken pipe) and ends without a traceback; it never held the lock."""
    with locked(tmp_path, wait_s=0.0):
        pass
    pids, parent = _kill_parent_mid_job(tmp_path, "no-death-signal", 1.5)
    assert not any(_ended(p) for p in pids), "the workers are still in their job"
    with locked(tmp_path, wait_s=0.0):  # and the lock is not theirs to hold
        pass
    assert _all_end(pids, 1.5 + GONE_WITHIN_S) == []
    assert _stderr(parent) == "", "a parent gone mid-job: the child says nothing"


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "boom", "--games", "1000000", "--jobs", "2"],
        ["build", "--all", "--jobs", "2"],
        ["build", "bidness"],
    ],
    ids=["simulate", "build-all", "build-with-document-worker"],
)
def test_no_child_of_a_killed_command_survives(command: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    out = tmp_path / "out" / "bidness"  # where the first game is written, with --all too
    if command[0] == "build":
        command = [*command, "--out", str(out if "--all" not in command else out.parent)]
    parent = subprocess.Popen(
        [sys.executable, "-m", "pnp", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    deadline = time.monotonic() + 60
    kids: list[int] = []
    while not kids and parent.poll() is None and time.monotonic() < deadline:
        kids = _children(parent.pid)
        time.sleep(0.005)
    assert kids, "the command started no worker"
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=5)
    assert _all_end(kids) == []
    _, err = parent.communicate(timeout=5)
    assert "Traceback" not in err
    if command[0] == "build":
        out.mkdir(parents=True, exist_ok=True)  # the document worker starts before it exists
        with locked(out, wait_s=0.0):
            pass


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _leave(code: int) -> None:
    os._exit(code)


def test_a_hung_worker_hits_its_timeout_and_is_stopped() -> None:
    worker = Worker("test")
    worker.submit(_sleep, 30.0)
    start = time.monotonic()
    with pytest.raises(WorkerError) as err:
        worker.result(timeout=0.5)
    assert time.monotonic() - start < 0.5 + GONE_WITHIN_S
    assert str(err.value) == "the test process gave no answer in 0.5 s; stopped it"
    assert isinstance(err.value, PnpError), "the command line prints it as one line"
    worker.stop()
    assert not worker.alive()


def test_a_hung_item_stops_a_run_with_an_error_in_words() -> None:
    with pytest.raises(WorkerError, match="gave no answer in 0.5 s"):
        list(run_in_order(_sleep, [0.0, 30.0, 0.0], 2, timeout=0.5))
    with pytest.raises(WorkerError, match="gave no answer in 0.5 s"):
        run_grouped(_sleep, [0.0, 30.0], [[0], [1]], 2, timeout=0.5)


def test_a_worker_that_dies_is_an_error_in_words() -> None:
    worker = Worker("test")
    worker.submit(_leave, 3)
    with pytest.raises(WorkerError) as err:
        worker.result(timeout=5)
    assert str(err.value) == "the test process stopped unexpectedly (exit status 3)"
    worker.stop()


class _Unpicklable(Exception):
    def __init__(self, a: int, b: int) -> None:
        super().__init__(f"{a} and {b}")
        # a lock pickles in no way, not even through the reducers that tblib installs for
        # exceptions when distributed (the cluster tests) has been imported in this process
        self.lock = threading.Lock()


def _raise_unpicklable(_: int) -> None:
    raise _Unpicklable(1, 2)


def test_an_error_that_does_not_pickle_comes_back_in_words() -> None:
    worker = Worker("test")
    worker.submit(_raise_unpicklable, 0)
    with pytest.raises(RuntimeError, match="1 and 2.*could not be handed back"):
        worker.result(timeout=5)
    worker.submit(_sleep, 0.0)  # the worker goes on
    assert worker.result(timeout=5) == 0.0
    worker.stop()


def _hang() -> int:
    time.sleep(30)
    return 0


def test_a_hung_child_run_is_stopped_and_said_in_one_line(
    capfd: pytest.CaptureFixture[str],
) -> None:
    start = time.monotonic()
    assert run_in_child(_hang, timeout=0.5, name="build") == 1
    assert time.monotonic() - start < 0.5 + GONE_WITHIN_S
    assert capfd.readouterr().err == "error: the build did not end in 0.5 s; stopped it\n"
    assert run_in_child(lambda: 7) == 7
