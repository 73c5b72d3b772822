"""A forked worker process, tied to its parent's life, and the pipe that carries its jobs.

See pnp.pool for what every child promises. This module imports only small parts of the
standard library: the document worker is started before pnp loads anything else.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

from pnp._errors import PnpError
from pnp.pool.child import can_fork, die_with, flush_output, leave

JOB_TIMEOUT_S = 600.0
"""How long one job may run before its worker is taken for hung (the largest build job,
a 2,000-card deck, draws in under 2 s; a simulation piece is at most 2,000 games)."""
POLL_S = 0.5
"""How often a waiting process looks whether the other side is still there."""
_HEADER = 8


class WorkerError(PnpError):
    """A child process died or hung; said in words, once."""


_CHILDREN: list[Worker] = []
"""Workers this process runs: a child forked later closes its copies of their pipes."""


def _fork() -> int:
    """``os.fork()``; in the child, tied to this parent's life and cut from its siblings."""
    parent = os.getpid()
    flush_output()
    pid = os.fork()
    if pid == 0:
        for sibling in _CHILDREN:
            sibling.forget()
        _CHILDREN.clear()
        die_with(parent)
    return pid


class _Channel:
    """One end of a pair of pipes carrying whole messages (pickled bytes, length first).

    Writes never block for long: while the other side is not reading, whatever it has
    sent is read into the inbox, so two processes sending at once cannot wait on each other.
    """

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.read_fd, self.write_fd = read_fd, write_fd
        os.set_blocking(read_fd, False)
        os.set_blocking(write_fd, False)
        self.inbox = bytearray()
        self.ended = False

    def fileno(self) -> int:
        return self.read_fd

    def send(self, body: bytes, deadline: float, alive: Callable[[], bool]) -> None:
        """Write one message; ``BrokenPipeError`` if the reader is gone, ``TimeoutError``
        if it reads nothing until ``deadline``."""
        view = memoryview(len(body).to_bytes(_HEADER, "big") + body)
        while view:
            readable, writable, _ = select.select(
                [] if self.ended else [self.read_fd], [self.write_fd], [], POLL_S
            )
            if readable:
                self.fill()
            if writable:
                with contextlib.suppress(BlockingIOError):
                    view = view[os.write(self.write_fd, view) :]
            elif time.monotonic() >= deadline or not alive():
                raise TimeoutError

    def fill(self) -> None:
        """Read what has arrived into the inbox (``ended`` once the writer has closed)."""
        while not self.ended:
            try:
                chunk = os.read(self.read_fd, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                self.ended = True
            self.inbox += chunk

    def ready(self) -> bool:
        """Whether a whole message waits in the inbox."""
        size = int.from_bytes(self.inbox[:_HEADER], "big")
        return len(self.inbox) >= _HEADER and len(self.inbox) >= _HEADER + size

    def take(self) -> bytes | None:
        """The next whole message, if it has arrived."""
        if len(self.inbox) < _HEADER:
            return None
        size = int.from_bytes(self.inbox[:_HEADER], "big")
        if len(self.inbox) < _HEADER + size:
            return None
        body = bytes(self.inbox[_HEADER : _HEADER + size])
        del self.inbox[: _HEADER + size]
        return body

    def close(self) -> None:
        for fd in (self.read_fd, self.write_fd):
            with contextlib.suppress(OSError):
                os.close(fd)


class Worker:
    """A forked process that runs jobs in the order they are submitted and answers each.

    ``initializer(*initargs)`` runs once in it first (its error, if any, is the answer to
    every job). ``task`` functions must be importable (module level).
    """

    def __init__(
        self,
        name: str,
        initializer: Callable[..., Any] | None = None,
        initargs: tuple[Any, ...] = (),
    ) -> None:
        self.name = name
        from_parent, to_child = os.pipe()  # (read end, write end)
        from_child, to_parent = os.pipe()
        self.pid = _fork()
        if self.pid == 0:
            os.close(to_child)
            os.close(from_child)
            _serve(_Channel(from_parent, to_parent), os.getppid(), initializer, initargs)
        os.close(from_parent)
        os.close(to_parent)
        self.channel = _Channel(from_child, to_child)
        self.waiting = 0
        self.exit: int | None = None
        _CHILDREN.append(self)

    def fileno(self) -> int:
        return self.channel.fileno()

    def submit(self, task: Callable[..., Any], *args: Any) -> None:
        """Hand over ``task(*args)``; its answer is read by ``result``."""
        body = pickle.dumps((task, args), pickle.HIGHEST_PROTOCOL)
        try:
            self.channel.send(body, time.monotonic() + JOB_TIMEOUT_S, self.alive)
        except (BrokenPipeError, TimeoutError):
            raise self._failure() from None
        self.waiting += 1

    def answered(self) -> bool:
        """Whether ``result`` would return (or raise) now, without waiting."""
        self.channel.fill()
        return self.channel.ready() or self.channel.ended or not self.alive()

    def result(self, timeout: float = JOB_TIMEOUT_S) -> Any:
        """What the oldest unanswered job returned; raises what it raised, or a
        ``WorkerError`` if the process ends or gives no answer within ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            body = self.channel.take()
            if body is not None:
                self.waiting -= 1
                ok, value = pickle.loads(body)
                if not ok:
                    raise value
                return value
            if self.channel.ended or not self.alive():
                self.channel.fill()
                if not self.channel.ready():
                    raise self._failure()
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise self.hung(timeout)
            if select.select([self.channel.read_fd], [], [], min(POLL_S, left))[0]:
                self.channel.fill()

    def hung(self, timeout: float) -> WorkerError:
        """Kill the process that gave no answer in ``timeout`` s; the error that says so."""
        self.kill()
        return WorkerError(f"the {self.name} process gave no answer in {timeout:g} s; stopped it")

    def alive(self) -> bool:
        """Whether the process still runs (it is reaped once it has ended)."""
        if self.exit is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                pid, status = self.pid, 0
            if pid:
                self.exit = os.waitstatus_to_exitcode(status)
        return self.exit is None

    def stop(self) -> None:
        """End the process: at once if it still has work (a build that failed does not
        wait for it), else by closing its pipe; reaped within a couple of seconds."""
        if self in _CHILDREN:
            _CHILDREN.remove(self)
        self.channel.close()
        if self.waiting:
            self.kill()
        _reap(self, 2.0)

    def kill(self) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)

    def forget(self) -> None:
        """In a child forked later: close this worker's pipes, which are not its own."""
        self.channel.close()

    def _failure(self) -> WorkerError:
        _reap(self, 1.0)
        how = (
            f"killed by signal {-self.exit}"
            if self.exit is not None and self.exit < 0
            else f"exit status {self.exit}"
        )
        return WorkerError(f"the {self.name} process stopped unexpectedly ({how})")


def _reap(worker: Worker, seconds: float) -> None:
    """Wait up to ``seconds`` for ``worker`` to end, then kill it."""
    deadline = time.monotonic() + seconds
    while worker.alive() and time.monotonic() < deadline:
        time.sleep(0.005)
    if worker.alive():
        worker.kill()
        while worker.alive() and time.monotonic() < deadline + 1.0:
            time.sleep(0.005)


def _serve(
    channel: _Channel,
    parent: int,
    initializer: Callable[..., Any] | None,
    initargs: tuple[Any, ...],
) -> None:
    """A worker's life: get ready, then answer each job until the pipe closes or the
    parent is gone. Never returns."""
    code = 0
    try:
        broken: BaseException | None = None
        try:
            if initializer is not None:
                initializer(*initargs)
        except Exception as exc:
            broken = exc
        while True:
            body = channel.take()
            if body is None:
                if channel.ended or os.getppid() != parent:
                    break
                if select.select([channel.read_fd], [], [], POLL_S)[0]:
                    channel.fill()
                continue
            try:
                if broken is not None:
                    raise broken
                task, args = pickle.loads(body)
                answer = (True, task(*args))
            except Exception as exc:  # handed back, to be raised where one process would
                answer = (False, exc)
            channel.send(_pickled(answer), float("inf"), lambda: os.getppid() == parent)
    except (OSError, TimeoutError, EOFError):  # the parent is gone: nobody to tell
        code = 0
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the parent says so
        code = 130
    except BaseException:  # a bug in this module: one traceback, from the child alone
        import traceback

        traceback.print_exc()
        code = 1
    leave(code)


def _pickled(answer: tuple[bool, Any]) -> bytes:
    """The answer as bytes; an answer or error that does not pickle comes back in words."""
    try:
        body = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        if not answer[0]:
            pickle.loads(body)  # an exception whose class cannot be rebuilt from its args
        return body
    except Exception as exc:
        words = RuntimeError(f"{answer[1]!r} could not be handed back: {exc}")
        return pickle.dumps((False, words), pickle.HIGHEST_PROTOCOL)


def run_in_child(
    call: Callable[[], int], timeout: float = JOB_TIMEOUT_S, name: str = "child"
) -> int:
    """``call()`` in a process forked from this one, its exit status; where the platform
    cannot fork, in a new Python process (pnp.pool.spawn; here if ``call`` does not
    pickle). A child that runs past ``timeout`` s is killed: status 1, after one line on
    stderr that says so."""
    if not can_fork():
        from pnp.pool.spawn import run_in_new_process

        return run_in_new_process(call, timeout, name)
    pid = _fork()
    if pid == 0:
        code = 1
        try:
            code = call()
        except KeyboardInterrupt:
            code = 130
        finally:
            leave(code)
    deadline = time.monotonic() + timeout
    ended = _exit_watch(pid)
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status)
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)  # just killed: it ends at once
                print(
                    f"error: the {name} did not end in {timeout:g} s; stopped it", file=sys.stderr
                )
                return 1
            if ended is None:
                time.sleep(min(0.01, left))
            else:
                select.select([ended], [], [], min(POLL_S, left))
    except BaseException:  # Ctrl-C here: the child got it too and may say so; then it goes
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            grace = time.monotonic() + 1.0
            while os.waitpid(pid, os.WNOHANG) == (0, 0):
                if time.monotonic() >= grace:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)  # just killed: it ends at once
                    break
                time.sleep(0.01)
        raise
    finally:
        if ended is not None:
            os.close(ended)


def _exit_watch(pid: int) -> int | None:
    """A descriptor that becomes readable when ``pid`` ends (Linux 5.3+), else None."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


__all__ = ["JOB_TIMEOUT_S", "POLL_S", "Worker", "WorkerError", "run_in_child"]
