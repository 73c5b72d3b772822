"""Named art: SVG illustrations in `templates/art/<set>/<name>.svg`, named `set/name`.

The bundled set is Game-icons.net (CC BY 3.0, `scripts/import_art.py` copied the icons the
games use). Each set folder holds a `SOURCES.tsv` (name, author, licence, set, source) that
the rulebook's credits read, and `templates/art/<set>-index.json` lists every name of the
whole set, so `pnp art search` finds art not yet copied. Layout only finds a file; render
draws it like an icon, in one colour.
"""

from __future__ import annotations

import csv
import difflib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp._errors import DataError, Location, shown
from pnp.spec.paths import file_inside
from pnp.text.game_assets import svg_size

ART_NAME = re.compile(r"^([a-z0-9][a-z0-9-]*)/([a-z0-9][a-z0-9-]*)$")
SOURCES = "SOURCES.tsv"
IMPORT_HINT = "list it and its author in templates/art/{set}.txt, run scripts/import_art.py"


def art_dirs(template_dirs: Sequence[Path]) -> tuple[Path, ...]:
    return tuple(d / "art" for d in template_dirs)


def art_names(dirs: Sequence[Path]) -> list[str]:
    """The art that can be drawn, as ``set/name``: SVG files in a set's folder."""
    found = set()
    for d in dirs:
        if not d.is_dir():
            continue
        for folder in d.iterdir():
            if folder.is_dir():
                found |= {f"{folder.name}/{p.stem}" for p in folder.glob("*.svg") if p.is_file()}
    return sorted(found)


_found: dict[tuple[str, tuple[Path, ...]], Path] = {}


def find_art(name: str, dirs: Sequence[Path], where: Location | None = None) -> Path:
    """The SVG file of art ``name`` (``set/name``), checked as icons are; an unknown name is
    an error at ``where`` naming the nearest names there are."""
    dirs = tuple(dirs)
    if (name, dirs) in _found:
        return _found[name, dirs]
    m = ART_NAME.match(name)
    if m:
        allowed = [d.resolve() for d in dirs if d.is_dir()]
        for folder in dirs:
            path = folder / m.group(1) / f"{m.group(2)}.svg"
            if file_inside(path, allowed, f"art {name!r}", where) is not None:
                svg_size(path, f"art {name!r}", where)
                _found[name, dirs] = path
                return path
    raise DataError(unknown_art(name, dirs), where)


def unknown_art(name: str, dirs: Sequence[Path]) -> str:
    """Why ``name`` is no art: the nearest names in the repository, and in the whole set
    the ones still to import."""
    known = art_names(dirs)
    m = ART_NAME.match(name)
    if not m:
        same = [n for n in known if n.split("/", 1)[1] == name.strip().lower()]
        hint = f"; did you mean {same[0]!r}?" if same else ""
        return f"art {shown(name)} is not a name like 'game-icons/rocket' (set/name){hint}"
    set_name, icon = m.groups()
    everything = index_names(dirs).get(set_name, [])
    if icon in everything:
        return f"art {name!r} is in the set but not in this repository: " + (
            IMPORT_HINT.format(set=set_name)
        )
    in_set = [n for n in known if n.startswith(f"{set_name}/")] or known  # or: a wrong set
    by_icon = {n.split("/", 1)[1]: n for n in in_set}
    near = [by_icon[n] for n in difflib.get_close_matches(icon, list(by_icon), 3, 0.6)]
    text = f"unknown art {name!r}"
    text += f"; nearest: {', '.join(near)}" if near else f"; {len(known)} are here"
    far = [f"{set_name}/{n}" for n in difflib.get_close_matches(icon, everything, 3, 0.6)]
    far = [n for n in far if n not in known]
    if far:
        text += f" (in the set, not imported: {', '.join(far)})"
    return text + "; `pnp art search WORD` searches the whole set"


@dataclass(frozen=True, slots=True)
class ArtSource:
    """Who made one piece of art and under which licence."""

    name: str
    author: str
    licence: str
    set: str
    source: str


@cache
def _sources(folder: Path) -> dict[str, ArtSource]:
    path = folder / SOURCES
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return {
        r["name"]: ArtSource(r["name"], r["author"], r["licence"], r["set"], r.get("source", ""))
        for r in rows
        if r.get("name")
    }


def art_source(path: Path) -> ArtSource | None:
    """The credit of the art file at ``path``, from its set's SOURCES.tsv."""
    return _sources(path.parent).get(path.stem)


def index_names(dirs: Sequence[Path]) -> dict[str, list[str]]:
    """Every name of each set that ships an index (``<set>-index.json``), by set."""
    out: dict[str, list[str]] = {}
    for d in dirs:
        for path in sorted(d.glob("*-index.json")) if d.is_dir() else ():
            out.setdefault(path.name.removesuffix("-index.json"), _index(path))
    return out


@cache
def _index(path: Path) -> list[str]:
    try:
        names = json.loads(path.read_text(encoding="utf-8")).get("names", [])
    except (OSError, ValueError, AttributeError):
        return []
    return [n for n in names if isinstance(n, str)]


@dataclass(frozen=True, slots=True)
class Found:
    """One search result: the art's name, and its credit when it is in the repository."""

    name: str
    source: ArtSource | None


def search_art(word: str, dirs: Sequence[Path]) -> list[Found]:
    """Art whose name contains ``word`` (any of its words, when it has several): those in the
    repository first, then the rest of each set's index."""
    words = [w for w in re.split(r"[^a-z0-9]+", word.lower()) if w]
    here = {n: find_art(n, dirs) for n in art_names(dirs)}
    names = set(here) | {f"{s}/{n}" for s, ns in index_names(dirs).items() for n in ns}
    hits = [n for n in names if words and all(w in n.split("/", 1)[1] for w in words)]
    hits.sort(key=lambda n: (n not in here, n))
    return [Found(n, art_source(here[n]) if n in here else None) for n in hits]


__all__ = [
    "ART_NAME",
    "ArtSource",
    "Found",
    "art_dirs",
    "art_names",
    "art_source",
    "find_art",
    "index_names",
    "search_art",
    "unknown_art",
]
