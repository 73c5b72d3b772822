"""Plan the sheets of a file: the fewest sheets, pieces butted only where their edges allow.

Pieces of one size lie in a *band*: a grid whose columns (and rows) come in runs that butt
on shared cut lines, a gutter between runs. Two pieces butt only when they have the same
``edge`` (a cut that misses by 1 mm then shows the same colour on both); a piece whose edge
is None never butts. A sheet holds one band, or bands of several sizes one after another
along one axis (down the sheet, or across it) with a gap between them wide enough for the
crop marks of both.

Greedy and deterministic, in two steps: each size (of each group) fills sheets one by one
with the band that holds most of its pieces, as long as they need more than a sheet; what
is left of each size, its leftover, then goes where it fits: at the free end of a sheet
already planned, or on a new sheet that the leftovers of other sizes may share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp._errors import LayoutError
from pnp.layout.bands import EPS, Band, BandSheet, Packed, Rules, Size, Spot, place

__all__ = ["Packed", "Piece", "Rules", "Spot", "pack"]


@dataclass(frozen=True, slots=True)
class Piece:
    size: Size
    """Trim width × height in mm, upright."""
    edge: str | None
    """Pieces with the same edge may butt; None: this piece never butts."""
    group: str = ""
    """Pieces of different groups never share a sheet (``--deck-per-sheet``)."""


Kinds = list[list[int]]
"""Pieces (their indices) of one size by edge, in order of first appearance; the pieces
that never butt each form a kind of their own."""


def pack(pieces: Sequence[Piece], rules: Rules) -> list[Packed]:
    """Every piece on a sheet: the sheets in order, each piece's trim and bleed."""
    groups: dict[tuple[str, Size], list[int]] = {}
    for i, p in enumerate(pieces):
        groups.setdefault((p.group, p.size), []).append(i)
    sheets: list[BandSheet] = []
    leftovers: list[tuple[str, Size, Kinds]] = []
    for (group, size), members in groups.items():
        kinds = _kinds(members, pieces)
        _fits_at_all(size, rules)
        while kinds:
            small = _count(kinds) * size[0] * size[1] <= rules.room[0] * rules.room[1] + EPS
            if small and _new_sheet(group, size, kinds, rules, "free") is not None:
                leftovers.append((group, size, kinds))
                break
            band = _best_band(size, kinds, rules, rules.room, "most")
            assert band is not None  # _fits_at_all: at least one piece fits
            sheets.append(BandSheet(group, _open_axis(band, rules), [band]))
            kinds = _without(kinds, band)
    leftovers.sort(key=lambda lo: -_count(lo[2]) * lo[1][0] * lo[1][1])
    for n, (group, size, kinds) in enumerate(leftovers):
        for sheet in sheets:
            if sheet.group == group:
                band = _best_band(size, kinds, rules, sheet.free(rules), sheet.axis)
                if band is not None:
                    sheet.bands.append(band)
                    break
        else:
            others = any(lo[0] == group for lo in leftovers[n + 1 :])
            new = _new_sheet(group, size, kinds, rules, "free" if others else "alone")
            assert new is not None
            sheets.append(new)
    return [place(s, rules) for s in sheets]


def _kinds(members: list[int], pieces: Sequence[Piece]) -> Kinds:
    by_edge: dict[str, list[int]] = {}
    kinds: Kinds = []
    for i in members:
        edge = pieces[i].edge
        if edge is None:
            kinds.append([i])
        elif edge in by_edge:
            by_edge[edge].append(i)
        else:
            by_edge[edge] = [i]
            kinds.append(by_edge[edge])
    return kinds


def _count(kinds: Kinds) -> int:
    return sum(len(k) for k in kinds)


def _without(kinds: Kinds, band: Band) -> Kinds:
    placed = {c[2] for c in band.cells}
    rest = [[i for i in k if i not in placed] for k in kinds]
    return [k for k in rest if k]


def _fits_at_all(size: Size, rules: Rules) -> None:
    w, h = size
    rw, rh = rules.room
    upright = w <= rw + EPS and h <= rh + EPS
    if not (upright or (rules.may_rotate and h <= rw + EPS and w <= rh + EPS)):
        pw, ph = rules.page
        raise LayoutError(
            f"a {w:g}×{h:g} mm piece does not fit on a {pw:g}×{ph:g} mm sheet with its crop "
            f"marks inside the {rules.margin:g} mm printer margin"
        )


def _open_axis(band: Band, rules: Rules) -> str:
    """The axis along which the band leaves the larger free strip for others."""
    w, h = rules.room
    bw, bh = band.extent(rules.least_gap, rules.least_gap)
    return "v" if w * (h - bh) >= (w - bw) * h else "h"


def _new_sheet(group: str, size: Size, kinds: Kinds, rules: Rules, mode: str) -> BandSheet | None:
    """A sheet holding all of ``kinds``: in one band (``mode`` says which: see _best_band),
    else in two, one lying each way (six tarot panels on A4: four on their side, two up)."""
    band = _best_band(size, kinds, rules, rules.room, mode)
    if band is not None:
        return BandSheet(group, _open_axis(band, rules), [band])
    if not rules.may_rotate or size[0] == size[1]:
        return None
    for shape in _templates(size, rules, rules.room, full=True):
        first = _fill(*shape, kinds)
        if not first.cells:
            continue
        rest = _without(kinds, first)
        for axis in ("v", "h"):
            sheet = BandSheet(group, axis, [first])
            second = _best_band(size, rest, rules, sheet.free(rules), axis)
            if second is not None:
                sheet.bands.append(second)
                return sheet
    return None


Shape = tuple[Size, bool, tuple[int, ...], tuple[int, ...]]
"""A band before it is filled: the cell as it lies, whether turned, column and row runs."""


def _best_band(size: Size, kinds: Kinds, rules: Rules, box: Size, mode: str) -> Band | None:
    """The band in ``box`` that holds the ``most`` pieces (a sheet of its own, the one that
    leaves more of the sheet free among equals); or the one that holds them all and is
    shortest along the axis (``v`` down, ``h`` across: in a sheet's free strip), leaves most
    of the sheet ``free`` (for other leftovers), or lies as a full sheet would (``alone``)."""
    counts = [len(k) for k in kinds]
    w, h = rules.room
    if mode == "most":
        best: tuple[tuple[float, ...], Shape] | None = None
        for shape in _templates(size, rules, box, full=True):
            placed, blocks = _score(shape[2], shape[3], counts)
            bw, bh = _extent(shape, rules)
            free = max(w * (h - bh), (w - bw) * h)
            key = (-placed, -round(free, 3), blocks, shape[1])
            if best is None or key < best[0]:
                best = (key, shape)
        return _fill(*best[1], kinds) if best else None
    if mode in ("v", "h"):
        found = _shortest(size, counts, rules, box, mode, None)
    elif mode == "alone":
        natural = _natural(size, rules)
        found = _shortest(size, counts, rules, box, "v", natural)
        found = found or _shortest(size, counts, rules, box, "v", not natural)
    else:
        shapes = [s for a in ("v", "h") if (s := _shortest(size, counts, rules, box, a, None))]
        found = max(shapes, key=lambda s: _free(s, rules), default=None)
    return _fill(*found, kinds) if found else None


def _free(shape: Shape, rules: Rules) -> float:
    (w, h), (bw, bh) = rules.room, _extent(shape, rules)
    return max(w * (h - bh), (w - bw) * h)


def _extent(shape: Shape, rules: Rules) -> Size:
    (cw, ch), _, cols, rows = shape
    g = rules.least_gap
    return (sum(cols) * cw + (len(cols) - 1) * g, sum(rows) * ch + (len(rows) - 1) * g)


def _shortest(
    size: Size, counts: list[int], rules: Rules, box: Size, axis: str, turned: bool | None
) -> Shape | None:
    """The band holding every piece that is shortest along ``axis`` (then across it), lying
    either way or only as ``turned`` says: rows (or columns) are added one at a time until
    the pieces fit, so the search stops at the first length that holds them."""
    need = sum(counts)
    best: tuple[tuple[float, ...], Shape] | None = None
    down = axis == "v"
    for cell, rotated in _ways(size, rules):
        if turned is not None and rotated != turned:
            continue
        along, across = (cell[1], cell[0]) if down else cell
        room_along, room_across = (box[1], box[0]) if down else box
        for n_along, g_along in reversed(_counts(room_along, along, rules.least_gap, need)):
            found = None
            for n_across, g_across in reversed(_counts(room_across, across, rules.least_gap, need)):
                if n_along * n_across < need:
                    continue
                for a in _splits(n_along, g_along + 1):
                    for b in _splits(n_across, g_across + 1):
                        shape = (cell, rotated, b, a) if down else (cell, rotated, a, b)
                        placed, blocks = _score(shape[2], shape[3], counts)
                        if placed < need:
                            continue
                        bw, bh = _extent(shape, rules)
                        ext = (bh, bw) if down else (bw, bh)
                        key = (round(ext[0], 3), round(ext[1], 3), blocks, rotated)
                        if found is None or key < found[0]:
                            found = (key, shape)
                if found:
                    break
            if found:
                if best is None or found[0] < best[0]:
                    best = found
                break
    return best[1] if best else None


def _ways(size: Size, rules: Rules) -> list[tuple[Size, bool]]:
    ways = [(size, False)]
    if rules.may_rotate and size[0] != size[1]:
        ways.append(((size[1], size[0]), True))
    return ways


def _natural(size: Size, rules: Rules) -> bool:
    """Whether pieces of this size lie on their side on a full sheet (more fit that way)."""
    if not rules.may_rotate:
        return False
    (w, h), (rw, rh) = size, rules.room
    upright = int((rw + EPS) // w) * int((rh + EPS) // h)
    return int((rw + EPS) // h) * int((rh + EPS) // w) > upright


def _templates(size: Size, rules: Rules, box: Size, full: bool) -> list[Shape]:
    """Bands worth trying for a full sheet: each way the pieces may lie, the most columns
    and rows (and fewer where that allows gutters between all), ways of parting them."""
    out: list[Shape] = []
    for cell, rotated in _ways(size, rules):
        across = _pareto(_counts(box[0], cell[0], rules.least_gap, 10**6))
        down = _pareto(_counts(box[1], cell[1], rules.least_gap, 10**6))
        for ncols, col_gutters in across:
            for nrows, row_gutters in down:
                for cols in _splits(ncols, col_gutters + 1):
                    out += [(cell, rotated, cols, rows) for rows in _splits(nrows, row_gutters + 1)]
    return out


def _counts(room: float, cell: float, gap: float, need: int) -> list[tuple[int, int]]:
    """(cells, gutters that fit among them) along one side of the box, from the most cells
    (no more than ``need``) down to one."""
    most = min(int((room + EPS) // cell) if cell > 0 else 0, need)
    return [
        (n, n - 1 if gap <= 0 else min(n - 1, int((room - n * cell + EPS) // gap)))
        for n in range(most, 0, -1)
    ]


def _pareto(counts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The most cells, and the most with a gutter between every two (if fewer)."""
    if not counts:
        return []
    apart = next((c for c in counts if c[1] == c[0] - 1), counts[-1])
    return [counts[0]] if apart == counts[0] else [counts[0], apart]


def _splits(n: int, parts: int) -> list[tuple[int, ...]]:
    """Ways to part ``n`` columns into at most ``parts`` runs: all butted; evenly parted in
    two, three or four runs or as many as may be; one long run and single columns."""
    out: list[tuple[int, ...]] = [(n,)]
    most = min(n, parts)
    for p in sorted({q for q in (2, 3, 4, most) if 2 <= q <= most}):
        q, r = divmod(n, p)
        for split in ((q + 1,) * r + (q,) * (p - r), (n - p + 1,) + (1,) * (p - 1)):
            if split not in out:
                out.append(split)
    return out


def _score(cols: tuple[int, ...], rows: tuple[int, ...], counts: list[int]) -> tuple[int, int]:
    """How many pieces the band holds and in how many blocks, as ``_fill`` places them."""
    left = list(counts)
    placed = used = 0
    for n in sorted((c * r for r in rows for c in cols), reverse=True):
        k = max(range(len(left)), key=left.__getitem__, default=-1)
        if k < 0 or left[k] == 0:
            break
        put = min(n, left[k])
        left[k] -= put
        placed += put
        used += 1
    return placed, used


def _fill(
    cell: Size, rotated: bool, cols: tuple[int, ...], rows: tuple[int, ...], kinds: Kinds
) -> Band:
    """Each block (a column run × a row run, largest first) takes pieces of the kind with
    most left; each piece of a kind that never butts takes a block of its own."""
    blocks: list[tuple[int, list[tuple[int, int]]]] = []
    r0 = 0
    for nr in rows:
        c0 = 0
        for nc in cols:
            spots = [(r, c) for r in range(r0, r0 + nr) for c in range(c0, c0 + nc)]
            blocks.append((len(spots), spots))
            c0 += nc
        r0 += nr
    blocks.sort(key=lambda b: -b[0])  # stable: top-left first among equals
    left = [len(k) for k in kinds]
    taken = [0] * len(kinds)
    cells: list[tuple[int, int, int]] = []
    used = 0
    for n, spots in blocks:
        k = max(range(len(kinds)), key=lambda i: left[i], default=-1)
        if k < 0 or left[k] == 0:
            break
        put = min(n, left[k])
        for (r, c), piece in zip(spots, kinds[k][taken[k] : taken[k] + put], strict=False):
            cells.append((r, c, piece))
        taken[k] += put
        left[k] -= put
        used += 1
    cells.sort()
    return Band(cell, rotated, cols, rows, tuple(cells), used)
