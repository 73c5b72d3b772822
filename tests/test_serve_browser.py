"""`pnp serve` in a real browser: Playwright drives Chromium through the workbench's page.

One server for the module, on a copy of Boom's folder; each test opens its own page and
puts back any file it edits (and waits for the page to see it back). The browser comes
from the ``browser`` fixture (tests/conftest.py): skipped without Chromium or Playwright,
a failure instead under PNP_REQUIRE_BROWSER=1."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pnp.spec.load import load_game
from pnp.spec.paths import cards_root
from tests.serving import address, start_serve

pytestmark = pytest.mark.slow

WAIT_MS = 30_000
"""Longest a step waits for the page (a reading of the game takes a few seconds)."""


@dataclass
class Served:
    url: str
    cards: Path
    """The copied cards folder (``cards/boom/…``)."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("browser")
    cards = tmp / "cards"
    shutil.copytree(cards_root() / "boom", cards / "boom")
    proc = start_serve(["boom", "--cards", str(cards)], tmp, subprocess.DEVNULL)
    try:
        url = address(proc)
        _settled(url)
        yield Served(url, cards)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def _settled(url: str, quiet_s: float = 1.5, seconds: float = 120.0) -> None:
    """Wait until the workbench has read the game and checked it: its version stays put."""
    deadline = time.monotonic() + seconds
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        with urllib.request.urlopen(url + "api/pieces", timeout=seconds) as answer:
            version = json.load(answer)["version"]
        if version != last:
            last, since = version, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return
        time.sleep(0.1)
    raise AssertionError("the workbench kept changing")


@pytest.fixture
def page(browser: Any, served: Served) -> Iterator[Any]:
    """The workbench's page, every piece listed (once the last test's edits are read)."""
    _settled(served.url)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(served.url)
    page.wait_for_function(
        "/^(\\d+) of \\1 pieces shown$/.test(document.getElementById('status').textContent)"
    )
    try:
        yield page
    finally:
        context.close()


def _tile(card: str) -> str:
    return f'button.piece[data-id="card/{card}/front"]'


def _edit(path: Path, line: int, new: str) -> str:
    """Put ``new`` in place of line ``line`` (1-based) of ``path``; the old text."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    lines[line - 1] = new
    path.write_text("".join(lines), encoding="utf-8")
    return text


def test_the_page_shows_a_piece_for_every_card(page: Any, served: Served) -> None:
    game = load_game("boom", served.cards)
    ids = set(page.eval_on_selector_all("button.piece", "tiles => tiles.map(t => t.dataset.id)"))
    assert {f"card/{c.id}/front" for c in game.cards} <= ids
    assert any(i.startswith("back/") for i in ids)
    assert page.title() == f"{game.spec.name} — pnp workbench"
    first = _tile(game.cards[0].id) + " img"
    page.locator(first).scroll_into_view_if_needed()
    page.wait_for_function(
        "sel => { const img = document.querySelector(sel); "
        "return img.complete && img.naturalWidth > 0 }",
        arg=first,
    )


def test_an_edited_name_changes_that_cards_picture_without_a_reload(
    page: Any, served: Served
) -> None:
    card = load_game("boom", served.cards).cards[3]
    img = page.locator(_tile(card.id) + " img")
    before = img.get_attribute("src")
    other = page.locator(_tile(load_game("boom", served.cards).cards[4].id) + " img")
    other_before = other.get_attribute("src")
    page.evaluate("window.notReloaded = true")
    path, line = Path(card.loc.path), card.where("name").line
    indent = re.match(r"\s*(- )?", path.read_text(encoding="utf-8").splitlines()[line - 1])
    assert indent is not None and "name:" in path.read_text(encoding="utf-8").splitlines()[line - 1]
    text = path.read_text(encoding="utf-8")
    old = text.splitlines()[line - 1]
    path.write_text(text.replace(old, old.replace(card.name, "Renamed In A Browser"), 1), "utf-8")
    try:
        page.wait_for_function(
            "([sel, src]) => document.querySelector(sel).getAttribute('src') !== src",
            arg=[_tile(card.id) + " img", before],
        )
        after = img.get_attribute("src")
        assert re.search(r"\?r=2$", after) and after.split("?")[0] != before.split("?")[0]
        assert page.locator(_tile(card.id) + " .name").text_content() == "Renamed In A Browser"
        assert other.get_attribute("src") == other_before  # only the edited card changes
        assert page.evaluate("window.notReloaded") is True
    finally:
        path.write_text(text, "utf-8")  # the next page waits for it to be read


def test_a_broken_file_shows_the_banner_and_a_fixed_one_clears_it(
    page: Any, served: Served
) -> None:
    card = load_game("boom", served.cards).cards[0]
    path, line = Path(card.loc.path), card.where("type").line
    banner = page.locator("#banner")
    assert banner.is_hidden()
    text = path.read_text(encoding="utf-8")
    old = text.splitlines(keepends=True)[line - 1]
    assert f"type: {card.type}" in old
    _edit(path, line, old.replace(f"type: {card.type}", "type: nosuchtype"))
    try:
        banner.wait_for(state="visible")
        said = banner.text_content()
        assert re.search(rf"{re.escape(path.name)}:{line}:\d+: .*nosuchtype", said), said
        assert page.locator("button.piece").count() > 0  # the last good pieces stay
    finally:
        path.write_text(text, "utf-8")
    banner.wait_for(state="hidden")


def test_a_click_opens_the_pieces_panel_with_its_yaml_and_where_it_prints(
    page: Any, served: Served
) -> None:
    card = load_game("boom", served.cards).cards[1]
    page.click(_tile(card.id))
    panel = page.locator("#panel")
    panel.wait_for(state="visible")
    assert page.locator("#panel-title").text_content() == card.name
    yaml = panel.locator("pre").first.text_content()
    assert f"id: {card.id}" in yaml and card.name in yaml
    piece = page.request.get(served.url + f"api/pieces/card/{card.id}/front").json()
    where = panel.locator("table").nth(1).text_content()
    assert f"{piece['where'][0]['file']} p. {piece['where'][0]['page']}" in where
    assert len(piece["where"]) == card.qty
    page.click("#panel-close")
    panel.wait_for(state="hidden")


def test_the_keyboard_reaches_filters_and_pieces_and_opens_and_closes_a_panel(
    page: Any,
) -> None:
    reached: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => { const e = document.activeElement; "
            "return e.dataset.id ? 'piece:' + e.dataset.id : e.id }"
        )
        reached.append(focused)
        if focused.startswith("piece:"):
            break
    filters = ["search", "kind", "deck", "type", "with-findings", "outliers"]
    assert [r for r in reached if r in filters] == filters
    assert reached[-1].startswith("piece:"), reached
    tile = reached[-1].removeprefix("piece:")
    page.keyboard.press("Enter")
    page.locator("#panel").wait_for(state="visible")
    assert page.evaluate("document.activeElement.id") == "panel-close"
    page.keyboard.press("Escape")
    page.locator("#panel").wait_for(state="hidden")
    assert page.evaluate("document.activeElement.dataset.id") == tile
    page.keyboard.press("Tab")  # on to the next piece
    assert page.evaluate("document.activeElement.dataset.id") not in (None, tile)


def test_a_playtest_from_the_form_fills_its_bar_and_gives_cards_statistics(
    page: Any, served: Served
) -> None:
    page.fill("#pt-games", "60")
    page.fill("#pt-seed", "4")
    page.click("#pt-start")
    page.wait_for_function(
        "document.getElementById('pt-status').textContent.startsWith('60 games played')"
    )
    assert page.locator("#pt-progress").is_hidden()  # the bar goes once it is full
    state = page.request.get(served.url + "api/playtest").json()
    assert state["state"] == "done" and state["seed"] == 4
    pieces = page.request.get(served.url + "api/pieces").json()["pieces"]
    rated = next(p["id"] for p in pieces if p["statistics"] and p["statistics"]["drawn"])
    page.click(f'button.piece[data-id="{rated}"]')
    page.locator("#panel h3", has_text="Playtest statistics").wait_for()
