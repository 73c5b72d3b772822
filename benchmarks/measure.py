"""Measure pnp's figures side by side in one run and write them to benchmarks/RESULTS.md.

    pip install -e '.[bench]'
    python benchmarks/measure.py [--repeat 5] [--games-small 200] [--games-large 1200]

From the project root. Each figure comes with the command that gives it:

- imports: what a process pays to import the libraries a build needs and the floor does
  not (Typer, pydantic with pnp's models, PyYAML, Jinja2; platypus and markdown-it for
  rulebooks and aids), and the least ratio that leaves each build;
- builds: every game in ``cards/``, the whole ``pnp build GAME --pdf`` process against
  the whole same-pages floor process (``same_pages.py --replay``, given by ``--floor``: the
  same pages drawn by reportlab alone), the two runs interleaved so that load on the
  machine falls on both alike; median of ``--repeat`` runs and their ratio; the same
  build kept to one process (``--jobs 1``); then ``--only cards`` against the floor for
  the cards file alone;
- watch: a rebuild in ``pnp build GAME --watch`` (forked from a watcher that has imported
  what its first build imported, as the watcher does on each save) against the whole-build
  floor;
- peak memory (max RSS) of each whole build, and of a synthetic deck of growing size;
- start-up: ``pnp --help``, ``pnp list``, ``pnp validate --help`` (and bare Python);
- simulations: random-bot games per second on one core for every game with an engine,
  the slope between a small and a large run (start-up excluded), beside a fixed
  pure-Python calibration loop timed in the same run, so the figure travels.

Wall times on a shared machine are noisy: CPU seconds (user + system) of the same
processes are given beside them.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = [Path(os.environ.get("PNP_FLOOR", "same_pages.py"))]
"""The same-pages floor script (``--floor``, or the environment's ``PNP_FLOOR``): a plain
reportlab script that replays a build's pages; it is not part of pnp."""
PY = sys.executable
PNP = [PY, "-m", "pnp.cli.app"]


@dataclass
class Run:
    wall: float
    cpu: float
    rss_mb: float


def run(cmd: Sequence[str]) -> Run:
    """One whole process: wall seconds, CPU seconds, peak resident memory."""
    start = time.perf_counter()
    proc = subprocess.Popen(list(cmd), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{err}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


@dataclass
class Median:
    wall: float
    cpu: float
    rss_mb: float

    @classmethod
    def of(cls, runs: list[Run]) -> Median:
        return cls(
            statistics.median(r.wall for r in runs),
            statistics.median(r.cpu for r in runs),
            max(r.rss_mb for r in runs),
        )


def interleaved(cmds: list[list[str]], repeat: int) -> list[Median]:
    """Each command ``repeat`` times, taking turns, so that load falls on all alike."""
    runs: list[list[Run]] = [[] for _ in cmds]
    for _ in range(repeat):
        for i, cmd in enumerate(cmds):
            runs[i].append(run(cmd))
    return [Median.of(r) for r in runs]


ONLY_GAMES: list[str] = []
"""``--game`` choices: measure only these games (all when empty)."""


def games() -> list[str]:
    found = sorted(p.name for p in (ROOT / "cards").iterdir() if (p / "game.yaml").is_file())
    return [g for g in found if g in ONLY_GAMES] if ONLY_GAMES else found


def floor_plan(tmp: Path, name: str, build_args: list[str]) -> tuple[Path, Path]:
    """Build once (untimed), extract its pages for the floor; returns (plan, replay dir)."""
    out = tmp / f"{name}-src"
    subprocess.run(
        [*PNP, *build_args, "--out", str(out)], cwd=ROOT, check=True, capture_output=True
    )
    plan = tmp / f"{name}.plan"
    subprocess.run(
        [PY, str(FLOOR[0]), str(out), "--extract", str(plan)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return plan, tmp / f"{name}-replay"


FLOORS: dict[tuple[str, str], float] = {}
"""Each game's floor (median wall seconds) for the whole build ("") and for its cards file
alone ("cards"), for the --watch rows."""


FLOOR_IMPORTS = "import reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts"
"""What the same-pages floor imports."""
SHEET_IMPORTS = (
    "import typer, pnp.cli.app; pnp.cli.app.tune_process(); "
    "import pydantic, yaml, jinja2, pnp.spec.model, pnp.text.template"
)
"""The libraries every build imports on top: the command line, the schema (pnp's models
are built as they are imported), the card files and the templates; in between, the
process is tuned as `pnp` tunes it (garbage collection, pydantic plugins)."""
DOCUMENT_IMPORTS = "import reportlab.platypus, markdown_it"
"""What the process that typesets rulebooks and aids imports on top of those."""


def import_costs(repeat: int) -> tuple[float, float]:
    """Wall seconds a process spends importing the libraries a build needs and the floor
    does not: for the sheets alone, and for the documents' process (the longer one)."""
    floor, sheets, documents = interleaved(
        [
            [PY, "-c", FLOOR_IMPORTS],
            [PY, "-c", f"{FLOOR_IMPORTS}; {SHEET_IMPORTS}"],
            [PY, "-c", f"{FLOOR_IMPORTS}; {SHEET_IMPORTS}; {DOCUMENT_IMPORTS}"],
        ],
        repeat,
    )
    return sheets.wall - floor.wall, documents.wall - floor.wall


def bench_builds(tmp: Path, repeat: int) -> list[str]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from calibration import parallel_speedup

    sheets_imports, documents_imports = import_costs(repeat)
    rows = [
        "`pnp build` draws the sheets while a second process, started before pnp loads its "
        "libraries, typesets the rulebook and aids (two processes, the default); `--jobs 1` "
        "keeps it to one. Two copies of the "
        f"calibration loop end {parallel_speedup(2):.2f}× sooner in two processes than one "
        "after the other: the most a second process can gain on this machine while this runs.",
        "",
        "*Least ratio* is the ratio a build in one process would have if pnp laid out and "
        "drew at no cost beyond the floor's, paying only for importing the libraries it "
        f"needs and the floor does not: {sheets_imports * 1000:.0f} ms for "
        f"`{SHEET_IMPORTS}`, {documents_imports * 1000:.0f} ms with `{DOCUMENT_IMPORTS}` "
        "for a build that typesets documents (whole processes against one that imports "
        "what the floor imports, interleaved). Two processes can go below it when the "
        "drawing splits evenly between them.",
        "",
        "| game | work | pnp s (CPU s) | floor s (CPU s) | ratio wall (CPU) | least ratio "
        "| peak MB |",
        "|---|---|---|---|---|---|---|",
    ]
    for gid in games():
        for extra, variants in (([], [[], ["--jobs", "1"]]), (["--only", "cards"], [[]])):
            args = ["build", gid, "--pdf", *extra]
            plan, replay_dir = floor_plan(tmp, f"{gid}{len(extra)}", args)
            out = str(tmp / f"{gid}-timed")
            *timed, floor = interleaved(
                [
                    *([*PNP, *args, *v, "--out", out] for v in variants),
                    [PY, str(FLOOR[0]), "--replay", str(plan), str(replay_dir)],
                ],
                repeat,
            )
            FLOORS[gid, extra[-1] if extra else ""] = floor.wall
            imports = sheets_imports if extra else documents_imports
            least = (floor.wall + imports) / floor.wall
            for v, pnp in zip(variants, timed, strict=True):
                work = " ".join(["pnp", *args, *v])
                rows.append(
                    f"| {gid} | `{work}` "
                    f"| {pnp.wall:.3f} ({pnp.cpu:.3f}) | {floor.wall:.3f} ({floor.cpu:.3f}) "
                    f"| **{pnp.wall / floor.wall:.2f}** ({pnp.cpu / floor.cpu:.2f}) "
                    f"| {least:.2f} | {pnp.rss_mb:.0f} |"
                )
                print(rows[-1], flush=True)
    return rows


WATCH_CHILD = """
import statistics, sys, tempfile, time
from functools import partial
from pathlib import Path
from pnp.build.watch import noting_imports, warm
from pnp.pool import run_in_child
import pnp.cli.app
from pnp.build.deliver import deliver
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game
gid, out, repeat = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
only = frozenset(sys.argv[4:]) or None
def build():
    deliver(load_game(gid), BuildOptions(), out, only, jobs=0)
    return 0
imported = Path(tempfile.mkstemp()[1])
assert run_in_child(partial(noting_imports, build, imported)) == 0  # the watcher's first build
warm(imported)
times = []
for _ in range(repeat):
    start = time.perf_counter()
    assert run_in_child(build) == 0
    times.append(time.perf_counter() - start)
print(statistics.median(times))
"""


def bench_watch(tmp: Path, repeat: int) -> list[str]:
    """A rebuild in ``pnp build GAME --watch``: forked from a watcher that has its imports."""
    rows = [
        "| game | work | rebuild s | floor s | ratio |",
        "|---|---|---|---|---|",
    ]
    for gid in games():
        for only in ("", "cards"):
            done = subprocess.run(
                [PY, "-c", WATCH_CHILD, gid, str(tmp / f"{gid}-watch{only}"), str(repeat)]
                + ([only] if only else []),
                cwd=ROOT,
                check=True,
                capture_output=True,
                text=True,
            )
            rebuild = float(done.stdout.split()[-1])
            floor = FLOORS.get((gid, only))
            shown = f"{floor:.3f} | **{rebuild / floor:.2f}**" if floor else "– | –"
            work = f"pnp build {gid} --watch" + (f" --only {only}" if only else "")
            rows.append(f"| {gid} | `{work}` | {rebuild:.3f} | {shown} |")
            print(rows[-1], flush=True)
    return rows


def bench_startup(repeat: int) -> list[str]:
    cmds = {
        "`python -c pass` (the interpreter alone)": [PY, "-c", "pass"],
        "`pnp --help`": [*PNP, "--help"],
        "`pnp list`": [*PNP, "list"],
        "`pnp validate --help`": [*PNP, "validate", "--help"],
    }
    rows = ["| command | wall s | CPU s |", "|---|---|---|"]
    for (label, _), m in zip(cmds.items(), interleaved(list(cmds.values()), repeat), strict=True):
        rows.append(f"| {label} | {m.wall:.3f} | {m.cpu:.3f} |")
        print(rows[-1], flush=True)
    return rows


SYNTH_GAME = """\
id: synth
name: Synthetic
players: {min: 2, max: 4}
decks:
  - {id: main, name: Main, size: poker, back: {title: Synth, color: "#334455"}}
card_types:
  basic: {deck: main, label: Basic, color: "#884422", fields: {power: int}}
"""


def synthetic_game(root: Path, n: int) -> Path:
    folder = root / f"synth{n}" / "synth"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(SYNTH_GAME)
    lines = ["deck: main", "cards:"]
    lines += [
        f"  - {{id: c{i}, type: basic, name: Card {i}, power: {i % 9}, "
        f"text: 'Gain {i % 5} and draw a card.'}}"
        for i in range(n)
    ]
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n")
    return folder.parent


def bench_memory(tmp: Path, sizes: Sequence[int]) -> list[str]:
    rows = ["| cards | peak MB | CPU s |", "|---|---|---|"]
    for n in sizes:
        cards = synthetic_game(tmp, n)
        r = run([*PNP, "build", "synth", "--cards", str(cards), "--out", str(tmp / f"s{n}")])
        rows.append(f"| {n} | {r.rss_mb:.0f} | {r.cpu:.2f} |")
        print(rows[-1], flush=True)
    return rows


SIM_CHILD = """
import sys, time
sys.path.insert(0, sys.argv[4])
from calibration import calibrate
from pnp.cli.app import tune_process
tune_process()  # as `pnp simulate` runs
from pnp.spec.load import load_game
from pnp.sim.runner import require_engine, simulate
game = load_game(sys.argv[1])
engine = require_engine(game)
small, large = int(sys.argv[2]), int(sys.argv[3])
def seconds(n):
    t = time.perf_counter()
    simulate(engine, game, games=n, seed=1, bots=["random"])
    return time.perf_counter() - t
seconds(20)  # caches filled outside the timing
calib = calibrate()
slope = (seconds(large) - seconds(small)) / (large - small)
print(1 / slope, calib, engine.NAME, game.spec.players.max)
"""


def bench_sims(small: int, large: int) -> list[str]:
    rows = [
        "| game | players | random-bot games/s, one core | calibration loop s "
        "| games in one loop's time |",
        "|---|---|---|---|---|",
    ]
    pin = ["taskset", "-c", str(min(os.sched_getaffinity(0)))] if _has("taskset") else []
    for gid in games():
        probe = subprocess.run(
            [
                PY,
                "-c",
                "import sys; from pnp.spec.load import load_game; "
                "sys.exit(0 if load_game(sys.argv[1]).spec.engine else 3)",
                gid,
            ],
            cwd=ROOT,
            capture_output=True,
        )
        if probe.returncode == 3:
            rows.append(f"| {gid} | – | no engine | | |")
            continue
        done = subprocess.run(
            [*pin, PY, "-c", SIM_CHILD, gid, str(small), str(large), str(ROOT / "benchmarks")],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        rate, calib, _name, players = done.stdout.split()
        norm = float(rate) * float(calib)
        rows.append(
            f"| {gid} | {players} | **{float(rate):,.0f}** | {float(calib):.3f} | {norm:,.0f} |"
        )
        print(rows[-1], flush=True)
    return rows


def bench_sim_jobs(games_n: int) -> list[str]:
    """The issue's check: a long run over every core reports what one process reports."""
    rows = [
        f"| game | `--games {games_n:,} --jobs 1` s | `--jobs 0` s | reports identical |",
        "|---|---|---|---|",
    ]
    for gid in games():
        outs, secs = [], []
        for jobs in ("1", "0"):
            cmd = [*PNP, "simulate", gid, "--games", str(games_n), "--json", "--jobs", jobs]
            start = time.perf_counter()
            done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
            secs.append(time.perf_counter() - start)
            if done.returncode:
                outs.append(f"exit {done.returncode}: {done.stderr.strip()[-200:]}")
            else:
                outs.append(done.stdout)
        if outs[0].startswith("exit ") and "no rules engine" in outs[0]:
            rows.append(f"| {gid} | no engine | | |")
            continue
        same = "yes" if outs[0] == outs[1] and not outs[0].startswith("exit ") else "**no**"
        rows.append(f"| {gid} | {secs[0]:.1f} | {secs[1]:.1f} | {same} |")
        print(rows[-1], flush=True)
    return rows


def _has(tool: str) -> bool:
    return any((Path(d) / tool).exists() for d in os.environ.get("PATH", "").split(":"))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--games-small", type=int, default=200)
    ap.add_argument("--games-large", type=int, default=1200)
    ap.add_argument("--sizes", default="100,500,1000,2000", help="synthetic deck sizes")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "RESULTS.md")
    ap.add_argument("--append", action="store_true", help="add the sections to --out")
    ap.add_argument("--sim-games", type=int, default=100_000, help="games of the --jobs check")
    ap.add_argument(
        "--skip", default="", help="comma list of: startup,builds,watch,memory,sims,simjobs"
    )
    ap.add_argument("--game", action="append", default=[], help="measure only this game")
    ap.add_argument("--floor", type=Path, default=FLOOR[0], help="the same-pages floor script")
    args = ap.parse_args(argv)
    FLOOR[0] = args.floor.resolve()
    ONLY_GAMES[:] = args.game
    skip = set(args.skip.split(","))
    if "builds" not in skip and not FLOOR[0].is_file():
        ap.error(f"{FLOOR[0]}: no same-pages floor script there (give --floor PATH)")
    sections: list[tuple[str, list[str]]] = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    # an installed package has its bytecode; a checkout run with PYTHONDONTWRITEBYTECODE
    # would otherwise compile pnp's sources in every timed process
    subprocess.run([PY, "-m", "compileall", "-q", "pnp"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if "startup" not in skip:
            sections.append(("Start-up (target ≤ 0.15 s)", bench_startup(args.repeat)))
        if "builds" not in skip:
            sections.append(
                (
                    "Builds against the same-pages floor (target ≤ 1.5×, aim 1.2×; peak < 150 MB)",
                    bench_builds(tmp, args.repeat),
                )
            )
        if "watch" not in skip:
            sections.append(
                (
                    "A rebuild in `pnp build GAME --watch` against the same-pages floor",
                    bench_watch(tmp, args.repeat),
                )
            )
        if "memory" not in skip:
            sizes = [int(s) for s in args.sizes.split(",")]
            sections.append(
                ("Peak memory as a synthetic deck grows (linear at most)", bench_memory(tmp, sizes))
            )
        if "sims" not in skip:
            sections.append(
                (
                    "Simulations (target ≥ 2,000 games/s for boom and bigidea, "
                    "≥ 1,000 for the others)",
                    bench_sims(args.games_small, args.games_large),
                )
            )
        if "simjobs" not in skip:
            sections.append(
                (
                    "`pnp simulate GAME --jobs 0` against `--jobs 1` (random and heuristic bots)",
                    bench_sim_jobs(args.sim_games),
                )
            )
    write_results(args, sections, load)


def write_results(
    args: argparse.Namespace, sections: list[tuple[str, list[str]]], load: float
) -> None:
    cmd = "python benchmarks/measure.py " + " ".join(sys.argv[1:])
    head = [
        "# pnp benchmark results",
        "",
        f"Written by `{cmd.strip()}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load average {load:.1f} when it started. Medians of "
        f"{args.repeat} whole processes; wall seconds, CPU seconds (user + system) in "
        "brackets. See the docstring of benchmarks/measure.py for what each figure is.",
        "",
    ]
    body: list[str] = []
    for title, rows in sections:
        body += [f"## {title}", "", *rows, ""]
    if args.append and args.out.exists():
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        head = [
            args.out.read_text(encoding="utf-8").rstrip(),
            "",
            f"Added by `{cmd.strip()}` on {when}, load average {load:.1f} when it started:",
            "",
        ]
    args.out.write_text("\n".join(head + body), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
