"""Nothing silent: what a build was asked for and cannot do, it says."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pnp.cli.app import app

runner = CliRunner()


def test_only_a_kind_the_game_lacks_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "boom", "--only", "board", "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert (
        "•Boom makes no board (it makes cards, tokens, track, aid, rulebook, box)" in result.output
    )
    assert list(tmp_path.iterdir()) == []


def test_only_kinds_the_game_partly_lacks_build_the_rest_and_say_so(tmp_path: Path) -> None:
    args = ["build", "boom", "--only", "board,track", "--out", str(tmp_path), "--jobs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "no board: •Boom makes none (--only board wrote nothing)" in result.output
    written = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("."))
    assert written == ["boom-ipo-track.pdf", "boom-start-here.pdf", "manifest.json"]


def test_all_passes_over_games_without_the_kind_and_names_each(tmp_path: Path) -> None:
    args = ["build", "--all", "--only", "screen", "--out", str(tmp_path), "--jobs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for name in ("Bidness", "The Big Idea", "•Boom", "Small Print"):
        assert f"no screen: {name} makes none (--only screen wrote nothing)" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["oldbiddy"]  # Old Biddy's screens


def test_an_expansion_given_twice_is_a_usage_error() -> None:
    result = runner.invoke(app, ["validate", "bigidea", "-x", "more-cards", "-x", "more-cards"])
    assert result.exit_code == 2, result.output
    assert "'more-cards' given twice" in result.output
    result = runner.invoke(app, ["validate", "bigidea", "-x", "more-cards,more-cards"])
    assert result.exit_code == 2, result.output


def test_jobs_beyond_the_cores_is_said_and_capped() -> None:
    from pnp.pool import usable_cores, worker_count

    cores = usable_cores()
    assert worker_count(100_000, 1_000) == cores  # never more processes than cores
    args = ["simulate", "smallprint", "--games", "4", "--jobs", "100000"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    note = f"note: --jobs 100000: this machine has {cores} usable cores; using {cores}"
    assert note in result.output


def test_list_shows_a_broken_game_with_its_first_error_and_lists_the_rest(
    tmp_path: Path,
) -> None:
    import shutil

    from pnp.spec.paths import cards_root

    for game in ("boom", "bidness"):
        shutil.copytree(cards_root() / game, tmp_path / game)
    spec = tmp_path / "boom" / "game.yaml"
    spec.write_text(spec.read_text(encoding="utf-8") + "name: [\n", encoding="utf-8")
    result = runner.invoke(app, ["list", "--cards", str(tmp_path)])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("bidness      Bidness  (2–6 players")
    assert lines[1].startswith("boom         cannot be read: ")
    assert "boom/game.yaml:" in lines[1] and "YAML syntax" in lines[1]
    spec.write_text((cards_root() / "boom" / "game.yaml").read_text(encoding="utf-8"))
    mended = runner.invoke(app, ["list", "--cards", str(tmp_path)])  # not kept in the cache
    assert mended.exit_code == 0, mended.output
    assert "•Boom" in mended.output


def test_ctrl_c_stops_a_parallel_simulation_at_once_and_keeps_the_games_played() -> None:
    """Ctrl-C reaches the whole process group: within about a second the run ends (exit
    130) and reports the games the workers had finished, not 0."""
    import os
    import re
    import signal
    import subprocess
    import sys
    import time

    args = ["simulate", "bidness", "--games", "20000", "--jobs", "2", "--bots", "random"]
    run = subprocess.Popen(
        [sys.executable, "-m", "pnp", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(4)
    start = time.monotonic()
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=30)
    assert time.monotonic() - start < 2.5, err
    assert run.returncode == 130, err
    assert "Traceback" not in err
    played = int(re.match(r"bidness: (\d+) games", out).group(1))  # type: ignore[union-attr]
    assert 0 < played < 20000, out


def test_an_unknown_icon_message_never_suggests_the_name_it_refused(tmp_path: Path) -> None:
    """A folder or dangling link named star.svg is no icon: the message used to read
    "unknown icon 'star'; did you mean 'star'?"."""
    import pytest

    from pnp._errors import DataError
    from pnp.text.icons import find_icon

    icons = tmp_path / "templates" / "icons"
    (icons / "star.svg").mkdir(parents=True)
    (icons / "moon.svg").symlink_to(tmp_path / "missing.svg")
    with pytest.raises(DataError) as err:
        find_icon("star", [icons])
    assert err.value.message == "unknown icon 'star'; no icons in templates/icons/"
    (icons / "sun.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" '
        'height="5"/></svg>'
    )
    with pytest.raises(DataError) as err:
        find_icon("star", [icons])
    assert err.value.message == "unknown icon 'star'; icons: sun"
