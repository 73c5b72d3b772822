"""The build's files to download from the workbench: built when first asked for (and again
once the game has changed), by the build stage with its default options, in one process,
into a folder of the server's own temporary folder, never into the game's."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

from pnp.spec.game import Game


class BuiltFiles:
    """The files of the last build, in ``folder``: built for one version of the game."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._version = -1
        self._entries: list[dict[str, Any]] = []
        self._out: Path | None = None

    def listing(self, game: Game, version: int) -> list[dict[str, Any]]:
        """Each file's name, kind and sheets (manifest.json's entries), building first if
        the game changed since the last build; a PnpError if it cannot be built."""
        from pnp.build.game import build_game
        from pnp.build.output import read_manifest
        from pnp.plan.settings import BuildOptions

        with self._lock:
            if version != self._version or self._out is None:
                out = self.folder / f"build-{version}"
                shutil.rmtree(out, ignore_errors=True)
                try:
                    build_game(game, BuildOptions(), out, jobs=1)
                except BaseException:
                    shutil.rmtree(out, ignore_errors=True)
                    raise
                if self._out is not None:
                    shutil.rmtree(self._out, ignore_errors=True)
                manifest = read_manifest(out) or {}
                self._entries = [
                    {"path": e["path"], "kind": e.get("kind"), "sheets": e.get("sheets")}
                    for e in manifest.get("files", [])
                    if isinstance(e, dict) and isinstance(e.get("path"), str)
                ]
                self._out, self._version = out, version
            return list(self._entries)

    def path(self, name: str) -> Path | None:
        """The built file ``name``: only a plain name the last build's manifest lists."""
        with self._lock:
            if self._out is None or name not in {e["path"] for e in self._entries}:
                return None
            if "/" in name or "\\" in name or name.startswith("."):
                return None
            found = self._out / name
            return found if found.is_file() and not found.is_symlink() else None


__all__ = ["BuiltFiles"]
