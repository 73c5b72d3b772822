"""The shapes of a counters file's blocks searched for: the shelf packer (pnp.layout.chits)
places each group greedily, in the shape that ends it highest; here each run's width, and
each group's all at once, is tried again with the whole file packed anew, and kept when
the file then takes fewer sheets, or as many with fewer of them under half full."""

from __future__ import annotations

from collections.abc import Callable

from pnp.layout.chits import Area, Packer, Run

SEARCH_PASSES = 2
"""Rounds of trying the widths again once the file is packed."""


def pack_groups(
    area: Area,
    width_of: Callable[[str], float],
    groups: list[tuple[str, list[Run]]],
    room: float,
) -> Packer:
    """The groups packed greedily, each in the shape that ends it highest, then better:
    each run's width tried in turn, every other kept, and the whole file packed again;
    a width is kept when the file then takes fewer pages, or as many with fewer of them
    under half full (of ``room`` mm²), or ends higher (a group shaped for its own sake
    can leave a later one a page of its own: Small Print's money)."""

    def score(packer: Packer) -> tuple[int, int, float]:
        used = [0.0] * packer.page_count
        for b in packer.blocks:
            used[b.page] += b.count * b.run.d**2
        pages, bottom = packer.end
        return (pages, sum(u < room / 2 for u in used), bottom)

    # the packing of the groups before the one whose width is tried is the same in every
    # trial of it: each prefix of the widths is packed once
    prefixes: dict[tuple[tuple[int, ...], ...], Packer] = {}

    def packed(widths: list[list[int]] | None) -> Packer:
        packer, start = Packer(area, width_of), 0
        if widths is not None:
            key = tuple(tuple(w) for w in widths)
            start = next((g for g in range(len(groups), 0, -1) if key[:g] in prefixes), 0)
            if start:
                packer = prefixes[key[:start]].copy()
        for g in range(start, len(groups)):
            heading, runs = groups[g]
            packer.add(heading, runs, widths[g] if widths else None)
            if widths is not None:
                prefixes[key[: g + 1]] = packer.copy()
        packer.settle()
        return packer

    best = packed(None)
    widths = [list(w) for w in best.widths]
    most = area.right - area.left
    for _ in range(SEARCH_PASSES):
        improved = False
        for g, (_, runs) in enumerate(groups):
            moves = [(r, c) for r, run in enumerate(runs)
                     for c in range(1, min(run.n, run.most_cols(most)) + 1)]  # fmt: skip
            if len(runs) > 1:  # every run of the group at once (blocks of one shape)
                moves += [(-1, c) for c in range(1, max(r.most_cols(most) for r in runs) + 1)]
            for r, c in moves:
                tried = [list(w) for w in widths]
                if r >= 0:
                    tried[g][r] = c
                else:
                    tried[g] = [min(c, run.n, run.most_cols(most)) for run in runs]
                if tried == widths:
                    continue
                trial = packed(tried)
                if score(trial) < score(best):
                    best, widths, improved = trial, tried, True
        if not improved:
            break
    return best
