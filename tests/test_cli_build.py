"""`pnp build` as a person reads it: what was written, PDFs or images only, folder rights."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli.app import app
from tests.conftest import FIXTURES, overlay

runner = CliRunner()


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _build(cards: Path, out: Path, *extra: str) -> str:
    result = runner.invoke(app, ["build", "mini", "--cards", str(cards), "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_summary_lists_each_file_with_its_real_page_count(mini_cards: Path, tmp_path: Path) -> None:
    out = tmp_path / "o"
    lines = _build(mini_cards, out).splitlines()
    assert lines[0] == f"Mini: read {mini_cards}/mini/ (2 files), wrote to {out}/"
    listed = {}
    for line in lines[1:]:
        name, _, rest = line.strip().partition("  ")
        listed[name] = rest.strip()
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    assert pdfs and sorted(n for n in listed if n.endswith(".pdf")) == pdfs
    for name in pdfs:
        pages = len(PdfReader(out / name).pages)
        assert listed[name].startswith(f"{pages} page{'s' if pages != 1 else ''} on "), name
    assert "manifest.json" in listed


def test_no_pdf_with_images_writes_only_images_and_says_so(
    mini_cards: Path, tmp_path: Path
) -> None:
    out = tmp_path / "o"
    text = _build(mini_cards, out, "--no-pdf", "--images", "tgc")
    assert "no PDFs (--no-pdf)" in text
    assert "images/ (tgc): 4 images and index.json" in text  # alpha, beta, gamma, back
    assert sorted(p.name for p in out.iterdir()) == ["images"]
    assert len(list((out / "images" / "tgc").rglob("*.png"))) == 4


def test_no_pdf_still_validates_and_writes_nothing_on_error(
    mini_cards: Path, tmp_path: Path
) -> None:
    overlay(mini_cards, FIXTURES / "bad" / "duplicate-id")
    out = tmp_path / "o"
    args = ["build", "mini", "--cards", str(mini_cards), "--out", str(out), "--no-pdf"]
    result = runner.invoke(app, [*args, "--images", "tgc"])
    assert result.exit_code == 1
    assert (FIXTURES / "bad" / "duplicate-id" / "expected.txt").read_text().strip() in (
        result.output
    )
    assert not out.exists() or not any(out.iterdir())


def test_images_show_no_progress_bar_off_a_terminal(mini_cards: Path, tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["build", "mini", "--cards", str(mini_cards), "--out", str(tmp_path), "--images", "tts"],
    )
    assert result.exit_code == 0 and result.stderr == ""


def test_images_progress_bar_on_a_terminal(
    mini_cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_PROGRESS", "1")
    monkeypatch.setattr("pnp._progress.SHOW_AFTER_S", 0.0)
    out = tmp_path / "o"
    result = runner.invoke(
        app, ["build", "mini", "--cards", str(mini_cards), "--out", str(out), "--images", "tgc"]
    )
    index = json.loads((out / "images" / "index.json").read_text())
    assert f"{len(index['tgc'])}/{len(index['tgc'])}" in result.stderr
    assert "Mini images" in result.stderr


def test_folders_get_the_users_umask(mini_cards: Path, tmp_path: Path, umask_022: None) -> None:
    out = tmp_path / "o"
    _build(mini_cards, out, "--images", "tgc,tts")
    for folder in (out, out / "images", out / "images" / "tgc", out / "images" / "tts"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o755, folder
