"""The record belongs to the user's game and says what it was made with: `--record` refuses
a bundled game or a destination it cannot write before any game is played, leaves the
record alone when interrupted, and `validate` finds impossible figures (more in
fixtures/bad/playtest-*) and runs made with other data than the game has now, whose
figures the rulebook leaves out."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.check.playtest import record_findings
from pnp.cli.app import app
from pnp.games.inputs import record_inputs
from pnp.plan.doc_text import rulebook_markdown
from pnp.spec.load import load_game
from pnp.spec.paths import cards_root
from pnp.spec.playtest import PLAYTEST_FILE
from tests.conftest import FIXTURES

runner = CliRunner()
RECORD = ["--games", "6", "--seed", "3", "--bots", "random", "--record"]


def _copy(game: str, tmp_path: Path) -> Path:
    cards = tmp_path / "cards"
    shutil.copytree(cards_root() / game, cards / game)
    return cards


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """The playtest.yaml of a copy of Old Biddy (quick to simulate)."""
    return _copy("oldbiddy", tmp_path) / "oldbiddy" / PLAYTEST_FILE


def _record(cards: Path, *more: str) -> str:
    result = runner.invoke(app, ["simulate", "oldbiddy", *RECORD, *more, "--cards", str(cards)])
    return f"{result.exit_code}\n{result.output}"


def test_record_refuses_a_game_bundled_in_the_installed_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundled = tmp_path / "site" / "cards"
    shutil.copytree(cards_root() / "oldbiddy", bundled / "oldbiddy")
    before = (bundled / "oldbiddy" / PLAYTEST_FILE).read_bytes()
    monkeypatch.setattr("pnp.sim.record.is_installed", lambda: True)
    monkeypatch.setattr("pnp.sim.record.cards_root", lambda: bundled)
    monkeypatch.setattr("pnp.spec.paths.cards_root", lambda: bundled)
    monkeypatch.chdir(tmp_path)  # no ./cards here: the bundled game is the one found
    result = runner.invoke(app, ["simulate", "oldbiddy", *RECORD])
    assert result.exit_code == 2, result.output
    copy = f"mkdir -p cards && cp -r {bundled / 'oldbiddy'} cards/"
    again = "pnp simulate oldbiddy --record --games 6 --seed 3 --bots random"
    assert f"record the copy: {copy} && {again}" in result.output
    assert "completion" not in result.output  # refused before any game was played
    assert (bundled / "oldbiddy" / PLAYTEST_FILE).read_bytes() == before


def test_record_refuses_a_folder_or_a_link_to_nothing_before_playing(
    record: Path, tmp_path: Path
) -> None:
    path, cards = record, record.parent.parent
    path.unlink()
    path.mkdir()
    out = _record(cards)
    assert out.startswith("1\n") and "playtest.yaml: " not in out
    assert "oldbiddy/playtest.yaml:1:1: error: the file is a folder, not a regular file" in out
    assert "completion" not in out
    path.rmdir()
    path.symlink_to(tmp_path / "elsewhere.yaml")
    out = _record(cards)
    assert "oldbiddy/playtest.yaml:1:1: error: the file is a link in a loop or to nothing" in out
    assert out.startswith("1\n") and "completion" not in out
    assert not (tmp_path / "elsewhere.yaml").exists()


def test_record_refuses_a_read_only_folder_or_file_naming_the_record(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, cards = record, record.parent.parent
    before = path.read_bytes()
    access = os.access
    for denied, why in (
        (path.parent, f"the folder {path.parent} is read-only"),
        (path, "the file is read-only"),
    ):
        # root may write anywhere: os.access is asked to say no
        monkeypatch.setattr(
            os, "access", lambda p, mode, d=denied: Path(p) != d and access(p, mode)
        )
        out = _record(cards)
        assert out.startswith("1\n") and "completion" not in out, out
        assert f"oldbiddy/playtest.yaml:1:1: error: cannot write the record: {why}" in out
    assert path.read_bytes() == before


def test_record_writes_through_a_link_inside_the_game_folder(record: Path) -> None:
    kept = record.parent / "records" / "runs.yaml"
    kept.parent.mkdir()
    record.rename(kept)
    record.symlink_to(Path("records") / "runs.yaml")
    assert _record(record.parent.parent).startswith("0\n")
    assert record.is_symlink()
    assert "games: 6" in kept.read_text(encoding="utf-8")


def test_ctrl_c_records_nothing_and_says_so(record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.sim import runner as sim_runner

    path, cards = record, record.parent.parent
    before = path.read_bytes()
    played = []
    real = sim_runner.play_out

    def interrupted(*args: object) -> object:
        played.append(1)
        if len(played) == 3:
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(sim_runner, "play_out", interrupted)
    out = _record(cards)
    assert out.startswith("130\n"), out
    assert "interrupted after 2 of 6 games" in out
    assert f"nothing recorded: {path} is as it was" in out
    assert "Traceback" not in out
    assert path.read_bytes() == before
    assert not list(path.parent.glob(".*tmp"))


def test_a_run_made_with_other_data_warns_with_its_renewal_and_leaves_the_book(
    tmp_path: Path,
) -> None:
    cards = _copy("boom", tmp_path)
    game_file = cards / "boom" / "game.yaml"
    book = rulebook_markdown(load_game("boom", cards))
    assert "In 2,000 simulated games at 5 players" in book
    game_file.write_text(
        game_file.read_text().replace("stock_per_firm: 19", "stock_per_firm: 25"), "utf-8"
    )
    g = load_game("boom", cards)
    warnings = [str(f) for f in record_findings(g)]
    lines = (cards / "boom" / PLAYTEST_FILE).read_text().splitlines()
    inputs = [i for i, line in enumerate(lines, 1) if line == "    inputs:"]
    assert [w.split(": warning: ")[0] for w in warnings] == [
        f"{cards / 'boom' / PLAYTEST_FILE}:{line}:5" for line in inputs
    ]
    assert "run 'heuristic' was made with other data than the game has now (" in warnings[0]
    assert "stock counters kleptomatic: 19 printed then, 25 now" in warnings[0]
    assert warnings[0].endswith(
        "renew it with: pnp simulate boom --record --games 2000 --seed 1 --players 5 "
        f"--bots heuristic --cards {cards}"
    )
    book = rulebook_markdown(g)
    assert "The 25 stock counters per firm" in book
    assert "simulated games at" not in book  # no figure measured for 19 beside the 25


def test_the_command_a_stale_warning_gives_renews_the_run(record: Path) -> None:
    cards = record.parent.parent
    record.unlink()
    assert _record(cards).startswith("0\n")
    assert record_findings(load_game("oldbiddy", cards)) == []
    game_file = cards / "oldbiddy" / "game.yaml"
    game_file.write_text(
        game_file.read_text().replace("gems_per_colour: 60", "gems_per_colour: 70"), "utf-8"
    )
    (warning,) = record_findings(load_game("oldbiddy", cards))
    assert "gems out of the supply green: 60 printed then, 70 now" in warning.message
    command = shlex.split(warning.message.split("renew it with: ")[1])
    assert command[:2] == ["pnp", "simulate"]
    assert runner.invoke(app, command[1:]).exit_code == 0
    g = load_game("oldbiddy", cards)
    assert record_findings(g) == []
    assert g.record is not None
    assert g.record.runs["random"].components["gems out of the supply"].items["green"].printed == 70


def test_a_run_without_a_fingerprint_is_stale(tmp_path: Path) -> None:
    cards = _copy("bidness", tmp_path)
    path = cards / "bidness" / PLAYTEST_FILE
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(
        "".join(
            s for s in lines if not s.startswith(("    inputs:", "      data:", "      rules:"))
        )
    )
    g = load_game("bidness", cards)
    assert g.record is not None and all(r.inputs is None for r in g.record.runs.values())
    warnings = record_findings(g)
    assert len(warnings) == 2
    assert "keeps no fingerprint of the data it was made with" in warnings[0].message
    assert "simulated games at" not in rulebook_markdown(g)


def test_a_rule_added_or_removed_makes_a_run_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    import pnp.games.oldbiddy as engine

    monkeypatch.setattr(engine, "RULES", engine.RULES[:-1])
    warnings = record_findings(load_game("oldbiddy"))
    assert warnings and all("(the rules the engine lists)" in w.message for w in warnings)


def test_the_fingerprint_is_the_same_in_every_process_and_sees_expansions() -> None:
    code = "from pnp.spec.load import load_game; from pnp.games.inputs import record_inputs; "
    code += "print(record_inputs(load_game('bigidea')))"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert seen == {f"{record_inputs(load_game('bigidea'))}\n"}
    more = record_inputs(load_game("bigidea", expansions=["more-cards"]))
    assert more is not None and more.data != record_inputs(load_game("bigidea")).data  # type: ignore[union-attr]


def test_a_run_with_an_expansion_is_checked_with_that_expansion(tmp_path: Path) -> None:
    cards = _copy("bigidea", tmp_path)
    args = ["simulate", "bigidea", "--games", "2", "--bots", "random", "-x", "more-cards"]
    result = runner.invoke(app, [*args, "--record", "--cards", str(cards)])
    assert result.exit_code == 0, result.output
    g = load_game("bigidea", cards)
    assert g.record is not None and "random+more-cards" in g.record.runs
    assert record_findings(g) == []


BASE = (FIXTURES / "bad" / "playtest-min-above-max" / "mini" / PLAYTEST_FILE).read_text()


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        (
            "  random:",
            "  heuristic:",
            "3:3",
            "a run is kept under its bots and expansions: 'random', not 'heuristic'",
        ),
        ("players: 4", "players: 9", "6:5", "Mini plays with 2 to 4 players"),
        ("timeouts: 0", "timeouts: 5", "10:5", "2,000 completed and 5 timed out make 2,005"),
        (
            "completed: 2000",
            "completed: 0\n    timeouts: 2000",
            "11:5",
            "no game completed, so every length figure is 0",
        ),
        (
            "red: {printed: 10, peak: 11, short_games: 3}",
            "red: {printed: 10, peak: 11, short_games: 4}",
            "16:40",
            "short in 4 games, more than its group (3)",
        ),
    ],
)
def test_figures_wrong_together_are_errors_at_their_key(
    mini_cards: Path, old: str, new: str, where: str, message: str
) -> None:
    text = BASE.replace("min: 12", "min: 5")
    assert old in text
    text = text.replace(old, new, 1)
    if "timeouts: 2000" in text:
        text = text.replace("    timeouts: 0\n", "")
    (mini_cards / "mini" / PLAYTEST_FILE).write_text(text, encoding="utf-8")
    found = [str(f) for f in record_findings(load_game("mini", mini_cards))]
    path = mini_cards / "mini" / PLAYTEST_FILE
    assert any(f.startswith(f"{path}:{where}: error: {message}") for f in found), found
