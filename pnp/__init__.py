"""pnp: print-and-play games from YAML — load, validate, lay out, render, simulate.

Importing ``pnp`` is cheap; the names below load their modules on first use.
"""

from __future__ import annotations

from pnp._version import __version__ as __version__

TYPE_CHECKING = False
if TYPE_CHECKING:  # importing typing takes 25 ms, before the `pnp` command guards Ctrl-C
    from typing import Any

__all__ = [
    "BuildOptions",
    "DataError",
    "Finding",
    "Game",
    "LayoutError",
    "PnpError",
    "BuildOptions",
    "ValidationFailed",
    "build_game",
    "load_game",
    "validate_game",
]

_WHERE = {
    "DataError": "pnp._errors",
    "Finding": "pnp._errors",
    "LayoutError": "pnp._errors",
    "PnpError": "pnp._errors",
    "ValidationFailed": "pnp._errors",
    "Game": "pnp.spec.game",
    "load_game": "pnp.spec.load",
    "BuildOptions": "pnp.layout.cards",
    "build_game": "pnp.build.game",
    "validate_game": "pnp.check.validate",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'pnp' has no attribute {name!r}")
