"""Where the bundled games, templates and fonts live (installed wheel or source tree)."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def data_root() -> Path:
    """Folder holding cards/, templates/ and fonts/."""
    installed = Path(__file__).parent / "_data"
    return installed if installed.is_dir() else Path(__file__).resolve().parent.parent


def cards_root() -> Path:
    return data_root() / "cards"


def templates_root() -> Path:
    return data_root() / "templates"


def fonts_root() -> Path:
    return data_root() / "fonts"
