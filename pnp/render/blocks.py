"""Paragraph blocks that remember what they are, and measuring stacks of flowables."""

from __future__ import annotations

import re
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph

UNBOUNDED = 1e9
"""A height to wrap against when only the natural height is wanted."""
BLANK_MOST = 0.3
"""What is kept whole (a short table, a worked example, a figure) moves on to the next
column whole only when that leaves at most this share of the column blank; else it breaks
(between rows or paragraphs) or shrinks (pnp.render.floats)."""


class Block(Paragraph):
    """A paragraph that remembers what it is across page splits.

    ``kind`` is h1–h4, body, item, example, cell or head; ``group`` numbers the
    worked example it belongs to; ``continued``/``continues`` say whether this part
    follows from, or goes on to, another part of the same paragraph."""

    kind = "body"
    group = 0
    continued = False
    continues = False
    coda = False
    """Part of the rulebook's credits."""
    source = ""
    """The markup it was made of (the parts platypus splits it into keep their whole's)."""

    def __init__(self, text: str, style: ParagraphStyle, kind: str = "", **kw: Any) -> None:
        super().__init__(text, style, **kw)
        self.kind = kind or self.kind
        self.bullet: str | None = kw.get("bulletText")
        self.source = text or ""

    @property
    def plain(self) -> str:
        """Its text, markup removed (for a split part: the whole paragraph's)."""
        return plain_text(self.source)

    _wrapped: tuple[float, ParagraphStyle, tuple[float, float]] | None = None
    drawn_y: float | None = None
    """Where the paragraph's foot was last drawn, in points up the page."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        """Lines are broken once per width: platypus, the heading guards and the aid's
        placement ask the same paragraph for its height at the same width again."""
        done = self._wrapped
        if done is not None and done[0] == availWidth and done[1] is self.style:
            return done[2]
        size = super().wrap(availWidth, availHeight)
        self._wrapped = (availWidth, self.style, size)
        return size  # type: ignore[no-any-return]

    def split(self, availWidth: float, availHeight: float) -> list[Any]:  # noqa: N803
        parts = super().split(availWidth, availHeight)
        if not parts:
            self._wrapped = None  # platypus drops the lines of a paragraph it cannot split
        elif len(parts) == 2:
            first, rest = parts
            for p in parts:
                p.kind, p.group, p.coda, p.source = self.kind, self.group, self.coda, self.source
            first.continued, first.continues = self.continued, True
            rest.continued, rest.continues = True, self.continues
        return parts

    def draw(self) -> None:
        """Draws as a paragraph does, noting where (for the rulebook's record)."""
        self.drawn_y = self.canv.absolutePosition(0, 0)[1]
        super().draw()

    def line_lengths(self) -> tuple[int, ...]:
        """Characters (spaces included) on each line at the width it was last wrapped to:
        the reading measure the rulebook's record reports (empty before it is wrapped)."""
        if self._wrapped is None:
            return ()
        lines = self.blPara.lines
        if self.blPara.kind == 0:  # plain text: (spare width, words) per line
            return tuple(len(" ".join(words)) for _, words in lines)
        return tuple(len("".join(f.text for f in line.words).strip()) for line in lines)

    @property
    def line_count(self) -> int:
        """Lines at the width it was last wrapped to (0 before it is wrapped)."""
        return len(self.getActualLineWidths0()) if self._wrapped is not None else 0


class Group(KeepTogether):  # type: ignore[misc]
    """Flowables kept together on one page, which remembers what they are."""

    def __init__(self, members: list[Flowable]) -> None:
        super().__init__(members)
        self.members = list(members)


def natural_width(p: Paragraph) -> float:
    """Width of the widest line of ``p`` set without wrapping (measured string widths)."""
    p.wrap(UNBOUNDED, UNBOUNDED)
    return max(p.getActualLineWidths0(), default=0.0)


def stack_height(flowables: list[Flowable], width: float) -> float:
    """Height of flowables stacked in a frame ``width`` wide, spaces between them included."""
    total, after = 0.0, None
    for f in flatten(flowables):
        h = f.wrap(width, UNBOUNDED)[1]
        if after is not None:
            total += after + f.getSpaceBefore()
        total += h
        after = f.getSpaceAfter()
    return total


def flatten(flowables: list[Flowable]) -> list[Flowable]:
    """Groups opened up into their members."""
    out: list[Flowable] = []
    for f in flowables:
        out.extend(flatten(f.members) if isinstance(f, Group) else [f])
    return out


def plain_text(markup: str) -> str:
    """The text of inline markup, tags removed."""
    return re.sub(r"<[^>]+>", "", markup).strip()
