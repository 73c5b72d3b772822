"""Print-shop image exports: The Game Crafter card PNGs and Tabletop Simulator sheets.

Written into ``<out>/images/`` as a whole: a new folder is filled beside the old one
and swapped in only when every image is written, with ``images/index.json`` listing
each file, its cards and its pixel size.  The folder gets the permissions of any folder
the user makes (their umask).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from pathlib import Path
from typing import Any

from PIL import Image

from pnp._progress import Advance, progress_bar
from pnp.layout.cards import back_key, lay_out_faces
from pnp.layout.images import TGC_BLEED_MM, Sheet, tgc_size, tts_sheets
from pnp.layout.ops import Face
from pnp.render.files import IMAGE_TARGETS
from pnp.render.raster import rasterise, save_png
from pnp.spec.load import Game

IMAGE_KINDS = IMAGE_TARGETS


def image_count(game: Game, kinds: frozenset[str], sheets: list[Sheet]) -> int:
    """How many PNG files ``export_images`` writes (for its progress bar)."""
    n = 0
    if "tgc" in kinds:
        n += sum(len(game.deck_cards(d.id)) + 1 for d in game.spec.decks)
    if "tts" in kinds:
        n += len(sheets) + len({s.deck for s in sheets})
    return n


def export_images(game: Game, kinds: frozenset[str], out: Path) -> Path:
    """Write the requested image kinds for ``game``; returns the images folder."""
    faces = lay_out_faces(game)
    font_dir = game.root / "fonts"
    sheets = tts_sheets(game) if "tts" in kinds else []
    out.mkdir(parents=True, exist_ok=True)
    stage = out / f".images.{secrets.token_hex(6)}"
    stage.mkdir()  # not tempfile.mkdtemp: its folders are 0700 whatever the umask
    index: dict[str, Any] = {"game": game.spec.id, "dpi": 300}
    label = f"{game.spec.name} images"
    try:
        with progress_bar(image_count(game, kinds, sheets), label) as advance:
            if "tgc" in kinds:
                index["tgc"] = _tgc(game, faces, stage, font_dir, advance)
            if "tts" in kinds:
                index["tts"] = _tts(game, faces, stage, font_dir, sheets, advance)
        (stage / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
        final = out / "images"
        old = out / ".images.old"
        shutil.rmtree(old, ignore_errors=True)
        if final.exists():
            os.replace(final, old)
        os.replace(stage, final)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return final


def _tgc(
    game: Game, faces: dict[str, Face], stage: Path, font_dir: Path, advance: Advance
) -> list[dict[str, Any]]:
    """One PNG per card design and per back, 300 DPI with 1/8 in bleed."""
    entries = []
    for deck in game.spec.decks:
        cards = game.deck_cards(deck.id)
        keys = [c.id for c in cards] + [back_key(deck)]
        size = tgc_size(deck.size_mm)
        folder = stage / "tgc" / deck.id
        folder.mkdir(parents=True)
        qty = {c.id: c.qty for c in cards}
        chosen = {k: faces[k] for k in keys}
        for key, image in rasterise(chosen, TGC_BLEED_MM, dict.fromkeys(keys, size), font_dir):
            name = "back.png" if key == back_key(deck) else f"{key}.png"
            save_png(image, folder / name)
            advance(1)
            entries.append(
                {
                    "deck": deck.id,
                    "id": key,
                    "qty": qty.get(key, 0),
                    "path": f"tgc/{deck.id}/{name}",
                    "size_px": list(size),
                }
            )
    return entries


def _tts(
    game: Game,
    faces: dict[str, Face],
    stage: Path,
    font_dir: Path,
    sheets: list[Sheet],
    advance: Advance,
) -> list[dict[str, Any]]:
    """Deck sheets (at most 10×7, 4096 px a side) and one back image per deck."""
    folder = stage / "tts"
    folder.mkdir(parents=True)
    entries = []
    decks = {d.id: d for d in game.spec.decks}
    for sheet in sheets:
        unique = {k: faces[k] for k in dict.fromkeys(sheet.faces)}
        cells = dict(rasterise(unique, 0.0, dict.fromkeys(unique, sheet.cell), font_dir))
        image = Image.new("RGB", sheet.size, "white")
        for i, key in enumerate(sheet.faces):
            row, col = divmod(i, sheet.cols)
            image.paste(cells[key], (col * sheet.cell[0], row * sheet.cell[1]))
        name = f"{sheet.deck}-{sheet.number}.png"
        save_png(image, folder / name)
        advance(1)
        entries.append(
            {
                "deck": sheet.deck,
                "path": f"tts/{name}",
                "cols": sheet.cols,
                "rows": sheet.rows,
                "cards": list(sheet.faces),
                "size_px": list(sheet.size),
            }
        )
        if sheet.number == 1:
            deck = decks[sheet.deck]
            key = back_key(deck)
            back = dict(rasterise({key: faces[key]}, 0.0, {key: sheet.cell}, font_dir))[key]
            save_png(back, folder / f"{deck.id}-back.png")
            advance(1)
            entries.append(
                {
                    "deck": deck.id,
                    "path": f"tts/{deck.id}-back.png",
                    "back": True,
                    "size_px": list(sheet.cell),
                }
            )
    return entries


__all__ = ["IMAGE_KINDS", "export_images", "image_count"]
