"""`pnp serve` with an expansion side by side, a comparison's statistics, and a playtest
started from the page (no browser)."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # Starlette asks for httpx2, which is not needed yet
    warnings.filterwarnings("ignore", "Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient  # noqa: E402

from pnp.serve.app import Served, create_app  # noqa: E402
from pnp.serve.expansion_view import ExpansionView  # noqa: E402
from pnp.serve.files import BuiltFiles  # noqa: E402
from pnp.serve.stats import read_stats  # noqa: E402
from pnp.serve.workbench import Workbench  # noqa: E402
from pnp.spec.load import load_game  # noqa: E402
from tests.serving import address, start_serve  # noqa: E402

HOST = "testserver"
PNG = b"\x89PNG\r\n\x1a\n"


def _client(wb: Workbench, tmp: Path) -> TestClient:
    served = Served(wb, BuiltFiles(tmp), frozenset({HOST}))
    return TestClient(create_app(served), base_url=f"http://{HOST}")


def test_an_expansion_shows_new_changed_and_removed_pieces(twists: Path, tmp_path: Path) -> None:
    wb = Workbench(
        lambda: load_game("mini", twists, ["twists"]),
        expansion=ExpansionView("mini", twists, ("twists",)),
    )
    with _client(wb, tmp_path) as client:
        listing = client.get("/api/pieces").json()
        pieces = {p["id"]: p for p in listing["pieces"]}
        assert listing["expansion"] == {
            "name": "twists",
            "counts": {"new": 1, "changed": 1, "removed": 1},
        }
        status = {i: p["status"] for i, p in pieces.items() if p["kind"] == "card"}
        assert status == {
            "card/alpha/front": "same",
            "card/beta/front": "changed",
            "card/delta/front": "new",
            "card/gamma/front": "removed",
        }
        assert all(p["status"] == "same" for p in pieces.values() if p["kind"] != "card")
        beta = pieces["card/beta/front"]
        assert {"field": "power", "base": 2, "variant": 5} in beta["field_diff"]
        old, new = client.get(beta["base_image"]), client.get(beta["image"])
        assert old.content[:8] == PNG and new.content[:8] == PNG and old.content != new.content
        gamma = pieces["card/gamma/front"]
        assert client.get(gamma["image"]).content[:8] == PNG  # the base's picture
        page = client.get("/api/pieces/card/gamma/front").json()
        assert page["status"] == "removed" and "id: gamma" in page["yaml"]["text"]
        assert "field_diff" not in pieces["card/alpha/front"]


def test_without_an_expansion_pieces_carry_no_status(mini_cards: Path, tmp_path: Path) -> None:
    with _client(Workbench(lambda: load_game("mini", mini_cards)), tmp_path) as client:
        listing = client.get("/api/pieces").json()
    assert listing["expansion"] is None
    assert all("status" not in p for p in listing["pieces"])


def test_a_comparisons_statistics_put_each_card_beside_its_base(tmp_path: Path) -> None:
    def card(iwd: float) -> dict[str, Any]:
        return {"drawn": 10, "played": 4, "iwd": iwd, "iwd_ci95": [iwd - 0.1, iwd + 0.1]}

    data = {
        "expansion": "twists",
        "base": {"cards": {"beta": card(0.05), "gamma": card(0.0)}},
        "variant": {"cards": {"beta": card(0.25), "delta": card(-0.1)}},
    }
    path = tmp_path / "compare.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    stats = read_stats(path)
    assert set(stats) == {"beta", "delta"}
    assert stats["beta"]["iwd"] == 0.25 and stats["beta"]["base"]["iwd"] == 0.05
    assert stats["beta"]["iwd_change"] == pytest.approx(0.2)
    assert "base" not in stats["delta"]
    data["base"] = {"games": 3}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(Exception, match="base and variant"):
        read_stats(path)


@pytest.fixture(scope="module")
def boom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with _client(Workbench(lambda: load_game("boom")), tmp_path_factory.mktemp("s")) as client:
        assert client.get("/api/pieces").json()["banner"] is None
        yield client


def test_a_playtest_from_the_page_gives_the_pieces_their_statistics(boom: TestClient) -> None:
    assert boom.get("/api/playtest").json()["state"] == "idle"
    assert boom.post("/api/playtest", content=b'{"games": 5}').status_code == 415
    for body, said in [(b"{", "not JSON"), (b'{"games": 0}', "games"), (b'{"bots": "x"}', "bot")]:
        answer = boom.post(
            "/api/playtest", content=body, headers={"Content-Type": "application/json"}
        )
        assert answer.status_code == 400 and said in answer.json()["error"], body
    started = boom.post("/api/playtest", json={"games": 40, "bots": "random", "seed": 2})
    assert started.status_code == 202 and started.json()["state"] == "running"
    deadline = time.monotonic() + 60
    while boom.get("/api/playtest").json()["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    state = boom.get("/api/playtest").json()
    assert state["state"] == "done" and state["summary"]["games"] == 40
    pieces = boom.get("/api/pieces").json()["pieces"]
    rated = [p for p in pieces if p["kind"] == "card" and p["statistics"]]
    assert rated and all(p["statistics"]["drawn"] >= 0 for p in rated)
    assert all(p["statistics"] is None for p in pieces if p["kind"] != "card")


def test_ctrl_c_during_a_playtest_ends_it_within_two_seconds_leaving_no_process(
    tmp_path: Path,
) -> None:
    proc = start_serve(["boom"], tmp_path)
    try:
        url = address(proc)
        asked = urllib.request.Request(
            url + "api/playtest",
            data=json.dumps({"games": 5000}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(asked, timeout=120) as answer:
            assert json.load(answer)["state"] == "running"
        time.sleep(1.0)
        with urllib.request.urlopen(url + "api/playtest", timeout=10) as answer:
            assert json.load(answer)["state"] == "running"
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        playing = [
            int(p)
            for t in children.parent.parent.iterdir()
            for p in (t / "children").read_text().split()
        ]
        assert playing  # the playtest's worker
        proc.send_signal(signal.SIGINT)
        began = time.monotonic()
        proc.wait(timeout=5)
        took = time.monotonic() - began
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert took < 2.0 and proc.returncode == 0
    with pytest.raises(ProcessLookupError):  # nothing it started lives on
        os.killpg(proc.pid, 0)
    for pid in playing:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()
