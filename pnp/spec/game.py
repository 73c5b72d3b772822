"""A loaded game as typed objects (:class:`Game`, its :class:`Card` s and
:class:`Expansion` s), and the files of a game folder; :mod:`pnp.spec.load` reads them in."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Finding, Location, shown
from pnp.spec.model import ExpansionSpec, GameSpec
from pnp.spec.paths import sibling_templates, templates_root
from pnp.spec.playtest import PLAYTEST_FILE, PlaytestRecord
from pnp.spec.yamlio import Located

GAME_FILE = "game.yaml"
EXPANSION_FILE = "expansion.yaml"
_NOT_CARDS = (GAME_FILE, EXPANSION_FILE, PLAYTEST_FILE)


@dataclass(slots=True)
class Card:
    """One card definition (``qty`` copies are printed)."""

    id: str
    type: str
    deck: str
    qty: int
    name: str
    text: str
    fields: dict[str, Any]
    loc: Location
    mark: str = ""
    """Set mark of the expansion the card comes from ('' for the base game)."""
    located: Located | None = None
    """Locations in the card's file, for pointing at one of its keys."""
    at: tuple[str | int, ...] = ()
    """Where the card sits in its file, e.g. ('cards', 3)."""

    def where(self, *keys: str) -> Location:
        """Location of one of the card's keys (``where('effect', 'draw')``)."""
        return self.located.at((*self.at, *keys)) if self.located else self.loc

    def context(self) -> dict[str, Any]:
        """What a template sees as ``card``."""
        return {
            "id": self.id,
            "type": self.type,
            "name": self.name,
            "text": self.text,
            "qty": self.qty,
            "deck": self.deck,
            "mark": self.mark,
            **self.fields,
        }

    def __getattr__(self, name: str) -> Any:
        if name == "fields":  # not set yet: a card being unpickled or copied
            raise AttributeError(name)
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(slots=True)
class Expansion:
    id: str
    root: Path
    spec: ExpansionSpec
    mark: str
    located: Located | None = None
    """Where each value of expansion.yaml stands, for findings about it."""


@dataclass
class Game:
    """A loaded game: its spec, every card, and where things came from."""

    spec: GameSpec
    root: Path
    cards: list[Card]
    located: Located
    expansions: list[Expansion] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)
    """Warnings found while loading (an empty card file), for `validate` to print."""
    record: PlaytestRecord | None = None
    """The game's simulation record (playtest.yaml), when it has one."""
    memo: dict[tuple[str, ...], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Lookups on disk already made for this game (template folders, layouts, icons): each
    card of a deck asks again, and checking a path costs more than laying out the card."""

    @property
    def id(self) -> str:
        return self.spec.id

    def deck_cards(self, deck: str) -> list[Card]:
        return [c for c in self.cards if c.deck == deck]

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def template_dirs(self) -> list[Path]:
        """Templates are looked up in the game's own folder first, then in a ``templates/``
        folder beside its cards folder (a checkout), then in the bundled ones."""
        if ("template_dirs",) not in self.memo:
            roots = [sibling_templates(self.root.parent), templates_root()]
            self.memo["template_dirs",] = [
                self.root / "templates",
                *(d for r in roots if r is not None for d in (r / self.spec.id, r)),
            ]
        return list(self.memo["template_dirs",])

    def files(self) -> list[Path]:
        """Every YAML file this game was read from (game, cards, expansions, the record)."""
        found = [self.root / GAME_FILE, *card_files(self.root, self.root)]
        if self.record is not None:
            found.append(self.root / PLAYTEST_FILE)
        for e in self.expansions:
            found += [e.root / EXPANSION_FILE, *card_files(e.root, self.root)]
        return found

    def source_files(self) -> list[Path]:
        """The files of the game's folder a build reads: its YAML files, and the templates
        and fonts in its own ``templates/`` and ``fonts/`` (a ``pnp new game`` folder's
        rulebook.md): what the build summary counts as read."""
        own = [
            p
            for folder in (self.root / "templates", self.root / "fonts")
            if folder.is_dir()
            for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")
        ]
        return [*self.files(), *own]

    def spec_location(self, *keys: str | int) -> Location:
        return self.located.at(keys)

    def deck_location(self, deck: str) -> Location:
        """Where game.yaml declares ``deck`` (for findings about a deck as a whole)."""
        ids = [d.id for d in self.spec.decks]
        return self.spec_location("decks", ids.index(deck)) if deck in ids else self.located.at(())


def card_files(folder: Path, root: Path) -> list[Path]:
    """Card files of a folder; each must be a readable file inside the game folder ``root``."""
    files = sorted(p for p in folder.glob("*.yaml") if p.name not in _NOT_CARDS)
    for path in files:
        check_inside(path, root)
    return files


def check_inside(path: Path, root: Path) -> None:
    """Refuse a file that is a symlink loop or, after symlinks, lies outside ``root``."""
    try:
        real = Path(os.path.realpath(path, strict=True))
    except OSError as exc:
        if exc.errno == errno.ELOOP or path.is_symlink():
            raise DataError("the file is a link in a loop or to nothing", Location(path)) from None
        raise DataError(f"cannot read the file: {exc.strerror or exc}", Location(path)) from None
    if not real.is_relative_to(os.path.realpath(root)):
        raise DataError(
            f"the file is a link to {shown(str(real))}, outside the game folder; "
            "copy the file into the folder instead",
            Location(path),
        )


__all__ = [
    "EXPANSION_FILE",
    "GAME_FILE",
    "Card",
    "Expansion",
    "Game",
    "card_files",
    "check_inside",
]
