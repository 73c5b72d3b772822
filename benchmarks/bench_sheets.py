"""Paper used: sheets per file against the lower bound (docs/architecture.md §5).

The lower bound of a file is the manifest's ``sheets_lower_bound``
(pnp.layout.sheet.sheets_lower_bound: by area inside the margin, and size by size);
a back page is printed on its front's sheet, so only fronts count. Prints one line per
file and per game.

Usage: python benchmarks/bench_sheets.py [GAME ...] [--paper a4|letter] [--layout L]
       [--margin MM] [--deck-per-sheet]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.layout.paper import PAPERS_MM  # noqa: E402
from pnp.plan.outputs import plan_outputs, usable_margin  # noqa: E402
from pnp.plan.settings import BuildOptions  # noqa: E402
from pnp.spec.load import list_games, load_game  # noqa: E402

SHEET_KINDS = frozenset({"cards", "tokens", "track", "aid", "board", "screen"})
"""Rulebooks flow text; their page count is not a packing problem."""


def paper_use(game: str, options: BuildOptions) -> list[tuple[str, int, int]]:
    """(file, sheets used, lower bound) for each sheet file of ``game``."""
    files = plan_outputs(load_game(game), options, SHEET_KINDS)
    return [(f.path, f.sheets, f.sheets_lower_bound(usable_margin(f.kind, options))) for f in files]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--paper", default="a4", choices=sorted(PAPERS_MM))
    ap.add_argument("--layout", default="auto")
    ap.add_argument("--margin", type=float, default=6.0)
    ap.add_argument("--deck-per-sheet", action="store_true")
    args = ap.parse_args()
    options = BuildOptions(
        paper=args.paper, margin=args.margin, layout=args.layout, deck_per_sheet=args.deck_per_sheet
    )
    print(f"{'file':<28} {'sheets':>6} {'bound':>6}")
    for game in args.games or list_games():
        rows = paper_use(game, options)
        for path, used, bound in rows:
            print(f"{path:<28} {used:>6} {bound:>6}")
        used, bound = sum(r[1] for r in rows), sum(r[2] for r in rows)
        print(f"{game + ' (total)':<28} {used:>6} {bound:>6}   {used / bound:.2f}× the bound")


if __name__ == "__main__":
    main()
