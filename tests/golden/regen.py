"""Regenerate the golden files on purpose: seeded game transcripts and PDF hashes.

Run after a deliberate change to the rules, the data or the drawing, then review the
diff (`git diff tests/golden`) before committing it:

    python tests/golden/regen.py
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from pnp.build.game import build_game  # noqa: E402
from pnp.layout.cards import SheetOptions  # noqa: E402
from pnp.sim.runner import play_game  # noqa: E402
from pnp.spec.load import load_game  # noqa: E402

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


def transcript_path(game: str, players: int, seed: int) -> Path:
    return HERE / f"{game}-p{players}-s{seed}.txt"


def transcript(game: str, players: int, seed: int) -> str:
    state = play_game(game, load_game(game), players, seed, BOTS)
    return "\n".join([*state.transcript, f"returns {state.returns()}"]) + "\n"


def pdf_hashes() -> dict[str, object]:
    import zlib

    import reportlab

    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for game, paper in BUILDS:
            folder = Path(tmp) / f"{game}-{paper}"
            build_game(load_game(game), SheetOptions(paper=paper), folder)
            for pdf in sorted(folder.glob("*.pdf")):
                out[f"{game}/{paper}/{pdf.name}"] = hashlib.sha256(pdf.read_bytes()).hexdigest()
    return {"reportlab": reportlab.Version, "zlib": zlib.ZLIB_RUNTIME_VERSION, "files": out}


def main() -> None:
    for game, players, seed in GAMES:
        transcript_path(game, players, seed).write_text(transcript(game, players, seed))
    (HERE / "pdf-hashes.json").write_text(json.dumps(pdf_hashes(), indent=1) + "\n")
    print(f"golden files written to {HERE}")


if __name__ == "__main__":
    main()
