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


def timed(cmd: list[str], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="boom")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pnp = [sys.executable, "-m", "pnp.cli"]
        whole = timed([*pnp, "build", args.game, "--pdf", "--out", f"{tmp}/a"], args.repeat)
        plain = timed(
            [sys.executable, str(HERE / "plain_reportlab.py"), args.game, f"{tmp}/plain.pdf"],
            args.repeat,
        )
        helptime = timed([*pnp, "--help"], args.repeat)
    print(f"game: {args.game} (median of {args.repeat} runs, each a fresh process)")
    print(f"pnp build (cards, tokens, track, aid, rulebook): {whole:.3f} s")
    print(f"plain reportlab script (card sheets only):        {plain:.3f} s")
    print(f"ratio whole build / plain cards:                  {whole / plain:.2f}x")
    print(f"pnp --help:                                        {helptime:.3f} s")


if __name__ == "__main__":
    main()
