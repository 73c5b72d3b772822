"""Standing screens (kind `screen`): one landscape sheet per screen, inside the printable
area, folds dashed where the panels meet and along the middle, the outside upside down."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.board import PRINTER_MARGIN_MM
from pnp.layout.ops import Shape, TextBlock
from pnp.layout.screen import lay_out_screens
from pnp.spec.load import load_game

runner = CliRunner()
PT = 72 / 25.4

SCREENS = """
tables:
  players:
    - {name: Red, color: "#b3261e"}
    - {name: Blue, color: "#1d4e89"}
    - {name: Green, color: "#2a7f62"}
components:
  - kind: screen
    id: screens
    title: Player screens
    each: players
    sub: "{{ row.name }}"
    height_mm: HEIGHT
    panels:
      - {title: Your bid, text: "Reveal your gems and add them up."}
      - {title: Actions, text: "A, then B, then C."}
      - {title: Scoring, text: "{{ game.players.max }} players at most."}
"""


def _game(cards: Path, height: float = 88) -> Path:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + SCREENS.replace("HEIGHT", str(height)))
    return cards


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_screen_per_player_colour_inside_the_printable_area(
    mini_cards: Path, tmp_path: Path, paper: str
) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        ["build", "mini", "--cards", str(_game(mini_cards)), "--out", str(out), "--paper", paper],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    screens = next(f for f in manifest["files"] if f["kind"] == "screen")
    assert len(screens["pages"]) == 3  # one per row of tables.players
    for page in screens["pages"]:
        pw, ph = (v / PT for v in page["size_pt"])
        assert pw > ph
        (item,) = page["items"]
        x0, y0, x1, y1 = (v / PT for v in item["trim_pt"])
        assert min(x0, y0, pw - x1, ph - y1) >= PRINTER_MARGIN_MM
        assert y1 - y0 == pytest.approx(2 * 88, abs=0.02)  # two halves of the standing height


def test_folds_are_dashed_where_panels_meet_and_the_outside_is_turned(mini_cards: Path) -> None:
    game = load_game("mini", _game(mini_cards))
    comp = game.spec.components[0]
    ctx = {"game": {"name": "Mini", "players": {"max": 4}}}
    pages, faces = lay_out_screens(game, comp, 0, "a4", ctx)
    face = faces[pages[0].items[0].face]
    folds = [op for op in face.ops if isinstance(op, Shape) and op.kind == "line" and op.dash]
    panel = face.width / 3
    verticals = sorted(op.x for op in folds if op.w == 0)
    assert verticals == pytest.approx([panel, 2 * panel])
    assert [op.y for op in folds if op.h == 0] == pytest.approx([88.0])
    words = {line[2]: op for op in face.ops if isinstance(op, TextBlock) for line in op.lines}
    assert words["Mini"].rotate == 180 and words["Red"].rotate == 180
    assert words["Your bid"].rotate == 0
    assert words["4 players at most."].lines[0][1] > 88  # the inside is below the fold


def test_a_screen_too_tall_for_the_paper_names_the_key(mini_cards: Path) -> None:
    result = runner.invoke(app, ["validate", "mini", "--cards", str(_game(mini_cards, 120))])
    assert result.exit_code == 1
    assert "height_mm: a screen 120 mm tall needs 240 mm of a4 paper" in result.output
    assert "Traceback" not in result.output


def test_a_screen_shorter_than_60_mm_hides_nothing(mini_cards: Path) -> None:
    result = runner.invoke(app, ["validate", "mini", "--cards", str(_game(mini_cards, 50))])
    assert result.exit_code == 1
    assert "height_mm" in result.output


def test_the_credit_line_sits_inside_the_last_panel(mini_cards: Path) -> None:
    game = load_game("mini", _game(mini_cards))
    ctx = {"game": {"name": "Mini", "players": {"max": 4}}, "credit": "© Someone · made with pnp"}
    pages, faces = lay_out_screens(game, game.spec.components[0], 0, "a4", ctx)
    face = faces[pages[0].items[0].face]
    (credit,) = [op for op in face.ops if isinstance(op, TextBlock) and "pnp" in op.lines[0][2]]
    panel = face.width / 3
    assert credit.lines[0][0] >= 2 * panel  # clear of the fold lines
    assert credit.lines[0][1] > face.height - 8  # at the foot of the inside
