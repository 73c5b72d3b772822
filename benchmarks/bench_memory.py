"""Peak memory of a build as a synthetic deck grows (it should stay flat).

Each size is built in a fresh process; the figure is that process's peak RSS.
Usage: python benchmarks/bench_memory.py [--sizes 100,500,1000,2000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAME = """\
id: synth
name: Synthetic
players: {min: 2, max: 4}
decks:
  - {id: main, name: Main, size: poker, back: {title: Synth, color: "#334455"}}
card_types:
  basic: {deck: main, label: Basic, color: "#884422", fields: {power: int}}
"""

CHILD = textwrap.dedent("""
    import resource, sys, tracemalloc
    from pathlib import Path
    from pnp.build import build_game
    from pnp.layout.cards import SheetOptions
    from pnp.load import load_game
    tracemalloc.start()
    build_game(load_game("synth", Path(sys.argv[1])), SheetOptions(), Path(sys.argv[2]))
    heap = tracemalloc.get_traced_memory()[1]
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, heap)
""")

PLAIN = textwrap.dedent(
    """
    import resource, sys, tracemalloc
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    import plain_reportlab
    tracemalloc.start()
    plain_reportlab.main("synth", sys.argv[2], Path(sys.argv[1]))
    heap = tracemalloc.get_traced_memory()[1]
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, heap)
"""
)


def make_game(root: Path, n: int) -> None:
    folder = root / "synth"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    lines = ["deck: main", "cards:"]
    for i in range(n):
        lines.append(
            f"  - {{id: card-{i}, type: basic, name: Card number {i}, power: {i % 9}, "
            f'text: "Synthetic card {i}: power {{{{ card.power }}}}, drawn to test memory."}}'
        )
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100,500,1000,2000")
    sizes = [int(s) for s in ap.parse_args().sizes.split(",")]
    print(
        f"{'cards':>6} {'peak RSS MB':>12} {'peak heap MB':>13} {'PDF MB':>7} {'seconds':>8}"
        f" {'plain RSS MB':>12} {'plain heap MB':>13}"
    )
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "cards"
            make_game(root, n)
            t = time.perf_counter()
            out = subprocess.run(
                [sys.executable, "-c", CHILD, str(root), f"{tmp}/out"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            rss, heap = (int(v) for v in out.split())
            plain = subprocess.run(
                [sys.executable, "-c", PLAIN, str(root), f"{tmp}/plain.pdf", str(HERE)],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.split()
            pdf = (Path(tmp) / "out" / "synth-cards.pdf").stat().st_size
            print(
                f"{n:>6} {rss / 1024:>12.1f} {heap / 1e6:>13.1f} {pdf / 1e6:>7.2f} "
                f"{time.perf_counter() - t:>8.2f} {int(plain[0]) / 1024:>12.1f} "
                f"{int(plain[1]) / 1e6:>13.1f}"
            )


if __name__ == "__main__":
    main()
