"""Load a game folder (and any expansions) into checked, typed objects: the objects of
:mod:`pnp.spec.game` (Game, Card, Expansion), which is where they are imported from."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pnp._errors import DataError, Finding, Location, Severity, ValidationFailed, shown
from pnp.spec.game import (
    EXPANSION_FILE,
    GAME_FILE,
    Card,
    Expansion,
    Game,
    card_files,
    check_inside,
)
from pnp.spec.model import CardBase, CardFile, ExpansionSpec, GameSpec, card_model
from pnp.spec.paths import game_roots
from pnp.spec.playtest import PLAYTEST_FILE, PlaytestRecord
from pnp.spec.schema import schema_findings
from pnp.spec.yamlio import Located, load_yaml

_COMMON_KEYS = ("id", "type", "qty", "name", "text")
OWN_KEYS = ("flavor", "image", "art", "label", "kind")
"""Keys any card may give (CardBase), kept with its fields when it does."""
M = TypeVar("M", bound=BaseModel)


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
        extra.update({k: values[k] for k in OWN_KEYS if values[k]})
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
        clash = set(ct.fields) & {*_COMMON_KEYS, *OWN_KEYS}
        if clash:
            findings.append(
                Finding(
                    Severity.ERROR,
                    f"fields {sorted(clash)} are keys every card may have "
                    f"({', '.join((*_COMMON_KEYS, *OWN_KEYS))}): name them otherwise",
                    located.at(("card_types", name, "fields")),
                )
            )
    if findings:
        raise ValidationFailed(findings)
    models = {name: card_model(name, ct) for name, ct in spec.card_types.items()}
    cards: list[Card] = []
    for path in card_files(root, root):
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
        check_inside(folder / EXPANSION_FILE, root)
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
        for path in card_files(folder, root):
            added.extend(_load_cards(path, spec, mark, models, findings))
        cards = _merge_expansion(cards, _dedupe(added, findings), exp, elocated, findings)
        loaded.append(exp)
    if any(f.severity is Severity.ERROR for f in findings):
        raise ValidationFailed(findings)
    return Game(spec, root, cards, located, loaded, findings, _load_record(root))


def _load_record(root: Path) -> PlaytestRecord | None:
    """The game's playtest.yaml, checked against its schema; None when there is none."""
    path = root / PLAYTEST_FILE
    if not (path.exists() or path.is_symlink()):
        return None
    check_inside(path, root)
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
