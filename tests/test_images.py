"""Print-shop images: The Game Crafter PNGs and Tabletop Simulator sheets
(docs/architecture.md §5)."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from pnp.build.export import export_images
from pnp.cli.app import app
from pnp.layout.images import TTS_MAX_PX, tgc_size, tts_sheets
from pnp.spec.fields import NAMED_SIZES_MM
from pnp.spec.load import load_game

runner = CliRunner()


def test_tgc_sizes_are_300_dpi_with_an_eighth_inch_bleed() -> None:
    # The Game Crafter poker cards are 825×1125 px
    assert tgc_size(NAMED_SIZES_MM["poker"]) == (825, 1125)
    assert tgc_size(NAMED_SIZES_MM["bridge"]) == (750, 1125)
    assert tgc_size(NAMED_SIZES_MM["mini"]) == (600, 825)


def test_tts_sheets_hold_every_copy_within_10_by_7_and_4096_px() -> None:
    game = load_game("boom")
    sheets = tts_sheets(game)
    for sheet in sheets:
        assert sheet.cols <= 10 and sheet.rows <= 7
        assert max(sheet.size) <= TTS_MAX_PX
        assert len(sheet.faces) < sheet.cols * sheet.rows  # a free cell for the hidden card
    play = [f for s in sheets if s.deck == "play" for f in s.faces]
    assert len(play) == sum(c.qty for c in game.deck_cards("play"))  # 66, copies included


def test_images_are_written_with_an_index_and_replace_the_old_ones(
    mini_cards: Path, tmp_path: Path
) -> None:
    out = tmp_path / "o"
    result = runner.invoke(
        app,
        [
            "build",
            "mini",
            "--cards",
            str(mini_cards),
            "--out",
            str(out),
            "--images",
            "tgc",
            "--images",
            "tts",
        ],
    )
    assert result.exit_code == 0, result.output
    index = json.loads((out / "images" / "index.json").read_text())
    tgc = {e["id"]: e for e in index["tgc"]}
    assert set(tgc) == {"alpha", "beta", "gamma", "back:main"} and tgc["beta"]["qty"] == 3
    for entry in index["tgc"]:
        with Image.open(out / "images" / entry["path"]) as im:
            assert im.size == (825, 1125) == tuple(entry["size_px"])
    sheet = next(e for e in index["tts"] if not e.get("back"))
    assert sheet["cards"] == ["alpha", "beta", "beta", "beta", "gamma"]
    with Image.open(out / "images" / sheet["path"]) as im:
        assert im.size == tuple(sheet["size_px"])
    first = (out / "images" / "tgc" / "main" / "alpha.png").read_bytes()

    (out / "images" / "stale.png").write_bytes(b"old")
    export_images(load_game("mini", mini_cards), frozenset({"tgc"}), out)
    assert not (out / "images" / "stale.png").exists()  # the folder is replaced as a whole
    assert not (out / "images" / "tts").exists()
    assert (out / "images" / "tgc" / "main" / "alpha.png").read_bytes() == first  # same bytes


def test_unknown_image_kind_is_a_usage_error(mini_cards: Path) -> None:
    result = runner.invoke(app, ["build", "mini", "--cards", str(mini_cards), "--images", "jpg"])
    assert result.exit_code == 2
    assert "no image target 'jpg' (image targets: tgc, tts)" in result.output


def test_every_card_size_has_one_tts_cell_size_whatever_its_deck() -> None:
    """•Boom's Event deck (a small one) once came out at 585×819 px a card and its
    Play deck at 409×573: cards of one size now share one cell, the largest that the
    fullest sheet (10 columns × 7 rows, 4096 px) holds: 4096 // 10 = 409 px wide, and
    409 × 88.9 / 63.5 = 572.6, rounded down (7 rows × 572 ≤ 4096) to 572 px tall."""
    for game_id in ("boom", "bigidea", "bidness", "oldbiddy", "smallprint"):
        game = load_game(game_id)
        sizes = {d.id: d.size_mm for d in game.spec.decks}
        cells: dict[tuple[float, float], set[tuple[int, int]]] = {}
        for sheet in tts_sheets(game):
            cells.setdefault(sizes[sheet.deck], set()).add(sheet.cell)
            assert max(sheet.size) <= TTS_MAX_PX
        assert all(len(c) == 1 for c in cells.values()), (game_id, cells)
    boom = tts_sheets(load_game("boom"))
    assert {s.deck for s in boom} == {"event", "play"}
    assert {s.cell for s in boom} == {(409, 572)}


def test_pngs_record_300_dpi(tmp_path: Path) -> None:
    """PNG's pHYs chunk holds whole pixels per metre: 300 dpi is 11811 px/m (300 / 0.0254 =
    11811.02), which Pillow reads back as 299.9994; the EXIF resolution says 300/1 exactly."""
    import struct

    from pnp.render.raster import save_png

    path = tmp_path / "card.png"
    save_png(Image.new("RGB", (30, 40), "white"), path)
    data = path.read_bytes()
    at = data.index(b"pHYs")
    assert struct.unpack(">IIB", data[at + 4 : at + 13]) == (11811, 11811, 1)  # unit: metre
    with Image.open(path) as im:
        assert [round(v, 2) for v in im.info["dpi"]] == [300.0, 300.0]
        exif = im.getexif()
        assert exif[0x011A] == exif[0x011B] == 300 and exif[0x0128] == 2  # per inch
        assert exif[0x011A].numerator == 300 and exif[0x011A].denominator == 1
