"""Where a word may break at the end of a line, from pyphen, kept in the user's cache as
plain data.

pyphen parses its whole pattern file before it breaks a single word (en_US: 0.3-0.4 s,
more than a sheet of cards takes to draw), and a build breaks the same few hundred words
every time. So the breaks of each word are kept in the user's cache (see
pnp.spec.paths.user_cache), in ``hyphens/<lang>-<key>.json``: ``{word: [[head, tail],
...]}``, plain JSON of our own, keyed by pyphen's version and the pattern file's path,
size and modification time. A build that breaks only words it has seen before never
parses the patterns. The file is rewritten whole (atomically) when a word is new, and
starts afresh past ``MAX_WORDS``; a damaged or unwritable file only costs the parse.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from pnp.spec.paths import store_atomically, user_cache

CACHE_VERSION = 1
MAX_WORDS = 20_000
"""Words kept at most: designers edit card texts, and the file must not grow forever."""

Breaks = list[tuple[str, str]]


def breaks(word: str, lang: str = "en_US") -> Breaks:
    """Each ``(head, tail)`` that ``word`` may break into, the longest head first (what
    ``pyphen.Pyphen(lang=lang).iterate(word)`` gives)."""
    cache_file, known = _known(lang)
    found = known.get(word)
    if isinstance(found, list) and _well_formed(found):
        return [(head, tail) for head, tail in found]
    result: Breaks = list(_pyphen(lang).iterate(word))
    if len(known) >= MAX_WORDS:
        known.clear()
    known[word] = [list(pair) for pair in result]
    body = json.dumps(known, ensure_ascii=False, separators=(",", ":"))
    store_atomically(cache_file, body.encode())
    return result


@cache
def _known(lang: str) -> tuple[Path, dict[str, Any]]:
    """The cache file for ``lang`` and the breaks it holds (read once a process)."""
    import pyphen

    path = pyphen.LANGUAGES[pyphen.language_fallback(lang)]
    st = os.stat(path)
    stamp = f"{pyphen.__version__}|{path}|{st.st_size}|{st.st_mtime_ns}|v{CACHE_VERSION}"
    key = hashlib.sha256(stamp.encode()).hexdigest()[:24]
    cache_file = user_cache("hyphens") / f"{lang}-{key}.json"
    try:
        known = json.loads(cache_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    return cache_file, known if isinstance(known, dict) else {}


@cache
def _pyphen(lang: str) -> Any:
    import pyphen

    return pyphen.Pyphen(lang=lang)


def _well_formed(found: list[Any]) -> bool:
    return all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair)
        for pair in found
    )


__all__ = ["MAX_WORDS", "breaks"]
