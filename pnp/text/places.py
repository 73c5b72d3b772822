"""Where in a template a piece of its rendered text came from, for error messages.

A rulebook is Jinja that renders to Markdown: ``{% set %}`` lines vanish (trim_blocks),
loops repeat lines, ``{{ }}`` changes a line's text. The rendered lines that are the
template's own, unchanged, are matched to it (difflib); a rendered line between two such
matches came from the template lines between them, and the one that holds what the
message is about is the place (else the one most like the rendered line).
"""

from __future__ import annotations

import difflib
from functools import cached_property
from pathlib import Path

from pnp._errors import Location


class SourcePlaces:
    """Places in the template at ``path`` (its ``source``) of offsets in ``rendered``."""

    def __init__(self, path: Path, source: str, rendered: str) -> None:
        self.path = path
        self.source = source.split("\n")
        self.rendered = rendered

    @cached_property
    def _matches(self) -> list[difflib.Match]:
        """Runs of rendered lines equal to template lines (computed once, on an error)."""
        lines = self.rendered.split("\n")
        matcher = difflib.SequenceMatcher(None, self.source, lines, autojunk=False)
        return matcher.get_matching_blocks()

    def at(self, offset: int, needle: str) -> Location:
        """The template's line and column that made the rendered text at ``offset``;
        ``needle`` is the text there (a figure's Markdown, a character)."""
        line = self.rendered.count("\n", 0, offset)
        col = offset - (self.rendered.rfind("\n", 0, offset) + 1)
        first, end = 0, len(self.source)  # template lines it may have come from
        for a, b, size in self._matches:
            if b <= line < b + size:
                return Location(self.path, a + line - b + 1, col + 1)
            if b + size <= line:
                first = a + size
            elif b > line:
                end = max(first, a)
                break
        candidates = range(first, min(end, len(self.source)))
        for i in [*candidates, *range(len(self.source))]:  # else a macro's, defined elsewhere
            found = self.source[i].find(needle)
            if found >= 0:
                return Location(self.path, i + 1, found + 1)
        if not candidates:  # a line the template's own lines enclose: the one after them
            return Location(self.path, min(first, len(self.source) - 1) + 1, 1)
        text = self.rendered.split("\n")[line]
        best = max(candidates[:_MOST_COMPARED], key=lambda i: _likeness(self.source[i], text))
        return Location(self.path, best + 1, 1)


_MOST_COMPARED = 200
"""Template lines compared with a rendered line that matches none (a long loop's body)."""


def _likeness(source_line: str, rendered_line: str) -> float:
    return difflib.SequenceMatcher(None, source_line, rendered_line, autojunk=False).ratio()


__all__ = ["SourcePlaces"]
