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
    for first in _candidates(size, kinds, rules, rules.room, full=True):
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


def _best_band(size: Size, kinds: Kinds, rules: Rules, box: Size, mode: str) -> Band | None:
    """The band in ``box`` that holds the ``most`` pieces (a sheet of its own, the one that
    leaves more of the sheet free among equals); or the one that holds them all and is
    shortest along the axis (``v`` down, ``h`` across: in a sheet's free strip), leaves most
    of the sheet ``free`` (for other leftovers), or lies as a full sheet would (``alone``)."""
    full = mode == "most"
    best: tuple[tuple[float, ...], Band] | None = None
    need = _count(kinds)
    w, h = rules.room
    natural = _natural(size, rules) if mode == "alone" else False
    for band in _candidates(size, kinds, rules, box, full):
        if not full and len(band.cells) < need:
            continue
        bw, bh = band.extent(rules.least_gap, rules.least_gap)
        free = max(w * (h - bh), (w - bw) * h)
        if full:
            key: tuple[float, ...] = (-len(band.cells), -round(free, 3), band.blocks, band.rotated)
        elif mode == "free":
            key = (-round(free, 3), band.blocks, band.rotated)
        elif mode == "alone":
            key = (band.rotated != natural, round(bh, 3), round(bw, 3), band.blocks)
        else:
            along, across = (bh, bw) if mode == "v" else (bw, bh)
            key = (round(along, 3), round(across, 3), band.blocks, band.rotated)
        if best is None or key < best[0]:
            best = (key, band)
    return best[1] if best else None


def _natural(size: Size, rules: Rules) -> bool:
    """Whether pieces of this size lie on their side on a full sheet (more fit that way)."""
    if not rules.may_rotate:
        return False
    (w, h), (rw, rh) = size, rules.room
    upright = int((rw + EPS) // w) * int((rh + EPS) // h)
    return int((rw + EPS) // h) * int((rh + EPS) // w) > upright


def _candidates(size: Size, kinds: Kinds, rules: Rules, box: Size, full: bool) -> list[Band]:
    """Bands worth trying in ``box``: each way the pieces may lie, each number of columns
    and rows (only the most, when ``full``) and ways of parting them with gutters."""
    out = []
    ways = [(size, False)]
    if rules.may_rotate and size[0] != size[1]:
        ways.append(((size[1], size[0]), True))
    need = _count(kinds)
    for cell, rotated in ways:
        across = _counts(box[0], cell[0], rules.least_gap, full, need)
        down = _counts(box[1], cell[1], rules.least_gap, full, need)
        for ncols, col_gutters in across:
            for nrows, row_gutters in down:
                if not full and ncols * nrows < need:
                    continue
                for cols in _splits(ncols, col_gutters + 1):
                    for rows in _splits(nrows, row_gutters + 1):
                        out.append(_fill(cell, rotated, cols, rows, kinds))
    return out


def _counts(room: float, cell: float, gap: float, full: bool, need: int) -> list[tuple[int, int]]:
    """(cells, gutters that fit among them) along one side of the box: every count up to
    the most (only those that allow more gutters, when ``full``)."""
    most = min(int((room + EPS) // cell) if cell > 0 else 0, need)
    out: list[tuple[int, int]] = []
    for n in range(most, 0, -1):
        gutters = n - 1 if gap <= 0 else min(n - 1, int((room - n * cell + EPS) // gap))
        if not full or not out or gutters > out[-1][1]:
            out.append((n, gutters))
    return out


def _splits(n: int, parts: int) -> list[tuple[int, ...]]:
    """Ways to part ``n`` columns into at most ``parts`` runs: all butted, evenly parted,
    or one long run and single columns (all apart at the end)."""
    out: list[tuple[int, ...]] = [(n,)]
    for p in range(2, min(n, parts) + 1):
        q, r = divmod(n, p)
        for split in ((q + 1,) * r + (q,) * (p - r), (n - p + 1,) + (1,) * (p - 1)):
            if split not in out:
                out.append(split)
    return out


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
