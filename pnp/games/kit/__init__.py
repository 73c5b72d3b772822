"""What every engine shares, below every engine (docs/engines.md): its declaration
(:class:`EngineInfo`, :func:`declare`), the one action type (:class:`Action`), deeply
read-only values (:func:`freeze`), the state and engine protocols and the bots' marks.

Engines import this package and the shared modules beside it (``pnp.games.search``,
``pnp.games.playouts``, ...), never ``pnp.games`` itself, which only finds an engine by
name: so no engine imports the registry that imports it.
"""

from pnp.games.kit.actions import Action, IllegalAction
from pnp.games.kit.engine import (
    STANDARD_PARTS,
    EngineInfo,
    Reporting,
    api_names,
    check_players,
    checked_once,
    declare,
    lazy_attributes,
)
from pnp.games.kit.freeze import FrozenDict, freeze
from pnp.games.kit.protocols import Bot, Engine, GameState, Move, blind, sees, with_playouts

__all__ = [
    "STANDARD_PARTS",
    "Action",
    "Bot",
    "Engine",
    "EngineInfo",
    "FrozenDict",
    "GameState",
    "IllegalAction",
    "Move",
    "Reporting",
    "api_names",
    "blind",
    "check_players",
    "checked_once",
    "declare",
    "freeze",
    "lazy_attributes",
    "sees",
    "with_playouts",
]
