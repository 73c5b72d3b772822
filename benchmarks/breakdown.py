"""Where a one-process `pnp build GAME --pdf` spends its time, stage by stage.

    python benchmarks/breakdown.py [GAME ...] [--repeat 5]

From the project root. Each run is a fresh process (as a user's build is) that imports,
loads and draws in the order a build does, timing each stage with a wall clock; the
table gives the median of ``--repeat`` runs in milliseconds. The first row is what the
same-pages floor also pays (the interpreter and reportlab's canvas); every other import
row is a library the floor does not load. Printed as Markdown, for benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, tempfile, time
from pathlib import Path
start = time.perf_counter()
laps = {}
def lap(name):
    global start
    now = time.perf_counter()
    laps[name] = laps.get(name, 0.0) + (now - start) * 1000
    start = now
import reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts
lap("reportlab canvas (the floor imports it too)")
import typer, pnp.cli.app
pnp.cli.app.tune_process()
lap("Typer and the command line")
import pydantic
lap("pydantic")
import pnp.spec.model
lap("pnp's pydantic models")
import yaml, jinja2
lap("PyYAML and Jinja2")
import pnp.build.deliver, pnp.render.writers, pnp.layout.cards
lap("pnp's layout and render modules")
import reportlab.platypus, markdown_it, pnp.render.aid, pnp.render.rulebook
lap("platypus and markdown-it (rulebook, aids)")
from pnp.spec.load import load_game
game = load_game(sys.argv[1])
lap("load: YAML and schema")
from pnp.check.validate import validate_game
validate_game(game)
lap("validate: the game's rules")
from pnp.plan.outputs import plan_build
from pnp.plan.settings import BuildOptions
from pnp.render.draw import draw_file
plan = plan_build(game, BuildOptions())
lap("lay out every file")
out = Path(tempfile.mkdtemp())
for f in plan.files:
    draw_file(plan, f, out / f.path)
    lap(f"draw {f.kind}")
print(json.dumps(laps))
"""


def breakdown(gid: str, repeat: int) -> dict[str, float]:
    runs = []
    for _ in range(repeat):
        done = subprocess.run(
            [sys.executable, "-c", CHILD, gid], cwd=ROOT, check=True, capture_output=True, text=True
        )
        runs.append(json.loads(done.stdout))
    return {k: statistics.median(r.get(k, 0.0) for r in runs) for k in runs[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=["boom", "bigidea"])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "pnp"], cwd=ROOT, check=True)
    columns = {gid: breakdown(gid, args.repeat) for gid in args.games}
    stages = list(dict.fromkeys(k for col in columns.values() for k in col))
    print("| stage (ms) | " + " | ".join(args.games) + " |")
    print("|---|" + "---|" * len(args.games))
    for stage in stages:
        cells = " | ".join(f"{columns[g].get(stage, 0.0):.0f}" for g in args.games)
        print(f"| {stage} | {cells} |")
    totals = " | ".join(f"**{sum(columns[g].values()):.0f}**" for g in args.games)
    print(f"| all of the above | {totals} |")


if __name__ == "__main__":
    main()
