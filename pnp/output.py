"""Write a build's files all-or-nothing, and describe them in manifest.json."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp._errors import PnpError
from pnp.layout.pages import Page

PT_PER_MM = 72.0 / 25.4


def _pt(v: float) -> float:
    return round(v * PT_PER_MM, 2)


@dataclass
class OutputFile:
    """One file of a build: its name, kind, pages (for the manifest) and how to draw it."""

    path: str
    kind: str
    pages: list[Page]
    write: Callable[[Path], None] = field(repr=False)
    source: str | None = None
    """For a cut file: the PDF whose sheet it cuts."""

    @property
    def sheets(self) -> int:
        """Sheets of paper: a back page is printed on its front's sheet."""
        return sum(1 for p in self.pages if p.side != "back")

    def manifest(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"path": self.path, "kind": self.kind}
        if self.source:
            entry["source"] = self.source
        entry["sheets"] = self.sheets
        entry["pages"] = [_page_entry(n, p) for n, p in enumerate(self.pages, start=1)]
        return entry


def _page_entry(number: int, page: Page) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "number": number,
        "side": page.side,
        "size_pt": [_pt(page.size[0]), _pt(page.size[1])],
    }
    if page.layout:
        entry.update(layout=page.layout, gutter_mm=page.gutter, bleed_mm=page.bleed)
    entry["items"] = [
        {
            "id": it.id,
            "deck": it.group,
            "trim_pt": [_pt(v) for v in it.trim],
            **({"side": it.side} if page.side == "fold" else {}),
            **({"rotate": it.rotate} if it.rotate else {}),
        }
        for it in page.items
    ]
    return entry


def merge_manifest(out: Path, files: list[OutputFile], manifest: dict[str, Any]) -> dict[str, Any]:
    """The manifest of the whole folder: this build's files, plus the entries of an earlier
    manifest whose files are still there and were not rebuilt (each keeping the options it
    was built with). Cut files of a rebuilt PDF are its own and go with it."""
    written = {f.path for f in files}
    kept: list[dict[str, Any]] = []
    for entry in _previous(out):
        path = entry.get("path")
        if not isinstance(path, str) or path in written or entry.get("source") in written:
            continue
        if (out / path).is_file():
            kept.append(entry)
    return {**manifest, "files": kept + [f.manifest() for f in files]}


def stale_cut_files(out: Path, files: list[OutputFile]) -> list[Path]:
    """Cut files an earlier build wrote for a PDF this build rewrites, and did not rewrite."""
    written = {f.path for f in files}
    return [
        out / e["path"]
        for e in _previous(out)
        if e.get("source") in written and e.get("path") not in written
    ]


def _previous(out: Path) -> list[dict[str, Any]]:
    """The file entries of the manifest already in ``out``, each with its options."""
    try:
        old = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(old, dict) or not isinstance(old.get("files"), list):
        return []
    options = old.get("options", {})
    return [{"options": options, **e} for e in old["files"] if isinstance(e, dict)]


def write_all(out: Path, files: list[OutputFile], manifest: dict[str, Any] | None) -> list[Path]:
    """Draw every file to a temporary name, then rename them all into place.

    Any failure removes the temporaries and leaves the previous build untouched.
    """
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"cannot create output folder {out}: {exc.strerror}") from None
    staged: list[tuple[Path, Path]] = []
    stale = stale_cut_files(out, files) if manifest is not None else []
    try:
        for f in files:
            tmp = _temp(out, f.path)
            staged.append((tmp, out / f.path))
            f.write(tmp)
        if manifest is not None:
            body = merge_manifest(out, files, manifest)
            tmp = _temp(out, "manifest.json")
            staged.append((tmp, out / "manifest.json"))
            tmp.write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, final in staged:
        os.replace(tmp, final)
    for path in stale:
        path.unlink(missing_ok=True)
    return [final for _, final in staged]


def _temp(folder: Path, name: str) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    os.chmod(tmp, 0o666 & ~_umask())
    return Path(tmp)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
