"""Print-shop images (DESIGN.md §4): The Game Crafter PNGs and Tabletop Simulator sheets."""

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
    # DESIGN.md §4: The Game Crafter poker cards are 825×1125 px
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
