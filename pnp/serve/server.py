"""Running the workbench: a socket bound before the server starts (so that port 0 gives
the address to print and to check Host headers against), uvicorn on it, the game's
files followed, and a temporary folder for the build's files that goes with the server.
Ctrl-C ends it: the event streams close at once, the rest within uvicorn's graceful
second."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp._errors import PnpError, UsageError
from pnp.serve.workbench import Loader, Workbench

INSTALL = "pip install 'pnp[serve]'"
LOOPBACK = "127.0.0.1"
GRACE_S = 1
"""Longest uvicorn waits for open requests once told to stop."""


def needs_libraries() -> None:
    """A PnpError naming the extra to install unless Starlette, uvicorn and watchfiles
    can be imported."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import watchfiles  # noqa: F401
    except ImportError as exc:
        raise PnpError(f"pnp serve needs {exc.name}: {INSTALL}") from None


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: a free port); a UsageError when the
    address cannot be had."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise UsageError(f"--host {host!r} is not an address of this machine") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise UsageError(
            f"cannot listen on {host}:{port}: {exc.strerror or exc} "
            "(another server there? give another --port, or --port 0 for any free one)"
        ) from None
    sock.set_inheritable(False)
    return sock


def address_of(sock: socket.socket, host: str) -> str:
    """``host:port`` as a browser writes it (an IPv6 address in brackets)."""
    port = sock.getsockname()[1]
    try:
        shown = f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        shown = host
    return f"{shown}:{port}"


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host headers a request may carry: the served address, and for a loopback or
    every-interface address the names this machine answers to there."""
    names = {host}
    loopback = {"127.0.0.1", "localhost", "::1", "[::1]"}
    if host in loopback:
        names |= loopback
    if host in ("0.0.0.0", "::"):
        names |= loopback | {socket.gethostname(), socket.getfqdn()}
        with contextlib.suppress(OSError):
            names |= set(socket.gethostbyname_ex(socket.gethostname())[2])
    out: set[str] = set()
    for name in names:
        shown = f"[{name}]" if ":" in name and not name.startswith("[") else name
        out.add(f"{shown}:{port}".lower())
        if port == 80:
            out.add(shown.lower())
    return frozenset(out)


def serve(
    load: Loader,
    folders: list[Path],
    host: str,
    port: int,
    stats: dict[str, dict[str, Any]] | None,
    echo: Callable[[str], None],
    opened: Callable[[str], None] | None = None,
) -> None:
    """Serve the workbench of the game ``load()`` reads until Ctrl-C."""
    import uvicorn

    from pnp.serve.app import Served, create_app
    from pnp.serve.files import BuiltFiles
    from pnp.serve.watch import follow

    sock = bind(host, port)
    where = address_of(sock, host)
    hosts = allowed_hosts(host, sock.getsockname()[1])
    with sock, tempfile.TemporaryDirectory(prefix="pnp-serve-") as tmp:
        workbench = Workbench(load, stats)
        served = Served(workbench, BuiltFiles(Path(tmp)), hosts)
        app = create_app(served, watch=lambda: follow(workbench, folders))
        config = uvicorn.Config(
            app,
            log_level="warning",
            log_config=None,
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=GRACE_S,
        )
        server = _server(config, served.stopping)
        url = f"http://{where}/"
        echo(f"serving the workbench at {url} (Ctrl-C to stop)")
        if opened is not None:
            threading.Timer(0.5, opened, args=(url,)).start()
        # uvicorn hands the Ctrl-C it caught back once stopped: the end asked for
        with contextlib.suppress(KeyboardInterrupt):
            server.run(sockets=[sock])
    echo("stopped")


def _server(config: Any, stopping: threading.Event) -> Any:
    """uvicorn's server, which also ends the event streams as soon as it is told to stop
    (they would otherwise hold it for its graceful second)."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            stopping.set()
            super().handle_exit(sig, frame)

    return Server(config)


__all__ = ["INSTALL", "address_of", "allowed_hosts", "bind", "needs_libraries", "serve"]
