"""`--shop-pdf`: each deck as a print shop takes it, one card a page at its trim plus 1/8 in
(3.175 mm) of bleed, BleedBox the page and TrimBox the card on every page, fonts embedded
with a subset tag of their own; boards and screens (one piece a page) get the boxes too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.build.game import build_game
from pnp.cli.app import app
from pnp.plan.settings import BuildOptions
from pnp.render.fonttags import subset_tag
from pnp.spec.load import load_game

PT = 72 / 25.4
BLEED_MM = 3.175


def _box_mm(box: Any) -> list[float]:
    return [float(v) / PT for v in (box.left, box.bottom, box.right, box.top)]


def _fonts(reader: PdfReader) -> dict[str, Any]:
    """Every font the file's pages and their forms use, by BaseFont."""
    found: dict[str, Any] = {}

    def walk(resources: Any) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            found[str(font["/BaseFont"])] = font
        for xobject in resources.get("/XObject", {}).values():
            walk(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def _check_fonts(reader: PdfReader) -> None:
    fonts = _fonts(reader)
    assert fonts
    tags = [name.lstrip("/").split("+")[0] for name in fonts]
    assert all(len(t) == 6 and t.isupper() for t in tags), tags
    assert len(set(tags)) == len(tags), f"subset tags repeat: {sorted(fonts)}"
    for font in fonts.values():
        assert "/FontFile2" in font["/FontDescriptor"].get_object()  # TrueType, embedded


@pytest.fixture(scope="module")
def boom_shop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("shop")
    options = BuildOptions(shop_pdf=True)
    build_game(load_game("boom"), options, out, frozenset({"cards"}), jobs=1)
    return out


def test_each_deck_is_one_card_a_page_with_trim_and_bleed_boxes(boom_shop: Path) -> None:
    game = load_game("boom")
    manifest = json.loads((boom_shop / "manifest.json").read_text())
    shop = {f["path"]: f for f in manifest["files"] if f["kind"] == "shop"}
    assert manifest["options"]["shop_pdf"] is True
    for deck in game.spec.decks:
        cards = sum(c.qty for c in game.deck_cards(deck.id))
        for name, pages in (
            (f"boom-shop-{deck.id}.pdf", cards),
            (f"boom-shop-{deck.id}-back.pdf", 1),
        ):
            reader = PdfReader(boom_shop / name)
            assert len(reader.pages) == pages == len(shop[name]["pages"])
            for page in reader.pages:
                media, bleed, trim = (
                    _box_mm(b) for b in (page.mediabox, page.bleedbox, page.trimbox)
                )
                assert "/TrimBox" in page and "/BleedBox" in page
                assert bleed == pytest.approx(media, abs=0.01)
                inset = [
                    trim[0] - bleed[0],
                    trim[1] - bleed[1],
                    bleed[2] - trim[2],
                    bleed[3] - trim[3],
                ]
                assert inset == pytest.approx([BLEED_MM] * 4, abs=0.01)
                assert [trim[2] - trim[0], trim[3] - trim[1]] == pytest.approx(
                    deck.size_mm, abs=0.01
                )
            _check_fonts(reader)


def test_the_bleed_art_reaches_the_page_edge(boom_shop: Path) -> None:
    """The card's background runs the whole 1/8 in: no white at the page's corners."""
    for name in ("boom-shop-play.pdf", "boom-shop-event-back.pdf"):
        pdf = pdfium.PdfDocument(boom_shop / name)
        image = pdf[0].render(scale=2).to_pil().convert("RGB")
        w, h = image.size
        for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)):
            assert min(image.getpixel((x, y))) < 200, (name, x, y, image.getpixel((x, y)))


def test_boards_and_screens_get_boxes_and_sheets_of_many_pieces_none(tmp_path: Path) -> None:
    game = load_game("oldbiddy")
    build_game(game, BuildOptions(), tmp_path, frozenset({"board", "screen", "cards"}), jobs=1)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    for f in manifest["files"]:
        reader = PdfReader(tmp_path / f["path"])
        for page, entry in zip(reader.pages, f["pages"], strict=True):
            if f["kind"] in ("board", "screen"):
                (item,) = entry["items"]
                assert [float(v) for v in page.trimbox] == pytest.approx(item["trim_pt"], abs=0.01)
                bleed, trim = _box_mm(page.bleedbox), _box_mm(page.trimbox)
                assert all(b < t for b, t in zip(bleed[:2], trim[:2], strict=True))
            else:
                assert "/TrimBox" not in page and "/BleedBox" not in page


def test_every_pdf_of_a_build_tags_its_font_subsets_apart(tmp_path: Path) -> None:
    build_game(load_game("boom"), BuildOptions(), tmp_path, jobs=1)
    for path in sorted(tmp_path.glob("*.pdf")):
        _check_fonts(PdfReader(path))


def test_a_subset_tag_comes_from_its_contents() -> None:
    tag = subset_tag(b"Lato-Regular", [0, 32, 65])
    assert tag == subset_tag(b"Lato-Regular", [0, 32, 65])  # the same bytes every build
    assert tag != subset_tag(b"Lato-Bold", [0, 32, 65])
    assert subset_tag(b"Lato-Regular", [0, 32, 65], {tag}) != tag  # never one already given


def test_shop_files_need_the_cards(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["build", "boom", "--shop-pdf", "--only", "tokens", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2 and "--shop-pdf" in result.output
    assert not (tmp_path / "boom-shop-play.pdf").exists()
