"""A process that typesets rulebooks and aids beside the one that draws the sheets.

`pnp build` starts it first thing, before it imports its own libraries: while this
process imports the schema and the templates, loads the game and checks it, the
typesetter imports platypus and markdown-it and reads the document fonts. It is then
handed each document as plain data (its rendered Markdown, sizes, metadata and the
temporary file to write) and typesets them in turn while this process draws the cards.

This module imports nothing beyond the standard library: it runs before everything else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess


class Typesetter:
    """The typesetting process and the pipe to it. Jobs run, and answer, in order."""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process, self.conn = process, conn

    def submit(self, draw: Callable[..., Any], *args: Any) -> None:
        """Have the typesetter call ``draw(*args)`` (a module-level function)."""
        self.conn.send((draw, args))

    def result(self) -> Any:
        """What the oldest job still unanswered returned; raises what it raised."""
        try:
            ok, value = self.conn.recv()
        except EOFError:
            raise RuntimeError("the typesetting process stopped unexpectedly") from None
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """End the process, at once (a build that failed early does not wait for it)."""
        self.conn.close()
        if self.process.is_alive():
            self.process.terminate()
        self.process.join()


_running: list[Typesetter] = []


def start(jobs: int) -> Typesetter | None:
    """Start the typesetter, unless ``jobs`` (as `--jobs` takes it) leaves one process,
    one runs already, or this platform cannot fork."""
    import multiprocessing

    from pnp.pool import worker_count

    if _running:
        return _running[0]
    if worker_count(jobs, 2) < 2:  # also 1 where the platform cannot fork
        return None
    ctx = multiprocessing.get_context("fork")
    here, there = ctx.Pipe()
    process = ctx.Process(target=_serve, args=(there, here), name="pnp-typesetter", daemon=True)
    process.start()
    there.close()
    _running.append(Typesetter(process, here))
    return _running[0]


def running() -> Typesetter | None:
    """The typesetter this process started, if it is running."""
    return _running[0] if _running else None


def stop() -> None:
    """Stop the typesetter, if one was started."""
    while _running:
        _running.pop().stop()


def _serve(conn: Connection, parents_end: Connection) -> None:
    """The typesetter's life: get ready, then answer each job until the pipe closes."""
    parents_end.close()
    try:
        from pnp.render.docs import prepare_typesetting

        prepare_typesetting()
        while True:
            try:
                draw, args = conn.recv()
            except EOFError:
                return
            try:
                answer = (True, draw(*args))
            except Exception as exc:  # handed back, to be raised where one process would
                answer = (False, exc)
            try:
                conn.send(answer)
            except Exception as exc:  # an answer that does not pickle: its words do
                conn.send((False, RuntimeError(f"{answer[1]!r} could not be handed back: {exc}")))
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the build says so
        return


__all__ = ["Typesetter", "running", "start", "stop"]
