"""Display-list goldens: what layout hands to render for every sheet file of a build, as the
JSON of pnp.layout.dump, compared field by field with a tolerance of one rounding step."""

from __future__ import annotations

import difflib
import json
from typing import Any

from pnp.layout.dump import DIGITS, as_data, dumps
from pnp.plan.outputs import lay_out_sheet, sheet_plans
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game
from pnp.spec.paths import data_root

FACES_PAPER = "a4"
"""Faces do not depend on the paper: a build on other paper records its pages only."""
TOLERANCE = 10.0**-DIGITS + 1e-9
"""Numbers are rounded to DIGITS decimals; a value on a rounding edge may land on either side
on another machine (a last bit of a font metric or a sine), so one step is no change."""
LIMIT = 12
"""Differences listed per file; the rest are counted."""


def laid_out(game_id: str, paper: str) -> dict[str, str]:
    """Each sheet file of ``game_id``'s build on ``paper`` (default options otherwise), by
    PDF name, as the text of its golden."""
    out = {}
    game = load_game(game_id)
    # cards/<game> and templates/ side by side: a checkout, or the data of a wheel
    roots = (game.root.parent.parent, data_root())
    options = BuildOptions(paper=paper)
    for plan in sheet_plans(game, options):
        pages, faces = lay_out_sheet(game, plan, options)
        data = as_data(pages, faces, roots)
        if paper != FACES_PAPER:
            del data["faces"]
        out[plan.path] = dumps(data)
    return out


def differences(name: str, expected: str, actual: str) -> list[str]:
    """What differs between two goldens' texts, one readable line each: the file, the face or
    page, the op and the field ([] when nothing beyond :data:`TOLERANCE`)."""
    found: list[tuple[list[str], str]] = []
    _diff(json.loads(expected), json.loads(actual), [], found)
    lines = [f"{name}: {_where(where)}: {what}" for where, what in found[:LIMIT]]
    if len(found) > LIMIT:
        lines.append(f"{name}: and {len(found) - LIMIT} more differences")
    return lines


def _diff(a: Any, b: Any, where: list[str], found: list[tuple[list[str], str]]) -> None:
    if isinstance(a, dict) and isinstance(b, dict) and a.get("op") == b.get("op"):
        for key in sorted(a.keys() | b.keys()):
            label = f"face {key!r}" if where == ["faces"] else key
            if key not in b:
                found.append((where, f"{label} is gone (golden: {_short(a[key])})"))
            elif key not in a:
                found.append((where, f"{label} is new: {_short(b[key])}"))
            elif _nested(a[key]) and _nested(b[key]):
                _diff(a[key], b[key], [*where, label], found)
            elif not _same(a[key], b[key]):
                found.append((where, f"{key}: golden {_short(a[key])}, now {_short(b[key])}"))
    elif isinstance(a, list) and isinstance(b, list):
        _diff_list(a, b, where, found)
    elif not _same(a, b):
        found.append((where, f"golden {_short(a)}, now {_short(b)}"))


def _diff_list(a: list[Any], b: list[Any], where: list[str], found: list[Any]) -> None:
    """Element by element; where an op (or item, or mark) was added or left out, that one
    is named instead of every op after it."""
    parent, base = (where[-1], where[:-1]) if where else ("", [])
    keys = difflib.SequenceMatcher(None, [_key(x) for x in a], [_key(x) for x in b], False)
    for tag, i1, i2, j1, j2 in keys.get_opcodes():
        if tag == "equal":
            continue
        if i2 - i1 == j2 - j1:
            for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                where_i = [*base, _label(parent, i, a[i])]
                if _nested(a[i]) and _nested(b[j]):
                    _diff(a[i], b[j], where_i, found)
                elif not _same(a[i], b[j]):
                    found.append((where_i, f"golden {_short(a[i])}, now {_short(b[j])}"))
            continue
        for i in range(i1, i2):
            found.append(([*base, _label(parent, i, a[i])], "is gone"))
        for j in range(j1, j2):
            found.append(([*base, _label(parent, j, b[j])], f"is new: {_short(b[j])}"))


def _label(parent: str, i: int, x: Any) -> str:
    """``page 2``, ``op 7 (textblock 'Gain $200m')``, ``item 3 (muttscape)``, ``marks 4``."""
    name = {"pages": "page", "ops": "op", "items": "item"}.get(parent, parent)
    if not isinstance(x, dict) or "op" not in x:
        return f"{name} {i + 1}"
    what = x["op"]
    if "id" in x:
        what = str(x["id"])
    elif x["op"] == "shape":
        what = f"shape {x['kind']}"
    elif x.get("lines"):
        what = f"{x['op']} {x['lines'][0][2][:30]!r}"
    elif x.get("path"):
        what = f"{x['op']} {x['path'].rsplit('/', 1)[-1]}"
    return f"{name} {i + 1} ({what})"


def _nested(v: Any) -> bool:
    """A face, a page, or a list of ops, items or rectangles: compared part by part (a flat
    list, such as a trim rectangle, is compared and shown whole)."""
    return isinstance(v, dict) or (
        isinstance(v, list) and any(_nested(x) or isinstance(x, list) for x in v)
    )


def _where(where: list[str]) -> str:
    return ", ".join(w for w in where if w != "faces") or "the file"


def _key(x: Any) -> str:
    return json.dumps(x, sort_keys=True)


def _same(a: Any, b: Any) -> bool:
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool):
        return abs(a - b) <= TOLERANCE
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _short(v: Any) -> str:
    text = json.dumps(v, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."
