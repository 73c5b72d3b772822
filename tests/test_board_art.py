"""Boards that look printed: art regions (`kind: art`), their credit in the rulebook, text
over them kept readable, a credit line that reads on a dark board, and Small Print's pool
mat, which holds the pool's money piles."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.board import board_face
from pnp.layout.boardfit import PLAY_MM, board_regions
from pnp.layout.ink import save_ink, tint
from pnp.layout.ops import Art, Shape, TextBlock
from pnp.layout.tints import contrast
from pnp.plan.doc_text import credits_markdown
from pnp.spec.components import BoardComponent, TokensComponent
from pnp.spec.game import Game
from pnp.spec.load import load_game

runner = CliRunner()

BOARD = """
components:
  - kind: board
    id: main
    title: Main board
    size: "200x120 mm"
    background: "{background}"
    regions:
      - kind: art
        art: game-icons/coins
        rect: [20, 20, 40, 30]
        ink: "{art_ink}"
      - kind: text
        rect: [20, 30, 60, 10]
        ink: "#141414"
        text: "Over the coins"
"""


def _write(cards: Path, background: str = "#ffffff", art_ink: str = "#e0e0e0", **swap: str) -> None:
    text = BOARD.format(background=background, art_ink=art_ink)
    for old, new in swap.items():
        text = text.replace(old, new)
    path = cards / "mini" / "game.yaml"
    path.write_text(path.read_text() + text)


def _game(cards: Path, background: str = "#ffffff") -> tuple[Game, BoardComponent]:
    _write(cards, background)
    game = load_game("mini", cards)
    comp = game.spec.components[0]
    assert isinstance(comp, BoardComponent)
    return game, comp


def _validate(cards: Path) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["validate", "mini", "--cards", str(cards)])
    assert "Traceback" not in result.output
    return result.exit_code, [ln for ln in result.output.splitlines() if ": error: " in ln]


def test_an_art_region_draws_its_art_in_its_ink_and_the_rulebook_credits_it(
    mini_cards: Path,
) -> None:
    game, comp = _game(mini_cards)
    face = board_face(game, comp, 0)
    (art,) = [op for op in face.ops if isinstance(op, Art)]
    assert Path(art.path).name == "coins.svg" and art.color == "#e0e0e0"
    assert (art.x, art.y, art.w, art.h) == (20, 20, 40, 30)
    assert "by Delapouite: coins." in credits_markdown(game)
    assert _validate(mini_cards) == (0, [])


@pytest.mark.parametrize(
    ("swap", "message"),
    [
        ({"        art: game-icons/coins\n": ""}, "names the art of a region of kind art"),
        ({"kind: text": "kind: text\n        art: game-icons/coins"}, "and only there"),
        ({"game-icons/coins": "game-icons/coinz"}, "unknown art 'game-icons/coinz'; nearest"),
    ],
)
def test_a_wrong_art_region_is_an_error_at_its_place(
    mini_cards: Path, swap: dict[str, str], message: str
) -> None:
    _write(mini_cards, **swap)
    code, errors = _validate(mini_cards)
    assert code == 1 and len(errors) == 1, errors
    assert errors[0].split(":")[0].endswith("game.yaml") and message in errors[0], errors[0]


def test_text_over_board_art_keeps_its_contrast(mini_cards: Path) -> None:
    _write(mini_cards, art_ink="#555555")  # dark text over dark art
    code, (error,) = _validate(mini_cards)
    assert code == 1
    assert "board 'main': 'Over the coins' (#141414) lies over art game-icons/coins" in error
    assert error.startswith(str(mini_cards / "mini" / "game.yaml")) or "mini/game.yaml" in error


@pytest.mark.parametrize("background", ["#ffffff", "#f6f1e4", "#3d405b", "#000000"])
def test_the_credit_line_reads_on_the_board_under_it(mini_cards: Path, background: str) -> None:
    game, comp = _game(mini_cards, background)
    face = board_face(game, comp, 0, "© Someone · made with pnp")
    (credit,) = [op for op in face.ops if isinstance(op, TextBlock) and op.fine_print]
    assert contrast(credit.color, background) >= 4.5


def _pool_mat() -> tuple[Game, BoardComponent, int]:
    game = load_game("smallprint")
    (index,) = [i for i, c in enumerate(game.spec.components) if c.id == "pool-mat"]
    comp = game.spec.components[index]
    assert isinstance(comp, BoardComponent)
    return game, comp, index


def test_the_pool_mat_holds_a_pile_of_each_money_counter_with_play() -> None:
    game, comp, index = _pool_mat()
    money = game.spec.tables["money"]
    markers = next(c for c in game.spec.components if isinstance(c, TokensComponent))
    (group,) = [g for g in markers.groups if g.each == "money"]
    assert group.fits == "pool-mat.piles"
    piles = board_regions(game)["pool-mat.piles"]
    assert piles is not None
    width, height = piles
    assert min(width, height) >= float(group.token.size_mm) + PLAY_MM  # 22 mm counters
    face = board_face(game, comp, index)
    words = {" ".join(line[2] for line in op.lines) for op in face.ops if isinstance(op, TextBlock)}
    assert {f"£{row['value']}m" for row in money} <= words  # a labelled space per value
    assert "SMALL PRINT" in words  # the title, from the game's name
    assert len([op for op in face.ops if isinstance(op, Art)]) >= 3


def test_the_pool_mat_under_the_ink_saver_keeps_its_emblems_and_credit_readable() -> None:
    game, comp, index = _pool_mat()
    face = board_face(game, comp, index, "Small Print © 2014 · made with pnp")
    saved = save_ink(face)
    ground = tint(comp.background)
    bg = saved.ops[0]
    assert isinstance(bg, Shape) and bg.fill == ground  # the dark mat turns pale
    emblems = [op for op in saved.ops if isinstance(op, Art) and op.y < 38]  # by the title
    assert len(emblems) == 2
    title = [op for op in saved.ops if isinstance(op, TextBlock) and op.centre[1] < 38]
    assert len(title) == 2  # the name and the tagline
    shown: list[Art | TextBlock] = [*emblems, *title]
    for op in shown:
        assert contrast(op.color, ground) >= 3.0, op
    (credit,) = [op for op in saved.ops if isinstance(op, TextBlock) and op.fine_print]
    assert contrast(credit.color, ground) >= 4.5
