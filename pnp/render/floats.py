"""Figures and worked examples in a rulebook: placed so that no column is left more than a
third blank (:data:`pnp.render.blocks.BLANK_MOST`) to keep them whole.

A figure (its art and caption, kept together) is never taller than its column (less the
heading run before it, when no text follows it to stand under that heading). Where the
rest of a column is too short for it, it shrinks to fit, down to :data:`LEAST_SCALE`;
shorter still, it floats: it waits (:class:`Floats`) while the text after it fills the
column, and opens the next column, as a printed book places its figures. Figures keep
their order: one that comes while another waits waits too.

A worked example moves on to the next column whole, unless that would leave too much of
this one blank: then it breaks between its paragraphs (never inside one).
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Spacer
from reportlab.platypus.doctemplate import ActionFlowable

from pnp.render.blocks import BLANK_MOST, UNBOUNDED, Block, Group, flatten, stack_height
from pnp.render.md_tables import BlockTable

HEADINGS = ("h1", "h2", "h3", "h4")
LEAST_SCALE = 0.93
"""A figure shrinks to fit at most this far: the 6.5 pt captions of pnp's own figures
stay 6 pt or larger."""


class Figure(Flowable):  # type: ignore[misc]
    """A figure's art and caption, kept together; see the module's docstring. ``limit`` is
    the height of a column (where no frame is at hand to ask), ``lead`` the heading run
    before it, ``then`` the flowable after it (what fills the column when it floats)."""

    def __init__(self, members: list[Flowable], limit: float) -> None:
        super().__init__()
        self.members = members
        self.art = next(m for m in members if not isinstance(m, Spacer | Block))
        self.others = [m for m in members if m is not self.art]
        self.limit = limit
        self.lead: list[Flowable] = []
        self.then: Flowable | None = None
        self.scale = 1.0
        self.art_size = (0.0, 0.0)
        self.room = (0.0, UNBOUNDED)
        """The width and height left in the column where it comes (:class:`Gate`)."""
        self.drawn_y: float | None = None
        """Where its foot was last drawn, in points up the page."""

    @property
    def floats(self) -> bool:
        """Whether text follows it that may stand in its place (under its heading)."""
        return _is_text(self.then)

    def _parts(self, width: float) -> tuple[float, float, float]:
        """Height of the art at full size, of the rest, and the largest scale its column
        allows."""
        self.art_size = self.art.wrap(width, UNBOUNDED)
        art_h = max(self.art_size[1], 1.0)
        fixed = stack_height(self.others, width)
        frame = self._doctemplateAttr("frame")  # the column it is being set in, if any
        limit = frame.height if frame is not None else self.limit
        if self.lead and not self.floats:  # its heading stands on its page with it
            limit -= stack_height(self.lead, width) + self.lead[-1].getSpaceAfter()
        return art_h, fixed, min(1.0, (limit - fixed) / art_h)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        art_h, fixed, page = self._parts(availWidth)
        k = page
        if fixed + art_h * page > availHeight:
            room = (availHeight - fixed) / art_h
            if room >= min(page, LEAST_SCALE):
                k = room
        self.scale = max(k, 0.05)
        self.width, self.height = availWidth, fixed + art_h * self.scale
        return self.width, self.height

    def fits(self) -> bool:
        """Whether it fits the room its gate found, shrunk as far as it may be."""
        width, room = self.room
        return bool(self.wrap(width, room)[1] <= room)

    def least_height(self, width: float, room: float = UNBOUNDED) -> float:
        """The least of it that must follow a heading: shrunk as far as it may go, or,
        when it floats, the first two lines of the text after it."""
        art_h, fixed, page = self._parts(width)
        least = fixed + art_h * min(page, LEAST_SCALE)
        if isinstance(self.then, Block):
            h = self.then.wrap(width, UNBOUNDED)[1]
            least = min(least, h, 2 * self.then.style.leading)
        return least

    def draw(self) -> None:
        self.drawn_y = self.canv.absolutePosition(0, 0)[1]
        c, y, after = self.canv, self.height, None
        for m in self.members:
            h = self.art_size[1] * self.scale if m is self.art else m.wrap(self.width, UNBOUNDED)[1]
            if after is not None:
                y -= after + m.getSpaceBefore()
            y -= h
            after = m.getSpaceAfter()
            if m is self.art:
                c.saveState()
                c.translate((self.width - self.art_size[0] * self.scale) / 2, y)
                c.scale(self.scale, self.scale)
                m.drawOn(c, 0, 0)
                c.restoreState()
            elif not isinstance(m, Spacer):
                m.drawOn(c, 0, y)


class Gate(Flowable):  # type: ignore[misc]
    """Placed before a figure, taking no room: notes the room left in the column, where
    the figure comes next."""

    def __init__(self, figure: Figure) -> None:
        super().__init__()
        self.figure = figure

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self.figure.room = (availWidth, availHeight)
        return 0.0, 0.0

    def least_height(self, width: float, room: float = UNBOUNDED) -> float:
        """Its figure's: a heading before the gate keeps that much of the figure with it."""
        return self.figure.least_height(width, room)

    def draw(self) -> None:
        pass


class Floats:
    """The figures waiting for the next column, in order: a document template keeps one,
    calls :meth:`arrange` on the flowables before each is placed, and says when a column
    begins (:meth:`column`) and something was set in it (:meth:`set`)."""

    def __init__(self) -> None:
        self.waiting: list[Figure] = []
        self.at_top = True
        self.head: Flowable | None = None
        self.failed: Flowable | None = None

    def column(self) -> None:
        """A column begins: what was at the head of the story did not fit the last one."""
        self.at_top, self.failed = True, self.head

    def set(self, flowable: Flowable) -> None:
        # platypus's Table sets no ``height``: a table keeps its size apart
        table = isinstance(flowable, BlockTable)
        if (flowable.size[1] if table else getattr(flowable, "height", 0)) > 0:
            self.at_top = False

    def arrange(self, flowables: list[Flowable]) -> None:
        """Put the waiting figures back at the head of ``flowables`` at the top of a column
        (after the flowable that did not fit the last one: it comes first) or before what
        no figure may pass; hold back the figure at the head when it does not fit (or
        another waits) and text follows to take its place."""
        if isinstance(flowables[0], ActionFlowable):  # a break, or platypus's own list of
            return  # what begins a column: the figures wait for what comes after it
        self.head = flowables[0]
        if self.waiting and (self.at_top or not _passable(flowables[0])):
            at = 1 if self.at_top and flowables[0] is self.failed else 0
            # each with a gate again: the room it measured where it first came is stale
            flowables[at:at] = [g for f in self.waiting for g in (Gate(f), f)]
            self.waiting = []
            return
        if self.waiting and len(flowables) == 1:  # the end of the story: they go last
            flowables.extend(self.waiting)
            self.waiting = []
            return
        while isinstance(flowables[0], Figure) and len(flowables) > 1 and not self.at_top:
            f = flowables[0]
            if not self.waiting and f.fits():
                return
            if not _passable(flowables[1]):
                if self.waiting:  # it is placed now: those before it first
                    flowables[0:0] = self.waiting
                    self.waiting = []
                return
            self.waiting.append(flowables.pop(0))
        self.head = flowables[0]


class Example(Group):
    """A worked example: kept whole, unless moving it on would leave too much of the column
    blank; then its first paragraphs stay and the rest moves on."""

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        frame = self._doctemplateAttr("frame")
        whole = stack_height(self.members, availWidth)
        n = 0
        if frame is not None and whole > availHeight:
            blank = availHeight / frame.height  # left blank if it moves on whole
            n = self._fitting(availWidth, availHeight) if blank > BLANK_MOST else 0
        if n == 0:
            return super().split(availWidth, availHeight)  # type: ignore[no-any-return]
        return [*self.members[:n], Example(self.members[n:])]

    def _fitting(self, width: float, height: float) -> int:
        """How many of its first members fit ``height``, ending after a paragraph (not
        all: the rest is a paragraph or more)."""
        ends = [i + 1 for i, m in enumerate(self.members) if isinstance(m, Block)][:-1]
        fitting = [n for n in ends if stack_height(self.members[:n], width) <= height]
        return max(fitting, default=0)

    def least_height(self, width: float, room: float = UNBOUNDED) -> float:
        """Whole when it fits ``room``, else its first paragraph (it may break after it)."""
        whole = stack_height(self.members, width)
        if whole <= room:
            return whole
        first = next(i for i, m in enumerate(self.members) if isinstance(m, Block))
        return stack_height(self.members[: first + 1], width)


def placed(story: list[Flowable], limit: float) -> list[Flowable]:
    """``story`` with each figure group (art and caption) made a :class:`Figure`, told of
    the heading run before it and the text after it, and each worked example an
    :class:`Example`, and no empty space (a heading would stand over it alone);
    ``limit`` is the height of a column."""
    out: list[Flowable] = []
    for i, f in enumerate(story):
        if type(f) is Spacer and not f.height:  # a figure the data has none for
            continue
        if isinstance(f, Group) and any(_is_art(m) for m in f.members):
            fig = Figure(f.members, limit)
            j = len(out)
            while j and getattr(out[j - 1], "kind", "") in HEADINGS:
                j -= 1
            fig.lead = out[j:]
            fig.then = story[i + 1] if i + 1 < len(story) else None
            out.append(Gate(fig))
            f = fig
        elif isinstance(f, Group) and any(getattr(m, "kind", "") == "example" for m in f.members):
            f = Example(f.members)
        out.append(f)
    return out


def _is_art(f: Flowable) -> bool:
    return not isinstance(f, Spacer | Block | Group)


def _is_text(f: Any) -> bool:
    """Text a waiting figure lets pass: paragraphs, headings, tables and worked examples;
    not the credits."""
    if isinstance(f, Group):
        return not getattr(flatten(f.members)[0], "coda", False)
    if isinstance(f, Block):
        return not f.coda
    return isinstance(f, BlockTable)


def _passable(f: Any) -> bool:
    """What a waiting figure may let pass: text, a space or a heading's guard, and another
    figure and its gate (it then waits too); not the credits."""
    return _is_text(f) or isinstance(f, Figure | Gate | Spacer)
