"""Embedded TrueType subsets, each with a subset tag of its own.

A PDF names an embedded subset ``TAG+FontName``, where the six capitals of the tag tell
one subset from another. reportlab numbers the subsets of each font from zero and spells
the number as the tag, so the first subset of every font in every file is ``AAAAAA+``:
a print shop's software that merges files, or imposes several on one press sheet, may
then take two different subsets of Lato-Regular for one font and drop glyphs.

Here a subset's tag is made from what it holds (the font's name and its characters): the
same subset gets the same tag in every build, so output stays byte-identical, and two
different subsets get different tags, within a file and, all but surely, across files.
reportlab offers no setting for the tag; it spells it with its module function
``SUBSETN``, which :meth:`TaggedTTFont.addObjects` replaces for the moment it writes this
font's subsets (the drawing of one document never runs on two threads).
"""

from __future__ import annotations

import hashlib
from collections.abc import Set as AbstractSet
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfbase import ttfonts

_used: WeakKeyDictionary[Any, set[bytes]] = WeakKeyDictionary()
"""Per PDF document being written, the tags given so far."""


def subset_tag(font: bytes, codes: list[int], taken: AbstractSet[bytes] = frozenset()) -> bytes:
    """Six capitals from a hash of the font's name and the subset's characters, unlike
    any tag in ``taken``."""
    salt = 0
    while True:
        digest = hashlib.sha256(b"%s|%d|%s" % (font, salt, repr(codes).encode())).digest()
        tag = bytes(65 + b % 26 for b in digest[:6])
        if tag not in taken:
            return tag
        salt += 1


class TaggedTTFont(ttfonts.TTFont):  # type: ignore[misc]
    """A TrueType font whose embedded subsets carry tags made from their contents."""

    def addObjects(self, doc: Any) -> None:  # noqa: N802 - reportlab's name
        state = self.state.get(doc)
        spell = getattr(ttfonts, "SUBSETN", None)
        if state is None or spell is None:  # nothing drawn in it, or another reportlab
            super().addObjects(doc)
            return
        taken = _used.setdefault(doc, set())
        tags = []
        for codes in state.subsets:
            tags.append(subset_tag(self.face.name, list(codes), taken))
            taken.add(tags[-1])
        ttfonts.SUBSETN = lambda n, *_: tags[n]
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = spell


__all__ = ["TaggedTTFont", "subset_tag"]
