"""`pnp simulate --scheduler`: games on a Dask cluster, run here on a
local cluster of two one-thread worker processes, the fewest that let one take over the
games of the other when it dies."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import pnp.sim.cluster
import pnp.sim.runner
from pnp.cli.app import app
from pnp.sim.cluster import cut, scheduler_address
from pnp.sim.results import without_timing

runner = CliRunner()
ARGS = ["simulate", "boom", "--games", "30", "--players", "3", "--seed", "7", "--json"]
ALLOWED_FAILURES = 1
"""The local scheduler's distributed.scheduler.allowed-failures: one death is retried."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    import dask

    with (
        dask.config.set(
            {
                "distributed.scheduler.allowed-failures": ALLOWED_FAILURES,
                # workers start in 1.9 s, not 3.9 s as when each is spawned afresh
                "distributed.worker.multiprocessing-method": "forkserver",
            }
        ),
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,
        ) as local,
    ):
        yield local.scheduler_address


@pytest.fixture(scope="module")
def one_process() -> dict[str, Any]:
    """The report of ARGS played in this process (``--jobs 1``)."""
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 0, result.output
    return without_timing(json.loads(result.stdout))


def _killing(marker: Path, always: bool = False) -> Any:
    """The piece function, but the worker that runs it dies (SIGKILL, as the kernel's
    out-of-memory killer would) the first time (or every time); defined here, so that
    Dask ships it by value to the workers."""
    real = pnp.sim.runner.play_piece

    def piece(setup: Any, games: Any) -> Any:
        try:
            with open(marker, "x"):  # one worker wins, even when two start at once
                pass
            first = True
        except FileExistsError:
            first = False
        if first or always:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(setup, games)

    return piece


def test_same_report_as_one_process_and_a_bar(
    cluster: str, one_process: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_PROGRESS", "1")
    monkeypatch.setattr("pnp._progress.SHOW_AFTER_S", 0.0)
    result = runner.invoke(app, [*ARGS, "--scheduler", cluster])
    assert result.exit_code == 0, result.output
    assert without_timing(json.loads(result.stdout)) == one_process
    assert "•Boom: games" in result.stderr and "30/30" in result.stderr
    # 30 games on 2 threads: pieces of the smallest size, 5 games, so the run used 6 tasks
    assert [len(seeds) for _, seeds in cut(list(range(30)), 2)] == [5] * 6


def test_a_worker_killed_mid_run_gives_the_same_report(
    cluster: str, one_process: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "killed"
    monkeypatch.setattr(pnp.sim.runner, "play_piece", _killing(marker))
    result = runner.invoke(app, [*ARGS, "--scheduler", cluster])
    assert result.exit_code == 0, result.output
    assert marker.exists()  # a worker did die holding a piece, which was played again
    assert (
        without_timing(json.loads(result.stdout)) == one_process
    )  # counted once: 30 games, same figures


def test_workers_that_keep_dying_are_a_clear_error(
    cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pnp.sim.runner, "play_piece", _killing(tmp_path / "k", always=True))
    result = runner.invoke(app, [*ARGS, "--games", "5", "--scheduler", cluster])
    assert result.exit_code == 1, result.output
    assert f"the Dask workers at {cluster} playing games 1–5 died 2 times" in result.stderr
    assert "gave up" in result.stderr and "Traceback" not in result.output


def test_a_game_folder_of_ones_own_need_not_be_on_the_workers(cluster: str, tmp_path: Path) -> None:
    """The loaded game, expansion merged, travels with the run: the folder is gone before
    the games start, and the report is that of the same game played here."""
    from pnp.sim.runner import simulate
    from pnp.spec.load import load_game
    from pnp.spec.paths import cards_root

    shutil.copytree(cards_root() / "bigidea", tmp_path / "cards" / "bigidea")
    game = load_game("bigidea", tmp_path / "cards", ["more-cards"])
    here = simulate("bigidea", game, games=12, players=4, seed=3, bots=["heuristic"])
    shutil.rmtree(tmp_path / "cards")
    there = simulate(
        "bigidea", game, games=12, players=4, seed=3, bots=["heuristic"], scheduler=cluster
    )
    assert there.to_dict() == here.to_dict() and there.games == 12


def test_ctrl_c_cancels_and_reports_the_games_finished(cluster: str) -> None:
    from pnp.spec.load import load_game

    def stop(games: int) -> None:
        raise KeyboardInterrupt  # as Ctrl-C would, when the first piece comes back

    game = load_game("boom", None, [])
    report = pnp.sim.runner.simulate(
        "boom", game, games=200, players=3, seed=7, progress=stop, scheduler=cluster
    )
    assert report.interrupted and report.requested == 200
    assert 5 <= report.games < 200  # at least the piece that ended, not the whole run


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_scheduler_is_named_with_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(pnp.sim.cluster, "CONNECT_TIMEOUT_S", 1.0)
    address = f"tcp://127.0.0.1:{_free_port()}"  # nothing listens there
    result = runner.invoke(app, [*ARGS, "--scheduler", address])
    assert result.exit_code == 1, result.output
    assert f"no Dask scheduler answered at {address} within 1 s" in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_a_scheduler_without_workers_says_how_to_start_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(pnp.sim.cluster, "WORKERS_TIMEOUT_S", 0.5)
    with distributed.LocalCluster(
        n_workers=0, dashboard_address=":0", silence_logs=logging.CRITICAL
    ) as empty:
        result = runner.invoke(app, [*ARGS, "--scheduler", empty.scheduler_address])
    assert result.exit_code == 1, result.output
    assert f"start one on each machine with `dask worker {empty.scheduler_address}`" in (
        result.stderr
    )


def test_without_dask_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    result = runner.invoke(app, [*ARGS, "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 1, result.output
    assert "pip install 'pnp[cluster]'" in result.stderr and "Traceback" not in result.output


def test_scheduler_and_jobs_together_are_a_usage_error() -> None:
    result = runner.invoke(app, [*ARGS, "--jobs", "2", "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2
    assert "give --jobs or --scheduler, not both" in result.stderr


@pytest.mark.parametrize(
    ("typed", "address"),
    [
        ("tcp://127.0.0.1:8786", "tcp://127.0.0.1:8786"),
        ("sim-box.local:8786", "tcp://sim-box.local:8786"),  # tcp when no scheme is given
        ("tls://[::1]:8786", "tls://[::1]:8786"),
    ],
)
def test_scheduler_addresses(typed: str, address: str) -> None:
    assert scheduler_address(typed) == address


@pytest.mark.parametrize("typed", ["sim-box", "http://sim-box:8786", "tcp://sim-box:0", ""])
def test_a_bad_address_is_a_usage_error(typed: str) -> None:
    result = runner.invoke(app, [*ARGS, "--scheduler", typed])
    assert result.exit_code == 2
    assert "is not a scheduler address: give tcp://HOST:PORT" in result.stderr


def test_pieces_cover_every_game_once_in_order() -> None:
    seeds = list(range(10_007))
    for threads in (1, 3, 64, 10_000):
        pieces = cut(seeds, threads)
        assert [s for _, piece in pieces for s in piece] == seeds
        assert [first for first, _ in pieces] == [seeds.index(p[0]) for _, p in pieces]
        # 4 pieces a thread, each of 5 to 200 games (the module's bounds)
        assert all(5 <= len(p) <= 200 for _, p in pieces[:-1])
    assert len(cut(seeds, 3)) == 51  # 200 games a piece at most: ceil(10,007 / 200)
    assert len(cut(seeds[:1000], 3)) == 12  # ceil(1,000 / 12) = 84 games a piece


def test_dask_is_loaded_only_for_a_cluster_run() -> None:
    """`pnp --help` and a plain simulation never import Dask (it takes about 1 s to load)."""
    script = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from pnp.cli.app import app\n"
        "for args in (['--help'], ['simulate', 'boom', '--games', '2'], ['simulate', '--help']):\n"
        "    assert CliRunner().invoke(app, args).exit_code == 0, args\n"
        "assert not {'dask', 'distributed'} & set(sys.modules), 'dask imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
