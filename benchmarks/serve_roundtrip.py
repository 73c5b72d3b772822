"""The workbench's speed: start-up and an edit's round trip (`pnp serve`).

Start-up is the time from starting `pnp serve GAME` to the page's first pieces
(/api/pieces?first=1: the first file read) and to its first answer of /api/pieces with
every piece (the process imports its libraries, reads and plans the game). The
round trip is the time from saving an edit of a card's name to the new picture of that
card received: the save seen, the game read and planned again, the changed piece
announced on /api/events, /api/pieces read and the PNG drawn and fetched. Each game runs
on a copy of its folder, in a process of its own on a free port.

Usage: python benchmarks/serve_roundtrip.py [GAME ...] [--edits N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.spec.game import Card  # noqa: E402
from pnp.spec.load import list_games, load_game  # noqa: E402
from pnp.spec.paths import cards_root  # noqa: E402


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=120) as answer:
        return bytes(answer.read())


def start(game: str, cards: Path) -> tuple[subprocess.Popen[str], str, float]:
    """The server, its address, and the seconds to its first /api/pieces answer."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    began = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pnp", "serve", game, "--cards", str(cards), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"http://[\d.]+:\d+/", line)
        if found:
            url = found.group(0)
            break
    else:
        raise SystemExit(f"{game}: the server printed no address")
    first = json.loads(_get(url + "api/pieces?first=1"))["pieces"]  # as the page asks first
    shown = time.perf_counter() - began
    pieces = json.loads(_get(url + "api/pieces"))["pieces"]
    took = time.perf_counter() - began
    print(
        f"{game}: start-up {shown:.2f} s to the page's first pieces ({len(first)}), "
        f"{took:.2f} s to every piece ({len(pieces)})"
    )
    return proc, url, took


def round_trip(url: str, card: Card, n: int) -> float:
    """Save a new name of ``card`` and wait for its new picture: seconds. The card's file
    is put back as it was afterwards (and that change seen too)."""
    events = urllib.request.urlopen(url + "api/events", timeout=120)
    events.readline()  # the hello event
    piece_id = f"card/{card.id}/front"
    path, line = Path(card.loc.path), card.where("name").line
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    indent = lines[line - 1][: len(lines[line - 1]) - len(lines[line - 1].lstrip())]
    lines[line - 1] = f"{indent}name: {json.dumps(f'{card.name} {n}')}\n"
    began = time.perf_counter()
    path.write_text("".join(lines), encoding="utf-8")
    _changed(events, piece_id)
    pieces = json.loads(_get(url + "api/pieces"))["pieces"]
    image = next(p["image"] for p in pieces if p["id"] == piece_id)
    _get(url + image.lstrip("/"))
    took = time.perf_counter() - began
    path.write_text(text, encoding="utf-8")
    _changed(events, piece_id)
    events.close()
    return took


def _changed(events: Any, piece_id: str) -> None:
    """Wait for an event that says ``piece_id`` changed."""
    while True:
        line = events.readline()
        if line.startswith(b"data:") and piece_id in json.loads(line[5:])["changed"]:
            return


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--edits", type=int, default=5, help="edits timed on •Boom (default 5)")
    ap.add_argument("--settle", type=float, default=4.0, help="seconds between edits (default 4)")
    args = ap.parse_args()
    games = args.games or list_games()
    with tempfile.TemporaryDirectory(prefix="pnp-serve-bench-") as tmp:
        cards = Path(tmp) / "cards"
        shutil.copytree(cards_root(), cards)
        for game in games:
            proc, url, _ = start(game, cards)
            try:
                if game == "boom" or game == games[0]:
                    card = load_game(game, cards).cards[0]
                    times = []
                    for n in range(args.edits):
                        times.append(round_trip(url, card, n))
                        time.sleep(args.settle)  # the last reading's findings, checked
                    print(
                        f"{game}: an edit's round trip, save to new picture: median "
                        f"{statistics.median(times):.2f} s, best {min(times):.2f} s, worst "
                        f"{max(times):.2f} s ({len(times)} edits)"
                    )
            finally:
                proc.send_signal(signal.SIGINT)
                proc.wait(timeout=10)


if __name__ == "__main__":
    main()
