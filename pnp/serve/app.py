"""The workbench's web application (Starlette): the page, the pieces as JSON, their
pictures, server-sent events after each reload, and the build's files.

Every request must name the served address in its Host header (a page elsewhere cannot
reach the workbench by pointing its own name at 127.0.0.1); anything not served is a 404,
and an unexpected error is a bare 500 with no traceback in the answer or on stderr."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from pnp._errors import PnpError
from pnp.serve.files import BuiltFiles
from pnp.serve.page_data import piece_json, piece_page
from pnp.serve.playtest_routes import EVENT_KEY, playtest_jobs, playtest_state, start_playtest
from pnp.serve.workbench import Workbench

STATIC = Path(__file__).parent / "static"
PAGE_FILES = {"app.css": "text/css", "app.js": "text/javascript", "playtest.js": "text/javascript"}
DIGEST = re.compile(r"[0-9a-f]{24}")
KEEPALIVE_S = 15.0
FIRST_READ_S = 120.0
"""Longest /api/pieces waits for the game's first reading."""


class Served:
    """What the routes share: the workbench, the build's files, the hosts a request may
    name, and the flag that ends the event streams when the server stops."""

    def __init__(self, workbench: Workbench, files: BuiltFiles, hosts: frozenset[str]) -> None:
        self.workbench, self.files, self.hosts = workbench, files, hosts
        self.stopping = threading.Event()
        self.playtests = playtest_jobs(workbench)


def create_app(served: Served, watch: Callable[[], Callable[[], None]] | None = None) -> ASGIApp:
    """The application; ``watch()`` starts following the game's files and returns what
    stops it (None: the game is read once, when the app starts)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = watch() if watch is not None else _read_once(served.workbench)
        try:
            yield
        finally:
            served.stopping.set()
            served.playtests.close()
            stop()

    async def page(request: Request) -> Response:
        return await _page()

    async def static(request: Request) -> Response:
        return await _static(request.path_params["name"])

    async def pieces(request: Request) -> Response:
        return await _pieces(served, request.query_params.get("first") == "1")

    async def piece(request: Request) -> Response:
        return await _piece(served, request)

    async def events(request: Request) -> Response:
        return await _events(served)

    async def image(request: Request) -> Response:
        return await _image(served, request)

    async def files(request: Request) -> Response:
        return await _files(served)

    async def file(request: Request) -> Response:
        return await _file(served, request.path_params["name"])

    async def playtest(request: Request) -> Response:
        if request.method == "POST":
            return await start_playtest(served.playtests, served.workbench, request)
        return await playtest_state(served.playtests)

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        Route("/api/pieces", pieces, methods=["GET"]),
        Route("/api/pieces/{piece_id:path}", piece, methods=["GET"]),
        Route("/api/events", events, methods=["GET"]),
        Route("/img/{name}", image, methods=["GET"]),
        Route("/files/", files, methods=["GET"]),
        Route("/api/playtest", playtest, methods=["GET", "POST"]),
        Route("/files/{name}", file, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    return _Guard(app, served.hosts)


def _read_once(workbench: Workbench) -> Callable[[], None]:
    thread = threading.Thread(target=workbench.reload, name="pnp-serve-read", daemon=True)
    thread.start()
    return lambda: thread.join(timeout=0.1)


async def _page() -> Response:
    return Response((STATIC / "index.html").read_bytes(), media_type="text/html; charset=utf-8")


async def _static(name: str) -> Response:
    if name not in PAGE_FILES:
        return _not_found()
    return Response((STATIC / name).read_bytes(), media_type=f"{PAGE_FILES[name]}; charset=utf-8")


async def _pieces(served: Served, first: bool = False) -> Response:
    """Every piece, once the game's first reading is done; with ``first`` (the page's
    first look) as soon as the first file's pieces are in, the rest told by events."""
    wb = served.workbench
    for _ in range(int(FIRST_READ_S / 0.05)):
        if wb.ready.is_set() or (first and wb.has_pieces()):
            break
        await asyncio.sleep(0.05)
    snap = wb.snapshot()
    game = snap.game
    return JSONResponse(
        {
            "game": {"id": game.spec.id, "name": game.spec.name} if game is not None else None,
            "version": snap.version,
            "banner": snap.banner,
            "pieces": [piece_json(p, snap) for p in snap.all_pieces()],
            "expansion": snap.side.summary() if snap.side is not None else None,
            "complete": wb.ready.is_set(),
        }
    )


async def _piece(served: Served, request: Request) -> Response:
    snap = served.workbench.snapshot()
    wanted = request.path_params["piece_id"]
    found = next((p for p in snap.all_pieces() if p.id == wanted), None)
    if found is None or snap.game is None:
        return _not_found()
    return JSONResponse(piece_page(found, snap))


async def _image(served: Served, request: Request) -> Response:
    name = request.path_params["name"]
    digest = name.removesuffix(".png")
    if not name.endswith(".png") or not DIGEST.fullmatch(digest):
        return _not_found()
    grey = request.query_params.get("grey") == "1"
    from starlette.concurrency import run_in_threadpool

    png = await run_in_threadpool(served.workbench.image, digest, grey)
    if png is None:
        return _not_found()
    # a digest names one picture for the server's life
    return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=86400"})


async def _events(served: Served) -> Response:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def heard(event: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, event)

    stop = served.workbench.listen(heard)

    async def stream() -> AsyncIterator[str]:
        try:
            snap = served.workbench.snapshot()
            hello: dict[str, Any] = {"changed": [], "banner": snap.banner, "version": snap.version}
            yield _event("hello", hello)
            quiet = 0.0
            while not served.stopping.is_set():
                try:
                    event = await asyncio.wait_for(queue.get(), timeout=0.25)
                except TimeoutError:
                    quiet += 0.25
                    if quiet >= KEEPALIVE_S:
                        quiet = 0.0
                        yield ": still here\n\n"
                    continue
                quiet = 0.0
                if EVENT_KEY in event:
                    yield _event("playtest", event[EVENT_KEY])
                else:
                    yield _event("pieces", event)
        finally:
            stop()

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


def _event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


async def _files(served: Served) -> Response:
    from starlette.concurrency import run_in_threadpool

    snap = served.workbench.snapshot()
    if snap.game is None:
        return JSONResponse({"error": snap.banner or "the game could not be read"}, 409)
    try:
        files = await run_in_threadpool(served.files.listing, snap.game, snap.version)
    except PnpError as exc:
        return JSONResponse({"error": str(exc).splitlines()[0] if str(exc) else ""}, 409)
    return JSONResponse({"files": [{**f, "url": f"/files/{f['path']}"} for f in files]})


async def _file(served: Served, name: str) -> Response:
    path = served.files.path(name)
    if path is None:
        return _not_found()
    return FileResponse(path, filename=name)


def _not_found() -> Response:
    return Response("not found\n", status_code=404, media_type="text/plain")


class _Guard:
    """Refuses a request whose Host header is not the served address (421), and answers
    an unexpected error with a bare 500, logging nothing."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
            if host.lower() not in self.hosts:
                await Response("misdirected request\n", 421, media_type="text/plain")(
                    scope, receive, send
                )
                return
        started = False

        async def sending(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception:
            if scope["type"] != "http":
                raise
            if not started:
                await Response("internal error\n", 500, media_type="text/plain")(
                    scope, receive, send
                )


__all__ = ["Served", "create_app"]
