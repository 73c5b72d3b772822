"""What layout hands to render, as plain JSON-ready data and as text a person can review.

The display list (pages, the items placed on them, and each face's ops) is the contract
between layout and render; written out here it becomes a golden file that reads well in a
diff (tests/golden/ops/) and holds on every machine: only geometry in millimetres (rounded
to 0.01 mm), font sizes, colours, text and paths relative to the data folder, none of
reportlab's or zlib's bytes."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pnp.layout.ops import Face
from pnp.layout.pages import Label, Page
from pnp.spec.paths import data_root

DIGITS = 2
"""Decimals kept of every number: 0.01 mm (and 0.01 pt of a font size)."""
PATH_FIELDS = frozenset({"path", "icon"})
"""Fields of the ops that name a file (Icon/Picture.path, Run.icon)."""


def as_data(pages: Sequence[Page], faces: Mapping[str, Face], roots: Sequence[Path] = ()) -> Any:
    """A laid-out file as JSON-ready data: ``{"faces": {key: face}, "pages": [page]}``.

    Every dataclass becomes a dict with its type under ``"op"`` (``shape``, ``textblock``,
    ``icon``, ``picture``, ``run``, ``placed``, ``cut``) and without the fields that hold
    their default (no ``"dash": 0.0`` on every solid line), numbers are rounded to
    :data:`DIGITS` decimals and file paths are written relative to the first of ``roots``
    that holds them (folders holding cards/, templates/ and fonts/; the bundled data's when
    none is given), so the data is the same on every machine."""
    base = tuple(r.resolve() for r in roots or (data_root(),))
    return {
        "faces": {key: _value(faces[key], base) for key in sorted(faces)},
        "pages": [_value(page, base) for page in pages],
    }


def _value(v: Any, base: tuple[Path, ...], name: str = "") -> Any:
    if isinstance(v, float):
        return round(v, DIGITS) + 0.0  # + 0.0: no "-0.0"
    if isinstance(v, str) and name in PATH_FIELDS and v:
        return _relative(v, base)
    if isinstance(v, bool | int | str) or v is None:
        return v
    if isinstance(v, list | tuple):
        return [_value(x, base, name) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _value(x, base) for k, x in v.items()}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        out: dict[str, Any] = (
            {} if isinstance(v, Page | Face | Label) else {"op": type(v).__name__.lower()}
        )
        for f in dataclasses.fields(v):
            if not f.metadata.get("dump", True):
                continue
            value = getattr(v, f.name)
            if f.type == "float" and isinstance(value, int):
                value = float(value)  # a 0 passed for 0.0 is the same number, written alike
            if not _is_default(f, value):
                out[f.name] = _value(value, base, f.name)
        return out
    raise TypeError(f"cannot write {type(v).__name__} as data")


def _is_default(f: dataclasses.Field[Any], value: Any) -> bool:
    """True when ``value`` is the field's default: left out, so that a face is not a list of
    zeros (a missing key reads as the default of the dataclass in ops.py or pages.py)."""
    if f.default is not dataclasses.MISSING:
        return bool(value == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(value == f.default_factory())
    return False


def _relative(path: str, roots: tuple[Path, ...]) -> str:
    p = Path(path).resolve()
    root = next((r for r in roots if p.is_relative_to(r)), None)
    return p.relative_to(root).as_posix() if root else p.as_posix()


def dumps(data: Any) -> str:
    """``data`` as JSON with sorted keys, one op (or item, or rectangle) a line, and a
    rich-text block key by key with one run a line: a change to one op is a change to one
    line of a diff."""
    return _write(data, "") + "\n"


def _write(v: Any, indent: str) -> str:
    if _inline(v):
        return json.dumps(v, sort_keys=True, ensure_ascii=False)
    inner = indent + " "
    if isinstance(v, dict):
        body = [f"{inner}{json.dumps(k)}: {_write(v[k], inner)}" for k in sorted(v)]
        return "{\n" + ",\n".join(body) + "\n" + indent + "}"
    body = [inner + _write(x, inner) for x in v]
    return "[\n" + ",\n".join(body) + "\n" + indent + "]"


def _inline(v: Any) -> bool:
    """On one line: a number, text, a flat list, or a dict with no dict inside (an op, an
    item; not a face or a page, and not a text block whose runs are dicts)."""
    if isinstance(v, dict):
        return all(_flat(x, 2) for x in v.values())
    return _flat(v, 1)


def _flat(v: Any, depth: int) -> bool:
    """No dict in ``v``, and lists nested at most ``depth`` deep."""
    if isinstance(v, dict):
        return False
    if isinstance(v, list):
        return depth > 0 and all(_flat(x, depth - 1) for x in v)
    return True
