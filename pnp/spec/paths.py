"""Where the bundled games, templates and fonts live (installed wheel or source tree)."""

from __future__ import annotations

import contextlib
import os
import stat
from functools import cache
from pathlib import Path, PurePosixPath, PureWindowsPath

from pnp._errors import DataError, Location, display_path
from pnp.spec.gamefiles import not_regular

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
    """The folder for one kind of derived data in pnp's one cache folder.

    Where: ``$PNP_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/pnp``, else ``~/.cache/pnp``.
    What: one subfolder per kind, holding plain JSON only (never a pickle, marshal or
    compiled code), each entry read and written by pnp.spec.cache_entry, which checks its
    shape, its bounds and a checksum over it and the inputs it was computed from:

    - ``fonts/``: glyph advances and heights of each TrueType file, keyed by the file's
      bytes (saves importing fontTools, 0.14-0.24 s);
    - ``icons/``: each SVG icon as a tree of shapes, keyed by the file's bytes (saves
      importing svglib, 0.5 s);
    - ``hyphens/``: where each word a build broke may break, keyed by pyphen's pattern
      file (saves parsing pyphen's patterns, 0.3-0.4 s) — pnp.text.hyphens;
    - ``list/``: what `pnp list` printed, until a game's files change (0.6 s).

    Compiled templates are kept in memory only: Jinja2's bytecode cache is pickle and
    marshal, which would run whatever code a planted file holds. Folders ``jinja-N/`` left
    by earlier versions are never read, and may be deleted.

    Deleting the folder, or any file in it, is safe: what is missing is derived again; so
    is an entry that fails its checks, which is then written anew. ``PNP_NO_CACHE=1``
    turns it off (nothing is read or written); a folder that cannot be written only costs
    the work again next time.
    """
    if os.environ.get("PNP_NO_CACHE"):
        return Path(os.devnull) / "pnp" / kind  # no folder can be made there: every read
        # and write fails, as with an unwritable cache, and the work is done afresh
    base = os.environ.get("PNP_CACHE_DIR")
    if base:
        return Path(base) / kind
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "pnp" / kind


def store_atomically(cache_file: Path, body: bytes) -> None:
    """Write a cache file atomically (whole, or not at all); a read-only home only
    costs the work again next time."""
    tmp = cache_file.with_suffix(f".{os.getpid()}.tmp")
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(body)
        os.replace(tmp, cache_file)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)  # a disk that filled up keeps no half of it


def file_inside(path: Path, allowed: list[Path], what: str, where: Location | None) -> Path | None:
    """``path`` with its links resolved when it is a file (None when nothing, or a folder,
    is there); a link that loops, or leads outside the ``allowed`` folders, is refused, and
    so is what is not a regular file (a FIFO, a socket, a device: reading one would wait
    for ever or never end)."""
    try:
        if not (path.exists() or path.is_symlink()):
            return None
    except OSError:  # a name too long for the file system: not there
        return None
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise DataError(f"{what} is a link in a loop or to nothing", where) from None
    if not any(real.is_relative_to(root) for root in allowed):
        raise DataError(f"{what} is a link to a file outside the game folder", where)
    mode = real.stat().st_mode
    if stat.S_ISDIR(mode):
        return None
    problem = not_regular(mode)
    if problem:
        raise DataError(f"{what} {problem} (file {display_path(path)})", where)
    return real


def climbs_out(name: str) -> bool:
    """Absolute (``/etc``, ``C:\\x``, ``\\\\host``) or with a '..' part, with either slash."""
    win = PureWindowsPath(name)
    return bool(win.anchor) or PurePosixPath(name).is_absolute() or ".." in win.parts
