"""Load a game folder (and any expansions) into checked, typed objects."""

from __future__ import annotations

import difflib
import errno
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pnp._errors import DataError, Finding, Location, Severity, ValidationFailed, shown
from pnp.spec.model import CardBase, CardFile, ExpansionSpec, GameSpec, card_model
from pnp.spec.paths import game_roots, sibling_templates, templates_root
from pnp.spec.playtest import PLAYTEST_FILE, PlaytestRecord
from pnp.spec.schema import schema_findings
from pnp.spec.yamlio import Located, load_yaml

GAME_FILE = "game.yaml"
EXPANSION_FILE = "expansion.yaml"
_NOT_CARDS = (GAME_FILE, EXPANSION_FILE, PLAYTEST_FILE)
_COMMON_KEYS = ("id", "type", "qty", "name", "text")
M = TypeVar("M", bound=BaseModel)


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
        found = [self.root / GAME_FILE, *_card_files(self.root, self.root)]
        if self.record is not None:
            found.append(self.root / PLAYTEST_FILE)
        for e in self.expansions:
            found += [e.root / EXPANSION_FILE, *_card_files(e.root, self.root)]
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


def parse_model(model: type[M], data: Any, located: Located, prefix: tuple[Any, ...] = ()) -> M:
    """``data`` as ``model``; every schema error reported at its place in the file."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise ValidationFailed(schema_findings(err, model, located, prefix)) from None


def game_dir(game_id: str, cards_dir: Path | None = None) -> Path:
    """The game's folder: in ``--cards DIR``, else ``./cards``, else the bundled games."""
    roots = game_roots(cards_dir)
    for root in roots:
        path = root / game_id
        if (path / GAME_FILE).is_file():
            return path
    known = ", ".join(list_games(cards_dir)) or "none"
    where = " or ".join(str(r) for r in roots)
    raise DataError(f"no game {game_id!r} in {where} (games found: {known})")


def list_games(cards_dir: Path | None = None) -> list[str]:
    """Ids of every game found in the searched folders (see :func:`game_dir`)."""
    found: set[str] = set()
    for root in game_roots(cards_dir):
        if root.is_dir():
            found.update(p.name for p in root.iterdir() if (p / GAME_FILE).is_file())
    return sorted(found)


def list_expansions(game_root: Path) -> list[str]:
    folder = game_root / "expansions"
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / EXPANSION_FILE).is_file())


def _card_files(folder: Path, root: Path) -> list[Path]:
    """Card files of a folder; each must be a readable file inside the game folder ``root``."""
    files = sorted(p for p in folder.glob("*.yaml") if p.name not in _NOT_CARDS)
    for path in files:
        _check_inside(path, root)
    return files


def _check_inside(path: Path, root: Path) -> None:
    """Refuse a file that is a symlink loop or, after symlinks, lies outside ``root``."""
    try:
        real = Path(os.path.realpath(path, strict=True))
    except OSError as exc:
        why = "it is a symlink loop" if exc.errno == errno.ELOOP else exc.strerror or exc
        raise DataError(f"cannot read the file: {why}", Location(path)) from None
    if not real.is_relative_to(os.path.realpath(root)):
        raise DataError(
            f"the file is a link to {shown(str(real))}, outside the game folder; "
            "copy the file into the folder instead",
            Location(path),
        )


def _load_cards(
    path: Path,
    spec: GameSpec,
    mark: str,
    models: dict[str, type[CardBase]],
    findings: list[Finding],
) -> list[Card]:
    data, located = load_yaml(path)
    if data is None:
        findings.append(
            Finding(
                Severity.WARNING,
                "the file holds no cards (it is empty or only comments); it is skipped",
                Location(path),
            )
        )
        return []
    try:
        cf = parse_model(CardFile, data, located)
    except ValidationFailed as exc:
        findings.extend(exc.findings)
        return []
    decks = {d.id for d in spec.decks}
    if cf.deck not in decks:
        findings.append(
            Finding(
                Severity.ERROR,
                f"deck {cf.deck!r} is not declared in game.yaml "
                f"(decks: {', '.join(sorted(decks))})",
                located.at(("deck",)),
            )
        )
        return []
    cards = []
    for i, raw in enumerate(cf.cards):
        at = ("cards", i)
        if not isinstance(raw, dict):
            findings.append(
                Finding(Severity.ERROR, "a card must be a mapping of keys", located.at(at))
            )
            continue
        ctype = raw.get("type")
        model = models.get(ctype) if isinstance(ctype, str) else None
        if model is None or not isinstance(ctype, str):
            findings.append(_unknown_type(ctype, spec, cf.deck, located.at((*at, "type"))))
            continue
        if spec.card_types[ctype].deck != cf.deck:
            findings.append(
                Finding(
                    Severity.ERROR,
                    f"card type {ctype!r} belongs to deck "
                    f"{spec.card_types[ctype].deck!r}, not {cf.deck!r}",
                    located.at((*at, "type")),
                )
            )
            continue
        try:
            card = parse_model(model, raw, located, at)
        except ValidationFailed as exc:
            findings.extend(exc.findings)
            continue
        values = card.model_dump()
        extra = {k: values[k] for k in spec.card_types[ctype].fields}
        extra.update({k: values[k] for k in ("flavor", "image") if values[k]})
        cards.append(
            Card(
                card.id,
                ctype,
                cf.deck,
                card.qty,
                card.name,
                card.text,
                extra,
                located.at(at),
                mark,
                located,
                at,
            )
        )
    return cards


def _unknown_type(ctype: Any, spec: GameSpec, deck: str, where: Location) -> Finding:
    types = [t for t, s in spec.card_types.items() if s.deck == deck]
    close = difflib.get_close_matches(ctype, types, n=1) if isinstance(ctype, str) else []
    guess = f"did you mean {close[0]!r}? " if close else ""
    what = "missing key 'type'" if ctype is None else f"unknown card type {shown(ctype)}"
    return Finding(
        Severity.ERROR, f"{what} ({guess}types of deck {deck!r}: {', '.join(types)})", where
    )


def _merge_expansion(
    cards: list[Card], added: list[Card], exp: Expansion, located: Located, findings: list[Finding]
) -> list[Card]:
    by_id = {c.id: c for c in cards}
    for key in ("remove", "replace"):
        for i, cid in enumerate(getattr(exp.spec, key)):
            if cid not in by_id:
                findings.append(
                    Finding(
                        Severity.ERROR,
                        f"{key}: no card {shown(cid)} in the game to {key}",
                        located.at((key, i)),
                    )
                )
    removed = set(exp.spec.remove)
    replaced = set(exp.spec.replace)
    out = [c for c in cards if c.id not in removed]
    index = {c.id: i for i, c in enumerate(out)}
    for card in added:
        if card.id in index:
            if card.id in replaced:
                out[index[card.id]] = card
                continue
            findings.append(
                Finding(
                    Severity.ERROR,
                    f"card id {card.id!r} is already used by "
                    f"{by_id[card.id].where('id')} (list it under 'replace:' in "
                    f"{EXPANSION_FILE} to replace that card)",
                    card.where("id"),
                )
            )
            continue
        index[card.id] = len(out)
        out.append(card)
    return out


def load_game(
    game_id: str, cards_dir: Path | None = None, expansions: tuple[str, ...] | list[str] = ()
) -> Game:
    """Read game.yaml, every card file and the named expansions; raise on any schema error."""
    root = game_dir(game_id, cards_dir)
    data, located = load_yaml(root / GAME_FILE)
    if data is None:
        raise DataError(
            "the file is empty; a game needs id, name, players, decks and card_types",
            Location(root / GAME_FILE),
        )
    spec = parse_model(GameSpec, data, located)
    findings: list[Finding] = []
    if spec.id != game_id:
        findings.append(
            Finding(
                Severity.ERROR,
                f"id {spec.id!r} differs from the folder name {game_id!r}",
                located.at(("id",)),
            )
        )
    deck_ids = [d.id for d in spec.decks]
    for name, ct in spec.card_types.items():
        if ct.deck not in deck_ids:
            findings.append(
                Finding(
                    Severity.ERROR,
                    f"card type {name!r} names unknown deck {ct.deck!r}",
                    located.at(("card_types", name, "deck")),
                )
            )
        clash = set(ct.fields) & set(_COMMON_KEYS)
        if clash:
            findings.append(
                Finding(
                    Severity.ERROR,
                    f"fields {sorted(clash)} are common keys",
                    located.at(("card_types", name, "fields")),
                )
            )
    if findings:
        raise ValidationFailed(findings)
    models = {name: card_model(name, ct) for name, ct in spec.card_types.items()}
    cards: list[Card] = []
    for path in _card_files(root, root):
        cards.extend(_load_cards(path, spec, "", models, findings))
    cards = _dedupe(cards, findings)
    loaded: list[Expansion] = []
    available = list_expansions(root)
    for name in expansions:
        if name not in available:
            raise DataError(
                f"game {game_id!r} has no expansion {name!r} "
                f"(available: {', '.join(available) or 'none'})"
            )
        folder = root / "expansions" / name
        _check_inside(folder / EXPANSION_FILE, root)
        edata, elocated = load_yaml(folder / EXPANSION_FILE)
        if edata is None:
            raise DataError(
                "the file is empty; an expansion needs at least a name",
                Location(folder / EXPANSION_FILE),
            )
        espec = parse_model(ExpansionSpec, edata, elocated)
        mark = espec.mark or "".join(w[0] for w in espec.name.split()).upper()[:3]
        exp = Expansion(name, folder, espec, mark, elocated)
        added: list[Card] = []
        for path in _card_files(folder, root):
            added.extend(_load_cards(path, spec, mark, models, findings))
        cards = _merge_expansion(cards, _dedupe(added, findings), exp, elocated, findings)
        loaded.append(exp)
    if any(f.severity is Severity.ERROR for f in findings):
        raise ValidationFailed(findings)
    return Game(spec, root, cards, located, loaded, findings, _load_record(root))


def _load_record(root: Path) -> PlaytestRecord | None:
    """The game's playtest.yaml, checked against its schema; None when there is none."""
    path = root / PLAYTEST_FILE
    if not path.is_file():
        return None
    _check_inside(path, root)
    data, located = load_yaml(path)
    return parse_model(PlaytestRecord, data if data is not None else {}, located)


def _dedupe(cards: list[Card], findings: list[Finding]) -> list[Card]:
    seen: dict[str, Card] = {}
    for c in cards:
        if c.id in seen:
            findings.append(
                Finding(
                    Severity.ERROR,
                    f"duplicate card id {c.id!r} (first at {seen[c.id].where('id')})",
                    c.where("id"),
                )
            )
        else:
            seen[c.id] = c
    return list(seen.values())
