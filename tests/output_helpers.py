"""What the output-folder tests share: a previous build to spoil, and a snapshot of a
folder to compare byte for byte."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.build.output import OutputFile, write_all
from pnp.layout.pages import Page

ONE_LINE_TO_DO = "build elsewhere with --out DIR"
"""How every message about the output folder ends."""


def pdf(name: str, body: bytes = b"%PDF-1.4 new\n", source: str | None = None) -> OutputFile:
    """A file of a build that writes ``body`` (a cut file of ``source``, if given)."""

    def draw(path: Path) -> None:
        path.write_bytes(body)

    kind = "cut" if source else "cards"
    return OutputFile(name, kind, [Page((210.0, 297.0))], draw, source=source)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every name in ``folder`` with its bytes (a folder, link or pipe: a marker)."""
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


def previous_build(tmp_path: Path) -> Path:
    """An output folder with a previous build: two PDFs, a cut file and its manifest."""
    out = tmp_path / "out"
    write_all(
        out,
        [pdf("g-cards.pdf", b"%PDF old cards"), pdf("g-aid.pdf", b"%PDF old aid"),
         pdf("g-cards-1.svg", b"<svg old/>", source="g-cards.pdf")],
        {"game": "g", "options": {}},
    )  # fmt: skip
    return out


def rebuild(out: Path) -> list[Path]:
    """The two PDFs built again (new bytes), with a manifest."""
    return write_all(out, [pdf("g-cards.pdf"), pdf("g-aid.pdf")], {"game": "g"})
