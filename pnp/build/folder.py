"""The output folder is pnp's own and nothing else's: the names pnp may touch there, the
files it reads back from it, and how a set of new files replaces the old all or none."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import shutil
import stat
from pathlib import Path
from typing import Any

from pnp._errors import PnpError, display_path
from pnp.spec.paths import climbs_out

MANIFEST = "manifest.json"
READ_CAP = 16 * 2**20
"""Most bytes pnp reads of a file of its own in the output folder (a manifest of
thousands of cards is well under 1 MB)."""
MAX_DEPTH = 32
"""Deepest nesting kept from a manifest read back (pnp writes about 8 levels)."""

_TEMP = re.compile(r"^\.(.+)\.[A-Za-z0-9_]{8}\.(tmp|pnp-old)$")
"""A file being written (``.tmp``), or an old one kept until the new ones are in."""

_ELSEWHERE = "build elsewhere with --out DIR"
_FREE = f"free some space, or {_ELSEWHERE}"
_WRITABLE = f"make the folder writable, or {_ELSEWHERE}"
_MOVE = f"move it away, or {_ELSEWHERE}"
_ADVICE = {
    errno.ENOSPC: ("the disk is full", _FREE),
    errno.EDQUOT: ("the disk quota is used up", _FREE),
    errno.EFBIG: ("the file is too large for that disk", _ELSEWHERE),
    errno.EROFS: ("the disk is read-only", _ELSEWHERE),
    errno.EACCES: ("permission denied", _WRITABLE),
    errno.EPERM: ("not permitted", _WRITABLE),
    errno.EISDIR: ("a folder has that name", _MOVE),
    errno.EEXIST: ("something that is not a folder is there", _MOVE),
    errno.ENOTDIR: ("a file is where a folder should be", _MOVE),
}


def plain_name(value: object) -> str | None:
    """``value`` if it names a file directly in the output folder (pnp writes no
    subfolders of its own there), else None: not a string, empty, with a slash of either
    kind, absolute, a drive, '..'."""
    if not isinstance(value, str) or value in ("", ".", "..") or "\0" in value:
        return None
    if "/" in value or "\\" in value or climbs_out(value):
        return None
    return value


def disk_error(exc: OSError, path: Path) -> PnpError:
    """A failed write or folder change as one line: the path, why, and what to do."""
    why, todo = _ADVICE.get(exc.errno or 0, (exc.strerror or str(exc), _ELSEWHERE))
    return PnpError(f"{display_path(path)}: cannot write ({why}): {todo}")


def make_folder(out: Path) -> list[Path]:
    """Create ``out`` and the folders above it that are missing; those created, deepest
    first (a failed first build removes them again)."""
    created = [p for p in (out, *out.parents) if not os.path.lexists(p)]
    if os.path.lexists(out) and not out.is_dir():
        raise PnpError(
            f"{display_path(out)}: is not a folder (a file, or a link to nothing): {_MOVE}"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise disk_error(exc, Path(exc.filename or out)) from None
    return created


def check_writable(out: Path) -> None:
    """A folder pnp cannot write into is refused before anything is tried there."""
    if os.access(out, os.W_OK) or not out.is_dir():
        return
    read_only = hasattr(os, "statvfs") and os.statvfs(out).f_flag & os.ST_RDONLY
    code = errno.EROFS if read_only else errno.EACCES
    raise disk_error(OSError(code, os.strerror(code), str(out)), out)


def read_json(path: Path) -> Any | None:
    """The JSON in ``path``, a file pnp wrote into the output folder; None when there is
    none that pnp could have written: not a plain file (a link, a pipe, a device), more
    than READ_CAP bytes, not JSON, nested deeper than MAX_DEPTH, an integer of more than
    20 digits. Such a file is replaced by the build, like any file of pnp's names there."""
    try:
        data = _read_plain(path)
        value = json.loads(data, parse_int=_small)
    except (OSError, ValueError, RecursionError):
        return None
    return value if _shallow(value) else None


def _read_plain(path: Path) -> bytes:
    """The bytes of a plain file, never read through a link nor past READ_CAP."""
    if not stat.S_ISREG(os.lstat(path).st_mode):
        raise ValueError("not a plain file")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a plain file")
        data = handle.read(READ_CAP + 1)
    if len(data) > READ_CAP:
        raise ValueError("too large")
    return data


def _small(text: str) -> int:
    if len(text) > 20:
        raise ValueError("an integer longer than pnp writes")
    return int(text)


def _shallow(value: Any) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


def check_names(out: Path, names: list[str]) -> None:
    """Before anything is written: every name must be free or a file pnp may replace.
    A folder of that name would stop the build half-way."""
    for name in names:
        path = out / name
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise disk_error(exc, path) from None
        if stat.S_ISDIR(mode):
            raise PnpError(
                f"{display_path(path)}: is a folder, and pnp writes a file of that name: {_MOVE}"
            )


def replace_all(out: Path, staged: list[tuple[Path, Path]]) -> None:
    """Rename each temporary onto its name, all or none: the files they replace are kept
    under a second name until every rename is done, and put back if one fails. The
    manifest is removed before the first rename and comes last, so a build killed between
    two renames leaves no manifest beside files it does not describe, and the next build
    puts the old files back (:func:`clean_up`)."""
    kept: dict[Path, Path] = {}  # final name -> old file's second name
    done: list[Path] = []
    try:
        for _, final in staged:
            if os.path.lexists(final):
                kept[final] = _keep(final)
        manifest = out / MANIFEST
        if any(final == manifest for _, final in staged):
            manifest.unlink(missing_ok=True)
        for tmp, final in staged:
            os.replace(tmp, final)
            done.append(final)
    except BaseException:
        for tmp, final in staged:
            with contextlib.suppress(OSError):
                if final not in done:
                    tmp.unlink()
                elif final not in kept:
                    final.unlink()
        for final, old in kept.items():
            with contextlib.suppress(OSError):
                os.replace(old, final)
                old.unlink(missing_ok=True)  # still there when both names were one file
        raise
    for old in kept.values():
        with contextlib.suppress(OSError):
            old.unlink()


def _keep(final: Path) -> Path:
    """A second name for the file at ``final``: a hard link, or a copy where the disk
    has none."""
    for _ in range(100):
        old = final.with_name(f".{final.name}.{secrets.token_hex(4)}.pnp-old")
        try:
            os.link(final, old, follow_symlinks=False)
            return old
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
            try:
                shutil.copy2(final, old, follow_symlinks=False)
            except BaseException:
                old.unlink(missing_ok=True)
                raise
            return old
    raise FileExistsError(errno.EEXIST, "no free name", str(final))


def clean_up(out: Path) -> list[str]:
    """What an interrupted build left (call with the folder locked): its temporaries are
    deleted; the old files it had set aside are put back if it was killed while renaming
    (no manifest, and the old one set aside), else deleted."""
    left = []
    for entry in os.scandir(out):
        match = _TEMP.match(entry.name)
        if match and not entry.is_dir(follow_symlinks=False):
            left.append((entry.name, match))
    restore = not os.path.lexists(out / MANIFEST) and any(
        m.group(1) == MANIFEST and m.group(2) == "pnp-old" for _, m in left
    )
    for name, match in left:
        with contextlib.suppress(OSError):
            if restore and match.group(2) == "pnp-old" and plain_name(match.group(1)):
                os.replace(out / name, out / match.group(1))
            (out / name).unlink(missing_ok=True)  # still there when both names were one file
    return [name for name, _ in left]


__all__ = [
    "MANIFEST",
    "READ_CAP",
    "check_names",
    "check_writable",
    "clean_up",
    "disk_error",
    "make_folder",
    "plain_name",
    "read_json",
    "replace_all",
]
