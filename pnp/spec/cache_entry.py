"""One reader and one writer for every entry of pnp's user cache (see paths.user_cache).

An entry is one JSON file, ``{"key": ..., "sum": ..., "body": ...}``: ``key`` is a digest
of the inputs the body was computed from (the bytes of the font, icon or pattern file, and
the version of the code that read them), ``sum`` a SHA-256 over the key and the body
written canonically. A read trusts nothing: the file must be a regular file of at most
``ENTRY_BYTES``, plain JSON (no pickle, no code of any kind), its key the key of today's
inputs, its body of the shape the caller's ``check`` accepts and its sum right. Anything
else, a hand-edited number included, is ignored: the caller computes the data again and
writes the entry anew. A cache that cannot be read or written only costs that work.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pnp.spec.paths import store_atomically, user_cache

T = TypeVar("T")

ENTRY_BYTES = 32_000_000
"""Largest entry read or written: an SVG icon of 5 MB, the most pnp reads, is about 9 MB
of shapes."""

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
"""A planted link or FIFO must neither send the read elsewhere nor make it wait."""


def digest(*parts: str | bytes) -> str:
    """SHA-256 over ``parts``, each prefixed by its length (no two lists of parts share
    one by running into each other)."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def finite(value: Any, low: float, high: float) -> bool:
    """A JSON number (not a boolean, not NaN or infinite) between ``low`` and ``high``."""
    if type(value) is int:  # exact: math.isfinite would overflow on a 4,000-digit one
        return low <= value <= high
    return type(value) is float and math.isfinite(value) and low <= value <= high


def read_entry(kind: str, name: str, key: str, check: Callable[[Any], T | None]) -> T | None:
    """The body of entry ``name`` of ``kind`` if it holds what ``key``'s inputs give, as
    ``check`` turns it into the caller's data; None when missing, unreadable, stale, of the
    wrong shape or edited. ``check`` must accept only bounded data, and never raise."""
    text = _read_capped(user_cache(kind) / f"{name}.json")
    if text is None:
        return None
    try:
        entry = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # json's C parser stops cleanly on deep nesting
        return None
    if not (isinstance(entry, dict) and entry.keys() == {"key", "sum", "body"}):
        return None
    if entry["key"] != key or not isinstance(entry["sum"], str):
        return None
    found = check(entry["body"])  # the shape first: it bounds the depth the sum walks
    if found is None or entry["sum"] != _sum(key, entry["body"]):
        return None
    return found


def write_entry(kind: str, name: str, key: str, body: Any) -> None:
    """Store ``body`` as entry ``name`` of ``kind``, computed from ``key``'s inputs; whole
    or not at all, and nothing when the folder cannot be written. ``body`` is JSON data
    whose mappings have string keys, so what a read parses sums as what was written."""
    try:
        text = f'{{"key":{json.dumps(key)},"sum":"{_sum(key, body)}","body":{json.dumps(body)}}}'
    except (ValueError, RecursionError):  # NaN, or nested too deep: a read would refuse it
        return
    if len(text) <= ENTRY_BYTES:
        store_atomically(user_cache(kind) / f"{name}.json", text.encode())


def _sum(key: str, body: Any) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return digest(key, canonical)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _read_capped(path: Path) -> str | None:
    """The text of a regular file of at most ENTRY_BYTES, or None."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > ENTRY_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(ENTRY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) > ENTRY_BYTES:  # it grew since fstat
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


__all__ = ["ENTRY_BYTES", "digest", "finite", "read_entry", "write_entry"]
