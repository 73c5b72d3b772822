"""A build that fails for any reason (a folder in the way of a name, a full disk, a
read-only disk, Ctrl-C, kill -9) leaves the previous output byte for byte as it was,
with no temporaries, and says so in one line naming the file and what to do."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import PnpError
from pnp.build import folder
from pnp.build.folder import clean_up
from pnp.build.output import OutputFile, locked, write_all
from pnp.cli.app import app
from pnp.layout.pages import Page
from tests.output_helpers import ONE_LINE_TO_DO, pdf, previous_build, rebuild, snapshot


@pytest.fixture
def built(tmp_path: Path) -> Path:
    return previous_build(tmp_path)


# --- a failed build leaves the previous output as it was -----------------------------------


def test_a_folder_in_the_way_of_a_name_stops_the_build_before_anything_changes(
    built: Path,
) -> None:
    (built / "g-aid.pdf").unlink()
    (built / "g-aid.pdf").mkdir()
    before = snapshot(built)
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
    assert snapshot(built) == before


def test_a_folder_named_manifest_json_is_in_the_way_too(built: Path) -> None:
    (built / "manifest.json").unlink()
    (built / "manifest.json").mkdir()
    before = snapshot(built)
    with pytest.raises(PnpError, match="manifest.json: is a folder, and pnp writes a file"):
        rebuild(built)
    assert snapshot(built) == before


def _replace_failing(monkeypatch: pytest.MonkeyPatch, at: int, code: int | None) -> None:
    """The ``at``-th rename of the build fails with OSError ``code`` (None: Ctrl-C)."""
    real, calls = os.replace, [0]

    def replace(src: object, dst: object) -> None:
        calls[0] += 1
        if calls[0] == at:
            if code is None:
                raise KeyboardInterrupt
            raise OSError(code, os.strerror(code), str(dst))
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(folder.os, "replace", replace)


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_a_rename_that_fails_puts_every_old_file_back(
    built: Path, monkeypatch: pytest.MonkeyPatch, failing: int
) -> None:
    """A rename that fails half-way (a file made immutable, a disk gone read-only), even
    on the manifest, the last one; a new file that had no old one goes too."""
    before = snapshot(built)
    _replace_failing(monkeypatch, failing, errno.EPERM)
    with pytest.raises(PnpError, match="cannot write \\(not permitted\\)"):
        write_all(built, [pdf("g-new.pdf"), pdf("g-cards.pdf")], {"game": "g"})
    monkeypatch.undo()
    assert snapshot(built) == before


def test_on_a_disk_without_hard_links_the_old_files_are_copied_aside(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(built)

    def no_link(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(folder.os, "link", no_link)
    _replace_failing(monkeypatch, 3, errno.EIO)  # the manifest
    with pytest.raises(PnpError, match=r"out/manifest.json: cannot write \(Input/output error\)"):
        rebuild(built)
    monkeypatch.undo()
    assert snapshot(built) == before


def test_ctrl_c_while_renaming_puts_every_old_file_back(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(built)
    _replace_failing(monkeypatch, 2, None)
    with pytest.raises(KeyboardInterrupt):
        rebuild(built)
    monkeypatch.undo()
    assert snapshot(built) == before


def _full_disk(path: Path) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")  # as a write to an open file


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_full_disk_names_the_file_and_says_what_to_do(built: Path, jobs: int) -> None:
    before = snapshot(built)
    files = [pdf("g-cards.pdf"), OutputFile("g-aid.pdf", "aid", [Page((1.0, 1.0))], _full_disk)]
    with pytest.raises(PnpError) as caught:
        write_all(built, files, {"game": "g"}, jobs)
    assert str(caught.value) == (
        f"{built / 'g-aid.pdf'}: cannot write (the disk is full): free some space, or "
        + ONE_LINE_TO_DO
    )
    assert snapshot(built) == before


def test_a_full_disk_while_writing_the_manifest(
    built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(built)
    real = Path.write_text

    def write_text(self: Path, *args: object, **kwargs: object) -> int:
        if self.name.startswith(".manifest.json."):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", write_text)
    with pytest.raises(PnpError, match=r"out/manifest.json: cannot write \(the disk is full\)"):
        rebuild(built)
    monkeypatch.undo()
    assert snapshot(built) == before


def test_a_read_only_disk_when_making_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def mkdir(self: Path, *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "mkdir", mkdir)
    with pytest.raises(PnpError) as caught:
        write_all(tmp_path / "out", [pdf("a.pdf")], {"game": "g"})
    assert str(caught.value).endswith(
        "out: cannot write (the disk is read-only): build elsewhere with --out DIR"
    )


@pytest.mark.parametrize(
    ("read_only", "why"), [(True, "the disk is read-only"), (False, "permission denied")]
)
def test_a_folder_pnp_cannot_write_into_is_refused_before_the_lock(
    built: Path, monkeypatch: pytest.MonkeyPatch, read_only: bool, why: str
) -> None:
    before = snapshot(built)

    class Vfs:
        f_flag = os.ST_RDONLY if read_only else 0

    monkeypatch.setattr(folder.os, "access", lambda path, mode: False)
    monkeypatch.setattr(folder.os, "statvfs", lambda path: Vfs())
    with pytest.raises(PnpError) as caught:
        rebuild(built)
    assert str(caught.value).startswith(f"{built}: cannot write ({why}): ")
    monkeypatch.undo()
    assert snapshot(built) == before


_KILLED_WHILE_RENAMING = """
import os, sys
from pathlib import Path
from pnp.build import folder
from pnp.build.output import locked, write_all
from pnp.layout.pages import Page
from pnp.build.output import OutputFile
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
    before = snapshot(built)
    run = subprocess.run([sys.executable, "-c", _KILLED_WHILE_RENAMING, str(built)], check=False)
    assert run.returncode == 9
    assert not (built / "manifest.json").exists()  # never a manifest beside other files
    assert (built / "g-aid.pdf").read_bytes() == b"%PDF new"  # two of three were renamed
    with locked(built):  # what the next build does first
        clean_up(built)
    assert snapshot(built) == before


def test_temporaries_and_old_copies_left_beside_a_whole_build_are_removed(built: Path) -> None:
    before = snapshot(built)
    (built / ".g-cards.pdf.abcd1234.pnp-old").write_bytes(b"older")
    (built / ".notes.20241231.old").write_bytes(b"the user's")  # not a name pnp makes
    (built / ".g-aid.pdf.abcd1234.tmp").write_bytes(b"half")
    clean_up(built)
    assert snapshot(built) == {**before, ".notes.20241231.old": b"the user's"}


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
