"""Nothing a person cuts out may fall in the printer's 5 mm margin, on either paper
(DESIGN.md §4), for every component of every bundled game."""

from __future__ import annotations

import json

import pytest

from pnp.build import build_game
from pnp.layout.cards import SheetOptions
from pnp.load import load_game

PT = 72 / 25.4
MARGIN_PT = 5 * PT


@pytest.fixture(
    scope="module",
    params=[(g, p) for g in ("boom", "bigidea") for p in ("a4", "letter")],
    ids=lambda v: f"{v[0]}-{v[1]}",
)
def manifest(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    game, paper = request.param
    out = tmp_path_factory.mktemp(f"{game}-{paper}")
    build_game(load_game(game), SheetOptions(paper=paper), out)
    return json.loads((out / "manifest.json").read_text())


def test_every_item_and_its_bleed_is_inside_the_printable_area(manifest: dict) -> None:
    bleed = manifest["options"]["bleed_mm"] * PT
    for f in manifest["files"]:
        extra = bleed if f["kind"] == "cards" else 0.0
        for page in f["pages"]:
            w, h = page["size_pt"]
            for item in page["items"]:
                x0, y0, x1, y1 = item["trim_pt"]
                where = f"{f['path']} p{page['number']} {item['id']}"
                assert x0 - extra >= MARGIN_PT - 0.02 and y0 - extra >= MARGIN_PT - 0.02, where
                assert x1 + extra <= w - MARGIN_PT + 0.02, where
                assert y1 + extra <= h - MARGIN_PT + 0.02, where


def test_items_on_a_page_never_overlap(manifest: dict) -> None:
    for f in manifest["files"]:
        for page in f["pages"]:
            boxes = [it["trim_pt"] for it in page["items"]]
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    apart = a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01
                    assert apart or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01, (f["path"], a, b)
