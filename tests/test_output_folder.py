"""The output folder is the user's: interrupted and concurrent builds never leave it in a
state whose manifest lies about the files beside it."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from pnp._errors import PnpError
from pnp.build import output
from pnp.build.output import OutputFile, locked, write_all
from pnp.layout.pages import Page


def _file(name: str, body: bytes = b"%PDF-1.4 test\n") -> OutputFile:
    return OutputFile(name, "cards", [Page((210.0, 297.0))], lambda p: p.write_bytes(body))


def test_stale_temporaries_of_a_killed_build_are_removed(tmp_path: Path) -> None:
    tmp_path.joinpath(".game-cards.pdf.ab12cd_9.tmp").write_bytes(b"half a pdf")
    tmp_path.joinpath(".manifest.json.zz99zz00.tmp").write_text("{")
    keep = tmp_path / "notes.tmp"  # not a name pnp makes: the user's
    keep.write_text("mine")
    write_all(tmp_path, [_file("game-cards.pdf")], {"game": "g"})
    names = sorted(os.listdir(tmp_path))
    assert names == ["game-cards.pdf", "manifest.json", "notes.tmp"]  # no .pnp-lock left


def test_a_second_build_into_a_busy_folder_waits_then_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(output, "LOCK_WAIT_S", 0.3)
    with locked(tmp_path):
        started = time.monotonic()
        with pytest.raises(PnpError, match="another pnp build is writing to"):
            write_all(tmp_path, [_file("a.pdf")], {"game": "g"})
        assert time.monotonic() - started >= 0.3
    assert not (tmp_path / "a.pdf").exists()
    write_all(tmp_path, [_file("a.pdf")], {"game": "g"})  # free again
    assert (tmp_path / "a.pdf").is_file()


def test_a_waiting_build_goes_on_when_the_first_finishes(tmp_path: Path) -> None:
    release = threading.Event()

    def first() -> None:
        with locked(tmp_path):
            release.wait(5)

    t = threading.Thread(target=first)
    t.start()
    time.sleep(0.05)
    threading.Timer(0.2, release.set).start()
    write_all(tmp_path, [_file("b.pdf")], {"game": "g"})
    t.join()
    assert json.loads((tmp_path / "manifest.json").read_text())["files"][0]["path"] == "b.pdf"


def test_manifest_is_gone_while_files_are_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed between two renames, the folder holds no manifest rather than a wrong one."""
    write_all(tmp_path, [_file("a.pdf")], {"game": "g"})
    seen: list[bool] = []
    real = os.replace

    def spy(src: object, dst: object) -> None:
        if str(dst).endswith(".pdf"):
            seen.append((tmp_path / "manifest.json").exists())
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(output.os, "replace", spy)
    write_all(tmp_path, [_file("a.pdf", b"%PDF new")], {"game": "g"})
    assert seen == [False]
    assert (tmp_path / "manifest.json").is_file()


def test_no_lock_file_stays_and_builds_still_exclude_each_other(tmp_path: Path) -> None:
    """The lock file is removed as each holder ends (`.pnp-lock` once stayed in every
    output folder); builds waiting on the removed file must not then share the folder with
    a build that locks the new one: six threads, five turns each, never two inside."""
    inside, most, errors = [0], [0], []
    guard = threading.Lock()

    def build() -> None:
        try:
            for _ in range(5):
                with locked(tmp_path, wait_s=30):
                    with guard:
                        inside[0] += 1
                        most[0] = max(most[0], inside[0])
                    time.sleep(0.05)  # half a waiting build's polling interval
                    with guard:
                        inside[0] -= 1
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=build) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and most[0] == 1
    assert not (tmp_path / ".pnp-lock").exists()
