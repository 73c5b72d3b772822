"""The straight cuts a paper trimmer needs, counted by
pnp.layout.cuts.trimmer_cuts: each distinct line an edge lies on once per sheet, 4 for a
round; printed in the build summary and recorded per file in manifest.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pnp.build.deliver import deliver, summary_lines
from pnp.layout.cuts import trimmer_cuts
from pnp.layout.pages import Cut, Page
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game

A4 = (210.0, 297.0)


def _page(cuts: list[Cut], side: str = "front") -> Page:
    return Page(A4, side=side, cuts=cuts)


def test_a_gang_cut_grid_takes_one_cut_per_line() -> None:
    # 3 rows × 4 columns of 20 mm squares: 4 lines across and 5 down
    grid = [
        Cut((10 + 20 * c, 10 + 20 * r, 30 + 20 * c, 30 + 20 * r))
        for r in range(3)
        for c in range(4)
    ]
    assert trimmer_cuts([_page(grid)]) == 4 + 5
    assert trimmer_cuts([_page(grid), _page(grid, "back")]) == 9  # backs are cut with fronts


def test_a_round_takes_four_cuts_and_spaced_squares_four_lines_each() -> None:
    rounds = [Cut((10 + 25 * i, 10, 29 + 25 * i, 29), circle=True) for i in range(3)]
    assert trimmer_cuts([_page(rounds)]) == 12
    # two spaced squares on one row share their top and bottom lines: 2 + 4
    apart = [Cut((10, 10, 30, 30)), Cut((35, 10, 55, 30))]
    assert trimmer_cuts([_page(apart)]) == 6


def test_tessellated_triangles_share_their_slanted_lines() -> None:
    # one row: up, down, up (boxes half a triangle apart, 10 mm): 2 lines across and 4
    # slanted ones where separate triangles would need 3 each (9)
    row = [
        Cut((0, 0, 10, 10), polygon="triangle"),
        Cut((5, 0, 15, 10), polygon="triangle-down"),
        Cut((10, 0, 20, 10), polygon="triangle"),
    ]
    assert trimmer_cuts([_page(row)]) == 2 + 4


@pytest.mark.parametrize("chits", ["square", "shaped"])
def test_the_summary_and_manifest_give_each_file_its_cuts(tmp_path: Path, chits: str) -> None:
    game = load_game("oldbiddy")
    done = deliver(game, BuildOptions(chits=chits), tmp_path, frozenset({"tokens"}))
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["options"]["chits"] == chits
    lines = summary_lines(done)
    for f in (f for f in manifest["files"] if f["kind"] == "tokens"):
        assert f["cuts"] > 0
        line = next(x for x in lines if x.strip().startswith(f["path"]))
        assert re.search(rf", {f['cuts']} cuts(,|$)", line), line  # then the ink, if any
    gems = next(f for f in manifest["files"] if f["path"] == "oldbiddy-gem-chits.pdf")
    if chits == "square":  # 3 gang-cut blocks: far fewer cuts than 180 pieces × 4
        assert gems["cuts"] < 60
    else:  # 60 rounds of 12 mm (no punch that small fits the market) cost 240 alone
        assert gems["cuts"] >= 240
