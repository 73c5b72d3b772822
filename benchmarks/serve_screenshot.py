"""The workbench's picture for the docs (docs/workbench.png): `pnp serve GAME` run from
the checkout (so that its paths read cards/… and templates/…; it writes nothing into the
game's folder), its page in headless Chromium (Debian's, driven by Playwright) with
one card's panel open, saved as a PNG of at most 300 KB (quantised to a palette if the
screenshot is larger).

Usage: python benchmarks/serve_screenshot.py [GAME] [--card ID] [--out PATH]
"""

from __future__ import annotations

import argparse
import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.spec.load import load_game  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

MOST_BYTES = 300 * 1024
WIDTH, HEIGHT = 1280, 800


def _address(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"http://[\d.]+:\d+/", line)
        if found:
            return found.group(0)
    raise SystemExit("pnp serve printed no address")


def _small_png(png: bytes) -> bytes:
    """The PNG itself, or quantised to 256 colours when it is over MOST_BYTES."""
    if len(png) <= MOST_BYTES:
        return png
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=256)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def shoot(game: str, card: str | None, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    card = card or load_game(game).cards[0].id
    proc = subprocess.Popen(
        [sys.executable, "-m", "pnp", "serve", game, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
        cwd=ROOT,
    )
    try:
        url = _address(proc)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            page.set_default_timeout(120_000)
            page.goto(url)
            page.wait_for_function(
                "/^(\\d+) of \\1 pieces shown$/.test(document.getElementById('status').textContent)"
            )
            time.sleep(3)  # validate's findings follow the pieces
            page.click(f'button.piece[data-id="card/{card}/front"]')
            page.locator("#panel").wait_for(state="visible")
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_load_state("networkidle")
            page.wait_for_function(
                "[...document.images].filter(i => i.getBoundingClientRect().top < innerHeight)"
                ".every(i => i.complete)"
            )
            png = page.screenshot()
            browser.close()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    data = _small_png(png)
    out.write_bytes(data)
    print(f"{out}: {len(data) // 1024} KB, {WIDTH}×{HEIGHT}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="boom")
    parser.add_argument("--card", help="the card whose panel is open (default: the first)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "workbench.png")
    args = parser.parse_args()
    shoot(args.game, args.card, args.out)


if __name__ == "__main__":
    main()
