"""Where the bundled games, templates and fonts live (installed wheel or source tree)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).parent.parent


@cache
def data_root() -> Path:
    """Folder holding cards/, templates/ and fonts/."""
    installed = _PACKAGE / "_data"
    return installed if installed.is_dir() else _PACKAGE.resolve().parent


def is_installed() -> bool:
    """True when running from an installed wheel (data inside site-packages)."""
    return data_root() == _PACKAGE / "_data"


def cards_root() -> Path:
    return data_root() / "cards"


def templates_root() -> Path:
    return data_root() / "templates"


def fonts_root() -> Path:
    return data_root() / "fonts"


def game_roots(cards_dir: Path | None = None) -> list[Path]:
    """Folders searched for games, first match wins: ``--cards DIR`` alone when given, else
    ``./cards`` in the working directory (a checkout, or a folder made by ``pnp new game``),
    then the bundled games."""
    if cards_dir is not None:
        return [cards_dir]
    local = Path("cards")
    bundled = cards_root()
    if local.is_dir() and local.resolve() != bundled.resolve():
        return [local, bundled]
    return [bundled]


def sibling_templates(cards_dir: Path) -> Path | None:
    """The ``templates/`` folder beside a cards folder (a checkout keeps them side by side),
    so edits to a checkout's templates take effect like edits to its cards."""
    folder = cards_dir.parent / "templates"
    if folder.is_dir() and folder.resolve() != templates_root().resolve():
        return folder
    return None


def user_cache(kind: str) -> Path:
    """Per-user cache folder for derived data (font metrics, compiled templates).

    ``PNP_CACHE_DIR`` overrides it; nothing breaks when it cannot be written.
    """
    base = os.environ.get("PNP_CACHE_DIR")
    if base:
        return Path(base) / kind
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "pnp" / kind


def store_atomically(cache_file: Path, body: bytes) -> None:
    """Write a cache file atomically (whole, or not at all); a read-only home only
    costs the work again next time."""
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache_file.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(body)
        os.replace(tmp, cache_file)
    except OSError:
        pass
