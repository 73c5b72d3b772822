"""Where a word may break at the end of a line, from pyphen, kept in the user's cache as
plain data.

pyphen parses its whole pattern file before it breaks a single word (en_US: 0.3-0.4 s,
more than a sheet of cards takes to draw), and a build breaks the same few hundred words
every time. So the breaks of each word are kept in the user's cache (see
pnp.spec.paths.user_cache), in ``hyphens/<lang>-v<version>.json``: ``{word: [[head,
tail], ...]}``, plain JSON of our own, keyed by pyphen's version and the pattern file's
bytes (pnp.spec.cache_entry checks it whole). A build that breaks only words it has seen
before never parses the patterns. The file is rewritten whole (atomically) when a word is
new, and starts afresh past ``MAX_WORDS``; a damaged or unwritable file only costs the
parse.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pnp.spec.cache_entry import digest, read_entry, write_entry

CACHE_VERSION = 2
MAX_WORDS = 20_000
"""Words kept at most: designers edit card texts, and the file must not grow forever."""

Breaks = list[tuple[str, str]]


def breaks(word: str, lang: str = "en_US") -> Breaks:
    """Each ``(head, tail)`` that ``word`` may break into, the longest head first (what
    ``pyphen.Pyphen(lang=lang).iterate(word)`` gives)."""
    entry, key, known = _known(lang)
    found = known.get(word)
    if found is not None:
        return [(head, tail) for head, tail in found]
    result: Breaks = list(_pyphen(lang).iterate(word))
    if len(known) >= MAX_WORDS:
        known.clear()
    known[word] = [list(pair) for pair in result]
    write_entry("hyphens", entry, key, known)
    return result


@cache
def _known(lang: str) -> tuple[str, str, dict[str, Any]]:
    """The cache entry's name and key for ``lang``, and the breaks it holds (read once a
    process)."""
    import pyphen

    language = pyphen.language_fallback(lang)
    patterns = Path(pyphen.LANGUAGES[language])
    key = digest("hyphens", str(CACHE_VERSION), pyphen.__version__, patterns.read_bytes())
    entry = f"{language}-v{CACHE_VERSION}"
    return entry, key, read_entry("hyphens", entry, key, _checked) or {}


@cache
def _pyphen(lang: str) -> Any:
    import pyphen

    return pyphen.Pyphen(lang=lang)


def _checked(body: Any) -> dict[str, Any] | None:
    """A cached entry's breaks, if each word has at most one break a letter, as pairs of
    strings."""
    if not (isinstance(body, dict) and len(body) <= MAX_WORDS):
        return None
    for word, found in body.items():
        if not (isinstance(found, list) and len(found) <= len(word)):
            return None
        for pair in found:
            if not (isinstance(pair, list) and len(pair) == 2):
                return None
            if not (isinstance(pair[0], str) and isinstance(pair[1], str)):
                return None
    return body


__all__ = ["MAX_WORDS", "breaks"]
