"""An error in a rulebook's or aid's rendered text points at the template line that made
it (pnp.text.places), though Jinja drops, repeats and rewrites lines; an aid too small for
its text names the key and the file. The fixture cases rulebook-* and aid-too-small
(tests/fixtures/bad/) cover the short templates; these cover the long ones."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.spec.paths import cards_root, templates_root
from pnp.text.places import SourcePlaces

runner = CliRunner()
SOURCE = """{% set n = 3 %}
# Rules
{% for i in range(n) %}
- step {{ i }}
{% endfor %}
Players: {{ players }} at the table.
{% macro star() %}a ★ here{% endmacro %}
Last line.
"""
RENDERED = """# Rules
- step 0
- step 1
- step 2
Players: Ann ♦ Bob at the table.
Last line.
"""


def _place(offset_of: str, needle: str) -> tuple[int, int]:
    where = SourcePlaces(Path("rules.md"), SOURCE, RENDERED).at(RENDERED.index(offset_of), needle)
    return where.line, where.col


def test_a_line_jinja_left_alone_is_found_as_it_stands() -> None:
    assert _place("Last line", "L") == (8, 1)
    assert _place("Rules", "R") == (2, 3)


def test_a_line_made_by_a_loop_is_the_loop_body() -> None:
    assert _place("- step 2", "-") == (4, 1)


def test_a_line_made_from_data_is_the_template_line_most_like_it() -> None:
    assert _place("♦", "♦") == (6, 1)


def test_text_a_macro_made_is_found_where_the_macro_writes_it() -> None:
    rendered = RENDERED.replace("Last line.", "It is a ★ here.")
    where = SourcePlaces(Path("rules.md"), SOURCE, rendered).at(rendered.index("★"), "★")
    assert (where.line, where.col) == (7, 21)


@pytest.fixture
def boom_checkout(tmp_path: Path) -> Path:
    """A copy of •Boom's folder beside a copy of its templates (as in a checkout); returns
    the copied rulebook template."""
    shutil.copytree(cards_root() / "boom", tmp_path / "cards" / "boom")
    shutil.copytree(templates_root() / "boom", tmp_path / "templates" / "boom")
    return tmp_path / "templates" / "boom" / "rulebook.md"


def _edit_line(path: Path, pick: str, edit: str) -> int:
    """Put ``edit`` at the end of the first line holding ``pick``; that line's number."""
    lines = path.read_text(encoding="utf-8").split("\n")
    n = next(i for i, line in enumerate(lines) if pick in line)
    lines[n] += edit
    path.write_text("\n".join(lines), encoding="utf-8")
    return n + 1


@pytest.mark.parametrize(
    "pick",
    ["You also need **one six-sided die**", "| Money counters | {% for m in t.money %}"],
    ids=["plain-line", "jinja-line"],
)
def test_a_glyph_in_a_long_rulebook_is_found_on_its_line(boom_checkout: Path, pick: str) -> None:
    line = _edit_line(boom_checkout, pick, " ★")
    assert line > 30  # below the rulebook's 30-odd lines of {% set %} that render to nothing
    cards = boom_checkout.parents[2] / "cards"
    result = runner.invoke(app, ["validate", "boom", "--cards", str(cards)])
    assert result.exit_code == 1, result.output
    assert f"templates/boom/rulebook.md:{line}:" in result.output, result.output
    assert "rulebook.md uses '★', not in the rulebook font" in result.output


def test_a_missing_figure_in_a_long_rulebook_is_found_on_its_line(boom_checkout: Path) -> None:
    line = _edit_line(boom_checkout, "## Components", "\n\n![The box](box.svg)") + 2
    cards = boom_checkout.parents[2] / "cards"
    result = runner.invoke(app, ["validate", "boom", "--cards", str(cards)])
    assert result.exit_code == 1, result.output
    assert f"templates/boom/rulebook.md:{line}:1: error: figure: 'box.svg' not found" in (
        result.output
    )


def test_an_aid_back_too_small_names_its_key_and_file(mini_cards: Path) -> None:
    game = mini_cards / "mini" / "game.yaml"
    aid = (
        "components:\n  - kind: aid\n    id: help\n    title: Help\n    template: help.md\n"
        "    back: more.md\n    size: mini\n"
    )
    game.write_text(game.read_text() + aid)
    templates = mini_cards / "mini" / "templates"
    templates.mkdir()
    (templates / "help.md").write_text("# Help\n\nDraw a card.\n")
    (templates / "more.md").write_text("# More\n\n" + "Pass the die to the left. " * 300)
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert "mini/game.yaml:21:5: error: Help: the text does not fit the 44×64 mm aid" in (
        result.output
    )
    assert "shorten the text of back: 'more.md' (file " in result.output
