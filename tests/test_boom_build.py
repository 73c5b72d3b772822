"""`pnp build boom --pdf` end to end: every component, in the numbers the data declares."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest

from pnp.build.game import build_game
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("boom")
    build_game(load_game("boom"), BuildOptions(), out)
    return out, json.loads((out / "manifest.json").read_text())


def _file(manifest: dict, kind: str) -> dict:
    return next(f for f in manifest["files"] if f["kind"] == kind)


def test_every_kind_of_component_is_built(built: tuple[Path, dict]) -> None:
    out, manifest = built
    kinds = sorted(f["kind"] for f in manifest["files"])
    assert kinds == ["aid", "box", "cards", "guide", "rulebook", "tokens", "track"]
    for f in manifest["files"]:
        reader = pypdf.PdfReader(out / f["path"])
        assert len(reader.pages) == len(f["pages"]), f["path"]


def test_card_sheets_hold_every_card_with_backs(built: tuple[Path, dict]) -> None:
    _, manifest = built
    game = load_game("boom")
    pages = _file(manifest, "cards")["pages"]
    fronts = [it["id"] for p in pages if p["side"] == "front" for it in p["items"]]
    assert len(fronts) == sum(c.qty for c in game.cards)  # 6 events + 66 play cards
    assert [p["side"] for p in pages[:4]] == ["front", "back", "front", "back"]
    # the 6 events share a sheet with play cards (same size), no sheet of their own
    decks = [{it["deck"] for it in p["items"]} for p in pages if p["side"] == "front"]
    assert {"event", "play"} in decks and {"event"} not in decks


def test_counters_match_the_tables(built: tuple[Path, dict]) -> None:
    _, manifest = built
    tables = load_game("boom").spec.tables
    items = [it for p in _file(manifest, "tokens")["pages"] for it in p["items"]]
    per_group: dict[str, int] = {}
    for it in items:
        per_group[it["deck"]] = per_group.get(it["deck"], 0) + 1
    stock, money, limit = per_group.values()
    assert stock == tables["stock_per_firm"] * len(tables["firms"])  # 19 × 5 firms
    assert money == sum(row["count"] for row in tables["money"])
    assert limit == 1  # boom.txt: one IPO Limit counter


def test_rulebook_has_at_least_four_pages(built: tuple[Path, dict]) -> None:
    assert len(_file(built[1], "rulebook")["pages"]) >= 4


def test_rulebook_prints_the_engine_worked_example(built: tuple[Path, dict]) -> None:
    out, _ = built
    text = "".join(p.extract_text() for p in pypdf.PdfReader(out / "boom-rulebook.pdf").pages)
    # boom.txt: 3 + 4 + 1 + 2 = 10 → $200m; $200m / 6 shares → $33m each
    assert "= 10" in text and "$200m" in text and "$33m" in text


def test_aid_one_per_player(built: tuple[Path, dict]) -> None:
    # the fronts: each copy's back (the aid has two faces) is on the back pages
    items = [
        it for p in _file(built[1], "aid")["pages"] if p["side"] == "front" for it in p["items"]
    ]
    assert len(items) == load_game("boom").spec.players.max


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_every_pdf_passes_qpdf_check(built: tuple[Path, dict]) -> None:
    out, manifest = built
    for f in manifest["files"]:
        result = subprocess.run(["qpdf", "--check", str(out / f["path"])], capture_output=True)
        assert result.returncode == 0, result.stdout.decode()


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_every_font_embedded_in_every_pdf(built: tuple[Path, dict]) -> None:
    out, manifest = built
    for f in manifest["files"]:
        listing = subprocess.run(
            ["pdffonts", str(out / f["path"])], capture_output=True, text=True, check=True
        ).stdout.splitlines()[2:]
        assert listing, f["path"]
        for line in listing:
            assert line.split()[-5] == "yes", line  # the "emb" column
