"""Work spread over processes (`--jobs N`), with results in the order of one process.

``jobs`` is 1 for one process (nothing is started), 0 for one worker per usable core, or
a count. Results always come back in submission order, so whatever is built from them is
the same as with ``--jobs 1``. Workers are forked, so they share what this process has
loaded (games, fonts, laid-out pages) without pickling it; where the platform cannot
fork, the work runs in this process.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

T = TypeVar("T")
R = TypeVar("R")


def usable_cores() -> int:
    """Cores this process may run on (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def worker_count(jobs: int, tasks: int) -> int:
    """Processes to start for ``tasks`` pieces of work: never more than there are pieces."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    wanted = usable_cores() if jobs == 0 else jobs
    return max(1, min(wanted, tasks))


def run_in_order(
    task: Callable[[T], R],
    items: Sequence[T],
    jobs: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> Iterator[R]:
    """``task(item)`` for each item, yielded in the order of ``items``.

    With one worker the items run here, one by one. ``task`` and ``initializer`` must be
    module-level functions (a worker gets them by name); the initializer runs once in
    each worker, or once here when no worker is started.
    """
    workers = worker_count(jobs, len(items))
    if workers == 1:
        if initializer is not None:
            initializer(*initargs)
        for item in items:
            yield task(item)
        return
    from concurrent.futures import ProcessPoolExecutor  # only when there are workers to start

    with ProcessPoolExecutor(
        workers, multiprocessing.get_context("fork"), initializer, initargs
    ) as pool:
        futures: list[Future[R]] = [pool.submit(task, item) for item in items]
        try:
            for future in futures:
                yield future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def run_grouped(
    task: Callable[[T], R],
    items: Sequence[T],
    groups: Sequence[Sequence[int]],
    jobs: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> list[R]:
    """``task(item)`` for each item, returned in the order of ``items``.

    ``groups`` partitions the items' indices: the items of one group run one after another
    in one process, the groups side by side in up to ``jobs`` processes, this one taking
    the first group while forked workers take the others. Work that needs the same
    modules or data goes in one group, so that only one process loads them. When items
    fail, the error raised is that of the first failing item in the order of ``items``:
    the same error a run in one process stops at.
    """
    workers = worker_count(jobs, len(groups))
    if workers == 1:
        if initializer is not None:
            initializer(*initargs)
        return [task(item) for item in items]
    from concurrent.futures import ProcessPoolExecutor

    results: dict[int, R] = {}
    failures: dict[int, BaseException] = {}
    try:
        pool = ProcessPoolExecutor(
            workers - 1, multiprocessing.get_context("fork"), initializer, initargs
        )
    except (OSError, NotImplementedError, ImportError):  # no semaphores here (some sandboxes)
        return run_grouped(task, items, groups, 1, initializer, initargs)
    with pool:
        futures = [
            pool.submit(_run_group, task, [(i, items[i]) for i in group]) for group in groups[1:]
        ]
        try:
            if initializer is not None:
                initializer(*initargs)
            done, failed = _run_group(task, [(i, items[i]) for i in groups[0]])
            results.update(done)
            failures.update(failed)
            for future in futures:
                done, failed = future.result()
                results.update(done)
                failures.update(failed)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
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


def chunks(
    total: int, jobs: int, per_worker: int = 8, smallest: int = 50, largest: int = 2000
) -> list[range]:
    """``range(total)`` cut into contiguous pieces, several per worker so that an uneven
    piece does not hold the others up, and none so large that a progress bar stalls."""
    pieces = worker_count(jobs, total) * per_worker
    size = min(max(smallest, -(-total // pieces)), largest)
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


__all__ = ["chunks", "run_grouped", "run_in_order", "usable_cores", "worker_count"]
