"""The one place pnp runs work in other processes (`--jobs N`, the document worker, `--watch`).

Four ways in, one machinery underneath (pnp.pool.worker):

- ``run_in_order``: items spread over workers, results in the order of the items
  (`pnp simulate --jobs`);
- ``run_grouped``: groups of items side by side, the first group here (a build's sheets
  here, its documents in a worker), failing with the error one process would stop at;
- ``Worker``: one process that takes jobs in turn, started early and fed later (the
  document worker `pnp build` starts before it imports its libraries);
- ``run_in_child``: one call in a fresh process, its exit status (each `--watch` build).

``jobs`` is 1 for one process (nothing is started), 0 for one worker per usable core, or a
count. Children are forked, so they share what this process has loaded (games, fonts,
laid-out pages) and only jobs and answers are pickled. Where the platform cannot fork
(Windows), the work runs here, but for ``run_in_child``, whose call runs in a new Python
process (pnp.pool.spawn). The tests take these paths on Linux too, with ``os.fork``
removed. What every child promises:

- it ends when its parent does: on Linux the kernel kills it (``PR_SET_PDEATHSIG``, set
  right after the fork, then a check that the parent is still the one that forked it);
  elsewhere it sees, within ``POLL_S`` of waiting for work, that its parent is gone;
- it holds no pipe of another child, so a closed pipe reads as the end of the work;
- it leaves quietly: a parent gone mid-job (a broken pipe) or Ctrl-C ends it without a
  traceback, and it exits through ``os._exit`` (no exit handler of the parent runs twice);
- its answer comes back, or its error in words: an error that cannot be pickled is sent
  as its message.

Every wait of the parent has a timeout: a child that dies, or does not answer within the
job's timeout, is a ``WorkerError`` naming it, and it is killed.

Its modules import only small parts of the standard library: the document worker is
started before anything else is loaded.
"""

from __future__ import annotations

import os
import select
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from pnp.pool.child import can_fork
from pnp.pool.worker import JOB_TIMEOUT_S, POLL_S, Worker, WorkerError, run_in_child

T = TypeVar("T")
R = TypeVar("R")


def usable_cores() -> int:
    """Cores this process may run on (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def worker_count(jobs: int, tasks: int) -> int:
    """Processes to start for ``tasks`` pieces of work: never more than there are pieces,
    nor than there are cores (more processes than cores only wait for each other)."""
    if not can_fork():
        return 1
    cores = usable_cores()
    wanted = cores if jobs == 0 else min(jobs, cores)
    return max(1, min(wanted, tasks))


def _start(
    count: int, initializer: Callable[..., Any] | None, args: tuple[Any, ...]
) -> list[Worker]:
    """``count`` workers, or none where none can be started (no fork, no processes left)."""
    workers: list[Worker] = []
    try:
        for _ in range(count):
            workers.append(Worker("worker", initializer, args))
    except OSError:
        for worker in workers:
            worker.stop()
        return []
    return workers


def run_in_order(
    task: Callable[[T], R],
    items: Sequence[T],
    jobs: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    timeout: float = JOB_TIMEOUT_S,
) -> Iterator[R]:
    """``task(item)`` for each item, yielded in the order of ``items``.

    With one worker the items run here, one by one. Each worker is handed the next item
    as it answers (two at a time, so it never waits for the pipe); an item that fails
    raises its error when its turn comes, as in one process.
    """
    count = worker_count(jobs, len(items))
    workers = _start(count, initializer, initargs) if count > 1 else []
    if not workers:
        if initializer is not None:
            initializer(*initargs)
        for item in items:
            yield task(item)
        return
    todo = deque(enumerate(items))
    held: dict[int, deque[int]] = {w.pid: deque() for w in workers}
    since = dict.fromkeys(held, time.monotonic())
    answers: dict[int, tuple[bool, Any]] = {}

    def feed(worker: Worker, n: int) -> None:
        for _ in range(n):
            if todo:
                index, item = todo.popleft()
                worker.submit(task, item)
                held[worker.pid].append(index)

    try:
        for worker in workers:
            feed(worker, 2)
        for turn in range(len(items)):
            while turn not in answers:
                busy = [w for w in workers if held[w.pid]]
                if not any(w.channel.ready() for w in busy):  # else: answers already read
                    select.select(busy, [], [], POLL_S)
                for worker in busy:
                    if not worker.answered():
                        if time.monotonic() - since[worker.pid] > timeout:
                            raise worker.hung(timeout)
                        continue
                    index = held[worker.pid].popleft()
                    since[worker.pid] = time.monotonic()
                    try:
                        answers[index] = (True, worker.result())
                    except WorkerError:
                        raise
                    except Exception as exc:  # raised when its turn comes, as in one process
                        answers[index] = (False, exc)
                    feed(worker, 1)
            ok, value = answers.pop(turn)
            if not ok:
                raise value
            yield value
    except KeyboardInterrupt:  # Ctrl-C reached the workers too: keep what they had done
        yield from _answers_in_flight(workers, held, answers)
        raise
    finally:
        for worker in workers:
            worker.stop()


INTERRUPT_GRACE_S = 1.0
"""After Ctrl-C, how long the workers get to hand back the job they were doing: a task
that stops early on Ctrl-C (a simulation piece returns the games it finished) is kept."""


def _answers_in_flight(
    workers: list[Worker], held: dict[int, deque[int]], answers: dict[int, tuple[bool, Any]]
) -> Iterator[Any]:
    """The answers already read, and each worker's current one if it comes within
    ``INTERRUPT_GRACE_S``, in the order of their items; errors are dropped."""
    deadline = time.monotonic() + INTERRUPT_GRACE_S
    waiting = [w for w in workers if held[w.pid]]
    while waiting and time.monotonic() < deadline:
        select.select(waiting, [], [], min(POLL_S, max(0.0, deadline - time.monotonic())))
        for worker in [w for w in waiting if w.answered()]:
            waiting.remove(worker)
            try:
                answers[held[worker.pid].popleft()] = (True, worker.result())
            except Exception:
                continue
    for index in sorted(answers):
        ok, value = answers[index]
        if ok:
            yield value


def run_grouped(
    task: Callable[[T], R],
    items: Sequence[T],
    groups: Sequence[Sequence[int]],
    jobs: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    timeout: float = JOB_TIMEOUT_S,
) -> list[R]:
    """``task(item)`` for each item, returned in the order of ``items``.

    ``groups`` partitions the items' indices: the items of one group run one after another
    in one process, the groups side by side in up to ``jobs`` processes, this one taking
    the first group while forked workers take the others. Work that needs the same
    modules or data goes in one group, so that only one process loads them. When items
    fail, the error raised is that of the first failing item in the order of ``items``:
    the same error a run in one process stops at.
    """
    count = worker_count(jobs, len(groups))
    workers = _start(count - 1, initializer, initargs) if count > 1 else []
    if initializer is not None:
        initializer(*initargs)
    if not workers:
        return [task(item) for item in items]
    results: dict[int, R] = {}
    failures: dict[int, BaseException] = {}
    try:
        handed = []
        for n, group in enumerate(groups[1:]):
            worker = workers[n % len(workers)]
            worker.submit(_run_group, task, [(i, items[i]) for i in group])
            handed.append(worker)
        done, failed = _run_group(task, [(i, items[i]) for i in groups[0]])
        results.update(done)
        failures.update(failed)
        for worker in handed:
            done, failed = worker.result(timeout)
            results.update(done)
            failures.update(failed)
    finally:
        for worker in workers:
            worker.stop()
    if failures:
        raise failures[min(failures)]
    return [results[i] for i in range(len(items))]


def _run_group(
    task: Callable[[T], R], work: list[tuple[int, T]]
) -> tuple[dict[int, R], dict[int, BaseException]]:
    """One group's items in turn, stopping at the first that fails (its error is kept)."""
    done: dict[int, R] = {}
    for index, item in work:
        try:
            done[index] = task(item)
        except Exception as exc:  # handed back to be raised in the order of the items
            return done, {index: exc}
    return done, {}


def chunks(total: int, jobs: int, per_worker: int = 4, largest: int = 2000) -> list[range]:
    """``range(total)`` cut into contiguous pieces, about ``per_worker`` for each worker
    (``ceil(total / (workers × per_worker))`` items, at least one), so that every worker
    gets work even when the items are few and long (20 search games on 2 cores used to be
    one piece of 50, played by one process), an uneven piece does not hold the others up,
    and no piece is so large that a progress bar stalls."""
    pieces = worker_count(jobs, total) * per_worker
    size = min(max(1, -(-total // pieces)), largest)
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


__all__ = [
    "JOB_TIMEOUT_S",
    "Worker",
    "WorkerError",
    "can_fork",
    "chunks",
    "run_grouped",
    "run_in_child",
    "run_in_order",
    "usable_cores",
    "worker_count",
]
