"""The start-here sheet (GAME-start-here.pdf, manifest kind ``guide``): in every build, on
the build's paper, one or two pages, naming every file beside it with how to print it
(which flip on the long edge, fronts then backs, fold), what to cut (the manifest's own
trimmer cuts), the pieces with their counts, what else to fetch and the sleeves."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from pnp.build.game import build_game
from pnp.layout.paper import PAPERS_MM
from pnp.layout.sleeves import sleeve_for
from pnp.plan.settings import BuildOptions
from pnp.render.guide_files import how_to_print, paper_name
from pnp.spec.load import load_game

GAMES = ["boom", "bigidea", "oldbiddy", "bidness", "smallprint"]
PT = 72 / 25.4
TABLE = "The files, and how to print them"


def _build(tmp: Path, game: str, **options: Any) -> tuple[dict[str, Any], str, PdfReader]:
    only = options.pop("only", None)
    g = load_game(game)
    build_game(g, BuildOptions(**options), tmp, only, jobs=1)
    manifest = json.loads((tmp / "manifest.json").read_text())
    reader = PdfReader(tmp / f"{game}-start-here.pdf")
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    return manifest, text, reader


def _rows(text: str, manifest: dict[str, Any]) -> dict[str, str]:
    """Each PDF's row of the table: its text up to the next file's name."""
    table = text[text.index(TABLE) :]
    names = [f["path"] for f in manifest["files"] if f["kind"] != "cut"] + ["manifest.json"]
    starts = sorted((table.index(n + " "), n) for n in names)
    ends = [s for s, _ in starts[1:]] + [len(table)]
    return {n: table[s:e] for (s, n), e in zip(starts, ends, strict=True)}


def _check_describes(manifest: dict[str, Any], text: str, duplex: bool = True) -> None:
    rows = _rows(text, manifest)
    for f in manifest["files"]:
        sides = [p["side"] for p in f["pages"]]
        if f["kind"] == "cut":  # named whole, or as its PDF's pN with N listed
            stem, n = re.fullmatch(r"(.+)-p(\d+)-cut\.svg", f["path"]).groups()  # type: ignore[union-attr]
            listed = re.search(re.escape(stem) + r"-pN-cut\.svg, N = ([\d, ]+)", text)
            assert f["path"] in text or (listed and n in re.findall(r"\d+", listed.group(1))), f[
                "path"
            ]
            continue
        row = rows[f["path"]]
        assert f"{len(f['pages'])} page" in row, row
        if "cuts" in f:
            assert f"{f['cuts']} straight trimmer cut" in row, row
        if "back" in sides and f["kind"] != "rulebook":
            want = "flipping on the long edge" if duplex else "turn the printed stack over"
            assert want in row, row
        if "fold" in sides:
            assert "fold each pair on the dashed line" in row, row
        if f["kind"] == "shop":
            assert "print shop" in row, row
        elif "back" not in sides and "fold" not in sides and f["kind"] != "rulebook":
            assert "one side only" in row, row


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_sheet_names_every_file_and_how_to_print_it(
    game: str, paper: str, tmp_path: Path
) -> None:
    manifest, text, reader = _build(tmp_path, game, paper=paper)
    guide = [f for f in manifest["files"] if f["kind"] == "guide"]
    assert [f["path"] for f in guide] == [f"{game}-start-here.pdf"]
    assert 1 <= len(reader.pages) <= 2
    assert len(guide[0]["pages"]) == len(reader.pages)
    w, h = PAPERS_MM[paper]
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - w * PT) < 0.1
        assert abs(float(page.mediabox.height) - h * PT) < 0.1
    for f in manifest["files"]:
        assert f["path"] in text or f["kind"] == "cut"
    assert "manifest.json" in text
    _check_describes(manifest, text)
    spec = load_game(game).spec
    assert spec.credits is not None and spec.credits.designer in text
    assert "made with pnp" in text
    assert spec.name in text and f"{spec.players.min}–{spec.players.max} players" in text
    for need in spec.needs:  # what else to fetch, from game.yaml
        assert need[:1].upper() + need[1:] in text
    info = reader.metadata
    assert info is not None and info.author == spec.credits.designer


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_option_is_described_as_the_files_are(paper: str, tmp_path: Path) -> None:
    manifest, text, reader = _build(
        tmp_path / "a", "boom", paper=paper, booklet=True, shop_pdf=True, cut_file="svg"
    )
    assert len(reader.pages) <= 2
    _check_describes(manifest, text)
    rows = _rows(text, manifest)
    assert "flipping on the short edge" in rows["boom-rulebook-booklet.pdf"]
    assert "staple" in rows["boom-rulebook-booklet.pdf"]
    assert "print shop" in rows["boom-shop-play.pdf"] and "66 cards" in rows["boom-shop-play.pdf"]
    manifest, text, _ = _build(tmp_path / "b", "boom", paper=paper, duplex=False)
    _check_describes(manifest, text, duplex=False)
    cards = next(f for f in manifest["files"] if f["path"] == "boom-cards.pdf")
    n = len(cards["pages"]) // 2
    assert f"pages 1–{n} (the fronts) first" in _rows(text, manifest)["boom-cards.pdf"]
    assert f"pages {n + 1}–{2 * n} (the backs)" in _rows(text, manifest)["boom-cards.pdf"]
    manifest, text, _ = _build(tmp_path / "c", "boom", layout="fold")
    _check_describes(manifest, text)
    assert "glue stick" in text.lower()


def test_files_left_by_an_earlier_build_are_described_as_they_are(tmp_path: Path) -> None:
    _build(tmp_path, "smallprint")
    manifest, text, _ = _build(tmp_path, "smallprint", only=frozenset({"cards"}), paper="letter")
    rows = _rows(text, manifest)
    assert (
        "A4" in rows["smallprint-rulebook.pdf"]
        and "earlier build" in rows["smallprint-rulebook.pdf"]
    )
    assert (
        "Letter" in rows["smallprint-cards.pdf"] and "earlier" not in rows["smallprint-cards.pdf"]
    )
    _check_describes(manifest, text)


def test_the_pieces_are_counted_and_sleeved(tmp_path: Path) -> None:
    _, text, _ = _build(tmp_path, "oldbiddy")
    assert (
        "60 Green gems" in text and "30 Gem cards" in text and "5 Old Biddy player screens" in text
    )
    assert "36 standard card-game sleeves, 66 × 91 mm" in text  # poker cards
    assert "No common sleeve fits the 6 cards of 30 × 30 mm" in text  # zero markers
    assert "Nothing for the game itself" in text  # needs: []


def test_sleeves_fit_each_card_size() -> None:
    named = {size: sleeve_for(size) for size in [(63.5, 88.9), (57.15, 88.9), (44.45, 63.5),
             (59.0, 92.0), (70.0, 120.0), (63.5, 63.5), (88.9, 63.5), (30.0, 30.0)]}  # fmt: skip
    assert {k: v.name if v else None for k, v in named.items()} == {
        (63.5, 88.9): "standard card-game",
        (57.15, 88.9): "Chimera",
        (44.45, 63.5): "mini European",
        (59.0, 92.0): "standard European",
        (70.0, 120.0): "tarot",
        (63.5, 63.5): "square",
        (88.9, 63.5): "standard card-game",  # lying on its side
        (30.0, 30.0): None,
    }
    assert named[(63.5, 88.9)].words == "standard card-game sleeves, 66 × 91 mm"  # type: ignore[union-attr]


def _page(
    side: str, layout: str = "", size: tuple[float, float] = (210.0, 297.0)
) -> dict[str, Any]:
    return {"side": side, "layout": layout, "size_pt": [size[0] * PT, size[1] * PT]}


def test_the_flip_is_read_from_the_pages_sides() -> None:
    duplex = {"kind": "cards", "pages": [_page("front"), _page("back")] * 2}
    assert "flipping on the long edge" in how_to_print(duplex)
    fronts_first = {"kind": "cards", "pages": [_page("front")] * 3 + [_page("back")] * 3}
    words = how_to_print(fronts_first, duplex=False)
    assert "pages 1–3 (the fronts) first" in words and "print pages 4–6 (the backs)" in words
    earlier = {**duplex, "options": {"duplex": False}}  # an earlier build's own option
    assert "pages 1 and 3 (the fronts)" in how_to_print(earlier)
    fold = {"kind": "cards", "pages": [_page("fold")] * 2}
    assert how_to_print(fold).startswith("one side only")
    booklet = {"kind": "rulebook", "pages": [_page("front", "booklet"), _page("back", "booklet")]}
    assert "short edge" in how_to_print(booklet)
    assert paper_name([_page("front", size=(279.4, 215.9))]) == "Letter landscape"
    assert paper_name([_page("front", size=(69.85, 95.25))]) == "69.85 × 95.25 mm"


def test_an_earlier_manifest_edited_by_hand_is_named_not_read(tmp_path: Path) -> None:
    _build(tmp_path, "smallprint")
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    for f in manifest["files"]:
        if f["kind"] == "rulebook":
            f["pages"] = [{"side": 3, "size_pt": "A4", "items": 7}, "a page"]
        if f["kind"] == "aid":
            f["cuts"], f["options"] = "many", []
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    _, text, _ = _build(tmp_path, "smallprint", only=frozenset({"cards"}))
    assert "smallprint-rulebook.pdf" in text and "smallprint-aid.pdf" in text
    assert "cannot be read" in text
