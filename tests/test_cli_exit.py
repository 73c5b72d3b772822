"""How a `pnp` process ends (pnp.cli.process): its exit handlers run and its output
is flushed, its status is the command's, and the interpreter is not torn down (0.1-0.2 s
of CPU after a build, spent freeing objects one by one)."""

from __future__ import annotations

import subprocess
import sys

import pytest

ENDING = """
import atexit, sys

class Teardown:
    def __del__(self):
        print("torn down", flush=True)

kept = Teardown()  # freed only when Python clears this module at its exit
atexit.register(lambda: print("exit handler ran"))
print("output before the end", end="")  # left in the buffer: the end flushes it
from pnp.cli.app import main
sys.argv = ["pnp", *sys.argv[1].split()]
main()
"""


def _end(args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENDING, args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_pnp_ends_without_tearing_the_interpreter_down() -> None:
    done = _end("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("output before the end"), "the buffer was flushed"
    assert "pnp " in done.stdout
    assert "exit handler ran" in done.stdout
    assert "torn down" not in done.stdout, "Python's teardown ran"


@pytest.mark.parametrize(("args", "status"), [("build", 2), ("list --nosuch", 2), ("list", 0)])
def test_the_status_is_the_commands(args: str, status: int) -> None:
    done = _end(args)
    assert done.returncode == status, done.stderr
    assert "exit handler ran" in done.stdout


def test_a_thread_still_running_leaves_the_end_to_python() -> None:
    # Python's own exit waits for a thread of the process (not a daemon) to finish
    import threading

    from pnp.cli.process import exit_now

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        with pytest.raises(SystemExit) as done:
            exit_now(3)
        assert done.value.code == 3
    finally:
        stop.set()
        thread.join()


def test_exit_status_is_that_of_sys_exit(capsys: pytest.CaptureFixture[str]) -> None:
    from pnp.cli.process import exit_status

    assert [exit_status(None), exit_status(0), exit_status(3)] == [0, 0, 3]
    assert exit_status("stopped: no room") == 1
    assert capsys.readouterr().err == "stopped: no room\n"
