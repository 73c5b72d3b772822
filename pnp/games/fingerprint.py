"""The fingerprint of what a simulation's figures depend on (see :mod:`pnp.games.inputs`),
computed from an engine handed in: below the registry, so engines and
:mod:`pnp.games.decisions` may use it without importing the registry that imports them."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from pnp.spec.game import Game
from pnp.spec.playtest import Inputs


def inputs_of(game: Game, engine: Any) -> Inputs | None:
    """The fingerprints of ``game`` as ``engine`` (an engine module, or None) reads it."""
    if ("record inputs",) not in game.memo:
        inputs = None
        if engine is not None:
            config_for = getattr(engine, "config_for", None)
            data = config_for(game) if config_for is not None else _game_data(game)
            rules = [rule.id for rule in getattr(engine, "RULES", ())]
            inputs = Inputs(data=_digest([engine.NAME, data]), rules=_digest([engine.NAME, rules]))
        game.memo["record inputs",] = inputs
    return game.memo["record inputs",]  # type: ignore[no-any-return]


def _game_data(game: Game) -> dict[str, Any]:
    """What an engine without a ``config_for`` may read: the tables, decks and cards."""
    return {
        "players": game.spec.players.model_dump(),
        "tables": game.spec.tables,
        "decks": [d.model_dump() for d in game.spec.decks],
        "cards": [(c.id, c.type, c.deck, c.qty, c.fields) for c in game.cards],
    }


def _digest(value: Any) -> str:
    text = json.dumps(_plain(value), separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _plain(value: Any) -> Any:
    """``value`` as JSON data that is the same in every process: a set in sorted order
    (its own order changes with Python's string hashing), a mapping as its pairs in order
    (the order can matter to the engine), a dataclass by its class and fields."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return [type(value).__name__, [[f.name, _plain(getattr(value, f.name))] for f in fields]]
    if isinstance(value, Mapping):  # a dict, or a config's frozen one
        return ["dict", [[_plain(k), _plain(v)] for k, v in value.items()]]
    if isinstance(value, set | frozenset):
        items = [_plain(v) for v in value]
        return ["set", sorted(items, key=lambda v: json.dumps(v, sort_keys=True))]
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "model_dump"):  # a schema model
        return _plain(value.model_dump())
    raise TypeError(f"cannot fingerprint a {type(value).__name__}")


__all__ = ["inputs_of"]
