"""The images/ folder of an output folder is pnp's own too: links there are never
followed, what a killed export left is cleaned up, and a failed export leaves the old
images as they were."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from pnp._errors import PnpError
from pnp.build import export
from pnp.build.export import export_images
from pnp.spec.game import Game
from pnp.spec.load import load_game

TGC = frozenset({"tgc"})


@pytest.fixture
def mini(mini_cards: Path) -> Game:
    return load_game("mini", mini_cards)


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _outside(tmp_path: Path) -> Path:
    other = tmp_path / "someone-elses"
    other.mkdir()
    (other / "photo.png").write_bytes(b"not pnp's")
    return other


@pytest.mark.parametrize("name", ["images", ".images.old"])
def test_a_link_in_the_way_is_replaced_or_removed_not_followed(
    mini: Game, tmp_path: Path, name: str
) -> None:
    """images/ (or the name the old one is moved to) as a link to someone else's folder:
    the link goes, the folder stays as it was."""
    out, other = tmp_path / "o", _outside(tmp_path)
    out.mkdir()
    (out / name).symlink_to(other, target_is_directory=True)
    export_images(mini, TGC, out)
    assert _tree(other) == {"photo.png": b"not pnp's"}
    assert not (out / "images").is_symlink() and (out / "images" / "index.json").is_file()
    assert sorted(os.listdir(out)) == ["images"]


def test_what_a_killed_export_left_is_removed(mini: Game, tmp_path: Path) -> None:
    out = tmp_path / "o"
    (out / ".images.0123456789ab" / "tgc").mkdir(parents=True)  # half-filled
    (out / ".images.0123456789ab" / "tgc" / "a.png").write_bytes(b"half")
    (out / ".images.notours").mkdir()  # not a name pnp makes: the user's
    export_images(mini, TGC, out)
    assert sorted(os.listdir(out)) == [".images.notours", "images"]


def test_a_full_disk_leaves_the_old_images_and_names_the_folder(
    mini: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "o"
    export_images(mini, TGC, out)
    before = _tree(out)

    def full(image: object, path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(export, "save_png", full)
    with pytest.raises(PnpError) as caught:
        export_images(mini, frozenset({"tgc", "tts"}), out)
    assert str(caught.value) == (
        f"{out / 'images'}: cannot write (the disk is full): free some space, or build "
        "elsewhere with --out DIR"
    )
    assert _tree(out) == before and sorted(os.listdir(out)) == ["images"]


def test_an_export_killed_between_its_two_renames_gets_its_old_images_back(
    mini: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after moving images/ aside and before putting the new one in its place:
    the next export puts the old one back first, so when it fails too nothing is lost."""
    out = tmp_path / "o"
    export_images(mini, TGC, out)
    before = _tree(out)
    os.replace(out / "images", out / ".images.old")

    def denied(image: object, path: Path) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(export, "save_png", denied)
    with pytest.raises(PnpError, match=r"images/tgc/main/\w+\.png: cannot write \(permission"):
        export_images(mini, TGC, out)
    assert _tree(out) == before and sorted(os.listdir(out)) == ["images"]


def test_an_error_reading_the_game_is_not_called_a_write_error(
    mini: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    font = tmp_path / "cards" / "mini" / "fonts" / "x.ttf"

    def unreadable(image: object, path: Path) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(font))

    monkeypatch.setattr(export, "save_png", unreadable)
    with pytest.raises(PermissionError):
        export_images(mini, TGC, tmp_path / "o")
    assert not (tmp_path / "o").exists()  # a first export that failed leaves no folder
