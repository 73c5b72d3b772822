"""A fixed pure-Python workload (dict and list work, like a game engine's), timed beside a
simulation so that games per second can be compared between machines: a machine twice
as fast runs both twice as fast, and games/s × loop seconds stays about the same."""

from __future__ import annotations

import time

ROUNDS = 320_000
"""About 0.4 s of work on the machine the targets were set on (2 cores, CPython 3.11)."""


def workload(rounds: int = ROUNDS) -> int:
    """Always the same work: small dicts and lists built, copied, read and sorted."""
    total = 0
    hands: dict[int, list[int]] = {seat: list(range(seat, seat + 8)) for seat in range(5)}
    for i in range(rounds):
        seat = i % 5
        hand = hands[seat]
        state = {"turn": i, "seat": seat, "hand": hand[:], "score": total & 0xFFFF}
        legal = [card for card in state["hand"] if (card + i) % 3]
        if legal:
            hand[i % len(hand)] = legal[-1] + 1
        copy = dict(state)
        copy["hand"] = sorted(copy["hand"], reverse=True)
        total += len(legal) + copy["hand"][0] - copy["seat"]
    return total


def calibrate() -> float:
    """Seconds the fixed workload takes here, the best of three runs."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        workload()
        best = min(best, time.perf_counter() - start)
    return best


def _timed_workload(_: int) -> float:
    start = time.perf_counter()
    workload()
    return time.perf_counter() - start


def parallel_speedup(workers: int = 2) -> float:
    """How much faster ``workers`` copies of the workload end in as many processes than
    one after the other: what `--jobs` can gain on this machine right now (below the
    number of cores when other work holds them)."""
    import multiprocessing

    start = time.perf_counter()
    for i in range(workers):
        _timed_workload(i)
    serial = time.perf_counter() - start
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        start = time.perf_counter()
        pool.map(_timed_workload, range(workers))
        parallel = time.perf_counter() - start
    return serial / parallel


if __name__ == "__main__":
    print(f"{calibrate():.3f} s")
