"""`pnp build --watch`: an edit to a card file is in the next PDF, a broken edit keeps the
last good output, a build never sets off the next one (wherever --out lies), and Ctrl-C
ends the watch."""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.build.watch import changed, snapshot, watch, watched_folders
from pnp.cli.app import app
from pnp.pool import run_in_child

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
"""A `pnp` started by a test runs this checkout, wherever its working directory."""


def test_snapshot_sees_edits_new_and_removed_files_but_not_the_output(tmp_path: Path) -> None:
    game = tmp_path / "game"
    out = game / "output"
    (game / "templates").mkdir(parents=True)
    out.mkdir()
    (game / "cards.yaml").write_text("a\n")
    (game / "templates" / "rulebook.md").write_text("# Rules\n")
    (game / ".cards.yaml.swp").write_text("editor state")
    (game / "cards.yaml~").write_text("backup")
    (out / "game-cards.pdf").write_text("pdf")
    before = snapshot([game], out)
    assert sorted(Path(p).name for p in before) == ["cards.yaml", "rulebook.md"]

    (game / "cards.yaml").write_text("a longer file\n")
    (game / "templates" / "rulebook.md").unlink()
    (game / "new.yaml").write_text("b\n")
    (out / "game-cards.pdf").write_text("a new pdf")
    after = snapshot([game], out)
    names = [Path(p).name for p in changed(before, after)]
    assert sorted(names) == ["cards.yaml", "new.yaml", "rulebook.md"]  # the PDF is not one
    assert changed(after, snapshot([game], out)) == []


def test_watched_folders_hold_each_folder_once(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    game = cards / "mini"
    game.mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    folders = watched_folders(game, tmp_path / "output")
    assert game.resolve() in folders and (tmp_path / "templates").resolve() in folders
    assert len(folders) == len(set(folders))
    for a in folders:
        assert not any(a != b and b in a.parents for b in folders), "no folder inside another"


def test_watch_builds_again_after_an_edit_and_reports_each_build(tmp_path: Path) -> None:
    card = tmp_path / "cards.yaml"
    card.write_text("name: Alpha\n")
    built: list[str] = []
    said: list[str] = []

    def build() -> int:
        built.append(card.read_text())
        if len(built) == 1:  # the user saves an edit while the first build runs
            time.sleep(0.01)
            card.write_text("name: Alpha Prime\n")
            return 0
        return 1

    watch(build, lambda: [tmp_path], tmp_path / "out", said.append, run=lambda b: b(), rounds=2)
    assert built == ["name: Alpha\n", "name: Alpha Prime\n"]
    assert said[0].startswith("built in ")
    assert said[1].startswith("\nchanged: ") and said[1].endswith("cards.yaml")
    assert said[2].startswith("not built, the last good output kept, in ")
    assert all(
        line.endswith("watching for changes (Ctrl-C to stop)") for line in (said[0], said[2])
    )


def test_each_build_runs_in_a_fresh_process_and_its_status_comes_back() -> None:
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    parent = os.getpid()
    assert run_in_child(lambda: 0 if os.getpid() != parent else 5) == 0
    assert run_in_child(lambda: 3) == 3


def test_watch_wants_one_game() -> None:
    result = runner.invoke(app, ["build", "--all", "--watch"])
    assert result.exit_code == 2
    assert "--watch follows one game" in result.output


def _wait_for(path: Path, text: str, seconds: float = 30.0) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = path.read_text() if path.exists() else ""
        if text in body:
            return body
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never came; output so far:\n{body}")


def _card_names(pdf: Path) -> str:
    return " ".join(p.extract_text() or "" for p in PdfReader(pdf).pages)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the watcher forks each build")
def test_cli_watch_rebuilds_on_save_keeps_the_last_good_output_and_stops_on_ctrl_c(
    mini_cards: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    log = tmp_path / "watch.log"
    cards = mini_cards / "mini" / "cards.yaml"
    cmd = [sys.executable, "-m", "pnp.cli.app", "build", "mini", "--watch"]
    with log.open("w") as sink:
        proc = subprocess.Popen(
            [*cmd, "--cards", str(mini_cards), "--out", str(out)],
            stdout=sink,
            stderr=subprocess.STDOUT,
            cwd=tmp_path,
            env=ENV,
        )
    try:
        _wait_for(log, "built in ")
        assert "Alpha" in _card_names(out / "mini-cards.pdf")

        cards.write_text(cards.read_text().replace("name: Alpha,", "name: Omega,"))
        deadline = time.monotonic() + 30
        while log.read_text().count("built in ") < 2:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        assert "changed: " in log.read_text()
        assert "Omega" in _card_names(out / "mini-cards.pdf")

        good = (out / "mini-cards.pdf").read_bytes()
        cards.write_text(cards.read_text() + "  - {id: delta, type: nope, name: Delta}\n")
        body = _wait_for(log, "not built, the last good output kept")
        assert "mini/cards.yaml:" in body and "Traceback" not in body
        assert (out / "mini-cards.pdf").read_bytes() == good
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=30)
    assert code == 0
    assert log.read_text().rstrip().endswith("stopped watching")


def _write_like_a_build(out: Path, n: int) -> None:
    """What a build leaves in its output folder: its lock file and a temporary while it
    writes, then its PDF, the manifest that lists it and an images folder."""
    out.mkdir(parents=True, exist_ok=True)
    (out / ".pnp-lock").write_text("")
    (out / ".mini-cards.pdf.k2j4h5g6.tmp").write_text("half a pdf")
    (out / "mini-cards.pdf").write_text(f"pdf number {n}")
    (out / "manifest.json").write_text(json.dumps({"files": [{"path": "mini-cards.pdf"}]}))
    (out / "images").mkdir(exist_ok=True)
    (out / "images" / "index.json").write_text(json.dumps({"tts": [f"sheet{n}.png"]}))
    (out / "images" / f"sheet{n}.png").write_text("png")
    (out / ".mini-cards.pdf.k2j4h5g6.tmp").unlink()
    if n % 2:  # a build killed mid-write leaves its lock file: hidden too
        (out / ".pnp-lock").unlink()


@pytest.mark.parametrize("where", ["inside", "game-folder", "link", "cards-folder"])
def test_a_build_never_sets_off_the_next_one_wherever_its_output_lies(
    tmp_path: Path, where: str
) -> None:
    cards = tmp_path / "cards"
    game = cards / "mini"
    game.mkdir(parents=True)
    (game / "cards.yaml").write_text("name: Alpha\n")
    out = {
        "inside": game / "output",
        "game-folder": game,
        "link": tmp_path / "out-link",
        "cards-folder": cards,
    }[where]
    if where == "link":  # --out names the game's output folder through a link
        (game / "output").mkdir()
        out.symlink_to(game / "output", target_is_directory=True)
    built: list[str] = []
    said: list[str] = []
    polls = 0

    def build() -> int:
        built.append((game / "cards.yaml").read_text())
        _write_like_a_build(out, len(built))
        return 0

    def folders() -> list[Path]:
        nonlocal polls
        polls += 1
        if polls == 6:  # the user's one edit, after five quiet looks
            (game / "cards.yaml").write_text("name: Omega\n")
        if polls == 12:
            raise KeyboardInterrupt
        return watched_folders(game, out)

    watch(build, folders, out, said.append, run=lambda b: b(), poll_s=0.01)
    assert built == ["name: Alpha\n", "name: Omega\n"], said
    changes = [line for line in said if line.startswith("\nchanged: ")]
    assert len(changes) == 1 and changes[0].endswith("cards.yaml"), changes
    assert said[-1] == "stopped watching"


def test_a_manifest_in_the_watched_folder_hides_only_the_files_it_lists(tmp_path: Path) -> None:
    game = tmp_path / "mini"
    (game / "images").mkdir(parents=True)
    (game / "cards.yaml").write_text("a\n")
    (game / "images" / "art.png").write_text("the user's own art, no pnp index")
    (game / "manifest.json").write_text(json.dumps({"files": [{"path": "mini-cards.pdf"}]}))
    (game / "mini-cards.pdf").write_text("pdf")
    found = sorted(Path(p).relative_to(game).as_posix() for p in snapshot([game], game))
    assert found == ["cards.yaml", "images/art.png"]
    (game / "manifest.json").write_text("{not json")  # a broken manifest hides itself alone
    found = sorted(Path(p).relative_to(game).as_posix() for p in snapshot([game], game))
    assert found == ["cards.yaml", "images/art.png", "mini-cards.pdf"]


def _count_builds(log: Path) -> int:
    return log.read_text().count("built in ")


@pytest.mark.parametrize("where", ["inside", "game-folder", "cards-folder"])
def test_cli_watch_builds_once_per_edit_wherever_out_lies(
    mini_cards: Path, tmp_path: Path, where: str
) -> None:
    game = mini_cards / "mini"
    out = {"inside": game / "out", "game-folder": game, "cards-folder": mini_cards}[where]
    log = tmp_path / "watch.log"
    cmd = [sys.executable, "-m", "pnp", "build", "mini", "--watch", "--cards", str(mini_cards)]
    with log.open("w") as sink:
        proc = subprocess.Popen(
            [*cmd, "--out", str(out)], stdout=sink, stderr=subprocess.STDOUT, env=ENV
        )
    try:
        _wait_for(log, "built in ")
        time.sleep(2.0)  # five looks at the folders: the build's own files are not an edit
        assert _count_builds(log) == 1, log.read_text()
        cards = game / "cards.yaml"
        cards.write_text(cards.read_text().replace("name: Alpha,", "name: Omega,"))
        deadline = time.monotonic() + 30
        while _count_builds(log) < 2:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        time.sleep(2.0)
        assert _count_builds(log) == 2, log.read_text()
        assert "Omega" in _card_names(out / "mini-cards.pdf")
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=30)
    assert code == 0, log.read_text()
    assert "Traceback" not in log.read_text()


def test_each_watch_build_is_a_call_that_pickles(
    mini_cards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the platform cannot fork, each build is sent to a new Python process."""
    import pnp.build.watch

    seen: list[object] = []
    monkeypatch.setattr(pnp.build.watch, "watch", lambda build, *rest: seen.append(build))
    args = ["build", "mini", "--watch", "--cards", str(mini_cards), "--jobs", "1"]
    result = runner.invoke(app, [*args, "--out", str(mini_cards / "out")])
    assert result.exit_code == 0, result.output
    again = pickle.loads(pickle.dumps(seen[0]))
    assert again() == 0  # the build itself, as the new process makes it
    assert (mini_cards / "out" / "mini-cards.pdf").is_file()


WARM_CHECK = """
import sys
from pathlib import Path
from pnp.build.deliver import deliver
from pnp.build.watch import watch
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game
gid, out = sys.argv[1], Path(sys.argv[2])
def build(jobs=0):  # as `pnp build GAME --watch`: the documents typeset by a worker
    deliver(load_game(gid), BuildOptions(), out, None, jobs=jobs)
    return 0
watch(build, lambda: [], out, lambda line: None, rounds=1)
warmed = set(sys.modules)
build(jobs=1)  # here, in this process: whatever it imports the watcher had not
print(" ".join(sorted(set(sys.modules) - warmed)) or "-")
print("pnp.render.rulebook" in warmed, "pnp.layout.tokens" in warmed)
"""


def test_the_watcher_has_imported_every_module_a_build_imports(tmp_path: Path) -> None:
    """After its first build the watcher holds every module the build imported, in its own
    process and in its workers: the next build, forked from it, imports none."""
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform: each build imports in a new process")
    done = subprocess.run(
        [sys.executable, "-c", WARM_CHECK, "smallprint", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=ENV,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    missed, warmed = done.stdout.splitlines()
    assert missed == "-", f"imported by a build, not by the watcher: {missed}"
    assert warmed == "True True"  # the typesetter's and the counters' modules among them
