"""Card-layout elements: one model per kind, so a key another kind takes is an error at
its line naming the kinds that take it; and layouts that `extends:` another (what the
child ends up with, and the loops, missing parents and long chains refused at the
`extends:` line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import DataError, Location, PnpError
from pnp.cli.app import app
from pnp.layout.face import load_layout
from pnp.spec.elements import ArtElement, LineElement, RectElement, TextElement
from pnp.spec.layouts import MOST_EXTENDS, FindLayout, read_card_layout
from pnp.spec.load import load_game

runner = CliRunner()

FRAME = """\
size: poker
safe_mm: 3.0
elements:
  - {kind: rect, rect: [0, 0, 63.5, 88.9], bleed: true, fill: "#884422"}
  - {kind: text, id: title, rect: [6, 5, 51.5, 8], text: "{{ card.name }}", size: 12}
  - {kind: line, rect: [6, 14, 51.5, 0], stroke: "#000000"}
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text)
    return path


def _in(folder: Path) -> FindLayout:
    return lambda name, at: folder / f"{name}.yaml"


def _error(path: Path, folder: Path) -> PnpError:
    with pytest.raises(PnpError) as caught:
        read_card_layout(path, _in(folder))
    return caught.value


def _at(err: PnpError) -> tuple[str, int, int]:
    assert err.location is not None
    return err.location.path.name, err.location.line, err.location.col


# --- one model per kind ---------------------------------------------------------------


def test_each_element_is_read_as_the_model_of_its_kind(tmp_path: Path) -> None:
    layout, _ = read_card_layout(_write(tmp_path, "frame", FRAME), _in(tmp_path))
    assert [type(el) for el in layout.elements] == [RectElement, TextElement, LineElement]
    rect = layout.elements[0]
    assert isinstance(rect, RectElement) and rect.bleed and rect.fill == "#884422"


@pytest.mark.parametrize(
    ("element", "message", "col"),
    [
        (
            "{kind: rect, rect: [0, 0, 10, 10], font: Lato-Bold}",
            "font: kind 'rect' has no font; kind 'text' does",
            40,
        ),
        (
            '{kind: text, rect: [5, 5, 50, 10], text: x, stroke: "#000000"}',
            "stroke: kind 'text' has no stroke; kinds 'rect', 'ellipse', 'line' do",
            49,
        ),
        (
            "{kind: line, rect: [5, 5, 50, 0], fill: red}",
            "fill: kind 'line' has no fill; kinds 'rect', 'ellipse', 'art' do",
            39,
        ),
        (
            "{kind: icon, rect: [5, 5, 5, 5], icon: money, tint: 0.5}",
            "tint: kind 'icon' has no tint; kind 'art' does",
            51,
        ),
    ],
)
def test_a_key_of_another_kind_is_an_error_at_its_line(
    tmp_path: Path, element: str, message: str, col: int
) -> None:
    path = _write(
        tmp_path,
        "odd",
        f"size: poker\nelements:\n  - {{kind: rect, rect: [0, 0, 1, 1]}}\n  - {element}\n",
    )
    err = _error(path, tmp_path)
    assert err.message == message
    assert _at(err) == ("odd.yaml", 4, col)


def test_a_key_no_kind_takes_is_unknown_with_the_kinds_own_keys(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "odd",
        "elements:\n  - kind: art\n    rect: [0, 0, 9, 9]\n    art: a/b\n    tnt: 0.5\n",
    )
    err = _error(path, tmp_path)
    assert err.message.startswith(
        "unknown key 'tnt' (did you mean 'tint'? allowed: kind, rect, id,"
    )
    assert "font" not in err.message  # only an art element's own keys are offered
    assert _at(err) == ("odd.yaml", 5, 5)


def test_an_unknown_kind_lists_the_kinds(tmp_path: Path) -> None:
    path = _write(tmp_path, "odd", "elements:\n  - {kind: star, rect: [0, 0, 9, 9]}\n")
    err = _error(path, tmp_path)
    assert err.message == (
        "elements.0: kind 'star' is not one of "
        "'rect', 'ellipse', 'line', 'text', 'icon', 'image', 'art'"
    )
    assert _at(err) == ("odd.yaml", 2, 6)


def test_what_a_kind_draws_is_required(tmp_path: Path) -> None:
    path = _write(tmp_path, "odd", "elements:\n  - {kind: icon, rect: [0, 0, 9, 9]}\n")
    err = _error(path, tmp_path)
    assert err.message == "missing key 'icon'"
    assert _at(err) == ("odd.yaml", 2, 5)


def test_only_a_line_may_run_left_or_up(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "odd",
        "elements:\n  - {kind: line, rect: [9, 9, -5, -5], stroke: red}\n"
        "  - {kind: art, rect: [9, 9, -5, 5], art: a/b}\n",
    )
    err = _error(path, tmp_path)
    assert err.message == (
        "elements.1.rect: width and height must be 0 or more, not -5 and 5 "
        "(only a line may run left or up)"
    )


# --- extends ---------------------------------------------------------------------------


def test_a_child_takes_the_parents_elements_replaces_by_id_and_appends(tmp_path: Path) -> None:
    _write(tmp_path, "frame", FRAME)
    child = _write(
        tmp_path,
        "big-title",
        "extends: frame\nsafe_mm: 4\nelements:\n"
        "  - {kind: art, rect: [10, 30, 40, 40], art: a/b}\n"
        '  - {kind: text, id: title, rect: [6, 5, 51.5, 12], text: "{{ card.name }}", size: 18}\n',
    )
    layout, locations = read_card_layout(child, _in(tmp_path))
    assert layout.size == "poker"  # the parent's, not given by the child
    assert layout.safe_mm == 4.0  # the child's own
    kinds = [type(el) for el in layout.elements]
    assert kinds == [RectElement, TextElement, LineElement, ArtElement]
    title = layout.elements[1]
    assert isinstance(title, TextElement) and title.size == 18 and title.rect[3] == 12
    where = [(loc.path.name, loc.line) for loc in locations]
    assert where == [
        ("frame.yaml", 4),
        ("big-title.yaml", 5),
        ("frame.yaml", 6),
        ("big-title.yaml", 4),
    ]


def test_a_chain_of_parents_is_merged_from_the_top(tmp_path: Path) -> None:
    _write(tmp_path, "frame", FRAME)
    _write(
        tmp_path,
        "middle",
        "extends: frame\nsize: 70x100 mm\nelements:\n"
        "  - {kind: ellipse, id: dot, rect: [1, 1, 2, 2]}\n",
    )
    child = _write(
        tmp_path,
        "leaf",
        "extends: middle\nelements:\n  - {kind: rect, id: dot, rect: [1, 1, 3, 3]}\n",
    )
    layout, locations = read_card_layout(child, _in(tmp_path))
    assert layout.size == "70x100 mm"
    assert [type(el) for el in layout.elements] == [
        RectElement,
        TextElement,
        LineElement,
        RectElement,
    ]
    assert layout.elements[3].rect == (1, 1, 3, 3)
    assert locations[3] == Location(tmp_path / "leaf.yaml", 3, 5)


def test_a_loop_is_an_error_at_the_extends_line(tmp_path: Path) -> None:
    a = _write(tmp_path, "a", "extends: b\nelements: []\n")
    _write(tmp_path, "b", "# b builds on a\nextends: a\nelements: []\n")
    err = _error(a, tmp_path)
    assert err.message == "extends: 'a' makes a loop: 'a' → 'b' → 'a'"
    assert _at(err) == ("b.yaml", 2, 1)


def test_a_layout_extending_itself_is_a_loop(tmp_path: Path) -> None:
    a = _write(tmp_path, "a", "size: poker\nextends: a\nelements: []\n")
    err = _error(a, tmp_path)
    assert err.message == "extends: 'a' makes a loop: 'a' → 'a'"
    assert _at(err) == ("a.yaml", 2, 1)


def test_too_long_a_chain_is_an_error_at_the_extends_line(tmp_path: Path) -> None:
    names = [f"l{i}" for i in range(MOST_EXTENDS + 2)]
    for name, parent in zip(names, names[1:], strict=False):
        _write(tmp_path, name, f"extends: {parent}\nelements: []\n")
    _write(tmp_path, names[-1], FRAME)
    err = _error(tmp_path / "l0.yaml", tmp_path)
    assert err.message.startswith(f"extends: 'l{MOST_EXTENDS + 1}' makes too long a chain ('l0' → ")
    assert err.message.endswith(f"a layout may build on at most {MOST_EXTENDS} others")
    assert _at(err) == (f"l{MOST_EXTENDS}.yaml", 1, 1)
    read_card_layout(tmp_path / "l1.yaml", _in(tmp_path))  # one shorter is read


def test_an_id_names_one_element(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "twice",
        "elements:\n  - {kind: rect, id: band, rect: [0, 0, 9, 9]}\n"
        "  - {kind: ellipse, id: band, rect: [0, 0, 9, 9]}\n",
    )
    err = _error(path, tmp_path)
    assert err.message == "id: 'band' is given to two elements (an id names one element)"
    assert _at(err) == ("twice.yaml", 3, 21)


def test_an_inherited_text_box_is_checked_against_the_childs_safe_zone(tmp_path: Path) -> None:
    _write(tmp_path, "frame", FRAME)
    child = _write(tmp_path, "wide", "extends: frame\nsafe_mm: 8\nelements: []\n")
    err = _error(child, tmp_path)
    assert isinstance(err, DataError)
    assert "leaves the 8.0 mm safe zone of a 63.5×88.9 mm card" in err.message
    assert _at(err) == ("frame.yaml", 5, 29)  # the element's rect, in the file it is in


# --- through the command line, with the game's template folders -----------------------


def _mini_layouts(mini_cards: Path, **files: str) -> None:
    folder = mini_cards / "mini" / "templates" / "cards"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text)


def test_a_game_layout_extends_a_bundled_one(mini_cards: Path) -> None:
    _mini_layouts(
        mini_cards,
        standard="extends: double-ended\nelements:\n  - {kind: rect, rect: [30, 40, 3, 3]}\n",
    )
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 0, result.output
    game = load_game("mini", mini_cards)
    layout = load_layout(game, "standard", (63.5, 88.9), game.cards[0].loc).layout
    parent = load_layout(game, "double-ended", (63.5, 88.9), game.cards[0].loc).layout
    assert layout.elements[:-1] == parent.elements
    assert isinstance(layout.elements[-1], RectElement)
    assert layout.elements[-1].rect == (30, 40, 3, 3)


def test_a_missing_parent_is_an_error_at_the_extends_line(mini_cards: Path) -> None:
    _mini_layouts(mini_cards, standard="size: poker\nextends: nowhere\nelements: []\n")
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert (
        "mini/templates/cards/standard.yaml:2:1: error: extends: 'nowhere' not found"
        in result.output
    )
    assert "(no file 'cards/nowhere.yaml' in" in result.output
    assert "Traceback" not in result.output


def test_a_parent_outside_the_template_folders_is_refused(mini_cards: Path) -> None:
    _mini_layouts(mini_cards, standard="extends: ../../game\nelements: []\n")
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert (
        "mini/templates/cards/standard.yaml:1:1: error: extends: '../../game' is outside "
        "the game folder; name a layout in templates/cards/"
    ) in result.output


def test_the_game_schema_is_still_produced() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["title"] == "GameSpec"
