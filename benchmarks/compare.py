"""Time `pnp build` from two checkouts side by side, to see what a change gained.

    git worktree add /tmp/pnp-before HEAD~3
    python benchmarks/compare.py /tmp/pnp-before [GAME ...] [--repeat 7]

From the project root. For each game, the whole build and ``--only cards`` run from the
other checkout and from this one in turn (interleaved, so that load on the machine falls
on both alike); the table gives the median wall seconds of each and their ratio. Each
process imports pnp from its own checkout (PYTHONPATH), compiled beforehand.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall(tree: Path, args: list[str]) -> float:
    """Seconds of one `pnp` process run from ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    main = "pnp" if (tree / "pnp" / "__main__.py").exists() else "pnp.cli"  # older trees
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", main, *args],
        cwd=tree,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path, help="the other checkout (the one before the change)")
    ap.add_argument("games", nargs="*", default=["boom", "bigidea"])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    trees = {"before": args.before.resolve(), "after": ROOT}
    for tree in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", "pnp"], cwd=tree, check=True)
    print("| game | work | before s | after s | after / before |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for gid in args.games:
            for only in ([], ["--only", "cards"]):
                times: dict[str, list[float]] = {name: [] for name in trees}
                for _ in range(args.repeat):
                    for name, tree in trees.items():
                        out = ["--out", str(Path(tmp) / name)]
                        times[name].append(wall(tree, ["build", gid, "--pdf", *only, *out]))
                before, after = (statistics.median(times[name]) for name in trees)
                work = " ".join(["pnp build", gid, "--pdf", *only])
                ratio = after / before
                print(f"| {gid} | `{work}` | {before:.3f} | {after:.3f} | **{ratio:.2f}** |")


if __name__ == "__main__":
    main()
