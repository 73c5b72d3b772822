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
    """One PDF of a build: its name, kind, pages (for the manifest) and how to draw it."""

    path: str
    kind: str
    pages: list[Page]
    write: Callable[[Path], None] = field(repr=False)

    def manifest(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "kind": self.kind,
            "pages": [
                {
                    "number": n,
                    "side": p.side,
                    "size_pt": [_pt(p.size[0]), _pt(p.size[1])],
                    "items": [
                        {"id": it.id, "deck": it.group, "trim_pt": [_pt(v) for v in it.trim]}
                        for it in p.items
                    ],
                }
                for n, p in enumerate(self.pages, start=1)
            ],
        }


def write_all(out: Path, files: list[OutputFile], manifest: dict[str, Any] | None) -> list[Path]:
    """Draw every file to a temporary name, then rename them all into place.

    Any failure removes the temporaries and leaves the previous build untouched.
    """
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"cannot create output folder {out}: {exc.strerror}") from None
    staged: list[tuple[Path, Path]] = []
    try:
        for f in files:
            tmp = _temp(out, f.path)
            staged.append((tmp, out / f.path))
            f.write(tmp)
        if manifest is not None:
            body = {**manifest, "files": [f.manifest() for f in files]}
            tmp = _temp(out, "manifest.json")
            staged.append((tmp, out / "manifest.json"))
            tmp.write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, final in staged:
        os.replace(tmp, final)
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
