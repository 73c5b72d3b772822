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


def chunks(
    total: int, jobs: int, per_worker: int = 8, smallest: int = 50, largest: int = 2000
) -> list[range]:
    """``range(total)`` cut into contiguous pieces, several per worker so that an uneven
    piece does not hold the others up, and none so large that a progress bar stalls."""
    pieces = worker_count(jobs, total) * per_worker
    size = min(max(smallest, -(-total // pieces)), largest)
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


__all__ = ["chunks", "run_in_order", "usable_cores", "worker_count"]
