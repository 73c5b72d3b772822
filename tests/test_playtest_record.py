"""The simulation record (playtest.yaml): written by `pnp simulate --record`, read by the
rulebook and the decisions, and played again with its seeds by the slow test below, so a
rules change that alters a printed figure fails until the record is regenerated."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import ValidationFailed
from pnp.cli.app import app
from pnp.games import engine_for
from pnp.plan.doc_text import rulebook_markdown, template_context
from pnp.sim.record import replay, run_of
from pnp.sim.runner import simulate
from pnp.spec.load import list_games, load_game
from pnp.spec.paths import cards_root
from pnp.spec.playtest import PLAYTEST_FILE

runner = CliRunner()
RECORDED = [g for g in list_games() if (cards_root() / g / PLAYTEST_FILE).is_file()]


def _copy(game: str, tmp_path: Path) -> Path:
    cards = tmp_path / "cards"
    shutil.copytree(cards_root() / game, cards / game)
    return cards


def test_the_bundled_games_with_claims_have_a_record() -> None:
    # the rulebooks of these three print figures from their record (decisions and
    # "Why these counts?"); without it the claims would silently vanish
    assert {"bidness", "boom", "oldbiddy"} <= set(RECORDED)


@pytest.mark.slow
@pytest.mark.parametrize("game", RECORDED)
def test_every_recorded_figure_is_what_the_seeds_play_today(game: str) -> None:
    g = load_game(game)
    assert g.record is not None
    engine = engine_for(g)
    assert engine is not None
    for key, run in g.record.runs.items():
        assert replay(engine, g, run) == run, f"{game} {key}: run `pnp simulate --record` again"


def test_record_writes_the_run_and_keeps_the_other_bots(tmp_path: Path) -> None:
    cards = _copy("oldbiddy", tmp_path)
    (cards / "oldbiddy" / PLAYTEST_FILE).unlink(missing_ok=True)
    for bots in ("random", "heuristic"):
        args = ["simulate", "oldbiddy", "--games", "6", "--bots", bots, "--seed", "3"]
        result = runner.invoke(app, [*args, "--record", "--cards", str(cards)])
        assert result.exit_code == 0, result.output
    g = load_game("oldbiddy", cards)
    assert g.record is not None and set(g.record.runs) == {"random", "heuristic"}
    run = g.record.runs["random"]
    assert (run.games, run.seed, run.players, run.bots) == (6, 3, 5, ["random"])
    report = simulate("oldbiddy", g, games=6, seed=3, bots=["random"])
    assert run_of(report, g) == run  # what the command wrote is what the runner reports
    assert run.length.min <= run.length.mean <= run.length.max
    gems = run.components["gems out of the supply"]
    assert gems.items["green"].printed == 60  # oldbiddy.txt: 60 gems of each colour
    assert not list((cards / "oldbiddy").glob(".*tmp"))  # written to a temporary name


def test_record_refuses_compare(tmp_path: Path) -> None:
    cards = _copy("bigidea", tmp_path)
    args = ["simulate", "bigidea", "--games", "2", "--compare", "startup", "--record"]
    result = runner.invoke(app, [*args, "--cards", str(cards)])
    assert result.exit_code == 2
    assert "--record" in result.output


def test_a_malformed_record_names_its_line(tmp_path: Path) -> None:
    cards = _copy("oldbiddy", tmp_path)
    path = cards / "oldbiddy" / PLAYTEST_FILE
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"games: \d+", "games: many", text, count=1), encoding="utf-8")
    with pytest.raises(ValidationFailed) as err:
        load_game("oldbiddy", cards)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if re.search(r"games: \d+", s))
    assert f"{PLAYTEST_FILE}:{line}:" in str(err.value)


def test_without_a_record_the_claims_are_left_out(tmp_path: Path) -> None:
    cards = _copy("bidness", tmp_path)
    with_record = rulebook_markdown(load_game("bidness", cards))
    (cards / "bidness" / PLAYTEST_FILE).unlink()
    without = rulebook_markdown(load_game("bidness", cards))
    assert "simulated games at" in with_record
    assert "simulated games at" not in without
    assert "{" not in without  # no field left unfilled


def test_the_printed_figures_are_the_record_s() -> None:
    g = load_game("bidness")
    assert g.record is not None
    run = g.record.runs["heuristic"]
    rule = next(
        d["rule"] for d in template_context(g)["examples"]["decisions"] if d["id"] == "card-list"
    )
    assert f"In {run.games:,} simulated games at {run.players} players" in rule
    assert f"lasted {run.length.mean:.1f} rounds on average" in rule
    assert f"(from {run.length.min} to {run.length.max})" in rule
    book = rulebook_markdown(load_game("boom"))
    random = load_game("boom").record.runs["random"]  # type: ignore[union-attr]
    assert f"In {random.games:,} simulated games at {random.players} players" in book


def test_short_games_count_a_game_once_whatever_ran_short() -> None:
    from pnp.sim.component_use import short_games

    printed = {"money": {"$1": 2, "$5": 1}}
    # game 0: both short; game 1: only $5; game 2: neither
    peaks = {("money", "$1"): [3, 2, 0], ("money", "$5"): [2, 2, 1]}
    assert short_games(printed, peaks) == {"money": 2}
