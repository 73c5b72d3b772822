"""End-to-end builds of the mini game: manifest geometry, duplex, determinism, fonts, PDF health."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from pnp._errors import LayoutError
from pnp.build.game import build_game
from pnp.layout.cards import impose_cards
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game

PT = 72 / 25.4


def _build(cards: Path, out: Path, **opts: object) -> dict:
    build_game(load_game("mini", cards), BuildOptions(**opts), out)  # type: ignore[arg-type]
    return json.loads((out / "manifest.json").read_text())


def test_manifest_lists_every_copy_inside_the_printable_margin(
    mini_cards: Path, tmp_path: Path
) -> None:
    m = _build(mini_cards, tmp_path / "o")
    cards = m["files"][0]
    assert cards["kind"] == "cards" and cards["path"] == "mini-cards.pdf"
    fronts = [p for p in cards["pages"] if p["side"] == "front"]
    ids = [it["id"] for p in fronts for it in p["items"]]
    assert ids == ["alpha", "beta", "beta", "beta", "gamma"]  # qty 3 for beta
    w, h = fronts[0]["size_pt"]
    assert (w, h) == (595.28, 841.89)
    for it in fronts[0]["items"]:
        x0, y0, x1, y1 = it["trim_pt"]
        assert x1 - x0 == pytest.approx(63.5 * PT, abs=0.02)
        assert y1 - y0 == pytest.approx(88.9 * PT, abs=0.02)
        assert x0 - 3 * PT >= 5 * PT - 0.02 and x1 + 3 * PT <= w - 5 * PT + 0.02


def test_duplex_back_follows_front_mirrored(mini_cards: Path, tmp_path: Path) -> None:
    pages = _build(mini_cards, tmp_path / "o")["files"][0]["pages"]
    assert [p["side"] for p in pages] == ["front", "back"]
    w = pages[0]["size_pt"][0]
    for f, b in zip(pages[0]["items"], pages[1]["items"], strict=True):
        assert f["id"] == b["id"]
        assert b["trim_pt"][0] == pytest.approx(w - f["trim_pt"][2], abs=0.011)


def test_back_offset_moves_only_backs(mini_cards: Path, tmp_path: Path) -> None:
    plain = _build(mini_cards, tmp_path / "a")["files"][0]["pages"]
    shifted = _build(mini_cards, tmp_path / "b", back_offset=(1.0, -2.0))["files"][0]["pages"]
    assert shifted[0] == plain[0]
    dx = shifted[1]["items"][0]["trim_pt"][0] - plain[1]["items"][0]["trim_pt"][0]
    dy = shifted[1]["items"][0]["trim_pt"][1] - plain[1]["items"][0]["trim_pt"][1]
    assert (dx, dy) == (pytest.approx(1.0 * PT, abs=0.02), pytest.approx(-2.0 * PT, abs=0.02))


def test_no_duplex_puts_backs_after_all_fronts(mini_cards: Path, tmp_path: Path) -> None:
    card = mini_cards / "mini" / "cards.yaml"
    card.write_text(card.read_text().replace("qty: 3", "qty: 9"))
    pages = _build(mini_cards, tmp_path / "o", duplex=False)["files"][0]["pages"]
    assert [p["side"] for p in pages] == ["front", "front", "back", "back"]


def test_rebuild_is_byte_identical(mini_cards: Path, tmp_path: Path) -> None:
    _build(mini_cards, tmp_path / "a")
    _build(mini_cards, tmp_path / "b")
    for f in (tmp_path / "a").iterdir():
        assert f.read_bytes() == (tmp_path / "b" / f.name).read_bytes(), f.name


def test_every_font_is_embedded(mini_cards: Path, tmp_path: Path) -> None:
    _build(mini_cards, tmp_path / "o")
    reader = pypdf.PdfReader(tmp_path / "o" / "mini-cards.pdf")
    seen = set()
    for obj_id in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(obj_id)
        if isinstance(obj, dict) and obj.get("/Type") == "/FontDescriptor":
            seen.add(obj["/FontName"])
            assert "/FontFile2" in obj, obj["/FontName"]
    assert any("Lato-Black" in n for n in seen) and any("Lato-Regular" in n for n in seen)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_qpdf_check_passes(mini_cards: Path, tmp_path: Path) -> None:
    _build(mini_cards, tmp_path / "o")
    for pdf in (tmp_path / "o").glob("*.pdf"):
        subprocess.run(["qpdf", "--check", str(pdf)], check=True, capture_output=True)


def test_nothing_but_crop_marks_prints_in_the_margin(mini_cards: Path, tmp_path: Path) -> None:
    _build(mini_cards, tmp_path / "o")
    page = pdfium.PdfDocument(tmp_path / "o" / "mini-cards.pdf")[0]
    img = page.render(scale=100 / 72).to_pil().convert("RGB")  # 100 dpi
    margin = int(5 / 25.4 * 100) - 1
    w, h = img.size
    px = img.load()
    for x in range(w):
        for y in list(range(margin)) + list(range(h - margin, h)):
            r, g, b = px[x, y]
            assert max(r, g, b) - min(r, g, b) < 30, (x, y, px[x, y])  # white or grey marks only


def test_failure_while_writing_keeps_the_previous_build(
    mini_cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "o"
    _build(mini_cards, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def broken(*args: object) -> None:
        raise LayoutError("disk on fire")

    monkeypatch.setattr("pnp.render.writers.write_pages", broken)
    with pytest.raises(LayoutError, match="disk on fire"):
        _build(mini_cards, out)  # fails while drawing, after layout succeeded
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_aid_that_overflows_is_found_before_writing(mini_cards: Path, tmp_path: Path) -> None:
    game_yaml = mini_cards / "mini" / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text()
        + "components:\n  - {kind: aid, id: aid, title: Aid, template: aid.md, size: mini}\n"
    )
    (mini_cards / "mini" / "templates").mkdir()
    (mini_cards / "mini" / "templates" / "aid.md").write_text("Far too long. " * 400)
    with pytest.raises(LayoutError, match="does not fit the 44×64 mm aid panel"):
        _build(mini_cards, tmp_path / "o")
    assert not (tmp_path / "o").exists() or not list((tmp_path / "o").iterdir())


def test_back_pages_carry_no_crop_marks(mini_cards: Path) -> None:
    pages = impose_cards(load_game("mini", mini_cards), BuildOptions())
    assert [bool(p.marks) for p in pages] == [True, False]


def test_a_game_with_no_cards_builds_no_card_sheets(mini_cards: Path, tmp_path: Path) -> None:
    (mini_cards / "mini" / "cards.yaml").write_text("deck: main\ncards: []\n")
    manifest = _build(mini_cards, tmp_path / "o")
    assert manifest["files"] == []
