"""Regenerate the golden files on purpose, and say what changed.

Run after a deliberate change to the rules, the data, the layout or the drawing; read what it
prints and the diff (`git diff --stat tests/golden`), and say why in the commit message:

    python tests/golden/regen.py            # rewrite what differs beyond the tolerance
    python tests/golden/regen.py --force    # also rewrite what matches within the tolerance
                                            # (a new DPI, or a new format of the JSON)

A golden that matches within its tolerance is left as it is, so a run on another machine
(other pdfium, reportlab or zlib) changes nothing. See README.md beside this file.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from pnp.build.game import build_game  # noqa: E402
from pnp.plan.settings import BuildOptions  # noqa: E402
from pnp.sim.runner import play_game  # noqa: E402
from pnp.spec.load import load_game  # noqa: E402
from tests.golden import ops, raster  # noqa: E402

GAMES = [
    ("boom", 4, 2026),
    ("bigidea", 4, 2026),
    ("smallprint", 4, 2026),
    ("oldbiddy", 4, 2026),
    ("bidness", 4, 2026),
]
"""(engine, players, seed) of each golden transcript."""
BOTS = ["heuristic", "random"]
BUILDS = [
    ("boom", "a4"),
    ("boom", "letter"),
    ("bigidea", "a4"),
    ("smallprint", "a4"),
    ("oldbiddy", "a4"),
    ("bidness", "a4"),
]
"""(game, paper) of each build whose display list and pages are kept (default options)."""
OPS = HERE / "ops"
RASTER = HERE / "raster"
WHOLE_KINDS = ("rulebook", "aid")
"""Kinds whose every page is kept as a raster (set by platypus: no display list)."""


def transcript_path(game: str, players: int, seed: int) -> Path:
    return HERE / f"{game}-p{players}-s{seed}.txt"


def transcript(game: str, players: int, seed: int) -> str:
    state = play_game(game, load_game(game), players, seed, BOTS)
    return "\n".join([*state.transcript, f"returns {state.returns()}"]) + "\n"


def build_id(game: str, paper: str) -> str:
    return f"{game}-{paper}"


def ops_path(game: str, paper: str, pdf: str) -> Path:
    return OPS / build_id(game, paper) / f"{Path(pdf).stem}.json"


def raster_path(game: str, paper: str, pdf: str) -> Path:
    return RASTER / build_id(game, paper) / f"{Path(pdf).stem}.png"


def rasters(game: str, paper: str, folder: Path) -> dict[str, raster.Pages]:
    """Build ``game`` on ``paper`` into ``folder`` and render its PDFs, by file name:
    every page of a rulebook or aid, the first :data:`raster.SHEET_PAGES` of the others."""
    build_game(load_game(game), BuildOptions(paper=paper), folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    out = {}
    for entry in manifest["files"]:
        if entry["path"].endswith(".pdf"):
            keep = None if entry["kind"] in WHOLE_KINDS else raster.SHEET_PAGES
            out[entry["path"]] = raster.render(folder / entry["path"], keep)
    return out


def _rel(path: Path) -> str:
    return path.relative_to(HERE).as_posix()


def refresh_transcripts() -> list[str]:
    report = []
    for game, players, seed in GAMES:
        path, text = transcript_path(game, players, seed), transcript(game, players, seed)
        if not path.exists() or path.read_text() != text:
            report.append(f"changed {_rel(path)}" if path.exists() else f"new {_rel(path)}")
            path.write_text(text)
    return report


def refresh_ops(force: bool = False) -> list[str]:
    report, kept = [], set()
    for game, paper in BUILDS:
        for pdf, text in ops.laid_out(game, paper).items():
            path = ops_path(game, paper, pdf)
            kept.add(path)
            if not path.exists():
                report.append(f"new {_rel(path)}")
            else:
                old = path.read_text()
                found = ops.differences(_rel(path), old, text)
                if not found and (old == text or not force):
                    continue
                report += [f"changed {line}" for line in found] or [f"rewritten {_rel(path)}"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    return report + _remove_stale(OPS, kept)


def refresh_rasters(force: bool = False) -> list[str]:
    report, kept = [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for game, paper in BUILDS:
            for pdf, pages in rasters(game, paper, Path(tmp) / build_id(game, paper)).items():
                path = raster_path(game, paper, pdf)
                kept.add(path)
                if not path.exists():
                    report.append(f"new {_rel(path)}")
                else:
                    found = raster.differences(_rel(path), raster.load(path), pages)
                    if not found and not force:
                        continue
                    report += [f"changed {line}" for line in found] or [f"redrawn {_rel(path)}"]
                raster.save(pages, path)
    return report + _remove_stale(RASTER, kept)


def _remove_stale(folder: Path, kept: set[Path]) -> list[str]:
    """Goldens of files the builds no longer make: removed, and said."""
    report = []
    for path in sorted(folder.rglob("*.*")):
        if path not in kept:
            report.append(f"removed {_rel(path)}")
            path.unlink()
    return report


def main(argv: list[str]) -> None:
    force = "--force" in argv
    report = refresh_transcripts() + refresh_ops(force) + refresh_rasters(force)
    print("\n".join(report) if report else "no golden changed")


if __name__ == "__main__":
    main(sys.argv[1:])
