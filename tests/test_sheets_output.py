"""Output bookkeeping: manifest.json describes every file in the folder
(docs/architecture.md §4)."""

from __future__ import annotations

import json
from pathlib import Path

from pnp.build.game import build_game
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game


def _manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


def _paths(out: Path) -> set[str]:
    return {f["path"] for f in _manifest(out)["files"]}


def test_only_cards_keeps_the_other_files_in_the_manifest(tmp_path: Path) -> None:
    game = load_game("boom")
    build_game(game, BuildOptions(), tmp_path)
    everything = _paths(tmp_path)
    assert everything == {p.name for p in tmp_path.glob("*.pdf")}
    before = {f["path"]: f for f in _manifest(tmp_path)["files"]}
    build_game(game, BuildOptions(paper="letter"), tmp_path, frozenset({"cards"}))
    after = _manifest(tmp_path)
    assert _paths(tmp_path) == everything
    files = {f["path"]: f for f in after["files"]}
    assert after["options"]["paper"] == "letter"
    # the rebuilt file is new; the kept ones say what they were built with
    assert files["boom-cards.pdf"]["pages"][0]["size_pt"] == [612.0, 792.0]
    assert files["boom-counters.pdf"]["options"]["paper"] == "a4"
    assert files["boom-counters.pdf"]["pages"] == before["boom-counters.pdf"]["pages"]


def test_entries_whose_files_are_gone_are_dropped(tmp_path: Path) -> None:
    game = load_game("boom")
    build_game(game, BuildOptions(), tmp_path)
    (tmp_path / "boom-ipo-track.pdf").unlink()
    build_game(game, BuildOptions(), tmp_path, frozenset({"cards"}))
    assert "boom-ipo-track.pdf" not in _paths(tmp_path)
    assert "boom-counters.pdf" in _paths(tmp_path)


def test_a_corrupt_manifest_is_replaced_not_fatal(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "manifest.json").write_text("{not json")
    build_game(load_game("boom"), BuildOptions(), tmp_path, frozenset({"cards"}))
    assert _paths(tmp_path) == {"boom-cards.pdf", "boom-start-here.pdf"}


def test_cut_files_of_a_rebuilt_pdf_go_with_it(tmp_path: Path) -> None:
    game = load_game("boom")
    build_game(game, BuildOptions(cut_file="svg"), tmp_path, frozenset({"cards", "aid"}))
    svgs = {p.name for p in tmp_path.glob("boom-cards-*.svg")}
    assert len(svgs) == 9  # one per sheet of cards: 72 cards, 9 a sheet, types in rows
    # Letter has 10 sheets (8 a sheet), its files are new: the old ones go, none stays behind
    build_game(game, BuildOptions(paper="letter", cut_file="svg"), tmp_path, frozenset({"cards"}))
    now = {p.name for p in tmp_path.glob("boom-cards-*.svg")}
    listed = {f["path"] for f in _manifest(tmp_path)["files"] if f["kind"] == "cut"}
    assert len(now) == 10 and now <= listed
    letter = next(f for f in _manifest(tmp_path)["files"] if f["path"] == "boom-cards.pdf")
    assert letter["pages"][0]["size_pt"] == [612.0, 792.0]
    assert {p.name for p in tmp_path.glob("boom-play-summary-*.svg")} <= listed
    # without --cut-file the cards' old cut files are gone with the old sheets
    build_game(game, BuildOptions(), tmp_path, frozenset({"cards"}))
    assert not list(tmp_path.glob("boom-cards-*.svg"))
    made = {p.name for p in tmp_path.iterdir() if p.suffix in (".pdf", ".svg")}
    assert made == _paths(tmp_path)
