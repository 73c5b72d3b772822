"""Simulations on a Dask cluster: ``pnp simulate GAME --scheduler tcp://HOST:PORT``.

The run's games are cut into pieces of consecutive games; each piece is one Dask task,
keyed by its index, that plays its games with their own seeds (:func:`pnp.sim.runner.
game_seeds`) and returns their :class:`~pnp.sim.tally.Tally`. The pieces come back in
any order and are handed on in the order of their games, each index once, so the report
is the one ``--jobs 1`` gives for the same seed: a piece whose worker died is played again
by another worker (Dask reschedules it, up to the scheduler's
``distributed.scheduler.allowed-failures``, 3 by default) and still counts once.

What the workers need: pnp installed, the same version as here (the engines' code plays
the games), and the scheduler too (recent Dask unpickles the tasks there). The game
itself travels with the run: the loaded :class:`~pnp.spec.load.Game` (some tens of kB
pickled, with its expansions merged in) is sent to the cluster once, so a designer's own
game folder need not exist on the worker machines.

Every wait is bounded: the scheduler must answer within ``CONNECT_TIMEOUT_S`` (Dask's own
client waits for ever on a port that accepts and says nothing, such as an HTTP server's),
and a run whose scheduler has had no worker for ``LOST_WORKERS_TIMEOUT_S`` stops with the
games finished. Dask's loggers are silenced during the run: pnp says what went wrong.

Dask is imported here only, and only when a run asks for a scheduler: ``pnp --help`` and
builds never load it. It comes with ``pip install 'pnp[cluster]'``.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import re
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pnp._errors import PnpError, UsageError
from pnp._progress import Advance
from pnp.sim.tally import Tally

CONNECT_TIMEOUT_S = 3.0
"""How long to try to reach the scheduler, and for it to answer, before giving up."""
WORKERS_TIMEOUT_S = 10.0
"""How long to wait for a first worker when the scheduler has none."""
LOST_WORKERS_TIMEOUT_S = 30.0
"""How long a run waits, once started, while its scheduler has no worker (or does not
answer) before it stops with the games finished: long enough for a worker's nanny to start
it again after it died."""
CHECK_EVERY_S = 1.0
"""How often a run that sees no piece finish asks the scheduler how many workers it has."""
PIECES_PER_THREAD = 4
"""Pieces per worker thread, so that an uneven piece does not hold the others up."""
SMALLEST_PIECE = 5
"""Fewest games in a piece (search-bot games take seconds each, so pieces stay small)."""
LARGEST_PIECE = 200
"""Most games in a piece, so that the progress bar moves and Ctrl-C loses little: 200 of
•Boom's games (heuristic and random bots, 5 players) take 1–2 s on one core; a million
games make 5,000 tasks, which a scheduler hands out in seconds."""
INSTALL = "pip install 'pnp[cluster]'"

_ADDRESS = re.compile(r"(?:(tcp|tls)://)?(\[[0-9A-Fa-f:.]+\]|[\w.-]+):(\d{1,5})")

Piece = tuple[int, list[int]]
"""The number of a piece's first game in the run, and the seed of each of its games."""
PlayPiece = Callable[[Any, Piece], Tally]
"""Plays a piece on a worker: ``task(setup, piece)``; importable (pickled by name)."""


class ClusterStopped(PnpError):
    """The cluster failed mid-run; ``report`` (set by the runner, ``None`` when no game
    finished) covers the games finished before it did."""

    report: Any = None


def scheduler_address(text: str) -> str:
    """``tcp://HOST:PORT`` (or ``tls://``) from what the user typed; ``HOST:PORT`` means tcp."""
    m = _ADDRESS.fullmatch(text.strip())
    if m is None or not 0 < int(m[3]) < 65536:
        raise UsageError(
            f"--scheduler {text!r} is not a scheduler address: give tcp://HOST:PORT "
            "(`dask scheduler` listens on port 8786)"
        )
    return f"{m[1] or 'tcp'}://{m[2]}:{m[3]}"


def cut(seeds: list[int], threads: int) -> list[Piece]:
    """The run's seeds in consecutive pieces, about ``PIECES_PER_THREAD`` per thread."""
    size = -(-len(seeds) // max(1, threads * PIECES_PER_THREAD))
    size = min(max(SMALLEST_PIECE, size), LARGEST_PIECE)
    return [(start, seeds[start : start + size]) for start in range(0, len(seeds), size)]


def run_on_cluster(
    address: str,
    task: PlayPiece,
    setup: Any,
    seeds: list[int],
    progress: Advance | None = None,
) -> Iterator[Tally]:
    """The tallies of the run's pieces, played on the cluster at ``address``, in game order.

    ``progress(games)`` is called as each piece finishes, in whatever order. Ctrl-C cancels
    the pieces not yet finished, yields those that did (in order) and raises again.
    Raises :class:`PnpError` when the scheduler cannot be reached, has no workers, or
    gave up on a piece whose workers kept dying; an error inside a game is raised as is.
    """
    address = scheduler_address(address)
    try:
        import distributed
    except ImportError:
        raise PnpError(f"--scheduler needs Dask distributed: {INSTALL}") from None
    with _quiet():
        yield from _run(distributed, address, task, setup, seeds, progress)


def _run(
    distributed: Any,
    address: str,
    task: PlayPiece,
    setup: Any,
    seeds: list[int],
    progress: Advance | None,
) -> Iterator[Tally]:
    """:func:`run_on_cluster` once Dask is imported."""
    client = _connect(distributed, address)
    futures: list[Any] = []
    done: dict[int, Tally] = {}
    finished: set[int] = set()
    try:
        threads = client.nthreads(callback_timeout=CONNECT_TIMEOUT_S)
        pieces = cut(seeds, sum(threads.values()))
        run = uuid.uuid4().hex[:12]
        # A task, not scattered data: if the worker holding it dies, the scheduler rebuilds
        # it. Sent as bytes, so that Dask does not walk the game's objects as a task graph.
        blob = pickle.dumps(setup, protocol=pickle.HIGHEST_PROTOCOL)
        shared = client.submit(pickle.loads, blob, key=f"pnp-setup-{run}", pure=False)
        futures = [
            client.submit(task, shared, piece, key=f"pnp-piece-{run}-{index}", pure=False)
            for index, piece in enumerate(pieces)
        ]
        index_of = {future.key: index for index, future in enumerate(futures)}
        # each tally is fetched as soon as its piece ends, before its worker can die with it
        pending = distributed.as_completed(
            futures, loop=client.loop, with_results=True, raise_errors=False
        )
        turn = 0
        for future, outcome in _as_finished(pending, client, address):
            index = index_of[future.key]
            if index in finished:  # a piece is counted once, however often it ran
                continue
            finished.add(index)
            done[index] = _result(distributed, future, outcome, pieces[index], address)
            if progress is not None:
                progress(done[index].played)
            while turn in done:
                yield done.pop(turn)
                turn += 1
    except (KeyboardInterrupt, PnpError, OSError) as exc:
        # keep what the cluster finished, as `--jobs` does on Ctrl-C
        client.cancel(futures)
        futures = []
        for index in sorted(done):
            yield done[index]
        if isinstance(exc, KeyboardInterrupt):
            raise
        lost = f"lost the Dask scheduler at {address} mid-run ({exc})"  # OSError: it gave up
        raise ClusterStopped(exc.message if isinstance(exc, PnpError) else lost) from None
    finally:
        if futures:
            client.cancel(futures)
        client.close(timeout=CONNECT_TIMEOUT_S)


def _as_finished(pending: Any, client: Any, address: str) -> Iterator[tuple[Any, Any]]:
    """Each future of ``pending`` (a ``distributed.as_completed`` with results) and its
    outcome, as they finish, in any order; a PnpError once the scheduler has had no
    worker, or has not answered, for ``LOST_WORKERS_TIMEOUT_S`` (Dask would wait for
    ever)."""
    checked = time.monotonic()
    alone_since: float | None = None
    while not pending.is_empty():
        batch = pending.next_batch(block=False)
        yield from batch
        now = time.monotonic()
        if batch:
            checked, alone_since = now, None
            continue
        if now - checked >= CHECK_EVERY_S:
            checked = now
            if _has_workers(client):
                alone_since = None
            elif alone_since is None:
                alone_since = now
            elif now - alone_since >= LOST_WORKERS_TIMEOUT_S:
                raise PnpError(
                    f"the Dask scheduler at {address} has had no worker for "
                    f"{LOST_WORKERS_TIMEOUT_S:g} s, so the run stopped with the games finished: "
                    f"start workers with `dask worker {address}` and run it again"
                )
        time.sleep(0.05)


def _has_workers(client: Any) -> bool:
    """Whether the scheduler answers, within ``CHECK_EVERY_S``, that it has a worker."""
    try:
        return bool(client.nthreads(callback_timeout=CHECK_EVERY_S))
    except (OSError, TimeoutError):
        return False


@contextmanager
def _quiet() -> Iterator[None]:
    """Dask's loggers (and those of the libraries under it) say nothing while pnp runs: a
    scheduler that dies mid-run would have them print dozens of lines of tracebacks, and
    pnp says what went wrong in one line."""
    names = ("distributed", "tornado", "asyncio")
    known = logging.root.manager.loggerDict
    loggers = [logging.getLogger(name) for name in names]
    loggers += [
        logger
        for name, logger in known.items()
        if isinstance(logger, logging.Logger) and name.startswith(tuple(f"{n}." for n in names))
    ]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _connect(distributed: Any, address: str) -> Any:
    """A client of the scheduler at ``address`` with at least one worker, or a PnpError."""
    _check_scheduler(distributed, address)
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError):
        raise PnpError(_unreachable(address)) from None
    try:
        client.wait_for_workers(1, timeout=WORKERS_TIMEOUT_S)
    except (OSError, TimeoutError):
        client.close(timeout=CONNECT_TIMEOUT_S)
        raise PnpError(
            f"the Dask scheduler at {address} has had no worker for {WORKERS_TIMEOUT_S:g} s: "
            f"start one on each machine with `dask worker {address}`"
        ) from None
    return client


def _check_scheduler(distributed: Any, address: str) -> None:
    """A PnpError unless a Dask scheduler answers at ``address`` within
    ``CONNECT_TIMEOUT_S``: Dask's client would wait for ever on a server that accepts and
    never answers (an HTTP server, such as the scheduler's own dashboard)."""

    async def identity() -> Any:
        args = distributed.Security().get_connection_args("client")
        rpc = distributed.rpc(address, timeout=CONNECT_TIMEOUT_S, connection_args=args)
        async with rpc as scheduler:
            return await scheduler.identity()

    try:
        info = asyncio.run(asyncio.wait_for(identity(), CONNECT_TIMEOUT_S))
    except (OSError, TimeoutError):
        raise PnpError(_unreachable(address)) from None
    except Exception:  # whatever the other end sent, it is not what a scheduler says
        info = None
    kind = info.get("type") if isinstance(info, dict) else None
    if kind == "Scheduler":
        return
    what = f"a Dask {str(kind).lower()}" if isinstance(kind, str) else "something else"
    raise PnpError(
        f"{address} is not a Dask scheduler but {what}: give the address that "
        "`dask scheduler` prints (port 8786 unless told otherwise)"
    )


def _unreachable(address: str) -> str:
    return (
        f"no Dask scheduler answered at {address} within {CONNECT_TIMEOUT_S:g} s: is "
        "`dask scheduler` running there (port 8786; 8787 is its dashboard), and its port "
        "open to this machine?"
    )


def _result(distributed: Any, future: Any, outcome: Any, piece: Piece, address: str) -> Tally:
    """A finished piece's tally (its ``outcome``); the cluster's failures in the user's
    words."""
    if isinstance(outcome, Tally):
        return outcome
    first, seeds = piece
    games = f"games {first + 1}–{first + len(seeds)}"
    if future.status != "error":
        raise PnpError(f"the Dask scheduler at {address} dropped {games}: did it stop?")
    exc = future.exception()
    if isinstance(exc, distributed.KilledWorker):
        tries = getattr(exc, "allowed_failures", None)
        times = f"{tries + 1} times" if isinstance(tries, int) else "too often"
        raise PnpError(
            f"the Dask workers at {address} playing {games} died {times}, so the scheduler "
            "gave up on them (distributed.scheduler.allowed-failures); see the workers' logs "
            "(out of memory?)"
        )
    missing = next((e for e in _chain(exc) if isinstance(e, ImportError)), None)
    if missing is not None or "deserializ" in str(exc):
        # a scheduler or worker without pnp (or another version) cannot unpickle the tasks
        raise PnpError(
            f"the Dask cluster at {address} cannot run pnp ({missing or exc}): install pnp, "
            "the same version as here, with the same Python and Dask, on the scheduler "
            "machine and on every worker machine"
        )
    raise exc


def _chain(exc: BaseException | None) -> Iterator[BaseException]:
    """An exception and those it was raised from or while handling."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or exc.__context__


__all__ = ["INSTALL", "ClusterStopped", "cut", "run_on_cluster", "scheduler_address"]
