"""pnp.build.lockfile: one holder at a time, with fcntl, with msvcrt (Windows, played here by
a stand-in over flock), and with neither; never through a symbolic link."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import types
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from pnp._errors import PnpError
from pnp.build import lockfile
from pnp.build.lockfile import holding, locking, open_lock_file

fcntl = pytest.importorskip("fcntl")  # the stand-in for msvcrt locks with it


class Busy(Exception):
    pass


def _hold(path: Path, wait_s: float = 0.0) -> AbstractContextManager[None]:
    return holding(path, wait_s, Busy, poll_s=0.01)


@pytest.fixture
def msvcrt(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """A Windows without fcntl: msvcrt.locking done with flock on the same descriptor
    (it refuses a second holder as Windows does); each call's (mode, offset, bytes)."""
    calls: list[tuple[int, int, int]] = []

    def locking(fd: int, mode: int, nbytes: int) -> None:
        calls.append((mode, os.lseek(fd, 0, os.SEEK_CUR), nbytes))
        if mode == stand_in.LK_UNLCK:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(13, "Permission denied") from None

    stand_in = types.SimpleNamespace(LK_UNLCK=0, LK_LOCK=1, LK_NBLCK=2, locking=locking)
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` raises ImportError
    monkeypatch.setitem(sys.modules, "msvcrt", stand_in)
    return calls


def test_a_second_holder_waits_then_is_refused(tmp_path: Path) -> None:
    path = tmp_path / ".pnp-lock"
    assert locking() == "fcntl"
    with _hold(path):
        start = time.monotonic()
        with pytest.raises(Busy), _hold(path, wait_s=0.3):
            pass
        assert time.monotonic() - start >= 0.3
    assert not path.exists(), "no lock file stays among the user's files"
    with _hold(path):
        pass


HOLDER = """
import sys, time
from pathlib import Path
from pnp.build.lockfile import holding
with holding(Path(sys.argv[1]), 0.0, RuntimeError):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_another_process_holding_it_is_waited_for(tmp_path: Path) -> None:
    path = tmp_path / ".pnp-lock"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    other = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), "1.0"], stdout=subprocess.PIPE, env=env
    )
    assert other.stdout is not None and other.stdout.readline() == b"held\n"
    with pytest.raises(Busy), _hold(path, wait_s=0.1):
        pass
    with _hold(path, wait_s=30.0):
        assert other.poll() is not None or other.wait(timeout=5) == 0
    assert other.wait(timeout=5) == 0


FORKING_HOLDER = """
import os, sys, time
from pathlib import Path
from pnp.build.lockfile import holding
with holding(Path(sys.argv[1]), 0.0, RuntimeError):
    if os.fork() == 0:  # the fork handlers have run once fork() returns here
        os.write(1, b"child\\n")  # one write each: the two lines never interleave
        time.sleep(30)  # a worker that outlives the build
        os._exit(0)
    os.write(1, b"held\\n")
    time.sleep(30)  # killed with -9 here: it never lets go
"""


def test_a_forked_child_does_not_keep_the_lock_of_a_killed_parent(tmp_path: Path) -> None:
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    path = tmp_path / ".pnp-lock"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    parent = subprocess.Popen(
        [sys.executable, "-c", FORKING_HOLDER, str(path)],
        stdout=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    try:
        assert parent.stdout is not None
        assert {parent.stdout.readline(), parent.stdout.readline()} == {b"held\n", b"child\n"}
        parent.kill()
        parent.wait(timeout=5)
        assert path.exists(), "the killed holder left its file"
        with _hold(path, wait_s=0.0):
            pass
    finally:
        os.killpg(parent.pid, 9)  # the child, still asleep


def test_without_fcntl_windows_locks_the_first_byte(
    tmp_path: Path, msvcrt: list[tuple[int, int, int]]
) -> None:
    path = tmp_path / ".pnp-lock"
    assert locking() == "msvcrt"
    with _hold(path):
        with pytest.raises(Busy), _hold(path, wait_s=0.1):
            pass
        assert path.exists()
    assert not path.exists(), "removed once closed, where Windows allows it"
    assert {(offset, size) for _, offset, size in msvcrt} == {(0, 1)}
    modes = [mode for mode, _, _ in msvcrt]
    assert modes[0] == 2 and modes[-1] == 0, "a lock that never waits, let go at the end"


def test_a_lock_file_windows_cannot_remove_stays_for_the_next_holder(
    tmp_path: Path, msvcrt: list[tuple[int, int, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / ".pnp-lock"

    def in_use(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "The process cannot access the file")

    with monkeypatch.context() as patched:
        patched.setattr(Path, "unlink", in_use)
        with _hold(path):
            pass
    assert path.exists()
    with _hold(path):
        pass
    assert not path.exists()


def test_with_neither_nothing_is_locked_and_it_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    assert locking() is None
    path = tmp_path / ".pnp-lock"
    with _hold(path), _hold(path):
        pass
    assert not path.exists()


@pytest.mark.parametrize("target", ["a file", "no file"])
def test_a_lock_path_that_is_a_link_is_refused(tmp_path: Path, target: str) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    if target == "a file":
        elsewhere.write_text("the user's")
    path = tmp_path / ".pnp-lock"
    path.symlink_to(elsewhere)
    with pytest.raises(PnpError, match=r"\.pnp-lock: is a symbolic link"), _hold(path):
        pass
    assert path.is_symlink()
    assert (elsewhere.read_text() == "the user's") if target == "a file" else not elsewhere.exists()


def test_a_link_put_there_after_the_check_is_refused_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The link appears between the check and the open: O_NOFOLLOW refuses it, and where
    there is none (Windows), what was opened is checked against what is at the path."""
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("the user's")
    path = tmp_path / ".pnp-lock"
    path.symlink_to(elsewhere)
    seen = iter([False])  # the first look misses the link
    real_islink = os.path.islink
    monkeypatch.setattr(lockfile.os.path, "islink", lambda p: next(seen, real_islink(p)))
    with pytest.raises(PnpError, match="is a symbolic link"):
        open_lock_file(path)
    monkeypatch.delattr(os, "O_NOFOLLOW")
    seen = iter([False])
    with pytest.raises(PnpError, match="is a symbolic link"):
        open_lock_file(path)
    assert elsewhere.read_text() == "the user's"


def test_a_lock_path_that_is_not_a_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / ".pnp-lock"
    folder.mkdir()
    with pytest.raises(PnpError, match="cannot be opened|is not a plain file"):
        open_lock_file(folder)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        with pytest.raises(PnpError, match="is not a plain file"):
            open_lock_file(fifo)
