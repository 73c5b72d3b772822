"""Find runs of words that a game's texts share with its source rules.

Every text printed on a component or in a rulebook is our own writing; the source rules
(kept outside the repository) are facts only.  This lists each run of ``--words`` or
more consecutive words (8 by default) that a file under ``cards/<game>/``,
``templates/<game>/`` or the game's ``pnp/games/<game>/decisions.py`` has in common with
``SOURCES/<game>.txt``, so that it can be rewritten.  Exit 1 when any is found.

    python scripts/shared_runs.py SOURCES [--words 8] [GAME ...]

Words are compared lower-cased, punctuation and Markdown marks dropped; template
fields (``{{ ... }}``, ``{% ... %}``, ``{name}``) break a run, since they print numbers
and names rather than the words typed.  The ``credits:`` block of game.yaml is left
out: names and the copyright line are quoted on purpose.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("bidness", "bigidea", "boom", "oldbiddy", "smallprint")
_FIELD = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{[a-z_\[\]]+[^}]*\}", re.S)
_WORD = re.compile(r"[a-z0-9£$']+")


def words(text: str) -> list[str]:
    """The words of ``text`` in order; a template field becomes a word nothing matches."""
    text = _FIELD.sub(" \x00 ", text.lower()).replace("’", "'")
    out = []
    for token in text.split():
        if token == "\x00":
            out.append("\x00")
            continue
        out += [w.strip("'") for w in _WORD.findall(token) if w.strip("'")]
    return out


def shared_runs(text: list[str], source: list[str], least: int) -> list[str]:
    """Each longest run of at least ``least`` words of ``text`` that ``source`` also has."""
    grams = {tuple(source[i : i + least]) for i in range(len(source) - least + 1)}
    runs, i = [], 0
    while i + least <= len(text):
        if tuple(text[i : i + least]) not in grams:
            i += 1
            continue
        j = i + least
        while j < len(text) and tuple(text[j - least + 1 : j + 1]) in grams:
            j += 1
        runs.append(" ".join(text[i:j]))
        i = j
    return runs


def own_text(path: Path) -> str:
    """The file's text, without game.yaml's ``credits:`` block (attribution, quoted as is)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if path.name != "game.yaml":
        return "\n".join(lines)
    kept, skipping = [], False
    for line in lines:
        if line and not line[0].isspace():
            skipping = line.startswith("credits:")
        if not skipping:
            kept.append(line)
    return "\n".join(kept)


def game_files(game: str) -> list[Path]:
    folders = [ROOT / "cards" / game, ROOT / "templates" / game]
    found = [p for f in folders for p in sorted(f.rglob("*")) if p.suffix in (".yaml", ".md")]
    return [*found, ROOT / "pnp" / "games" / game / "decisions.py"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", type=Path, help="folder holding <game>.txt")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--words", type=int, default=8, help="shortest run reported")
    args = parser.parse_args(argv)
    found = 0
    for game in args.games:
        source = words((args.sources / f"{game}.txt").read_text(encoding="utf-8"))
        for path in game_files(game):
            for run in shared_runs(words(own_text(path)), source, args.words):
                found += 1
                print(f"{path.relative_to(ROOT)}: {len(run.split())} words: {run}")
    print(f"{found} shared run(s) of {args.words}+ words", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
