"""Pieces that meet face up differ by more than colour and in grey
(checked by `pnp validate` for any game), held or stacked cards show their value in the
corners, and lists on cards are set as lists."""

from __future__ import annotations

import shutil
from itertools import combinations
from pathlib import Path

import pytest

from pnp.check.greyscale import MIN_GREY_GAP
from pnp.check.validate import validate_game
from pnp.layout.cards import lay_out_faces
from pnp.layout.ops import Icon, TextBlock
from pnp.spec.colour import Colour
from pnp.spec.load import load_game
from pnp.spec.paths import data_root

SETS = ["red", "blue", "green", "yellow"]


def _copy(tmp_path: Path, game: str) -> Path:
    cards = tmp_path / "cards"
    shutil.copytree(data_root() / "cards" / game, cards / game)
    return cards


def _meeting_warnings(game: str, cards: Path | None = None) -> list[str]:
    found = validate_game(load_game(game, cards), faces=True)
    return [str(f) for f in found if "meet face up" in f.message]


@pytest.mark.parametrize("game", ["smallprint", "oldbiddy"])
def test_pieces_that_meet_pass_the_check(game: str) -> None:
    assert _meeting_warnings(game) == []


def test_small_print_shares_of_different_players_differ_in_grey() -> None:
    """Shares of two players lie side by side under a business: 12 L* apart (they were
    red 83.0, blue 84.4)."""
    spec = load_game("smallprint").spec
    greys = {s: Colour.of(spec.card_types[f"{s}-share"].color).lightness for s in SETS}
    for a, b in combinations(SETS, 2):
        assert abs(greys[a] - greys[b]) >= MIN_GREY_GAP, (a, b, greys)
    symbols = {spec.card_types[f"{s}-{kind}"].symbol for s in SETS for kind in ("share",)}
    assert symbols == {"circle", "square", "triangle", "diamond"}


def test_each_share_prints_its_set_symbol_in_the_corner_index() -> None:
    game = load_game("smallprint")
    faces = lay_out_faces(game)
    for s in SETS:
        symbol = game.spec.card_types[f"{s}-share"].symbol
        icons = [op for op in faces[f"{s}-share"].ops if isinstance(op, Icon)]
        corner = [i for i in icons if Path(i.path).stem == symbol and i.x < 15 and i.y < 15]
        assert len(corner) == 1, s  # beside the 'Sh' index, top left
        assert len([i for i in icons if Path(i.path).stem == symbol]) == 4  # and rotated, footer


def test_the_old_share_colours_are_reported_with_both_greys(tmp_path: Path) -> None:
    cards = _copy(tmp_path, "smallprint")
    yaml = cards / "smallprint" / "game.yaml"
    text = yaml.read_text()
    for old, new in (("#f3c6c0", "#f2c4bf"), ("#6d86c0", "#c9d3e8")):  # as printed before
        text = text.replace(f'color: "{old}"', f'color: "{new}"')
    text = text.replace("    symbol: square\n", "    symbol: circle\n")  # blue set, like red
    yaml.write_text(text)
    (message,) = [m for m in _meeting_warnings("smallprint", cards) if "'blue-share'" in m]
    assert "card type 'red-share' (L* 83.0, #f2c4bf)" in message
    assert "card type 'blue-share' (L* 84.4, #c9d3e8)" in message
    assert "differ by colour alone: same index 'Sh', same icon 'share', same shape 'circle'" in (
        message
    )
    assert "are 1.4 L* apart in grey, under 12" in message
    assert "they meet face up (Shares revealed under a business)" in message
    assert "game.yaml:" in message.split(": warning")[0]  # at the meets: entry


def test_a_meets_name_that_is_no_piece_is_an_error(tmp_path: Path) -> None:
    cards = _copy(tmp_path, "oldbiddy")
    yaml = cards / "oldbiddy" / "game.yaml"
    yaml.write_text(yaml.read_text().replace("pieces: [gem-chits]", "pieces: [gem-chits.7]"))
    found = validate_game(load_game("oldbiddy", cards), faces=True)
    (error,) = [f for f in found if f.severity.value == "error"]
    assert "meets: 'gem-chits.7' is no card type, tokens component or group" in error.message


def test_gem_chits_alike_but_for_colour_are_reported(tmp_path: Path) -> None:
    """Old Biddy's gems meet on the market: give them one letter and one shape and only
    colour is left to tell them apart."""
    cards = _copy(tmp_path, "oldbiddy")
    yaml = cards / "oldbiddy" / "game.yaml"
    text = yaml.read_text()
    for letter in ("G", "B", "R"):
        text = text.replace(f"letter: {letter},", "letter: X,")
    yaml.write_text(
        text.replace("shape: triangle", "shape: circle").replace(
            'shape: square, size_mm: "15"', 'shape: circle, size_mm: "15"'
        )
    )
    warnings = _meeting_warnings("oldbiddy", cards)
    assert any(
        "counter 'X' (gem-chits.0) (L* 64.0, #4caf50) and counter 'X' (gem-chits.2)" in w
        and "differ by colour alone" in w
        for w in warnings
    ), warnings


def test_business_cards_show_their_value_in_both_corners() -> None:
    faces = lay_out_faces(load_game("smallprint"))
    texts = [op for op in faces["railway"].ops if isinstance(op, TextBlock)]
    corners = [t for t in texts if t.lines[0][2] == "£15m"]
    assert {t.rotate for t in corners} == {0, 180}
    assert all(t.size >= 7 for t in corners)  # the layout's corner index: 12 pt, at least 7


def test_a_stacked_type_without_an_index_is_reported(tmp_path: Path) -> None:
    cards = _copy(tmp_path, "smallprint")
    yaml = cards / "smallprint" / "game.yaml"
    yaml.write_text(yaml.read_text().replace('    index: "£{{ card.value }}m"\n', ""))
    found = validate_game(load_game("smallprint", cards), faces=True)
    (warning,) = [f for f in found if "corners show no value" in f.message]
    assert "card type 'business' is fanned or stacked but has no `index:`" in warning.message


def test_a_held_type_whose_layout_prints_no_corner_index_is_reported(tmp_path: Path) -> None:
    """Old Biddy's character layout prints the letter large in the middle, not in a corner."""
    cards = _copy(tmp_path, "oldbiddy")
    yaml = cards / "oldbiddy" / "game.yaml"
    held = '    layout: character\n    hand: true\n    index: "{{ card.letter }}"\n'
    yaml.write_text(yaml.read_text().replace("    layout: character\n", held))
    found = validate_game(load_game("oldbiddy", cards), faces=True)
    (warning,) = [f for f in found if "corner index" in f.message]
    assert "card type 'character' is held in a hand but its layout 'character' prints no " in (
        warning.message
    )
    assert "(card 'old-biddy': 'A')" in warning.message


def test_the_each_round_card_sets_its_numbered_list_flush_left_with_hanging_indent() -> None:
    face = lay_out_faces(load_game("oldbiddy"))["round-order"]
    (block,) = [op for op in face.ops if isinstance(op, TextBlock) and len(op.lines) > 2]
    starts = [(x, text) for x, _, text in block.lines]
    items = [(x, t) for x, t in starts if t[:2] in ("1.", "2.", "3.")]
    assert len(items) == 3
    left = items[0][0]
    assert all(abs(x - left) < 1e-6 for x, _ in items)  # every number at the box's left
    carried = [x for x, t in starts if t[:2] not in ("1.", "2.", "3.")]
    assert carried and all(x > left + 2.0 for x in carried)  # wrapped lines hang
    (hang,) = {round(x, 6) for x in carried}
    words = [r for r in block.runs if r.text == "Deal"]  # the first item's first word
    assert abs(words[0].x - hang) < 1e-6  # lines up with the wrapped lines


def test_dash_items_become_bullets_and_running_text_keeps_its_alignment() -> None:
    from pnp.layout.textfit import set_text

    text = "Before you start:\n- shuffle the deck\n- deal five cards to each player, face down"
    block = set_text(text, "Lato-Regular", 10, 6, 1.2, (0.0, 0.0, 40.0, 30.0), "center")
    lines = [(x, t) for x, _, t in block.lines]
    assert lines[0][0] > 1.0  # the lead-in stays centred
    assert [t[:1] for x, t in lines if x == 0.0] == ["•", "•"]  # items flush left, bulleted
    assert len(lines) > 3  # the second item wraps, at the hanging indent
    assert all(x > 1.0 for x, t in lines[1:] if not t.startswith("•"))
