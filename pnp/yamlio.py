"""Read YAML while remembering where every key and value came from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from pnp._errors import DataError, Location

try:  # the C loader is several times faster; fall back when libyaml is missing
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

Path_ = tuple[str | int, ...]


class Located:
    """Maps a path of keys/indices inside a document to its source location."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.marks: dict[Path_, tuple[int, int]] = {}

    def at(self, keys: Path_) -> Location:
        """Location of the deepest known prefix of ``keys``."""
        keys = tuple(keys)
        while keys and keys not in self.marks:
            keys = keys[:-1]
        line, col = self.marks.get(keys, (1, 1))
        return Location(self.path, line, col)


def _build(node: yaml.Node, at: Path_, loc: Located, ctor: yaml.constructor.SafeConstructor) -> Any:
    loc.marks.setdefault(at, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        ctor.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = ctor.construct_object(key_node, deep=True)
            if not isinstance(key, str | int):
                raise DataError("mapping keys must be plain words", _mark(loc, key_node))
            if key in out:
                raise DataError(f"duplicate key {key!r}", _mark(loc, key_node))
            child = (*at, key)
            loc.marks[child] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _build(value_node, child, loc, ctor)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*at, i), loc, ctor) for i, item in enumerate(node.value)]
    return ctor.construct_object(node, deep=True)


def _mark(loc: Located, node: yaml.Node) -> Location:
    return Location(loc.path, node.start_mark.line + 1, node.start_mark.column + 1)


def load_yaml(path: Path) -> tuple[Any, Located]:
    """Parse one YAML file into plain Python data plus a key-path → location map."""
    loc = Located(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"not UTF-8 text ({exc.reason})", Location(path)) from None
    except OSError as exc:
        raise DataError(f"cannot read file: {exc.strerror}", Location(path)) from None
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = None if node is None else _build(node, (), loc, loader)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path)
        raise DataError(f"YAML syntax: {exc.problem or exc.context}", where) from None
    except yaml.YAMLError as exc:
        raise DataError(f"YAML syntax: {exc}", Location(path)) from None
    return data, loc
