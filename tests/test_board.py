"""Boards (kind `board`): one sheet when the board fits the paper, else overlapping tiles
that cover it; every cut line and mark inside the printable area (docs/architecture.md §5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.board import OVERLAP_MM, PRINTER_MARGIN_MM, plan_tiles
from pnp.layout.paper import PAPERS_MM

runner = CliRunner()
PT = 72 / 25.4

BOARD = """
tables:
  market: {{spaces: 25, start: [11, 12, 13]}}
components:
  - kind: board
    id: market
    title: Market board
    size: "{size}"
    regions:
      - kind: track
        title: Gem track
        rect: [10, 12, 230, 24]
        spaces: "tables.market.spaces"
        label: "space.index0 - 12"
        mark: "space.index0 in tables.market.start"
      - kind: box
        rect: [10, 50, 100, 40]
        title: Spare markers
        text: "Three markers rest here."
"""


def _build(cards: Path, out: Path, size: str, paper: str = "a4") -> dict:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + BOARD.format(size=size))
    result = runner.invoke(
        app, ["build", "mini", "--cards", str(cards), "--out", str(out), "--paper", paper]
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    return next(f for f in manifest["files"] if f["kind"] == "board")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_board_that_fits_is_one_landscape_sheet_inside_the_margin(
    mini_cards: Path, tmp_path: Path, paper: str
) -> None:
    board = _build(mini_cards, tmp_path / "out", "250x170 mm", paper)
    (page,) = board["pages"]
    pw, ph = (v / PT for v in page["size_pt"])
    assert pw > ph  # landscape: 250 mm does not fit across a portrait sheet
    (item,) = page["items"]
    x0, y0, x1, y1 = (v / PT for v in item["trim_pt"])
    assert (x1 - x0, y1 - y0) == pytest.approx((250, 170), abs=0.02)
    assert min(x0, y0, pw - x1, ph - y1) >= PRINTER_MARGIN_MM + 3  # its bleed inside too
    assert item["board_mm"] == [0, 0, 250, 170]
    assert page["layout"] == "tile" and page["bleed_mm"] == 3.0


def test_a_big_board_is_tiled_with_overlapping_sheets(mini_cards: Path, tmp_path: Path) -> None:
    board = _build(mini_cards, tmp_path / "out", "420x300 mm")
    tiles = [p["items"][0] for p in board["pages"]]
    assert [t["id"] for t in tiles] == ["A1", "A2", "B1", "B2"]
    rects = {t["id"]: t["board_mm"] for t in tiles}
    assert rects["A1"][2] - rects["A2"][0] == pytest.approx(OVERLAP_MM)  # glue strip
    assert rects["A1"][3] - rects["B1"][1] == pytest.approx(OVERLAP_MM)
    assert max(r[2] for r in rects.values()) == 420 and max(r[3] for r in rects.values()) == 300


@settings(max_examples=60, deadline=None)
@given(
    w=st.floats(20, 1200),
    h=st.floats(20, 1200),
    paper=st.sampled_from(sorted(PAPERS_MM)),
    margin=st.floats(0, 15),
)
def test_tiles_cover_the_board_and_fit_the_printable_area(
    w: float, h: float, paper: str, margin: float
) -> None:
    plan = plan_tiles((w, h), paper, margin)
    pw, ph = plan.page
    for t in plan.tiles:
        x0, y0, x1, y1 = t.board
        assert x1 - x0 <= pw - 2 * margin and y1 - y0 <= ph - 2 * margin
    xs = sorted({(t.board[0], t.board[2]) for t in plan.tiles})
    ys = sorted({(t.board[1], t.board[3]) for t in plan.tiles})
    for spans, size in ((xs, w), (ys, h)):
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(size)
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert end - start == pytest.approx(OVERLAP_MM)  # neighbours overlap, no gap


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ("rect: [10, 12, 230, 24]", "rect: [10, 12, 300, 24]"),
        ('spaces: "tables.market.spaces"', "spaces: \"'many'\""),
        ('spaces: "tables.market.spaces"', 'spaces: "120"'),
    ],
)
def test_bad_regions_are_located(mini_cards: Path, patch: str, message: str) -> None:
    game = mini_cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + BOARD.format(size="250x170 mm").replace(patch, message))
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    line = next(ln for ln in result.output.splitlines() if "error" in ln)
    assert line.startswith("mini/game.yaml:") or "/mini/game.yaml:" in line
    assert any(
        words in line
        for words in ("lies outside the 250×170 mm board", "is not a whole number", "too small")
    ), line


def test_the_credit_line_goes_in_a_free_strip_at_the_foot(mini_cards: Path) -> None:
    from pnp.layout.board import board_face
    from pnp.layout.ops import TextBlock
    from pnp.spec.load import load_game

    game = mini_cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + BOARD.format(size="250x170 mm"))
    loaded = load_game("mini", mini_cards)
    comp = loaded.spec.components[0]
    face = board_face(loaded, comp, 0, "© Someone · made with pnp")
    credits = [op for op in face.ops if isinstance(op, TextBlock) and "pnp" in op.lines[0][2]]
    assert len(credits) == 1 and credits[0].lines[0][1] > 166  # below every region (to 90)
