"""Time `pnp build GAME --pdf` against benchmarks/plain_reportlab.py drawing the same card
sheets, in one run (ratio, since machines are noisy), plus `pnp --help` start-up.

Usage: python benchmarks/bench_build.py [GAME] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The same two jobs timed inside a fresh interpreter after their imports: the work
# itself, without Python start-up and library imports (which the CLI run includes).
PNP_WORK = """
import sys, time
from pathlib import Path
import pnp.render.docs, pnp.render.pdf
from pnp.build import build_game
from pnp.layout.cards import SheetOptions
from pnp.load import load_game
t = time.perf_counter()
build_game(load_game(sys.argv[1]), SheetOptions(), Path(sys.argv[2]), frozenset({"cards"}))
print(time.perf_counter() - t)
"""
PLAIN_WORK = """
import sys, time
sys.path.insert(0, sys.argv[3])
import plain_reportlab
t = time.perf_counter()
plain_reportlab.main(sys.argv[1], sys.argv[2])
print(time.perf_counter() - t)
"""


def timed(cmd: list[str], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def work_pair(game: str, tmp: str, repeat: int) -> tuple[float, float]:
    """Fastest of ``repeat`` runs of each job, the two interleaved so that load on the
    machine falls on both alike."""

    def once(code: str, args: list[str]) -> float:
        done = subprocess.run(
            [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True
        )
        return float(done.stdout)

    pnp_runs, plain_runs = [], []
    for _ in range(repeat):
        pnp_runs.append(once(PNP_WORK, [game, f"{tmp}/c"]))
        plain_runs.append(once(PLAIN_WORK, [game, f"{tmp}/p.pdf", str(HERE)]))
    return min(pnp_runs), min(plain_runs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="boom")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pnp = [sys.executable, "-m", "pnp.cli"]
        whole = timed([*pnp, "build", args.game, "--pdf", "--out", f"{tmp}/a"], args.repeat)
        cards = timed(
            [*pnp, "build", args.game, "--only", "cards", "--out", f"{tmp}/b"], args.repeat
        )
        plain = timed(
            [sys.executable, str(HERE / "plain_reportlab.py"), args.game, f"{tmp}/plain.pdf"],
            args.repeat,
        )
        helptime = timed([*pnp, "--help"], args.repeat)
        pnp_work, plain_work = work_pair(args.game, tmp, 3 * args.repeat)
    print(f"game: {args.game} (median of {args.repeat} runs, each a fresh process)")
    print(f"pnp build (cards, tokens, track, aid, rulebook): {whole:.3f} s")
    print(f"plain reportlab script (card sheets only):        {plain:.3f} s")
    print(f"pnp build --only cards (the same sheets):        {cards:.3f} s")
    print(f"ratio cards / plain cards:                        {cards / plain:.2f}x")
    print(f"ratio whole build / plain cards:                  {whole / plain:.2f}x")
    print(
        f"after imports: pnp cards {pnp_work:.3f} s, plain {plain_work:.3f} s, "
        f"ratio {pnp_work / plain_work:.2f}x"
    )
    print(f"pnp --help:                                        {helptime:.3f} s")


if __name__ == "__main__":
    main()
