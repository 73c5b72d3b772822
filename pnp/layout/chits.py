"""Where counters go on their sheets: blocks of chits packed in shelves under group headings.

A *run* is a number of chits that may stand together in one block: gang-cut squares of one
size and colour (neighbours share cut lines, so a miscut shows only their own colour),
tessellated triangles of one size and colour (alternating up and down, so straight cuts
across the block free them in strips), or spaced pieces of one size (rounds and diamonds,
a gap between them for a punch or scissors). A block is laid out as rows of ``cols``
slots; the packer tries every ``cols`` for each run in turn (keeping the one that ends
the group highest on the sheet), places blocks left to right in shelves, splits a block
by rows over pages and repeats the group's heading, marked as continued, on the next
page. A small group that would open a page alone goes beside an earlier block where it
fits instead, and a last page whose blocks all fit in earlier holes is emptied into them.

Pure geometry in mm, y down from the top of the page (the caller turns slots into trims).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

GAP_MM = 3.0
"""Between spaced chips (room for a punch's rim or scissors) and between blocks."""
GANG_MARK_MM = 3.0
"""Crop marks around a gang-cut block run this far out from its edge."""
TOKEN_BLEED_MM = 1.5
"""Colour past a counter's cut line: a cut that misses by 1 mm shows only the counter's own
colour (half the gap between spaced chips, so neighbours' colours never overlap)."""
HEADING_MM = 6.5
"""Height of a group heading's band above its blocks."""
CONTINUED = " (continued)"


@dataclass(frozen=True)
class Run:
    """Chits that may share one block: ``kind`` gang, tess or spaced, side ``d`` mm."""

    kind: str
    d: float
    n: int

    @property
    def pad(self) -> float:
        """Room around the slots: crop marks for cut lines, else the chips' bleed."""
        return TOKEN_BLEED_MM if self.kind == "spaced" else GANG_MARK_MM

    @property
    def pitch(self) -> float:
        """From one slot to the next across: tessellated triangles overlap by half."""
        if self.kind == "tess":
            return self.d / 2
        return self.d + GAP_MM if self.kind == "spaced" else self.d

    @property
    def step(self) -> float:
        """From one row to the next: spaced chips nest, each row set half a chip across
        from the one above, every neighbour ``GAP_MM`` away (as on a punchboard)."""
        return self.pitch * math.sqrt(3) / 2 if self.kind == "spaced" else self.d

    def size(self, cols: int, rows: int) -> tuple[float, float]:
        """Width and height of a block of ``rows`` × ``cols`` slots, its pad included."""
        d, kind = self.d, self.kind  # called tens of thousands of times by the packer
        if kind == "gang":
            width, step, pad = cols * d, d, GANG_MARK_MM
        elif kind == "tess":
            width, step, pad = (cols + 1) * d / 2, d, GANG_MARK_MM
        else:
            pitch = d + GAP_MM
            width = cols * d + (cols - 1) * GAP_MM + (pitch / 2 if rows > 1 else 0.0)
            step, pad = pitch * math.sqrt(3) / 2, TOKEN_BLEED_MM
        return width + 2 * pad, d + (rows - 1) * step + 2 * pad

    def most_cols(self, width: float) -> int:
        """The most slots a row of ``width`` mm holds (at least one; spaced chips in
        nested rows, the second row set half a chip across)."""
        room = width - 2 * self.pad
        if self.kind == "tess":
            return max(1, math.floor((room - self.d / 2) / (self.d / 2) + 1e-9))
        if self.kind == "spaced":
            room -= self.pitch / 2
        gap = GAP_MM if self.kind == "spaced" else 0.0
        return max(1, math.floor((room + gap) / (self.d + gap) + 1e-9))

    def slot(self, i: int, cols: int) -> tuple[float, float, bool]:
        """Top-left of slot ``i`` inside its block, and whether a triangle there points
        down (tessellated rows alternate, each row starting opposite to the one above)."""
        r, c = divmod(i, cols)
        shift = self.pitch / 2 if self.kind == "spaced" and r % 2 else 0.0
        return self.pad + c * self.pitch + shift, self.pad + r * self.step, (r + c) % 2 == 1


@dataclass
class Block:
    """A placed block: its page, top-left (mm, y down), run, columns and which of the
    run's chits (``first`` to ``first + count``) it holds."""

    page: int
    x: float
    y: float
    run: Run
    cols: int
    first: int
    count: int
    group: int = 0
    """Which group (in the order added) and which of its runs the block holds."""
    index: int = 0

    @property
    def rows(self) -> int:
        return math.ceil(self.count / self.cols)


@dataclass
class Heading:
    page: int
    x: float
    y: float
    text: str


@dataclass
class _Shelf:
    top: float
    height: float
    x: float
    band: float
    """Height of the heading band at its top (0 when no group starts in it)."""
    text_end: float = 0.0
    """Where the headings in the band end."""


@dataclass
class _State:
    pages: list[list[_Shelf]] = field(default_factory=lambda: [[]])
    blocks: list[Block] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)

    def copy(self) -> _State:
        """A copy to try a placement on: its own shelves (placing moves and grows them);
        blocks and headings, which nothing changes once placed, shared."""
        pages = [[replace(shelf) for shelf in shelves] for shelves in self.pages]
        return _State(pages, list(self.blocks), list(self.headings))


@dataclass(frozen=True)
class Area:
    """The packing area of every page, and the first page's top (below its title)."""

    left: float
    right: float
    top: float
    bottom: float
    first_top: float


class Packer:
    """Packs groups of runs in order; ``width_of`` measures a heading's text in mm."""

    def __init__(self, area: Area, width_of: Callable[[str], float]) -> None:
        self.area = area
        self.width_of = width_of
        self.state = _State()
        self.groups = 0
        self.titles: list[str] = []
        self.widths: list[list[int]] = []
        """The columns each run of each group was given."""

    def copy(self) -> Packer:
        """The packing so far, to add other groups to. A state is replaced by a changed
        copy, never changed in place, so the copy shares it."""
        other = Packer(self.area, self.width_of)
        other.state, other.groups = self.state, self.groups
        other.titles, other.widths = list(self.titles), list(self.widths)
        return other

    def add(self, heading: str, runs: list[Run], widths: list[int] | None = None) -> None:
        """Place a group: beside earlier blocks when it fits there and would otherwise
        open a page of its own, else in new shelves in the shape that ends it highest (or
        with each run ``widths`` columns wide)."""
        width = self.area.right - self.area.left
        cols = widths or [_balanced(r.n, r.most_cols(width)) for r in runs]  # rows even
        best = self._trial(heading, runs, cols)
        for i, run in enumerate([] if widths else runs):  # each run: the width ending highest
            for c in range(1, min(run.n, run.most_cols(width)) + 1):
                tried = [*cols[:i], c, *cols[i + 1 :]]
                trial = self._trial(heading, runs, tried)
                if _before(_end(trial), _end(best)):
                    best, cols = trial, tried
        self.widths.append(cols)
        assert best is not None
        if len(best.pages) > len(self.state.pages):
            tucked = self.state.copy()
            if self._tuck(tucked, heading, runs):
                best = tucked
        self.state = best
        self.groups += 1
        self.titles.append(heading)

    def settle(self) -> None:
        """Empty the last page into the holes of the earlier ones when all it holds fits
        there (a few leftover chits should not take a sheet of their own); else move what
        fits there, so that the last page keeps only what is left (the earlier pages fuller,
        the last one emptier, rather than two half-empty sheets)."""
        last = len(self.state.pages) - 1
        if last < 1:
            return
        trial = self.state.copy()
        moving = [b for b in trial.blocks if b.page == last]
        trial.blocks = [b for b in trial.blocks if b.page != last]
        trial.headings = [h for h in trial.headings if h.page != last]
        trial.pages.pop()
        left: list[tuple[str, Block]] = []
        for b in moving:
            text = self.titles[b.group]
            if any(o.group == b.group for o in trial.blocks):
                text += CONTINUED
            rest = self._tuck_piece(trial, text, b)
            if rest is not None:
                left.append((text if rest.first == b.first else _continued(text), rest))
        if left:  # what is left goes back on a last page of its own
            trial.pages.append([])
            for text, rest in left:
                title = text.removesuffix(CONTINUED)
                if any(o.group == rest.group for o in trial.blocks):
                    text = title + CONTINUED
                if self._tuck_piece(trial, text, rest, only=last) is not None:
                    return
        self.state = trial

    @property
    def end(self) -> tuple[int, float]:
        """How far the packing reaches: its pages, then how low its last page is filled."""
        return _end(self.state)

    @property
    def blocks(self) -> list[Block]:
        return self.state.blocks

    @property
    def headings(self) -> list[Heading]:
        return self.state.headings

    @property
    def page_count(self) -> int:
        return len(self.state.pages)

    def _trial(self, heading: str, runs: list[Run], cols: list[int]) -> _State:
        trial = self.state.copy()
        self._group(trial, heading, runs, cols)
        return trial

    def _top(self, page: int) -> float:
        return self.area.first_top if page == 0 else self.area.top

    def _next_y(self, st: _State) -> float:
        shelves = st.pages[-1]
        if not shelves:
            return self._top(len(st.pages) - 1)
        last = shelves[-1]
        return last.top + last.height + GAP_MM

    def _group(self, st: _State, heading: str, runs: list[Run], widths: list[int]) -> None:
        """Place the runs in shelves, run ``i`` in rows of ``widths[i]``; a block that
        does not fit beside the last one goes there narrower if it is then no taller than
        the shelf, else below."""
        a = self.area
        text_w = self.width_of(heading)
        shelf: _Shelf | None = None
        page_of_heading = -1
        group = self.groups
        for ri, run in enumerate(runs):
            cols = widths[ri]
            done = 0
            while done < run.n:
                left = run.n - done
                c = min(cols, left)
                w, _ = run.size(c, 1)
                if shelf is not None and shelf.x + w > a.right + 1e-9:
                    beside = _narrower(run, left, a.right - shelf.x, shelf.height - shelf.band)
                    if beside:
                        c = beside
                    else:
                        shelf = None
                if shelf is None:
                    y = self._next_y(st)
                    band = HEADING_MM if page_of_heading != len(st.pages) - 1 else 0.0
                    shelf = _Shelf(y, 0.0, a.left, band, a.left + text_w if band else 0.0)
                room = a.bottom - shelf.top - shelf.band
                rows = math.ceil(left / c)
                fit = _rows_that_fit(run, c, rows, room)
                if fit == 0:
                    if shelf.x > a.left:  # the shelf holds something: try below it
                        shelf = None
                        continue
                    st.pages.append([])
                    shelf = None
                    continue
                if shelf.band and page_of_heading != len(st.pages) - 1:
                    text = heading if page_of_heading < 0 else heading + CONTINUED
                    st.headings.append(Heading(len(st.pages) - 1, shelf.x, shelf.top, text))
                    page_of_heading = len(st.pages) - 1
                    st.pages[-1].append(shelf)
                elif not any(s is shelf for s in st.pages[-1]):
                    st.pages[-1].append(shelf)
                count = min(left, fit * c)
                st.blocks.append(
                    Block(
                        len(st.pages) - 1,
                        shelf.x,
                        shelf.top + shelf.band,
                        run,
                        c,
                        done,
                        count,
                        group,
                        ri,
                    )
                )
                bw, bh = run.size(c, math.ceil(count / c))
                shelf.x += bw + GAP_MM
                shelf.height = max(shelf.height, shelf.band + bh)
                done += count
                if done < run.n and fit < rows:  # the page is full: go on overleaf
                    st.pages.append([])
                    shelf = None

    def _tuck(self, st: _State, heading: str, runs: list[Run]) -> bool:
        """Put a whole group, heading above, beside the blocks of an earlier shelf."""
        sizes = [r.size(r.n, 1) for r in runs]
        width = sum(w for w, _ in sizes) + GAP_MM * (len(runs) - 1)
        width = max(width, self.width_of(heading))
        height = HEADING_MM + max(h for _, h in sizes)
        for page, shelves in enumerate(st.pages):
            for shelf in shelves:
                x = max(shelf.x, shelf.text_end + GAP_MM)
                if x + width > self.area.right + 1e-9 or height > shelf.height + 1e-9:
                    continue
                st.headings.append(Heading(page, x, shelf.top, heading))
                for ri, (run, (w, _)) in enumerate(zip(runs, sizes, strict=True)):
                    top = shelf.top + HEADING_MM
                    st.blocks.append(Block(page, x, top, run, run.n, 0, run.n, self.groups, ri))
                    x += w + GAP_MM
                shelf.x = x
                shelf.text_end = max(shelf.text_end, x)
                return True
        return False

    def _tuck_piece(self, st: _State, text: str, b: Block, only: int | None = None) -> Block | None:
        """Put block ``b``, reshaped if need be, under its heading beside an earlier
        shelf's blocks (on page ``only``, if given), or in parts over several such holes
        (the first part taking as many chits as one hole holds); what finds no room is
        given back (None: all of it placed)."""
        holes = []
        # never before the group's first page: its heading there names it first
        first = min((o.page for o in st.blocks if o.group == b.group), default=0)
        for page, shelves in enumerate(st.pages):
            if (only is not None and page != only) or page < first:
                continue
            top = shelves[-1].top + shelves[-1].height + GAP_MM if shelves else self._top(page)
            below = _Shelf(top, self.area.bottom - top, self.area.left, 0.0)
            holes += [(page, shelves, [shelf], shelf is below) for shelf in [*shelves, below]]
            for i in range(len(shelves)):  # beside several shelves, one under the other
                for j in range(i + 1, len(shelves)):
                    span = shelves[i : j + 1]
                    x = max(max(sh.x, sh.text_end + GAP_MM) for sh in span)
                    height = span[-1].top + span[-1].height - span[0].top
                    joined = _Shelf(span[0].top, height, x, 0.0, x - GAP_MM)
                    holes.append((page, shelves, [joined, *span], False))
        best: tuple[int, int, int] | None = None  # chits held, hole, columns
        for k, (page, _, (shelf, *_), _) in enumerate(holes):  # beside blocks, or below
            x = max(shelf.x, shelf.text_end + GAP_MM)
            room_w, room_h = self.area.right - x, shelf.height - HEADING_MM
            if self._heading(st, page, text) and self.width_of(text) > room_w + 1e-9:
                continue
            for c in range(min(b.count, b.run.most_cols(room_w)), 0, -1):
                if b.run.size(c, 1)[0] > room_w + 1e-9:
                    continue
                rows = _rows_that_fit(b.run, c, math.ceil(b.count / c), room_h)
                held = min(b.count, c * rows)
                if held == b.count:  # all of it, in the first hole that holds it
                    self._put(st, holes[k], text, b, c, b.count)
                    return None
                if held and (best is None or held > best[0]):
                    best = (held, k, c)
        if best is None:
            return b
        held, k, c = best
        self._put(st, holes[k], text, b, c, held)
        rest = Block(b.page, b.x, b.y, b.run, b.cols, b.first + held, b.count - held, b.group,
                     b.index)  # fmt: skip
        return self._tuck_piece(st, _continued(text), rest, only)

    def _heading(self, st: _State, page: int, text: str) -> bool:
        """Whether a piece tucked on ``page`` needs its heading there: not when the page
        names its group already."""
        title = text.removesuffix(CONTINUED)
        return not any(h.page == page and h.text.startswith(title) for h in st.headings)

    def _put(
        self,
        st: _State,
        hole: tuple[int, list[_Shelf], list[_Shelf], bool],
        text: str,
        b: Block,
        cols: int,
        count: int,
    ) -> None:
        page, shelves, (shelf, *beside), below = hole
        x = max(shelf.x, shelf.text_end + GAP_MM)
        w, h = b.run.size(cols, math.ceil(count / cols))
        text_w = 0.0
        if self._heading(st, page, text):
            st.headings.append(Heading(page, x, shelf.top, text))
            text_w = self.width_of(text)
        top = shelf.top + HEADING_MM
        st.blocks.append(Block(page, x, top, b.run, cols, b.first, count, b.group, b.index))
        for sh in [shelf, *beside]:  # a hole beside several shelves fills theirs too
            sh.x = x + max(w, text_w) + GAP_MM
            sh.text_end = max(sh.text_end, x + text_w)
        if below:
            shelf.height = HEADING_MM + h
            shelves.append(shelf)


def _continued(text: str) -> str:
    return text if text.endswith(CONTINUED) else text + CONTINUED


def _narrower(run: Run, n: int, width: float, height: float) -> int:
    """Columns that put ``n`` chits in ``width`` no taller than ``height`` (0: none do)."""
    cols = min(n, run.most_cols(width))
    if run.size(cols, 1)[0] > width + 1e-9:
        return 0
    rows = math.ceil(n / cols)
    return _balanced(n, cols) if run.size(cols, rows)[1] <= height + 1e-9 else 0


def _balanced(n: int, limit: int) -> int:
    """Columns for ``n`` chits at most ``limit`` wide, the rows as even as may be
    (19 in rows of 9 would leave one alone: rows of 7, 7 and 5 instead)."""
    rows = math.ceil(n / limit)
    return math.ceil(n / rows)


def _rows_that_fit(run: Run, cols: int, rows: int, room: float) -> int:
    for r in range(rows, 0, -1):
        if run.size(cols, r)[1] <= room + 1e-9:
            return r
    return 0


def _before(a: tuple[int, float], b: tuple[int, float]) -> bool:
    return a[0] < b[0] or (a[0] == b[0] and a[1] < b[1] - 1e-6)


def _end(st: _State) -> tuple[int, float]:
    """How far a packing reaches: its pages, then the bottom of its last page's shelves."""
    shelves = st.pages[-1]
    bottom = max((s.top + s.height for s in shelves), default=0.0)
    return len(st.pages), bottom
