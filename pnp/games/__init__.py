"""Rules engines, one package per game, found by name.

This module is only the registry: :data:`ENGINES`, :func:`get_engine`, :func:`engine_for`.
What engines share (their declaration, actions, protocols, read-only values) is the kit,
:mod:`pnp.games.kit`; how an engine package is shaped and how to write or convert one is
docs/engines.md.  No engine imports this module: it imports the engines, by name.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

from pnp._errors import DataError, shown
from pnp.games.kit.protocols import Bot, Engine, GameState, sees, with_playouts

if TYPE_CHECKING:
    from pnp.spec.game import Game

ENGINES: dict[str, str] = {
    "bidness": "pnp.games.bidness",
    "bigidea": "pnp.games.bigidea",
    "boom": "pnp.games.boom",
    "oldbiddy": "pnp.games.oldbiddy",
    "smallprint": "pnp.games.smallprint",
}
"""Engine name → module that implements it."""


def get_engine(name: str) -> Engine:
    """The engine module registered as ``name``."""
    try:
        module = ENGINES[name]
    except KeyError:
        known = ", ".join(sorted(ENGINES))
        raise DataError(f"no rules engine {name!r} (engines: {known})") from None
    return cast(Engine, importlib.import_module(module))


__all__ = [
    "ENGINES",
    "Bot",
    "Engine",
    "GameState",
    "engine_for",
    "get_engine",
    "sees",
    "with_playouts",
]
"""``Bot``, ``Engine``, ``GameState``, ``sees`` and ``with_playouts`` are the kit's, named
here too for the runner and the checks, which take engines from this registry."""


def engine_for(game: Game) -> Engine | None:
    """The rules engine the game names in game.yaml (None when it names none)."""
    if game.spec.engine is None:
        return None
    if game.spec.engine not in ENGINES:
        raise DataError(
            f"no rules engine {shown(game.spec.engine)} (engines: {', '.join(sorted(ENGINES))})",
            game.spec_location("engine"),
        )
    return get_engine(game.spec.engine)
