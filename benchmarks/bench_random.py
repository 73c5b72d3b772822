"""Random-bot games per second per engine on one core, and in calibrated units.

    python benchmarks/bench_random.py [--game boom]... [--games 2000] [--repeat 3]
                                      [--pieces 5] [--against PATH] [--clock cpu|wall]

From the project root. Each measurement is a fresh process pinned to one core that loads
the game, plays a few games outside the timing (caches filled), then plays what `pnp
simulate GAME --bots random --games N --jobs 1 --seed 1` plays (``simulate``, the random
bot in every seat) in ``--pieces`` pieces of N / pieces games each (the same games, seed 1,
each time), with the calibration loop (benchmarks/calibration.py) timed before and after
each piece. *Units* are games/s × calibration seconds, as in benchmarks/measure.py: a
machine twice as fast runs both twice as fast, so the figure travels between machines;
each piece is weighed with the quicker of its two calibration runs, so that load which
comes and goes on a shared machine falls on both alike.  A process reports the median of
its pieces, and the figures printed are the medians of ``--repeat`` processes.

With ``--against PATH`` (another checkout, e.g. ``git worktree add /tmp/base REV``) the two
checkouts are measured in turn, run after run (interleaved), so that load on the shared
machine falls on both alike; the calibration loop is this checkout's in both.  ``--clock
cpu`` (the default) times CPU seconds of the process, which other work on the machine
disturbs less than wall seconds (``--clock wall``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import sys, time
root, bench, game_id, games, pieces, clock = sys.argv[1:7]
sys.path[:0] = [root, bench]
from calibration import workload
try:  # the layout of this checkout's modules (older checkouts kept them elsewhere)
    from pnp.spec.load import load_game
except ImportError:
    from pnp.load import load_game
try:
    from pnp.sim.runner import require_engine, simulate
except ImportError:
    from pnp.sim import require_engine, simulate
try:
    from pnp.cli.app import tune_process
except ImportError:
    from pnp.cli import tune_process
tune_process()  # as `pnp simulate` runs
now = time.process_time if clock == "cpu" else time.perf_counter
game = load_game(game_id)
engine = require_engine(game)
simulate(engine, game, games=20, seed=1, bots=["random"])  # caches filled outside the timing


def timed(work):
    start = now()
    work()
    return now() - start


pieces, per = int(pieces), int(games) // int(pieces)
calib = [timed(workload)]
rates = []
for _ in range(pieces):
    rates.append(per / timed(lambda: simulate(engine, game, games=per, seed=1, bots=["random"])))
    calib.append(timed(workload))
units = sorted(r * min(a, b) for r, a, b in zip(rates, calib, calib[1:]))
print(sorted(rates)[len(rates) // 2], units[len(units) // 2])
"""


def engine_games(root: Path) -> list[str]:
    """The games in ``cards/`` whose game.yaml names a rules engine."""
    out = []
    for spec in sorted(root.glob("cards/*/game.yaml")):
        text = spec.read_text(encoding="utf-8")
        if any(line.startswith("engine:") for line in text.splitlines()):
            out.append(spec.parent.name)
    return out


def measure(root: Path, game: str, games: int, pieces: int, clock: str) -> tuple[float, float]:
    """Games per second and calibrated units of one process running ``root``'s pnp (the
    medians of its pieces)."""
    pin = ["taskset", "-c", str(min(os.sched_getaffinity(0)))] if _has("taskset") else []
    done = subprocess.run(
        [
            *pin,
            sys.executable,
            "-c",
            CHILD,
            str(root),
            str(ROOT / "benchmarks"),
            game,
            str(games),
            str(pieces),
            clock,
        ],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    rate, units = done.stdout.split()[-2:]
    return float(rate), float(units)


def _has(tool: str) -> bool:
    return any((Path(d) / tool).exists() for d in os.environ.get("PATH", "").split(":"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game in cards/ (default: every one)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pieces", type=int, default=5, help="pieces the games are timed in")
    parser.add_argument("--against", type=Path, help="another checkout, measured interleaved")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args(argv)
    roots = [ROOT] + ([args.against.resolve()] if args.against else [])
    print(
        f"random bot, --games {args.games}, --seed 1, one core, {args.clock} seconds, "
        f"median of {args.repeat} processes each; units = games/s × calibration s"
    )
    for game in args.game or engine_games(ROOT):
        runs: list[list[tuple[float, float]]] = [[] for _ in roots]
        for _ in range(args.repeat):
            for i, root in enumerate(roots):
                runs[i].append(measure(root, game, args.games, args.pieces, args.clock))
        cells = []
        for root, measured in zip(roots, runs, strict=True):
            rate = statistics.median(r for r, _ in measured)
            units = statistics.median(u for _, u in measured)
            cells.append(f"{root.name}: {rate:,.0f} games/s, {units:,.0f} units")
        line = f"{game}: " + "; ".join(cells)
        if len(roots) == 2:
            mine, theirs = (statistics.median(u for _, u in m) for m in runs)
            line += f"; ratio {mine / theirs:.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
