"""Boards and mats as finished pieces (docs/architecture.md §5): 3 mm of bleed
past the trim with the crop marks beyond it, no frame or text within 3 mm of the trim, and
counters that sit on a board region (`fits:`) with at least 1 mm of play."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.board import BLEED_MM, SAFE_MM, board_face, lay_out_board
from pnp.layout.boardfit import PLAY_MM, board_regions
from pnp.layout.ops import Shape, TextBlock
from pnp.spec.components import BoardComponent, TokensComponent
from pnp.spec.game import Game
from pnp.spec.load import load_game
from pnp.text.fonts import load_font

runner = CliRunner()
PT_MM = 25.4 / 72
MATS = [("oldbiddy", "market"), ("smallprint", "pool-mat")]


def _board(game_id: str, board_id: str) -> tuple[Game, int, BoardComponent]:
    game = load_game(game_id)
    for i, comp in enumerate(game.spec.components):
        if isinstance(comp, BoardComponent) and comp.id == board_id:
            return game, i, comp
    raise AssertionError(board_id)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game_id", "board_id"), MATS)
@pytest.mark.parametrize("scale", [1, 2])  # 2: a designer doubling the board, so it tiles
def test_every_tile_bleeds_3mm_and_its_marks_start_beyond_the_bleed(
    game_id: str, board_id: str, paper: str, scale: int
) -> None:
    game, index, comp = _board(game_id, board_id)
    if scale > 1:
        w, h = (scale * v for v in comp.size_mm)
        comp = comp.model_copy(update={"size": f"{w:g}x{h:g} mm"})
    pages, faces = lay_out_board(game, comp, index, paper)
    assert (len(pages) > 1) == (scale > 1)
    for page in pages:
        (item,) = page.items
        x0, y0, x1, y1 = item.trim
        assert page.bleed == BLEED_MM == 3.0
        assert item.clip == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3))
        # the art under the clip: the background covers the bleed on every side
        face = faces[item.face]
        bg = face.ops[0]
        assert isinstance(bg, Shape) and bg.fill == comp.background
        assert bg.x <= -3 and bg.y <= -3
        assert bg.x + bg.w >= face.width + 3 and bg.y + bg.h >= face.height + 3
        pw, ph = page.size
        margin = 6.0
        assert min(x0 - 3, y0 - 3, pw - x1 - 3, ph - y1 - 3) >= margin  # bleed inside margin
        for mx0, my0, mx1, my1 in page.marks:
            on_x = mx0 == mx1 and mx0 in (x0, x1)  # a vertical mark on a vertical cut line
            on_y = my0 == my1 and my0 in (y0, y1)
            assert on_x or on_y
            if on_x:  # it starts outside the bleed, above or below the trim
                assert min(my0, my1) >= y1 + 3 or max(my0, my1) <= y0 - 3
            else:
                assert min(mx0, mx1) >= x1 + 3 or max(mx0, mx1) <= x0 - 3
            assert margin - 1e-9 <= min(mx0, mx1) and max(mx0, mx1) <= pw - margin + 1e-9
            assert margin - 1e-9 <= min(my0, my1) and max(my0, my1) <= ph - margin + 1e-9


def _text_box(block: TextBlock) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 in mm of every line of a block, from the font's own metrics."""
    font = load_font(block.font)
    xs, ys = [], []
    for x, baseline, text in block.lines:
        xs += [x, x + font.width(text, block.size) * PT_MM]
        ys += [
            baseline - font.ascent * block.size * PT_MM,
            baseline + font.descent * block.size * PT_MM,
        ]
    return (min(xs), min(ys), max(xs), max(ys))


@pytest.mark.parametrize(("game_id", "board_id"), MATS)
def test_no_line_or_text_within_3mm_of_the_trim(game_id: str, board_id: str) -> None:
    game, index, comp = _board(game_id, board_id)
    face = board_face(game, comp, index, "Game © Someone · made with pnp")
    w, h = comp.size_mm
    stroked = [op for op in face.ops if isinstance(op, Shape) and op.stroke]
    assert stroked
    for op in stroked:
        half = op.stroke_width / 2
        x0, x1 = sorted((op.x, op.x + op.w))
        y0, y1 = sorted((op.y, op.y + op.h))
        inset = min(x0 - half, y0 - half, w - x1 - half, h - y1 - half)
        assert inset >= SAFE_MM == 3.0, (op, inset)
    texts = [op for op in face.ops if isinstance(op, TextBlock)]
    assert any("pnp" in t.lines[0][2] for t in texts)  # the credit line is there
    for block in texts:
        x0, y0, x1, y1 = _text_box(block)
        assert min(x0, y0, w - x1, h - y1) >= 3.0, (block.lines[0][2], x0, y0, w - x1, h - y1)
        credit = "pnp" in block.lines[0][2]
        assert block.size >= (5.0 if credit else 6.0), block.lines[0][2]


def test_old_biddy_gems_and_round_marker_have_1mm_of_play_on_the_board() -> None:
    game = load_game("oldbiddy")
    regions = board_regions(game)
    tables = game.spec.tables
    space = tables["market"]["space_mm"]
    assert regions["market.track"] == pytest.approx((space, space))
    assert regions["market.round"] and regions["market.zero"]
    chits = next(c for c in game.spec.components if isinstance(c, TokensComponent) and c.fits)
    assert chits.fits == "market.track"
    largest = max(float(g.token.size_mm) for g in chits.groups)
    assert largest == 15  # every gem chit: one set, one size
    assert min(regions["market.track"]) - largest >= PLAY_MM == 1.0  # 16.5 − 15 = 1.5 mm
    round_w, round_h = regions["market.round"]  # type: ignore[misc]
    assert min(round_w, round_h) - 18 >= 1.0  # the 18 mm round marker
    zero_w, zero_h = regions["market.zero"]  # type: ignore[misc]
    assert min(zero_w, zero_h) - 30 >= 1.0  # zero score markers are 30×30 mm cards
    result = runner.invoke(app, ["validate", "oldbiddy"])
    assert result.exit_code == 0, result.output


FITTED = """
tables:
  track: {{spaces: 10}}
components:
  - kind: board
    id: main
    title: Main board
    size: "200x120 mm"
    regions:
      - kind: track
        id: score
        rect: [10, 20, 180, 15]
        spaces: "tables.track.spaces"
  - kind: tokens
    id: pawns
    title: Pawns
    fits: {fits}
    groups:
      - title: Pawn
        token: {{label: "P", count: "4", shape: square, size_mm: "{size}", color: "#336699"}}
"""


def _validate(cards: Path, fits: str, size: str) -> list[str]:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + FITTED.format(fits=fits, size=size))
    result = runner.invoke(app, ["validate", "mini", "--cards", str(cards)])
    assert "Traceback" not in result.output
    errors = [ln for ln in result.output.splitlines() if ": error: " in ln]
    assert (result.exit_code == 1) == bool(errors), result.output
    return errors


def test_a_counter_that_fits_its_space_with_1mm_to_spare_passes(mini_cards: Path) -> None:
    # spaces are 180/10 = 18 × 15 mm: a 14 mm pawn has 1 mm of play down
    assert _validate(mini_cards, "main.score", "14") == []


def test_a_counter_too_big_for_its_space_is_an_error_at_the_fits_key(mini_cards: Path) -> None:
    (line,) = _validate(mini_cards, "main.score", "14.5")  # 0.5 mm of play down
    where, message = line.split(": error: ")
    text = (mini_cards / "mini" / "game.yaml").read_text().splitlines()
    path, row, col = where.rsplit(":", 2)
    assert path.endswith("mini/game.yaml")
    assert text[int(row) - 1][int(col) - 1 :].startswith("fits: main.score")
    assert "'Pawn' (pawns), 14.5×14.5 mm" in message
    assert "main.score, 18.0×15.0 mm" in message
    assert "15.5×15.5 mm or larger" in message and "14.0 mm or smaller" in message


def test_an_unknown_region_is_an_error_with_the_nearest_name(mini_cards: Path) -> None:
    (line,) = _validate(mini_cards, "main.scor", "10")
    assert "fits: no board region 'main.scor' (did you mean 'main.score'?" in line


def test_a_region_in_the_safe_zone_is_an_error_at_the_region(mini_cards: Path) -> None:
    game = mini_cards / "mini" / "game.yaml"
    yaml = FITTED.format(fits="main.score", size="10").replace(
        "[10, 20, 180, 15]", "[2, 20, 180, 15]"
    )
    game.write_text(game.read_text() + yaml)
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1
    assert "reaches into the 3 mm safe zone of the 200×120 mm board" in result.output


def test_path_spaces_that_overlap_at_a_bend_are_an_error(mini_cards: Path) -> None:
    game = mini_cards / "mini" / "game.yaml"
    path = """
      - kind: path
        id: road
        points: [[20, 60], [60, 60], [60, 100]]
        spaces: "6"
        space_mm: "16"
"""
    yaml = FITTED.format(fits="main.road", size="10").replace(
        "    regions:\n", "    regions:\n" + path
    )
    game.write_text(game.read_text() + yaml)
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1
    assert "of the path overlap" in result.output, result.output
