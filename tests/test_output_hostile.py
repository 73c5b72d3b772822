"""The output folder is pnp's own and nothing else's: whatever a manifest, a lock file or a
link in it says, a build touches no file outside it; a build that fails for any reason
leaves the previous output byte for byte as it was, with no temporaries."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import PnpError
from pnp.build import folder, output
from pnp.build.folder import clean_up, read_json
from pnp.build.output import locked, write_all
from pnp.cli.app import app
from pnp.layout.pages import Page
from pnp.render.files import OutputFile

ONE_LINE_TO_DO = "build elsewhere with --out DIR"


def _file(name: str, body: bytes = b"%PDF-1.4 new\n", source: str | None = None) -> OutputFile:
    def draw(path: Path) -> None:
        path.write_bytes(body)

    kind = "cut" if source else "cards"
    return OutputFile(name, kind, [Page((210.0, 297.0))], draw, source=source)


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every name in ``folder`` with its bytes (a folder or link: a marker)."""
    seen = {}
    for entry in os.scandir(folder):
        if entry.is_symlink():
            seen[entry.name] = b"-> " + os.readlink(entry.path).encode()
        elif entry.is_dir():
            seen[entry.name] = b"<dir>"
        elif not entry.is_file():
            seen[entry.name] = b"<fifo>"
        else:
            seen[entry.name] = Path(entry.path).read_bytes()
    return seen


@pytest.fixture
def built(tmp_path: Path) -> Path:
    """An output folder with a previous build: two PDFs, a cut file and its manifest."""
    out = tmp_path / "out"
    write_all(
        out,
        [_file("g-cards.pdf", b"%PDF old cards"), _file("g-aid.pdf", b"%PDF old aid"),
         _file("g-cards-1.svg", b"<svg old/>", source="g-cards.pdf")],
        {"game": "g", "options": {}},
    )  # fmt: skip
    return out


def _add_entries(out: Path, *entries: object) -> None:
    body = json.loads((out / "manifest.json").read_text())
    body["files"].extend(entries)
    (out / "manifest.json").write_text(json.dumps(body))


def _rebuild(out: Path) -> list[Path]:
    return write_all(out, [_file("g-cards.pdf"), _file("g-aid.pdf")], {"game": "g"})


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
    _rebuild(built)
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
    _rebuild(built)
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
    _rebuild(built)
    assert victim.read_bytes() == b"not pnp's"
    assert not os.path.lexists(built / "g-cards-1.svg")
    assert not (built / "g-aid.pdf").is_symlink()
    assert (built / "g-aid.pdf").read_bytes() == b"%PDF-1.4 new\n"


def test_an_entry_whose_file_is_now_a_link_is_not_kept(built: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.pdf"
    outside.write_bytes(b"x")
    (built / "g-aid.pdf").unlink()
    (built / "g-aid.pdf").symlink_to(outside)
    write_all(built, [_file("g-cards.pdf")], {"game": "g"})
    body = json.loads((built / "manifest.json").read_text())
    assert [e["path"] for e in body["files"]] == ["g-cards.pdf"]
    assert outside.read_bytes() == b"x"


def test_a_file_name_that_leaves_the_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match="is not a file name in the output folder"):
        write_all(tmp_path / "out", [_file("../x.pdf")], {"game": "g"})
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
    before = _snapshot(built)
    with pytest.raises(PnpError, match=r"\.pnp-lock: .*; pnp locks the output folder with"):
        _rebuild(built)
    assert _snapshot(built) == before
    if kind == "link":
        assert target.read_bytes() == b"someone's"
    elif kind == "dangling link":
        assert not os.path.lexists(target)  # was created through the link


# --- a failed build leaves the previous output as it was -----------------------------------


def test_a_folder_in_the_way_of_a_name_stops_the_build_before_anything_changes(
    built: Path,
) -> None:
    (built / "g-aid.pdf").unlink()
    (built / "g-aid.pdf").mkdir()
    before = _snapshot(built)
    drawn: list[Path] = []
    files = [
        OutputFile(n, "cards", [Page((1.0, 1.0))], drawn.append)
        for n in ("g-cards.pdf", "g-aid.pdf")
    ]
    with pytest.raises(PnpError) as caught:
        write_all(built, files, {"game": "g"})
    assert str(caught.value).endswith(
        "g-aid.pdf: is a folder, and pnp writes a file of that name: move it away, or "
        + ONE_LINE_TO_DO
    )
    assert drawn == []  # checked before drawing
    assert _snapshot(built) == before


def test_a_folder_named_manifest_json_is_in_the_way_too(built: Path) -> None:
    (built / "manifest.json").unlink()
    (built / "manifest.json").mkdir()
    before = _snapshot(built)
    with pytest.raises(PnpError, match="manifest.json: is a folder, and pnp writes a file"):
        _rebuild(built)
    assert _snapshot(built) == before


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_rename_that_fails_puts_every_old_file_back(
    built: Path, monkeypatch: pytest.MonkeyPatch, failing: int
) -> None:
    """A rename that fails half-way (a file made immutable, a disk gone read-only), even
    on the manifest, the last one; a new file that had no old one goes too."""
    before = _snapshot(built)
    real, calls = os.replace, [0]

    def replace(src: object, dst: object) -> None:
        calls[0] += 1
        if calls[0] == failing:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(dst))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(folder.os, "replace", replace)
    files = [_file("g-new.pdf"), _file("g-cards.pdf")]
    with pytest.raises(PnpError, match="cannot write \\(not permitted\\)"):
        write_all(built, files, {"game": "g"})
    monkeypatch.undo()
    assert _snapshot(built) == before


def test_on_a_disk_without_hard_links_the_old_files_are_copied_aside(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(built)
    real, calls = os.replace, [0]

    def no_link(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    def replace(src: object, dst: object) -> None:
        calls[0] += 1
        if calls[0] == 3:  # the manifest
            raise OSError(errno.EIO, "Input/output error", str(src))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(folder.os, "link", no_link)
    monkeypatch.setattr(folder.os, "replace", replace)
    with pytest.raises(PnpError, match=r"manifest.json: cannot write \(Input/output error\)"):
        _rebuild(built)
    monkeypatch.undo()
    assert _snapshot(built) == before


def test_ctrl_c_while_renaming_puts_every_old_file_back(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(built)
    real, calls = os.replace, [0]

    def replace(src: object, dst: object) -> None:
        calls[0] += 1
        if calls[0] == 2:
            raise KeyboardInterrupt
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(folder.os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):
        _rebuild(built)
    monkeypatch.undo()
    assert _snapshot(built) == before


def _full_disk(path: Path) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")  # as a write to an open file


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_full_disk_names_the_file_and_says_what_to_do(built: Path, jobs: int) -> None:
    before = _snapshot(built)
    files = [_file("g-cards.pdf"), OutputFile("g-aid.pdf", "aid", [Page((1.0, 1.0))], _full_disk)]
    with pytest.raises(PnpError) as caught:
        write_all(built, files, {"game": "g"}, jobs)
    assert str(caught.value) == (
        f"{built / 'g-aid.pdf'}: cannot write (the disk is full): free some space, or "
        + ONE_LINE_TO_DO
    )
    assert _snapshot(built) == before


def test_a_full_disk_while_writing_the_manifest(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _snapshot(built)
    real = Path.write_text

    def write_text(self: Path, *args: object, **kwargs: object) -> int:
        if self.name.startswith(".manifest.json."):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", write_text)
    with pytest.raises(PnpError, match=r"out/manifest.json: cannot write \(the disk is full\)"):
        _rebuild(built)
    monkeypatch.undo()
    assert _snapshot(built) == before


def test_a_read_only_disk_when_making_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def mkdir(self: Path, *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "mkdir", mkdir)
    with pytest.raises(PnpError) as caught:
        write_all(tmp_path / "out", [_file("a.pdf")], {"game": "g"})
    assert str(caught.value).endswith(
        "out: cannot write (the disk is read-only): build elsewhere with --out DIR"
    )


@pytest.mark.parametrize(
    ("read_only", "why"), [(True, "the disk is read-only"), (False, "permission denied")]
)
def test_a_folder_pnp_cannot_write_into_is_refused_before_the_lock(
    built: Path, monkeypatch: pytest.MonkeyPatch, read_only: bool, why: str
) -> None:
    before = _snapshot(built)

    class Vfs:
        f_flag = os.ST_RDONLY if read_only else 0

    monkeypatch.setattr(folder.os, "access", lambda path, mode: False)
    monkeypatch.setattr(folder.os, "statvfs", lambda path: Vfs())
    with pytest.raises(PnpError) as caught:
        _rebuild(built)
    assert str(caught.value).startswith(f"{built}: cannot write ({why}): ")
    monkeypatch.undo()
    assert _snapshot(built) == before


_KILLED_WHILE_RENAMING = """
import os, sys
from pathlib import Path
from pnp.build import folder
from pnp.build.output import locked, write_all
from pnp.layout.pages import Page
from pnp.render.files import OutputFile
real, calls = os.replace, [0]
def replace(src, dst):
    calls[0] += 1
    if calls[0] == 3:
        os._exit(9)  # as kill -9: no cleanup of any kind
    real(src, dst)
folder.os.replace = replace
new = lambda p: p.write_bytes(b"%PDF new")
names = ("g-cards.pdf", "g-aid.pdf", "g-x.pdf")
files = [OutputFile(n, "cards", [Page((1.0, 1.0))], new) for n in names]
write_all(Path(sys.argv[1]), files, {"game": "g"})
"""


def test_a_build_killed_while_renaming_is_undone_by_the_next(built: Path) -> None:
    before = _snapshot(built)
    run = subprocess.run([sys.executable, "-c", _KILLED_WHILE_RENAMING, str(built)], check=False)
    assert run.returncode == 9
    assert not (built / "manifest.json").exists()  # never a manifest beside other files
    assert (built / "g-aid.pdf").read_bytes() == b"%PDF new"  # two of three were renamed
    with locked(built):  # what the next build does first
        clean_up(built)
    assert _snapshot(built) == before


def test_temporaries_and_old_copies_left_beside_a_whole_build_are_removed(built: Path) -> None:
    before = _snapshot(built)
    (built / ".g-cards.pdf.abcd1234.pnp-old").write_bytes(b"older")
    (built / ".notes.20241231.old").write_bytes(b"the user's")  # not a name pnp makes
    (built / ".g-aid.pdf.abcd1234.tmp").write_bytes(b"half")
    clean_up(built)
    assert _snapshot(built) == {**before, ".notes.20241231.old": b"the user's"}


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
    write_all(built, [_file("g-cards.pdf")], {"game": "g"})
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
    write_all(built, [_file("g-cards.pdf")], {"game": "g"})
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
            write_all(tmp_path / name, [_file("a.pdf")], {"game": "g"})
    assert (tmp_path / "file").read_bytes() == b"mine" and not (tmp_path / "nowhere").exists()


def test_an_output_folder_that_is_a_link_to_a_folder_is_the_users_choice(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "out").symlink_to(tmp_path / "real")
    write_all(tmp_path / "out", [_file("a.pdf")], {"game": "g"})
    assert sorted(os.listdir(tmp_path / "real")) == ["a.pdf", "manifest.json"]


# --- the command line: one line, exit 1, no traceback --------------------------------------


def test_pnp_build_into_a_spoilt_folder_says_one_line(mini_cards: Path, tmp_path: Path) -> None:
    out = tmp_path / "o"
    out.mkdir()
    (out / "mini-cards.pdf").mkdir()
    args = ["build", "mini", "--cards", str(mini_cards), "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.splitlines() == [
        f"error: {out / 'mini-cards.pdf'}: is a folder, and pnp writes a file of that name: "
        f"move it away, or {ONE_LINE_TO_DO}"
    ]
    assert sorted(os.listdir(out)) == ["mini-cards.pdf"]
