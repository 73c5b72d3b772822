"""`pnp new game`: a designer's own game, without a rules engine, validates and builds at once
from the folder it was made in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app

runner = CliRunner()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_new_game_validates_and_builds_from_where_it_was_made(here: Path) -> None:
    made = runner.invoke(app, ["new", "game", "space-race"])
    assert made.exit_code == 0, made.output
    assert "pnp build space-race" in made.output
    assert (here / "cards/space-race/game.yaml").is_file()
    # the message counts and names what is on disk (it once built from three and said two)
    written = sorted(
        p.relative_to(here / "cards/space-race").as_posix()
        for p in (here / "cards/space-race").rglob("*")
        if p.is_file()
    )
    assert written == ["cards.yaml", "game.yaml", "templates/rulebook.md"]
    assert (
        "created cards/space-race (3 files): game.yaml, cards.yaml and templates/rulebook.md"
        in made.output
    )
    checked = runner.invoke(app, ["validate", "space-race"])
    assert checked.exit_code == 0, checked.output
    assert "0 error(s)" in checked.output and "no rules engine" in checked.output
    built = runner.invoke(app, ["build", "space-race"])
    assert built.exit_code == 0, built.output
    assert "read cards/space-race/ (3 files)" in built.output
    assert not (here / "output/space-race/.pnp-lock").exists()  # the build took its lock away
    manifest = json.loads((here / "output/space-race/manifest.json").read_text())
    kinds = sorted(f["kind"] for f in manifest["files"])
    assert kinds == ["board", "box", "cards", "guide", "rulebook", "tokens"]
    cards = next(f for f in manifest["files"] if f["kind"] == "cards")
    # the skeleton's deck: 3 + 1 + 6 + 2 copies
    assert sum(len(p["items"]) for p in cards["pages"] if p["side"] == "front") == 12


def test_a_game_without_engine_cannot_be_simulated(here: Path) -> None:
    runner.invoke(app, ["new", "game", "space-race"])
    result = runner.invoke(app, ["simulate", "space-race"])
    assert result.exit_code != 0
    assert "no rules engine" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Space Race", "must be lowercase letters, digits and dashes"),
        ("boom", "there is a game 'boom' already"),
        ("-x", "must be lowercase letters"),
    ],
)
def test_new_game_refuses_bad_or_taken_names(here: Path, name: str, message: str) -> None:
    result = runner.invoke(
        app, ["new", "game", "--", name] if name.startswith("-") else ["new", "game", name]
    )
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (here / "cards").exists() or not any((here / "cards").iterdir())


def test_new_game_never_overwrites(here: Path) -> None:
    assert runner.invoke(app, ["new", "game", "space-race"]).exit_code == 0
    card_file = here / "cards/space-race/cards.yaml"
    card_file.write_text("deck: main\ncards: []\n")
    again = runner.invoke(app, ["new", "game", "space-race"])
    assert again.exit_code == 2 and "already" in again.output
    assert card_file.read_text() == "deck: main\ncards: []\n"


def test_new_expansion_of_an_installed_game_works_on_a_copy_in_cards(
    here: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from pnp.spec import scaffold
    from pnp.spec.paths import cards_root

    bundled = tmp_path_factory.mktemp("site") / "cards"
    shutil.copytree(cards_root(), bundled)
    bundled.chmod(0o555)
    monkeypatch.setattr(scaffold, "is_installed", lambda: True)
    monkeypatch.setattr(scaffold, "cards_root", lambda: bundled)
    monkeypatch.setattr("pnp.spec.paths.cards_root", lambda: bundled)
    made = runner.invoke(app, ["new", "expansion", "bigidea", "office-life"])
    assert made.exit_code == 0, made.output
    assert (here / "cards/bigidea/expansions/office-life/expansion.yaml").is_file()
    assert not (bundled / "bigidea/expansions/office-life").exists()
    built = runner.invoke(app, ["build", "bigidea", "-x", "office-life", "--only", "cards"])
    assert built.exit_code == 0, built.output
