"""`pnp new expansion` and `pnp new game`: documented folders that validate and build as
they stand."""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter
from pathlib import Path

import yaml

from pnp._errors import UsageError
from pnp.spec.game import EXPANSION_FILE, Card
from pnp.spec.load import game_dir, list_games, load_game
from pnp.spec.paths import cards_root, is_installed, templates_root

MANIFEST = """\
# Expansion manifest for {game_name}. Every key is optional except `name`.
name: {title}
version: "0.1"
author: ""
description: "Describe what this expansion adds."
# Set mark printed on each card of this expansion (up to 4 characters).
mark: {mark}
# Ids of base cards that cards in this folder replace (same id, new content):
replace: []
# Ids of base cards this expansion takes out of the game:
remove: []
"""

CARDS_HEAD = """\
# Cards this expansion adds to the {deck!r} deck. Copy the sample, give each card a new
# id, and see cards/{game}/game.yaml for the keys each card type takes.
# Check the result with:  pnp validate {game} --expansion {name}
# Print it with:         pnp build {game} --expansion {name}
# Play-test it with:     pnp simulate {game} --expansion {name} --games 1000
"""


_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
NEW_GAME = "_new-game"
"""Folder in the bundled templates holding the skeleton of `pnp new game`."""


def _check_name(what: str, name: str) -> None:
    if not _NAME.fullmatch(name):
        raise UsageError(
            f"{what} name {name!r} must be lowercase letters, digits and dashes, "
            "starting with a letter or digit (e.g. 'space-race')"
        )


def new_game(name: str, cards_dir: Path | None = None) -> tuple[Path, list[Path]]:
    """Create ``cards/NAME/`` (in ``cards_dir``, else the current directory): a game without
    a rules engine, with a deck, a token sheet, a board and a rulebook template, that
    validates and builds at once. Returns the folder and the files written in it."""
    _check_name("game", name)
    root = cards_dir or Path("cards")
    if name in list_games(cards_dir):
        raise UsageError(f"there is a game {name!r} already ({game_dir(name, cards_dir)})")
    folder = root / name
    if folder.exists():
        raise UsageError(f"{folder} already exists")
    skeleton = templates_root() / NEW_GAME
    title = name.replace("-", " ").title()
    written = []
    for src in sorted(skeleton.rglob("*")):
        if src.is_file():
            dst = folder / src.relative_to(skeleton)
            dst.parent.mkdir(parents=True, exist_ok=True)
            body = src.read_text(encoding="utf-8")
            dst.write_text(body.replace("@@ID@@", name).replace("@@TITLE@@", title), "utf-8")
            written.append(dst)
    return folder, written


def files_listed(folder: Path, files: list[Path]) -> str:
    """``game.yaml, cards.yaml and templates/rulebook.md``: the files, as paths in ``folder``,
    game.yaml first."""
    names = sorted((p.relative_to(folder).as_posix() for p in files), key=_game_first)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _game_first(name: str) -> tuple[bool, str]:
    return (name != "game.yaml", name)


def new_expansion(game_id: str, name: str, cards_dir: Path | None = None) -> Path:
    """Create cards/GAME/expansions/NAME with a manifest and one sample card."""
    _check_name("expansion", name)
    root = game_dir(game_id, cards_dir)
    if cards_dir is None and is_installed() and root.parent == cards_root():
        # The bundled copy lives inside the installed package: work on a copy in ./cards,
        # which pnp reads before the bundled one from then on.
        local = Path("cards") / game_id
        shutil.copytree(root, local)
        root = local
    folder = root / "expansions" / name
    if folder.exists():
        raise UsageError(f"{folder} already exists")
    if not os.access(root, os.W_OK):
        raise UsageError(f"{root} is not writable: copy the cards folder and use --cards DIR")
    game = load_game(game_id, cards_dir)
    sample = _sample(game.cards)
    title = name.replace("-", " ").title()
    mark = "".join(w[0] for w in title.split()).upper()[:3]
    body = {
        "id": f"{name}-{sample.id}"[:64],
        "type": sample.type,
        "name": f"New {sample.name}"[:40],
        **sample.fields,
        "text": sample.text or "Write this card's text.",
    }
    folder.mkdir(parents=True)
    (folder / EXPANSION_FILE).write_text(
        MANIFEST.format(game_name=game.spec.name, title=title, mark=mark), encoding="utf-8"
    )
    cards = yaml.safe_dump(
        {"deck": sample.deck, "cards": [body]}, sort_keys=False, allow_unicode=True, width=88
    )
    head = CARDS_HEAD.format(deck=sample.deck, game=game_id, name=name)
    (folder / f"{sample.deck}.yaml").write_text(head + cards, encoding="utf-8")
    return folder


def _sample(cards: list[Card]) -> Card:
    """A card of the game's most common type: adding one more keeps every count rule."""
    common = Counter(c.type for c in cards).most_common(1)[0][0]
    return next(c for c in cards if c.type == common)
