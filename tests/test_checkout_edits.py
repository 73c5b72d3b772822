"""Edit-and-rebuild from a checkout: pnp reads ./cards (and the templates beside it) before
the copy bundled at install time, so a change a user makes shows in the next PDF."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.spec.load import game_dir, list_games, load_game
from pnp.spec.paths import cards_root, templates_root

runner = CliRunner()


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the checkout's data folders, as the current directory."""
    shutil.copytree(cards_root(), tmp_path / "cards")
    shutil.copytree(templates_root(), tmp_path / "templates")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_an_edited_card_shows_in_the_rebuilt_pdf(checkout: Path) -> None:
    play = checkout / "cards" / "boom" / "play.yaml"
    play.write_text(play.read_text().replace("name: Synergizr", "name: Quuxotic"))
    result = runner.invoke(app, ["build", "boom", "--only", "cards"])
    assert result.exit_code == 0, result.output
    # game.yaml, two card files and playtest.yaml (the record the rulebook prints from)
    assert "•Boom: read cards/boom/ (4 files), wrote to output/boom/" in result.output
    listed = runner.invoke(app, ["list"])
    assert "in cards/boom/" in listed.output
    text = _pdf_text(checkout / "output" / "boom" / "boom-cards.pdf")
    assert "QUUXOTIC" in text.upper() and "SYNERGIZR" not in text.upper()  # names set in capitals


def test_an_edited_rulebook_template_shows_in_the_rebuilt_pdf(checkout: Path) -> None:
    book = checkout / "templates" / "boom" / "rulebook.md"
    book.write_text(book.read_text() + "\n\nHouse rule: the dealer wears a hat.\n")
    result = runner.invoke(app, ["build", "boom", "--only", "rulebook"])
    assert result.exit_code == 0, result.output
    assert "the dealer wears a hat" in _pdf_text(checkout / "output/boom/boom-rulebook.pdf")


def test_lookup_order_cards_option_then_local_then_bundled(checkout: Path, tmp_path: Path) -> None:
    shutil.rmtree(checkout / "cards" / "bigidea")
    assert game_dir("boom") == Path("cards/boom")  # ./cards first
    assert game_dir("bigidea") == cards_root() / "bigidea"  # not there: the bundled copy
    assert {"boom", "bigidea"} <= set(list_games())
    other = tmp_path / "elsewhere"
    shutil.copytree(checkout / "cards" / "boom", other / "boom")
    assert game_dir("boom", other) == other / "boom"  # --cards wins, and alone
    assert list_games(other) == ["boom"]


def test_a_game_knows_the_files_it_was_read_from(checkout: Path) -> None:
    game = load_game("boom")
    names = sorted(p.name for p in game.files())
    assert names == ["events.yaml", "game.yaml", "play.yaml", "playtest.yaml"]
    assert game.template_dirs()[:3] == [
        Path("cards/boom/templates"),
        Path("templates/boom"),
        Path("templates"),
    ]
