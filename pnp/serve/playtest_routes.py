"""The workbench's background playtest over HTTP: ``POST /api/playtest`` (a JSON body:
games, bots, seed) starts one, cancelling the one under way; ``GET /api/playtest`` says
its state and progress. Each change is an ``event: playtest`` on /api/events, and the
statistics of a playtest that ends are given to the pieces.

A POST must say it is JSON: a page elsewhere cannot send that to 127.0.0.1 without the
browser asking first (a CORS preflight, which the workbench does not answer)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from pnp._errors import PnpError
from pnp.serve.playtest_job import PlaytestJobs, PlaytestRequest
from pnp.serve.workbench import Workbench

MAX_BODY_BYTES = 4096
FIRST_READ_S = 120.0
"""Longest a playtest waits for the game's first reading."""
EVENT_KEY = "playtest"
"""The key of a listener's event that is a playtest's state (sent as its own event)."""


def playtest_jobs(workbench: Workbench) -> PlaytestJobs:
    """The workbench's playtests: each state told to its listeners, the statistics of
    one that ends given to the pieces."""
    jobs: PlaytestJobs

    def heard(state: dict[str, Any]) -> None:
        if state["state"] == "done":
            cards = jobs.result()
            if cards is not None:
                workbench.set_stats(cards)
        workbench.announce({EVENT_KEY: state})

    jobs = PlaytestJobs(heard)
    return jobs


async def start_playtest(jobs: PlaytestJobs, workbench: Workbench, request: Request) -> Response:
    from starlette.concurrency import run_in_threadpool

    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return _error("send the playtest as JSON (Content-Type: application/json)", 415)
    body = await request.body()
    if len(body) > MAX_BODY_BYTES:
        return _error("a playtest's request is a few fields, not this much", 413)
    try:
        asked = PlaytestRequest.from_json(json.loads(body or b"null"))
    except ValueError:
        return _error("not JSON", 400)
    except PnpError as exc:
        return _error(str(exc), 400)
    await asyncio.to_thread(workbench.ready.wait, FIRST_READ_S)  # the game's first reading
    game = workbench.snapshot().game
    if game is None:
        return _error("the game could not be read: mend it first", 409)
    try:
        state = await run_in_threadpool(jobs.start, game, asked)
    except PnpError as exc:
        return _error(str(exc).splitlines()[0], 400)
    return JSONResponse(state, 202)


async def playtest_state(jobs: PlaytestJobs) -> Response:
    return JSONResponse(jobs.state())


def _error(message: str, status: int) -> Response:
    return JSONResponse({"error": message}, status)


__all__ = ["EVENT_KEY", "playtest_jobs", "playtest_state", "start_playtest"]
