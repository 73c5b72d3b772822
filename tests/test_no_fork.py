"""What a platform without fork (Windows) or without fcntl gets, taken here on Linux with
``os.fork`` removed and ``import fcntl`` failing: the build, `--jobs`, `simulate --jobs`
and `--watch` work, and give what they give where pnp forks."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.build import typesetter
from pnp.cli.app import app
from pnp.games import get_engine
from pnp.pool import run_grouped, run_in_child, run_in_order, worker_count
from pnp.sim.results import without_timing
from pnp.sim.runner import simulate
from pnp.spec.load import load_game

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def _without_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "fork")
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` raises ImportError


@pytest.fixture
def no_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_fork(monkeypatch)


def _pid(n: int) -> tuple[int, int]:
    return n, os.getpid()


def test_the_pool_runs_the_work_here(no_fork: None) -> None:
    assert worker_count(0, 8) == worker_count(4, 8) == 1
    here = os.getpid()
    assert list(run_in_order(_pid, [1, 2, 3], jobs=2)) == [(1, here), (2, here), (3, here)]
    assert run_grouped(_pid, [1, 2, 3], [[0], [1, 2]], jobs=2) == [(n, here) for n in (1, 2, 3)]
    assert typesetter.start(0) is None
    assert typesetter.running() is None


def _record_process(path: Path, status: int) -> int:
    path.write_text(json.dumps([os.getpid(), os.getppid()]))
    return status


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return 0


def _interrupted() -> int:
    raise KeyboardInterrupt


def test_a_child_run_is_a_new_python_process(no_fork: None, tmp_path: Path) -> None:
    record = tmp_path / "process.json"
    assert run_in_child(partial(_record_process, record, 7)) == 7
    pid, parent = json.loads(record.read_text())
    assert pid != os.getpid() and parent == os.getpid()
    assert run_in_child(_interrupted) == 130, "Ctrl-C in it: status 130, no traceback"
    ran: list[int] = []
    assert run_in_child(lambda: ran.append(os.getpid()) or 3) == 3  # does not pickle: here
    assert ran == [os.getpid()]


def test_a_new_process_past_its_timeout_is_stopped_in_one_line(
    no_fork: None, capfd: pytest.CaptureFixture[str]
) -> None:
    start = time.monotonic()
    assert run_in_child(partial(_sleep, 60.0), timeout=1.0, name="build") == 1
    assert time.monotonic() - start < 30
    assert capfd.readouterr().err == "error: the build did not end in 1 s; stopped it\n"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_build_without_fork_or_fcntl_writes_what_a_forked_build_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def build(out: Path) -> None:
        result = runner.invoke(app, ["build", "boom", "--out", str(out), "--jobs", "0"])
        assert result.exit_code == 0, result.output

    build(tmp_path / "forked")
    with monkeypatch.context() as patched:
        _without_fork(patched)
        build(tmp_path / "here")
        build(tmp_path / "here")  # over its last build, with no lock to take
    assert _files(tmp_path / "here") == _files(tmp_path / "forked")  # no lock file left


def test_simulate_jobs_without_fork_reports_what_one_process_reports(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = load_game("boom")
    engine = get_engine(game.spec.engine or "boom")
    one = simulate(engine, game, games=30, seed=3, bots=["random", "heuristic"], jobs=1)
    with monkeypatch.context() as patched:
        _without_fork(patched)
        many = simulate(engine, game, games=30, seed=3, bots=["random", "heuristic"], jobs=2)
        args = ["simulate", "boom", "--games", "30", "--seed", "3", "--jobs", "2", "--json"]
        args += ["--bots", "random,heuristic"]
        cli = runner.invoke(app, args)
    assert many.to_dict() == one.to_dict()
    assert cli.exit_code == 0, cli.output
    assert without_timing(json.loads(cli.stdout)) == json.loads(json.dumps(one.to_dict()))


WATCH_WITHOUT_FORK = """
import os, sys
del os.fork
sys.modules["fcntl"] = None
import pnp.pool.spawn as spawn

real = spawn.run_in_new_process

def said(call, timeout, name):
    code = real(call, timeout, name)
    print(f"[a new process: {code}]", flush=True)
    return code

spawn.run_in_new_process = said
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.cli import main
main()
"""
"""`pnp ARGS` where the platform cannot fork, saying when a build ran in a new process."""


def _wait_for(log: Path, text: str, count: int = 1, seconds: float = 90.0) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = log.read_text()
        if body.count(text) >= count:
            return body
        time.sleep(0.1)
    raise AssertionError(f"{text!r} x{count} never came; output so far:\n{log.read_text()}")


def test_watch_without_fork_builds_each_time_in_a_new_process(
    mini_cards: Path, tmp_path: Path
) -> None:
    from pypdf import PdfReader

    out = tmp_path / "out"
    log = tmp_path / "watch.log"
    args = ["build", "mini", "--watch", "--cards", str(mini_cards), "--out", str(out)]
    with log.open("w") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-c", WATCH_WITHOUT_FORK, *args],
            stdout=sink,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    try:
        _wait_for(log, "[a new process: 0]")
        cards = mini_cards / "mini" / "cards.yaml"
        cards.write_text(cards.read_text().replace("name: Alpha,", "name: Omega,"))
        body = _wait_for(log, "[a new process: 0]", count=2)
        assert body.count("built in ") == 2 and "changed: " in body
        text = " ".join(p.extract_text() or "" for p in PdfReader(out / "mini-cards.pdf").pages)
        assert "Omega" in text
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=30)
    assert code == 0
    assert "Traceback" not in log.read_text()
    assert log.read_text().rstrip().endswith("stopped watching")
