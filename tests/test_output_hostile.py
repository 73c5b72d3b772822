"""The output folder is pnp's own and nothing else's: whatever a manifest, a lock file or a
link in it says, a build touches no file outside it, and what it reads back from the
folder it reads only as plain files, bounded."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp._errors import PnpError
from pnp.build import folder, output
from pnp.build.folder import read_json
from pnp.build.output import write_all
from tests.output_helpers import pdf, previous_build, rebuild, snapshot


@pytest.fixture
def built(tmp_path: Path) -> Path:
    return previous_build(tmp_path)


def _add_entries(out: Path, *entries: object) -> None:
    body = json.loads((out / "manifest.json").read_text())
    body["files"].extend(entries)
    (out / "manifest.json").write_text(json.dumps(body))


# --- a manifest cannot make a build touch anything outside the folder ---------------------


@pytest.mark.parametrize(
    "path",
    ["../victim.txt", "ABSOLUTE", "..\\victim.txt", "C:\\victim.txt", "sub/../../victim.txt"],
)
def test_a_manifest_entry_outside_the_folder_deletes_nothing(built: Path, path: str) -> None:
    victim = built.parent / "victim.txt"
    victim.write_bytes(b"not pnp's")
    path = str(victim) if path == "ABSOLUTE" else path
    _add_entries(built, {"path": path, "kind": "cut", "source": "g-cards.pdf"})
    rebuild(built)
    assert victim.read_bytes() == b"not pnp's"
    listed = [e["path"] for e in json.loads((built / "manifest.json").read_text())["files"]]
    assert sorted(listed) == ["g-aid.pdf", "g-cards.pdf"]  # the cut file went with its PDF


def test_entries_of_the_wrong_type_are_passed_over(built: Path) -> None:
    (built / "x.svg").write_bytes(b"kept")
    _add_entries(
        built,
        {"path": 7, "source": "g-cards.pdf"},
        {"path": ["g-aid.pdf"], "source": "g-cards.pdf"},
        {"path": "x.svg", "source": ["g-cards.pdf"]},  # unhashable: was a TypeError
        {"path": "x.svg", "source": {"a": 1}},
        "g-aid.pdf",
        None,
    )
    rebuild(built)
    assert (built / "x.svg").read_bytes() == b"kept"
    body = json.loads((built / "manifest.json").read_text())
    assert sorted(e["path"] for e in body["files"]) == ["g-aid.pdf", "g-cards.pdf"]


def test_links_in_the_folder_are_replaced_or_removed_never_followed(
    built: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.pdf"
    victim.write_bytes(b"not pnp's")
    (built / "g-cards-1.svg").unlink()
    (built / "g-cards-1.svg").symlink_to(victim)  # a stale cut file that is a link
    (built / "g-aid.pdf").unlink()
    (built / "g-aid.pdf").symlink_to(victim)  # a file pnp writes that is a link
    rebuild(built)
    assert victim.read_bytes() == b"not pnp's"
    assert not os.path.lexists(built / "g-cards-1.svg")
    assert not (built / "g-aid.pdf").is_symlink()
    assert (built / "g-aid.pdf").read_bytes() == b"%PDF-1.4 new\n"


def test_an_entry_whose_file_is_now_a_link_is_not_kept(built: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.pdf"
    outside.write_bytes(b"x")
    (built / "g-aid.pdf").unlink()
    (built / "g-aid.pdf").symlink_to(outside)
    write_all(built, [pdf("g-cards.pdf")], {"game": "g"})
    body = json.loads((built / "manifest.json").read_text())
    assert [e["path"] for e in body["files"]] == ["g-cards.pdf"]
    assert outside.read_bytes() == b"x"


def test_a_file_name_that_leaves_the_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match="is not a file name in the output folder"):
        write_all(tmp_path / "out", [pdf("../x.pdf")], {"game": "g"})
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "out").exists()


def test_manifest_paths_are_plain_names(built: Path) -> None:
    for entry in json.loads((built / "manifest.json").read_text())["files"]:
        for key in ("path", "source"):
            assert "/" not in entry.get(key, "") and "\\" not in entry.get(key, "")


# --- the lock is never followed through a link --------------------------------------------


@pytest.mark.parametrize("kind", ["link", "dangling link", "folder", "fifo"])
def test_a_lock_file_that_is_not_a_file_is_refused(built: Path, tmp_path: Path, kind: str) -> None:
    target = tmp_path / "elsewhere"
    lock = built / ".pnp-lock"
    if kind == "link":
        target.write_bytes(b"someone's")
        lock.symlink_to(target)
    elif kind == "dangling link":
        lock.symlink_to(target)
    elif kind == "folder":
        lock.mkdir()
    else:
        os.mkfifo(lock)
    before = snapshot(built)
    with pytest.raises(PnpError, match=r"\.pnp-lock: .*; pnp locks the output folder with"):
        rebuild(built)
    assert snapshot(built) == before
    if kind == "link":
        assert target.read_bytes() == b"someone's"
    elif kind == "dangling link":
        assert not os.path.lexists(target)  # was created through the link


# --- files read back from the folder: plain files, capped, else as if there were none ------


def _manifest_link(out: Path) -> None:
    (out / "manifest.json").unlink()
    (out / "manifest.json").symlink_to("/dev/zero")  # was read whole: MemoryError


def _manifest_fifo(out: Path) -> None:
    (out / "manifest.json").unlink()
    os.mkfifo(out / "manifest.json")  # was waited on for ever


def _not_text(out: Path) -> None:
    (out / "manifest.json").write_bytes(b"\xff\xfe\x00")


def _text(body: str) -> Callable[[Path], None]:
    def spoil(out: Path) -> None:
        (out / "manifest.json").write_text(body)

    return spoil


@pytest.mark.parametrize(
    "spoil",
    [
        _manifest_link,
        _manifest_fifo,
        _text("[" * 200_000 + "]" * 200_000),  # was a RecursionError
        _text('{"files": [{"path": "g-aid.pdf", "x": ' + "[" * 40 + "]" * 40 + "}]}"),
        _text('{"files": [{"path": "g-aid.pdf", "n": ' + "9" * 5000 + "}]}"),  # ValueError
        _text('{"files": [{"path": "g-aid.pdf", "n": ' + "9" * 30 + "}]}"),
        _text("[1, 2]"),
        _text('{"files": {"path": "g-aid.pdf"}}'),
        _text('{"name": "My web app", "icons": []}'),
        _text('{"files": ['),
        _not_text,
    ],
)
def test_a_manifest_pnp_could_not_have_written_is_as_none(
    built: Path, spoil: Callable[[Path], None]
) -> None:
    spoil(built)
    assert output.read_manifest(built) is None
    write_all(built, [pdf("g-cards.pdf")], {"game": "g"})
    assert stat.S_ISREG(os.lstat(built / "manifest.json").st_mode)  # the link, not /dev/zero
    body = json.loads((built / "manifest.json").read_text())
    assert [e["path"] for e in body["files"]] == ["g-cards.pdf"]


def test_a_manifest_that_is_a_link_is_not_read_through(built: Path, tmp_path: Path) -> None:
    """A link to another folder's manifest (listing that folder's files) lists nothing here
    and is replaced, not written through."""
    other = tmp_path / "other.json"
    body = (built / "manifest.json").read_bytes()
    other.write_bytes(body)
    (built / "manifest.json").unlink()
    (built / "manifest.json").symlink_to(other)
    write_all(built, [pdf("g-cards.pdf")], {"game": "g"})
    assert other.read_bytes() == body
    assert not (built / "manifest.json").is_symlink()


def test_a_manifest_over_the_size_cap_is_read_no_further(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 2 GB manifest was read whole (MemoryError); here the cap is 1 MB, the file 3 GB."""
    monkeypatch.setattr(folder, "READ_CAP", 2**20)
    read: list[int] = []
    real = os.fdopen

    def fdopen(fd: int, mode: str) -> object:
        handle = real(fd, mode)
        reader = handle.read

        def counted(n: int = -1) -> bytes:
            read.append(n)
            return reader(n)

        handle.read = counted  # type: ignore[method-assign]
        return handle

    monkeypatch.setattr(folder.os, "fdopen", fdopen)
    with (built / "manifest.json").open("r+b") as f:
        f.truncate(3 * 2**30)  # sparse: no disk used
    assert output.read_manifest(built) is None
    assert read == [2**20 + 1]


def test_no_manifest_is_no_previous_build(tmp_path: Path) -> None:
    assert read_json(tmp_path / "manifest.json") is None
    assert output.read_manifest(tmp_path) is None


# --- the folder itself ---------------------------------------------------------------------


def test_an_output_folder_that_is_a_file_or_a_dangling_link(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"mine")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    for name in ("file", "dangling"):
        with pytest.raises(PnpError, match=f"{name}: is not a folder"):
            write_all(tmp_path / name, [pdf("a.pdf")], {"game": "g"})
    assert (tmp_path / "file").read_bytes() == b"mine" and not (tmp_path / "nowhere").exists()


def test_an_output_folder_that_is_a_link_to_a_folder_is_the_users_choice(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "out").symlink_to(tmp_path / "real")
    write_all(tmp_path / "out", [pdf("a.pdf")], {"game": "g"})
    assert sorted(os.listdir(tmp_path / "real")) == ["a.pdf", "manifest.json"]
