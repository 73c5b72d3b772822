"""Print-shop image exports: The Game Crafter card PNGs and Tabletop Simulator sheets.

Written into ``<out>/images/`` as a whole: a new folder is filled beside the old one
and swapped in only when every image is written, with ``images/index.json`` listing
each file, its cards and its pixel size.  The folder gets the permissions of any folder
the user makes (their umask).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
from pathlib import Path
from typing import Any

from PIL import Image

from pnp._progress import Advance, progress_bar
from pnp.build.folder import disk_error, make_folder
from pnp.build.output import locked
from pnp.layout.cards import back_key, lay_out_faces
from pnp.layout.images import TGC_BLEED_MM, Sheet, tgc_size, tts_sheets
from pnp.layout.ops import Face
from pnp.plan.file_kinds import IMAGE_TARGETS
from pnp.render.raster import rasterise, save_png
from pnp.spec.game import Game

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
    created = make_folder(out)
    final = out / "images"
    index: dict[str, Any] = {"game": game.spec.id, "dpi": 300}
    label = f"{game.spec.name} images"
    try:
        with locked(out):
            _clean_up(out)
            stage = out / f".images.{secrets.token_hex(6)}"
            try:
                stage.mkdir()  # not tempfile.mkdtemp: its folders are 0700 whatever the umask
                with progress_bar(image_count(game, kinds, sheets), label) as advance:
                    if "tgc" in kinds:
                        index["tgc"] = _tgc(game, faces, stage, font_dir, advance)
                    if "tts" in kinds:
                        index["tts"] = _tts(game, faces, stage, font_dir, sheets, advance)
                (stage / "index.json").write_text(
                    json.dumps(index, indent=1) + "\n", encoding="utf-8"
                )
                _swap(stage, final, out / _OLD)
            except BaseException as exc:
                _remove(stage)
                if isinstance(exc, OSError) and exc.errno is not None:
                    where = _in_stage(exc.filename, stage)
                    if where is not None:
                        raise disk_error(exc, final / where) from None
                raise
    except BaseException:
        with contextlib.suppress(OSError):  # a first build that failed leaves no folder
            for folder in created:
                folder.rmdir()
        raise
    return final


def _in_stage(filename: object, stage: Path) -> Path | None:
    """Where in the images folder a failed write was (None: not a write of its own)."""
    if filename is None:
        return Path()
    try:
        return Path(str(filename)).relative_to(stage)
    except ValueError:
        return None


_OLD = ".images.old"
_STAGE = re.compile(r"^\.images\.[0-9a-f]{12}$")


def _swap(stage: Path, final: Path, old: Path) -> None:
    """Put the new images folder in the place of the old, which is deleted after."""
    _remove(old)
    had = os.path.lexists(final)
    if had:
        os.replace(final, old)
    try:
        os.replace(stage, final)
    except BaseException:
        if had:
            os.replace(old, final)
        raise
    _remove(old)


def _clean_up(out: Path) -> None:
    """What an interrupted export left: its half-filled folders; the old images folder
    is put back if it was killed between the two renames."""
    old = out / _OLD
    if not os.path.lexists(out / "images") and old.is_dir() and not old.is_symlink():
        os.replace(old, out / "images")
    _remove(old)
    for entry in os.scandir(out):
        if _STAGE.match(entry.name):
            _remove(Path(entry.path))


def _remove(path: Path) -> None:
    """Delete a folder of pnp's in the output folder (a link there: only the link)."""
    with contextlib.suppress(OSError):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif os.path.lexists(path):
            path.unlink()


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
