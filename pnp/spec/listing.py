"""What `pnp list` prints, kept in the user's cache until a game's files change.

Listing reads every game through the typed model, which costs pydantic's import and
every game's YAML: several times a start-up. The lines are stored (one entry, checked by
pnp.spec.cache_entry) under a key made of pnp's version, the working directory (paths are
shown relative to it), the folders searched and the name, size and modification time of
every file in them, so any edit, added or removed file makes the next `pnp list` read the
games again. Sizes and times, not the files' bytes: hashing every image of every game
would cost more than the listing saves.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pnp.spec.cache_entry import digest, read_entry, write_entry
from pnp.spec.paths import game_roots

_CODE = ("load.py", "model.py", "listing.py", "yamlio.py")
"""pnp's own files that decide what a listing says: a change to them is a new key."""


def _stamp(cards: Path | None) -> str:
    from pnp._version import __version__

    here = Path(__file__).parent
    parts = [__version__, os.getcwd()]
    parts += [f"{n}:{(here / n).stat().st_mtime_ns}" for n in _CODE if (here / n).exists()]
    for root in game_roots(cards):
        parts.append(f"root {root.resolve()}")
        if not root.is_dir():
            continue
        for folder, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                parts.append(f"{folder}/{name}:{_file_stamp(os.path.join(folder, name))}")
    return digest(*parts)


def _file_stamp(path: str) -> str:
    """Size and time of the file (of a link's target), or that it cannot be read."""
    try:
        st = os.stat(path)
    except OSError as exc:  # a link loop or a dangling link: the loader says what is wrong
        return f"unreadable {exc.errno}"
    return f"{st.st_size}:{st.st_mtime_ns}"


def game_lines(cards: Path | None = None) -> list[str]:
    """One line per game (players, cards, where it was found), one per expansion."""
    key = _stamp(cards)
    lines = read_entry("list", "games", key, _checked)
    if lines is not None:
        return lines
    lines = _read_games(cards)
    if any(map(is_broken, lines)):
        return lines  # read again next time: the user is mending it
    write_entry("list", "games", key, lines)  # one listing per user is enough
    return lines


def _checked(body: Any) -> list[str] | None:
    """A cached listing: lines of text, none about a game that does not load."""
    if not (isinstance(body, list) and all(isinstance(line, str) for line in body)):
        return None
    return None if any(map(is_broken, body)) else body


BROKEN = "cannot be read:"
"""Marks the line of a game that does not load (its first error follows)."""


def _read_games(cards: Path | None) -> list[str]:
    from pnp._errors import PnpError, display_path
    from pnp.spec.load import list_expansions, list_games, load_game

    lines = []
    for gid in list_games(cards):
        try:
            game = load_game(gid, cards)
        except PnpError as exc:  # one broken game: say why, and list the others
            lines.append(f"{gid:<12} {BROKEN} {_first_error(exc)}")
            continue
        lines.append(
            f"{gid:<12} {game.spec.name}  ({game.spec.players.min}–"
            f"{game.spec.players.max} players, {sum(c.qty for c in game.cards)} cards)"
            f"  in {display_path(game.root)}/"
        )
        lines += [f"{'':<12}   + expansion {e}" for e in list_expansions(game.root)]
    return lines


def _first_error(exc: Exception) -> str:
    """The first line of what ``exc`` says (a schema failure may hold many)."""
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def is_broken(line: str) -> bool:
    """Whether a line of :func:`game_lines` is about a game that does not load."""
    return f" {BROKEN} " in line


__all__ = ["game_lines", "is_broken"]
