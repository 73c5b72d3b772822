"""Named icons: SVG files in a game's `templates/icons/` or the bundled ones.

The bundled set comes from Font Awesome Free (CC BY 4.0, `templates/icons/`
holds the licence; `scripts/import_icons.py` copied them). Layout only finds a
file and reads its proportions; render draws it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from pnp._errors import DataError, Location
from pnp.spec.paths import file_inside
from pnp.text.game_assets import svg_size

ICON_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
CREDIT = "Icons: Font Awesome Free by Fonticons, Inc., CC BY 4.0 (fontawesome.com)."
"""The credit line every rulebook prints for the bundled icons."""

_VIEWBOX = re.compile(r'viewBox="\s*([-0-9.]+)[ ,]+([-0-9.]+)[ ,]+([0-9.]+)[ ,]+([0-9.]+)\s*"')


def icon_dirs(template_dirs: Sequence[Path]) -> tuple[Path, ...]:
    return tuple(d / "icons" for d in template_dirs)


def icon_names(dirs: Sequence[Path]) -> list[str]:
    """The icons that can be drawn: SVG files (not folders or dangling links named so)."""
    return sorted({p.stem for d in dirs if d.is_dir() for p in d.glob("*.svg") if p.is_file()})


_found: dict[tuple[str, tuple[Path, ...]], Path] = {}
"""Icons found and checked in this process (a card game names the same few on most cards;
`--watch` builds each time in a fresh process)."""


def find_icon(name: str, dirs: Sequence[Path], where: Location | None = None) -> Path:
    """The SVG file of icon ``name``, checked (pnp.text.game_assets); an unknown name is an error
    naming the closest one."""
    dirs = tuple(dirs)
    if (name, dirs) in _found:
        return _found[name, dirs]
    if ICON_NAME.match(name):
        allowed = [d.resolve() for d in dirs if d.is_dir()]
        for folder in dirs:
            path = folder / f"{name}.svg"
            if file_inside(path, allowed, f"icon {name!r}", where) is not None:
                svg_size(path, f"icon {name!r}", where)
                _found[name, dirs] = path
                return path
    known = icon_names(dirs)
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    if close:
        hint = f"did you mean {close[0]!r}?"
    elif known:
        hint = f"icons: {', '.join(known)}"
    else:
        hint = "no icons in " + " or ".join(f"{d.parent.name}/{d.name}/" for d in dirs)
    raise DataError(f"unknown icon {name!r}; {hint}", where)


@cache
def aspect(path: Path) -> float:
    """Width over height of an icon, from its viewBox."""
    m = _VIEWBOX.search(path.read_text(encoding="utf-8"))
    if not m or float(m.group(4)) <= 0:
        return 1.0
    return float(m.group(3)) / float(m.group(4))
