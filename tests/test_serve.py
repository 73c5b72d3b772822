"""`pnp serve`: the workbench's pieces, live updates, guards and Ctrl-C (no browser)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("watchfiles")

with warnings.catch_warnings():  # Starlette asks for httpx2, which is not needed yet
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient  # noqa: E402

from pnp._errors import DataError, Finding, Location, Severity  # noqa: E402
from pnp.serve.app import Served, create_app  # noqa: E402
from pnp.serve.files import BuiltFiles  # noqa: E402
from pnp.serve.findings import findings_of  # noqa: E402
from pnp.serve.stats import read_stats  # noqa: E402
from pnp.serve.watch import follow  # noqa: E402
from pnp.serve.workbench import Workbench  # noqa: E402
from pnp.spec.load import load_game  # noqa: E402
from tests.serving import ENV, address, start_serve  # noqa: E402

HOST = "testserver"
"""A `pnp` process run from elsewhere imports this checkout."""
SOURCE = re.compile(r"^[^:]+\.yaml:\d+$")


def _client(wb: Workbench, tmp: Path, watch: Any = None) -> TestClient:
    served = Served(wb, BuiltFiles(tmp), frozenset({HOST}))
    return TestClient(create_app(served, watch), base_url=f"http://{HOST}")


@pytest.fixture(scope="module")
def oldbiddy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Any]]:
    """The workbench of a game with cards, counters, a board, screens and an aid."""
    wb = Workbench(lambda: load_game("oldbiddy"))
    with _client(wb, tmp_path_factory.mktemp("served")) as client:
        listing = client.get("/api/pieces").json()
        yield client, listing


def test_every_card_counter_and_board_is_a_piece_with_a_picture(oldbiddy: Any) -> None:
    client, listing = oldbiddy
    game = load_game("oldbiddy")
    pieces = {p["id"]: p for p in listing["pieces"]}
    assert listing["banner"] is None
    for card in game.cards:
        piece = pieces[f"card/{card.id}/front"]
        assert piece["copies"] == card.qty
        assert piece["source"] == f"{Path(card.loc.path).relative_to(Path.cwd())}:{card.loc.line}"
    kinds = {p["kind"] for p in listing["pieces"]}
    assert {"card", "back", "counter", "board", "screen", "aid"} <= kinds
    chits = [p for p in listing["pieces"] if p["id"].startswith("counter/gem-chits:")]
    assert len(chits) == 3 and all(p["copies"] == 60 for p in chits)  # 20 of each a player
    markers = [p for p in listing["pieces"] if p["id"].startswith("counter/markers:")]
    assert markers and all(p["file"] == "oldbiddy-cards.pdf" for p in markers)  # on cards
    for piece in listing["pieces"]:
        assert SOURCE.match(piece["source"]), piece
        assert piece["image"].startswith(f"/img/{piece['digest']}.png?r=")
        assert piece["where"] and piece["where"][0]["file"] == piece["file"]
    for kind in ("card", "back", "counter", "board", "screen", "aid"):
        piece = next(p for p in listing["pieces"] if p["kind"] == kind)
        image = client.get(piece["image"])
        assert image.status_code == 200 and image.content[:8] == b"\x89PNG\r\n\x1a\n", kind
        grey = client.get(piece["image"] + "&grey=1")
        assert grey.status_code == 200 and grey.content != image.content


def test_the_page_and_a_piece_page(oldbiddy: Any) -> None:
    client, listing = oldbiddy
    page = client.get("/")
    assert page.status_code == 200
    for part in ('id="search"', 'id="deck"', 'id="type"', 'id="with-findings"', 'id="outliers"'):
        assert part in page.text
    for part in ('id="grey"', 'id="miscut"', 'id="print-size"', 'role="dialog"', "app.js"):
        assert part in page.text
    assert client.get("/static/app.js").status_code == 200
    card = next(p for p in listing["pieces"] if p["kind"] == "card")
    detail = client.get(f"/api/pieces/{card['id']}").json()
    card_id = card["id"].split("/")[1]
    assert f"id: {card_id}" in detail["yaml"]["text"]
    assert detail["fields"]["id"] == card_id
    assert detail["template"]["layout"]


def test_guards_refuse_other_hosts_and_paths_outside(oldbiddy: Any) -> None:
    client, listing = oldbiddy
    assert client.get("/api/pieces", headers={"Host": "evil.example"}).status_code == 421
    assert client.get("/", headers={"Host": f"evil.example:{80}"}).status_code == 421
    for path in (  # a raw `..` is sent to a real server below: httpx folds it
        "/files/%2e%2e",
        "/files/%2e%2e%2fgame.yaml",
        "/files/..%2F..%2Fetc%2Fpasswd",
        "/static/..%2Fapp.py",
        "/static/index.html",
        "/img/..%2F..%2Fgame.yaml",
        "/img/0123.png",
        "/api/pieces/card/no-such-card/front",
        "/api/pieces/..%2F..",
    ):
        assert client.get(path).status_code == 404, path


def test_an_unexpected_error_is_a_bare_500(tmp_path: Path, mini_cards: Path) -> None:
    wb = Workbench(lambda: load_game("mini", mini_cards))
    with _client(wb, tmp_path) as client:

        def broken() -> Any:
            raise RuntimeError("a bug")

        wb.snapshot = broken  # type: ignore[method-assign]
        answer = client.get("/api/pieces/card/x/front")
        assert answer.status_code == 500 and "Traceback" not in answer.text


def _wait(client: TestClient, ok: Any, seconds: float = 2.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        listing = client.get("/api/pieces").json()
        if ok(listing) or time.monotonic() > end:
            return listing  # type: ignore[no-any-return]
        time.sleep(0.05)


def _piece(listing: dict[str, Any], piece_id: str) -> dict[str, Any]:
    return next(p for p in listing["pieces"] if p["id"] == piece_id)


def test_an_edit_changes_that_piece_alone_and_a_mistake_keeps_the_last_good(
    tmp_path: Path, mini_cards: Path
) -> None:
    game = load_game("mini", mini_cards)
    card = game.cards[0]
    path = Path(card.loc.path)
    wb = Workbench(lambda: load_game("mini", mini_cards))
    with _client(wb, tmp_path / "served", lambda: follow(wb, [game.root])) as client:
        first = client.get("/api/pieces").json()
        edited = _piece(first, f"card/{card.id}/front")
        others = {p["id"]: p["digest"] for p in first["pieces"] if p["id"] != edited["id"]}
        assert edited["revision"] == 1
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(f"name: {card.name}", "name: Renamed Card", 1))
        start = time.monotonic()
        now = _wait(client, lambda d: _piece(d, edited["id"])["revision"] == 2)
        took = time.monotonic() - start
        after = _piece(now, edited["id"])
        assert after["revision"] == 2 and after["digest"] != edited["digest"], took
        assert took < 2.0
        assert {p["id"]: p["digest"] for p in now["pieces"] if p["id"] != edited["id"]} == others
        good = client.get(after["image"]).content

        path.write_text(text + "\n  - id: [broken\n")  # YAML that does not parse
        broken = _wait(client, lambda d: d["banner"] is not None)
        assert re.search(rf"{re.escape(path.name)}:\d+:\d+: ", broken["banner"]), broken
        kept = _piece(broken, edited["id"])
        assert kept["digest"] == after["digest"]
        assert client.get(kept["image"]).content == good

        path.write_text(text)
        fixed = _wait(client, lambda d: d["banner"] is None and d["version"] > broken["version"])
        assert fixed["banner"] is None
        assert _piece(fixed, edited["id"])["revision"] == 3


def test_a_fault_while_reading_is_one_line_in_the_banner() -> None:
    def faulty() -> Any:
        raise RuntimeError("a bug of pnp's own")

    wb = Workbench(faulty)
    wb.reload()  # no exception: the watcher's thread goes on
    banner = wb.snapshot().banner
    assert banner is not None and "RuntimeError: a bug of pnp's own" in banner
    assert wb.ready.is_set()


def test_findings_go_to_the_piece_whose_yaml_they_point_at(mini_cards: Path) -> None:
    wb = Workbench(lambda: load_game("mini", mini_cards))
    wb.reload()
    pieces = {p.id: p for p in wb.snapshot().pieces}
    game = load_game("mini", mini_cards)
    card = game.cards[1]
    inside = Location(card.loc.path, card.where("name").line, 5)
    finding = Finding(Severity.ERROR, "something about this card", inside)
    named = Finding(Severity.WARNING, f"card {card.id!r} is named here", None)
    mine = findings_of(pieces[f"card/{card.id}/front"], [finding, named])
    assert mine == [finding, named]
    other = pieces[f"card/{game.cards[0].id}/front"]
    assert findings_of(other, [finding, named]) == []


def test_statistics_are_read_checked_and_attached(tmp_path: Path, mini_cards: Path) -> None:
    game = load_game("mini", mini_cards)
    stats = tmp_path / "sim.json"
    card: dict[str, Any] = {
        "drawn": 10,
        "played": 4,
        "win_when_drawn": 0.5,
        "win_when_not_drawn": 0.25,
    }
    card |= {"iwd": 0.25, "iwd_ci95": [0.1, 0.4], "play_rate": 0.4, "outlier": True}
    stats.write_text(json.dumps({"cards": {game.cards[0].id: card}}))
    per_card = read_stats(stats)
    wb = Workbench(lambda: load_game("mini", mini_cards), per_card)
    with _client(wb, tmp_path / "served") as client:
        listing = client.get("/api/pieces").json()
    got = _piece(listing, f"card/{game.cards[0].id}/front")["statistics"]
    assert got["flagged"] is True and got["iwd_ci95"] == [0.1, 0.4]
    assert _piece(listing, f"card/{game.cards[1].id}/front")["statistics"] is None
    stats.write_text('{"cards": {"x": {"drawn": "many"}}}')
    with pytest.raises(DataError, match="drawn"):
        read_stats(stats)
    stats.write_text("[1, 2")
    with pytest.raises(DataError) as err:
        read_stats(stats)
    assert str(stats) in str(err.value)


def _raw_status(url: str, path: str, host: str | None = None) -> int:
    """The status of a GET of ``path`` sent as it is written (no client folds its ``..``)."""
    import http.client

    address = url.split("//")[1].rstrip("/")
    connection = http.client.HTTPConnection(address, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host or address)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_ctrl_c_ends_it_within_two_seconds_leaving_no_process(
    tmp_path: Path, mini_cards: Path
) -> None:
    before = sorted(p.name for p in (mini_cards / "mini").iterdir())
    proc = start_serve(["mini", "--cards", str(mini_cards)], tmp_path)
    try:
        url = address(proc)
        with urllib.request.urlopen(url + "api/pieces", timeout=60) as answer:
            assert json.load(answer)["pieces"]
        with urllib.request.urlopen(url + "files/", timeout=60) as answer:  # a build, here
            assert any(f["kind"] == "guide" for f in json.load(answer)["files"])
        for raw in ("/files/..", "/files/../../etc/passwd", "/static/../app.py", "/../cards.yaml"):
            assert _raw_status(url, raw) == 404, raw
        assert _raw_status(url, "/", host="evil.example") == 421
        events = urllib.request.urlopen(url + "api/events", timeout=10)  # a stream left open
        assert events.readline().startswith(b"event: hello")
        proc.send_signal(signal.SIGINT)
        start = time.monotonic()
        proc.wait(timeout=5)
        took = time.monotonic() - start
        events.close()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert took < 2.0
    assert proc.returncode == 0
    with pytest.raises(ProcessLookupError):  # nothing it started lives on
        os.killpg(proc.pid, 0)
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()
    assert sorted(p.name for p in (mini_cards / "mini").iterdir()) == before


def test_serve_refuses_a_busy_port(mini_cards: Path) -> None:
    from pnp.serve.server import bind

    taken = bind("127.0.0.1", 0)
    with taken:
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "pnp", "serve", "mini", "--cards", str(mini_cards)]
            + ["--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env=ENV,
        )
    assert result.returncode == 2 and "--port" in result.stderr
    assert "Traceback" not in result.stderr


def test_without_the_libraries_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp._errors import PnpError
    from pnp.serve.server import INSTALL, needs_libraries

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    with pytest.raises(PnpError, match=re.escape(INSTALL)):
        needs_libraries()


def test_the_page_ships_in_the_package() -> None:
    """The wheel takes every file under pnp/ (pyproject.toml), the page's among them."""
    import tomllib

    import pnp.serve.app as app

    names = {p.name for p in app.STATIC.iterdir()}
    assert {"index.html", "app.css", "app.js"} <= names
    root = Path(app.__file__).parents[2]
    wheel = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    assert wheel["targets"]["wheel"]["packages"] == ["pnp"]
