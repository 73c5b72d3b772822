"""`pnp simulate --scheduler` never waits for ever: whatever listens at the address (a
server that accepts and says nothing, one that sends garbage, an HTTP server such as the
dashboard's port, a Dask worker, nothing at all) is named in one line within the connect
bound, and a run whose only worker dies, or whose scheduler dies, ends with the games
finished and one line of pnp's own. Everything listens on loopback and is stopped after."""

from __future__ import annotations

import http.server
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import pnp
import pnp.sim.cluster
import pnp.sim.runner
from pnp.cli.app import app

runner = CliRunner()
ARGS = ["simulate", "boom", "--games", "30", "--players", "3", "--seed", "7", "--json"]
BOUND_S = 1.0
"""pnp.sim.cluster.CONNECT_TIMEOUT_S in these tests."""
LIMIT_S = 90.0
"""Longest a test waits for a command, so that a hang fails the test instead of the run."""
ROOT = Path(pnp.__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
"""A subprocess's environment: this checkout's pnp, whatever is installed."""


def _invoke(args: list[str]) -> tuple[Any, float]:
    """The command's result and how long it took, run in a thread that is waited for at
    most LIMIT_S."""
    box: list[Any] = []
    thread = threading.Thread(target=lambda: box.append(runner.invoke(app, args)), daemon=True)
    started = time.monotonic()
    thread.start()
    thread.join(LIMIT_S)
    assert box, f"pnp {' '.join(args)} still waiting after {LIMIT_S:g} s"
    return box[0], time.monotonic() - started


@contextmanager
def _tcp_server(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A loopback server that hands each connection to ``answer`` and keeps it open."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            held.append(conn)
            answer(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        listener.close()
        for conn in held:
            conn.close()


class _Quiet(http.server.BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass  # not on the stderr the test reads


@contextmanager
def _http_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@contextmanager
def _closed_port() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    yield f"tcp://127.0.0.1:{port}"  # nothing listens there


@contextmanager
def _listening(kind: str) -> Iterator[str]:
    if kind == "http":
        with _http_server() as address:
            yield address
    elif kind == "closed":
        with _closed_port() as address:
            yield address
    else:
        garbage = b"\xff\x00\x13 not Dask \r\n" * 64
        with _tcp_server(lambda c: c.sendall(garbage) if kind == "garbage" else None) as address:
            yield address


NO_ANSWER = "error: no Dask scheduler answered at {} within 1 s: is `dask scheduler` running"


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("silent", NO_ANSWER),  # accepts and says nothing: Dask's client waited for ever
        ("http", NO_ANSWER),  # `python -m http.server 8787`, or the dashboard's port
        ("closed", NO_ANSWER),
        ("garbage", "error: {} is not a Dask scheduler but something else"),
    ],
)
def test_what_is_not_a_scheduler_is_named_in_one_line_within_the_bound(
    kind: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(pnp.sim.cluster, "CONNECT_TIMEOUT_S", BOUND_S)
    with _listening(kind) as address:
        result, took = _invoke([*ARGS, "--scheduler", address])
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(expected.format(address)), result.stderr
    assert result.stdout == "" and took < BOUND_S + 5


def test_a_workers_address_is_named_as_a_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(pnp.sim.cluster, "CONNECT_TIMEOUT_S", BOUND_S)
    with distributed.LocalCluster(
        n_workers=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.CRITICAL,
    ) as local:
        worker = next(iter(local.scheduler_info["workers"]))
        result, _ = _invoke([*ARGS, "--scheduler", worker])
    assert result.exit_code == 1, result.output
    assert f"error: {worker} is not a Dask scheduler but a Dask worker: give the" in result.stderr


@contextmanager
def _process(args: list[str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A subprocess writing to ``log``, killed (if it still runs) and waited for after."""
    with log.open("wb") as out:
        process = subprocess.Popen(args, env=ENV, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def _worker(address: str, log: Path) -> Any:
    """One `dask worker` of one thread and no nanny, so that nothing starts it again."""
    return _process(
        [sys.executable, "-m", "dask", "worker", address, "--no-nanny", "--nthreads", "1"]
        + ["--host", "127.0.0.1", "--no-dashboard"],
        log,
    )


def _wait_for(log: Path, words: str) -> None:
    deadline = time.monotonic() + LIMIT_S
    while words not in log.read_text(errors="replace"):
        assert time.monotonic() < deadline, f"no {words!r} in {log.name} after {LIMIT_S:g} s"
        time.sleep(0.1)


def _dies_after_one_piece(marker: Path, fetched: Path) -> Any:
    """The piece function, but every piece after the first kills its worker (SIGKILL, as
    the kernel's out-of-memory killer would) once the first one's tally has reached pnp; a
    closure, so that Dask ships it by value."""
    real = pnp.sim.runner.play_piece

    def piece(setup: Any, games: Any) -> Any:
        try:
            with open(marker, "x"):
                pass
        except FileExistsError:
            deadline = time.monotonic() + LIMIT_S
            while not fetched.exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            os.kill(os.getpid(), signal.SIGKILL)
        return real(setup, games)

    return piece


def test_a_run_whose_only_worker_dies_ends_with_the_games_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(pnp.sim.cluster, "LOST_WORKERS_TIMEOUT_S", 1.0)
    monkeypatch.setattr(pnp.sim.cluster, "CHECK_EVERY_S", 0.2)
    monkeypatch.setattr(pnp.sim.cluster, "WORKERS_TIMEOUT_S", LIMIT_S / 2)  # a slow start
    fetched = tmp_path / "fetched"
    monkeypatch.setattr(
        pnp.sim.runner, "play_piece", _dies_after_one_piece(tmp_path / "m", fetched)
    )
    tally_of = pnp.sim.cluster._result

    def tally_then_mark(*args: Any) -> Any:
        tally = tally_of(*args)
        fetched.touch()
        return tally

    monkeypatch.setattr(pnp.sim.cluster, "_result", tally_then_mark)
    with (
        distributed.LocalCluster(
            n_workers=0,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.CRITICAL,
        ) as local,
        _worker(local.scheduler_address, tmp_path / "worker.log") as worker,
    ):
        result, _ = _invoke([*ARGS, "--scheduler", local.scheduler_address])
        assert worker.wait(10) == -signal.SIGKILL  # it did die, and nothing started it again
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)  # the games of the piece that finished
    assert 0 < report["games"] < 30 and report["interrupted"]
    assert result.stderr.splitlines() == [
        f"interrupted after {report['games']} of 30 games",
        f"error: the Dask scheduler at {local.scheduler_address} has had no worker for 1 s, "
        "so the run stopped with the games finished: start workers with "
        f"`dask worker {local.scheduler_address}` and run it again",
    ]


def test_a_scheduler_that_dies_mid_run_leaves_pnps_one_line_and_no_dask_logs(
    tmp_path: Path,
) -> None:
    """A real terminal's view: pnp in a process of its own, whose stderr is all it printed
    (Dask's own loggers wrote some 35 lines of CancelledError tracebacks there)."""
    pytest.importorskip("distributed")
    address_file, log = tmp_path / "scheduler.json", tmp_path / "scheduler.log"
    with _process(
        [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0"]
        + ["--no-dashboard", "--scheduler-file", str(address_file)],
        log,
    ) as scheduler:
        _wait_for(log, "Scheduler at:")
        address = json.loads(address_file.read_text())["address"]
        with _worker(address, tmp_path / "worker.log"):
            _wait_for(log, "Register worker")
            args = [*ARGS, "--games", "100000", "--scheduler", address]
            with _process([sys.executable, "-m", "pnp", *args], tmp_path / "pnp.txt") as run:
                _wait_for(log, "Receive client connection")
                time.sleep(1)  # the pieces are out
                scheduler.send_signal(signal.SIGKILL)
                assert run.wait(LIMIT_S) == 1
    said = (tmp_path / "pnp.txt").read_text()
    last = said.splitlines()[-1]
    assert last.startswith("error: ") and address in last, said
    assert "distributed" not in said and "Traceback" not in said and "Error" not in said
