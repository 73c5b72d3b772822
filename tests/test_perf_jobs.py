"""`--jobs N`: work spread over processes gives exactly what one process gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import PnpError
from pnp.build.game import build_game
from pnp.build.output import OutputFile, write_all
from pnp.cli.app import app
from pnp.games import get_engine
from pnp.layout.pages import Page
from pnp.plan.settings import BuildOptions
from pnp.pool import chunks, run_grouped, run_in_order, usable_cores, worker_count
from pnp.sim.results import without_timing
from pnp.sim.runner import game_seeds, play_games, simulate
from pnp.spec.load import list_games, load_game

runner = CliRunner()
GAMES = list_games()


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.startswith(".")}


@pytest.mark.parametrize("gid", GAMES)
def test_build_in_three_processes_is_byte_identical_to_one(gid: str, tmp_path: Path) -> None:
    game = load_game(gid)
    one = build_game(game, BuildOptions(), tmp_path / "one", jobs=1)
    three = build_game(game, BuildOptions(), tmp_path / "three", jobs=3)
    assert [p.name for p in one] == [p.name for p in three]
    assert len(one) >= 3, "a build of several files, or the pool has nothing to share"
    assert _files(tmp_path / "one") == _files(tmp_path / "three")
    manifest = json.loads((tmp_path / "three" / "manifest.json").read_text())
    rulebooks = [f for f in manifest["files"] if f["kind"] == "rulebook"]
    assert all(f["pages"] for f in rulebooks), "a rulebook's pages are known once drawn"


def test_cli_build_jobs_writes_what_one_process_writes(tmp_path: Path) -> None:
    for jobs in ("1", "0"):
        out = tmp_path / jobs
        result = runner.invoke(app, ["build", "boom", "--out", str(out), "--jobs", jobs])
        assert result.exit_code == 0, result.output
    assert _files(tmp_path / "1") == _files(tmp_path / "0")


def test_a_file_failing_in_a_worker_leaves_the_last_good_build(tmp_path: Path) -> None:
    def fine(path: Path) -> None:
        path.write_bytes(b"new")

    def broken(path: Path) -> None:
        raise PnpError("this file cannot be drawn")

    page = [Page((210.0, 297.0))]
    (tmp_path / "a.pdf").write_bytes(b"old")
    files = [OutputFile("a.pdf", "cards", page, fine), OutputFile("b.pdf", "aid", page, broken)]
    with pytest.raises(PnpError, match="cannot be drawn"):
        write_all(tmp_path, files, {"game": "x"}, jobs=2)
    assert (tmp_path / "a.pdf").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf"]


@pytest.mark.parametrize("gid", GAMES)
def test_simulation_report_is_the_same_for_every_jobs(gid: str) -> None:
    game = load_game(gid)
    engine = get_engine(game.spec.engine or gid)
    # 130 games: about four pieces per worker, so the pool really splits the run
    reports = [
        simulate(engine, game, games=130, seed=7, bots=["random", "heuristic"], jobs=jobs)
        for jobs in (1, 2, 0)
    ]
    assert reports[0].games == 130
    assert reports[0].to_dict() == reports[1].to_dict() == reports[2].to_dict()


def test_tallies_of_consecutive_runs_join_into_the_tally_of_one_run() -> None:
    game = load_game("boom")
    engine = get_engine("boom")
    seeds = game_seeds(3, 40)
    whole = play_games(engine, game, 4, ["random"], seeds, 20_000)
    first = play_games(engine, game, 4, ["random"], seeds[:15], 20_000)
    first.join(play_games(engine, game, 4, ["random"], seeds[15:], 20_000))
    assert first == whole and whole.played == 40


def test_cli_simulate_jobs_prints_the_same_report() -> None:
    args = ["simulate", "boom", "--games", "120", "--seed", "3", "--json"]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    two = runner.invoke(app, [*args, "-j", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert without_timing(json.loads(one.stdout)) == without_timing(json.loads(two.stdout))


def test_negative_jobs_is_a_usage_error() -> None:
    result = runner.invoke(app, ["simulate", "boom", "--jobs", "-1"])
    assert result.exit_code == 2
    assert "--jobs" in result.output and "Traceback" not in result.output


def test_pieces_cover_every_game_once_in_order() -> None:
    for total in (1, 49, 130, 10_001, 1_000_000):
        pieces = chunks(total, 2)
        assert [i for r in pieces for i in r] == list(range(total))
        assert all(len(r) <= 2000 for r in pieces)
    cores = usable_cores()
    workers = min(2, cores)
    # about four pieces per worker: ceil(130 / (workers × 4)) games each
    assert len(chunks(130, 2)[0]) == -(-130 // (workers * 4))
    # few long games still reach every worker: 20 games on 2 workers, pieces of 3
    # (they used to be one piece of 50: one process played all 20)
    sizes = [len(r) for r in chunks(20, 2)]
    assert len(sizes) >= 2 * workers and max(sizes) == -(-20 // (workers * 4))
    assert [len(r) for r in chunks(cores, 0)] == [1] * cores  # a game for every core
    assert worker_count(8, 3) == min(3, cores)  # never more than pieces of work, nor cores
    assert worker_count(cores + 5, 100) == cores
    assert worker_count(1, 100) == 1


def _square(n: int) -> int:
    return n * n


def test_results_come_back_in_the_order_of_the_work() -> None:
    work = list(range(40))
    assert list(run_in_order(_square, work, 3)) == [n * n for n in work]


@pytest.mark.parametrize("where", ["here", "worker", "typesetter"])
def test_a_layout_error_reads_the_same_whether_found_in_a_worker_or_not(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With workers each file is laid out where it is drawn; an error there (here, in a
    forked worker, or in the typesetter the command line starts first) is the same one
    line, and the last good build stays."""
    import pnp.render.aid
    from pnp._errors import LayoutError
    from pnp.build import typesetter

    game = load_game("boom")
    out = tmp_path / "out"
    build_game(game, BuildOptions(), out, jobs=1)
    before = _files(out)

    def too_long(*args: object, **kwargs: object) -> None:
        raise LayoutError("Play summary: the text does not fit the 63×89 mm aid panel")

    monkeypatch.setattr(pnp.render.aid, "lay_out_aid", too_long)
    if where == "typesetter":
        assert typesetter.start(2) is not None  # forked now: it has the patch too
    try:
        with pytest.raises(LayoutError) as err:
            build_game(load_game("boom"), BuildOptions(), out, jobs=1 if where == "here" else 2)
    finally:
        typesetter.stop()
    assert str(err.value) == "Play summary: the text does not fit the 63×89 mm aid panel"
    assert _files(out) == before


def test_documents_set_by_the_typesetter_are_the_bytes_one_process_writes(
    tmp_path: Path,
) -> None:
    from pnp.build import typesetter

    game = load_game("smallprint")
    one = build_game(game, BuildOptions(), tmp_path / "one", jobs=1)
    setter = typesetter.start(0)
    assert setter is not None and typesetter.running() is setter
    try:
        beside = build_game(load_game("smallprint"), BuildOptions(), tmp_path / "beside", jobs=0)
    finally:
        typesetter.stop()
    assert [p.name for p in one] == [p.name for p in beside]
    assert _files(tmp_path / "one") == _files(tmp_path / "beside")
    assert typesetter.running() is None and not setter.alive()


def test_one_job_starts_no_typesetter() -> None:
    from pnp.build import typesetter

    assert typesetter.start(1) is None
    assert typesetter.running() is None


def _where(n: int) -> tuple[int, int]:
    import os

    if n == 13:
        raise ValueError("item 13 fails")
    if n == 3:
        raise ValueError("item 3 fails")
    return n, os.getpid()


def test_grouped_work_runs_each_group_in_one_process_and_the_first_here() -> None:
    import os

    items = [0, 1, 2, 4, 5, 6]
    groups = [[0, 2, 4], [1, 3, 5]]
    out = run_grouped(_where, items, groups, jobs=2)
    assert [n for n, _ in out] == items  # in the order of the items, not of the groups
    pids = [pid for _, pid in out]
    assert {pids[i] for i in groups[0]} == {os.getpid()}  # the first group ran here
    (worker,) = {pids[i] for i in groups[1]}
    assert worker != os.getpid()
    assert run_grouped(_where, items, groups, jobs=1) == [(n, os.getpid()) for n in items]


def test_grouped_work_raises_the_error_one_process_would_stop_at() -> None:
    # item 13 (this process's group) fails before item 3 in the order of the work is
    # reached by the worker; one process would stop at item 3, and so does the group run
    items = [0, 1, 3, 4, 13]
    for jobs in (1, 2):
        with pytest.raises(ValueError, match="item 3 fails"):
            run_grouped(_where, items, [[4, 0], [1, 2, 3]], jobs=jobs)


FORKING_BUILD = """
import os, sys
from pathlib import Path
from pnp.build.game import build_game
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game
forks, fork = [], os.fork
os.fork = lambda: forks.append(1) or fork()
only = frozenset(sys.argv[2].split(",")) if sys.argv[2] else None
build_game(load_game("boom"), BuildOptions(), Path(sys.argv[1]), only, jobs=0)
typesetting = ("reportlab.platypus", "markdown_it")
print(len(forks), sorted(m for m in typesetting if m in sys.modules))
"""
"""A fresh process that builds •Boom with one process per core and prints how many it
forked and which typesetting modules it imported itself."""


def _build_counting_forks(out: Path, only: str = "") -> str:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", FORKING_BUILD, str(out), only],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_a_two_process_build_typesets_its_documents_in_the_worker_alone(tmp_path: Path) -> None:
    # one worker, whatever the cores: this process draws the sheets, the worker the
    # rulebook and aids, and only the worker imports what typesets them
    assert _build_counting_forks(tmp_path / "out") == "1 []"
    assert (tmp_path / "out" / "boom-rulebook.pdf").stat().st_size > 10_000


def test_grouped_work_runs_here_where_no_worker_can_be_started(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    def no_processes_left() -> int:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_processes_left)
    out = run_grouped(_where, [0, 1, 2], [[0], [1, 2]], jobs=2)
    assert out == [(n, os.getpid()) for n in (0, 1, 2)]


def test_a_first_build_failing_while_drawing_leaves_no_folder(tmp_path: Path) -> None:
    def broken(path: Path) -> None:
        raise PnpError("this file cannot be drawn")

    page = [Page((210.0, 297.0))]
    out = tmp_path / "new" / "deeper"
    for jobs in (1, 2):
        files = [
            OutputFile("a.pdf", "cards", page, broken),
            OutputFile("b.pdf", "aid", page, broken),
        ]
        with pytest.raises(PnpError, match="cannot be drawn"):
            write_all(out, files, {"game": "x"}, jobs=jobs)
        assert list(tmp_path.iterdir()) == []


def test_a_build_of_sheets_alone_stays_in_one_process(tmp_path: Path) -> None:
    forks, _ = _build_counting_forks(tmp_path / "out", "cards,tokens").split(" ", 1)
    assert forks == "0", "nothing to typeset: no worker is started"
    assert sorted(p.name for p in (tmp_path / "out").glob("*.pdf")) == [
        "boom-cards.pdf",
        "boom-counters.pdf",
        "boom-start-here.pdf",
    ]


CLI_BUILD = """
import atexit, os, sys
from pnp.cli.app import main

def when_done():  # pnp's exit handlers run as it ends (pnp.cli.process)
    typesetting = ("reportlab.platypus", "markdown_it")
    try:
        left = [os.waitpid(-1, os.WNOHANG)]  # a child still running, or ended and not reaped
    except ChildProcessError:
        left = []
    print(sorted(m for m in typesetting if m in sys.modules), left)

atexit.register(when_done)
sys.argv = ["pnp", "build", *sys.argv[1:]]
main()
"""
"""`pnp build` in a fresh process: its exit code, which typesetting modules this process
imported itself, and the processes it left running."""


def _cli_build(*args: str) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", CLI_BUILD, *args], capture_output=True, text=True)
    return f"{done.returncode} {done.stdout.strip().splitlines()[-1]}"


def test_the_command_line_typesets_documents_beside_the_sheets(tmp_path: Path) -> None:
    """`pnp build` starts its typesetter first, so that platypus loads while
    this process loads the game; the PDFs are those of one process."""
    assert _cli_build("boom", "--out", str(tmp_path / "beside")) == "0 [] []"
    assert _cli_build("boom", "--jobs", "1", "--out", str(tmp_path / "one")).startswith("0 ['")
    assert _files(tmp_path / "one") == _files(tmp_path / "beside")


def test_a_build_that_fails_early_stops_its_typesetter(mini_cards: Path) -> None:
    (mini_cards / "mini" / "cards.yaml").write_text("cards: [unclosed\n")
    result = _cli_build("mini", "--cards", str(mini_cards), "--out", str(mini_cards / "out"))
    assert result == "1 [] []"
