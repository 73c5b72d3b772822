"""The workbench's background playtest: start, progress, result, cancel, one at a time."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from pnp._errors import UsageError
from pnp.serve.playtest_job import MOST_GAMES, PlaytestJobs, PlaytestRequest
from pnp.sim.runner import simulate
from pnp.spec.game import Game
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def boom() -> Game:
    return load_game("boom")


def _children() -> set[int]:
    """This process's child processes, from every one of its threads."""
    tasks = Path(f"/proc/{os.getpid()}/task")
    return {int(pid) for t in tasks.iterdir() for pid in (t / "children").read_text().split()}


def _wait(jobs: PlaytestJobs, seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while jobs.state()["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.02)
    return jobs.state()


def test_a_request_is_read_from_json_and_checked_against_the_game(boom: Game) -> None:
    asked = PlaytestRequest.from_json({"games": 30, "bots": "random, heuristic", "seed": 7})
    assert asked == PlaytestRequest(30, ("random", "heuristic"), 7, None)
    assert asked.checked(boom).players == boom.spec.players.max
    with pytest.raises(UsageError, match="line-up"):  # a name twice is one bot a seat
        PlaytestRequest(bots=("random", "random")).checked(boom)
    for body, said in [
        ([], "JSON object"),
        ({"games": 0}, "games"),
        ({"games": MOST_GAMES + 1}, "games"),
        ({"games": "ten"}, "games"),
        ({"games": True}, "games"),
        ({"bots": []}, "bots"),
        ({"seed": -1}, "seed"),
        ({"turbo": 1}, "unknown field 'turbo'"),
    ]:
        with pytest.raises(UsageError, match=said):
            PlaytestRequest.from_json(body)
    with pytest.raises(UsageError, match="bot"):
        PlaytestRequest(bots=("nobody",)).checked(boom)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
def test_a_playtest_reports_progress_then_each_cards_statistics(boom: Game) -> None:
    heard: list[dict[str, Any]] = []
    jobs = PlaytestJobs(heard.append)
    assert jobs.state()["state"] == "idle" and jobs.result() is None
    first = jobs.start(boom, PlaytestRequest(games=80, seed=3))
    assert first["state"] == "running" and first["games"] == 80 and first["done"] == 0
    state = _wait(jobs)
    assert state["state"] == "done" and state["done"] == 80
    assert [s["state"] for s in heard][-1] == "done"
    progress = [s["done"] for s in heard if s["state"] == "running"]
    assert progress == sorted(progress) and any(0 < n < 80 for n in progress)  # as played
    same = simulate("boom", boom, games=80, seed=3)  # the report one process gives
    assert state["summary"]["win_rates"] == same.win_rates
    cards = jobs.result()
    assert cards is not None and set(cards) == set(same.cards)
    card, stats = next(iter(same.cards.items()))
    assert cards[card]["drawn"] == stats.drawn and cards[card]["iwd"] == stats.iwd
    assert cards[card]["flagged"] == stats.outlier
    assert not _children()


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
def test_a_new_start_and_closing_cancel_the_playtest_and_leave_no_process(boom: Game) -> None:
    jobs = PlaytestJobs()
    jobs.start(boom, PlaytestRequest(games=MOST_GAMES))
    time.sleep(0.3)
    assert len(_children()) == 1
    with pytest.raises(UsageError):  # a request the game cannot play stops nothing
        jobs.start(boom, PlaytestRequest(bots=("nobody",)))
    assert jobs.state()["state"] == "running"
    second = jobs.start(boom, PlaytestRequest(games=MOST_GAMES, seed=1))
    assert second["number"] == 2 and second["seed"] == 1
    time.sleep(0.3)
    assert len(_children()) == 1  # the first worker is gone, the second plays
    began = time.monotonic()
    jobs.close()
    assert time.monotonic() - began < 2.0
    assert jobs.state()["state"] == "cancelled" and jobs.result() is None
    assert not _children()
