"""Read YAML while remembering where every key and value came from.

Card files come from other people, so reading is guarded: values mean what they look
like (only ``true``/``false`` are booleans, ``yes``/``on``/``2024-01-01``/``1:30`` stay
text, as in YAML 1.2), explicit tags are refused, and the event stream is checked for
depth, alias use and expanded size before anything is built from it.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml

from pnp._errors import DataError, Location, shown
from pnp.spec.gamefiles import Unreadable, read_game_file

try:  # the C loader is several times faster; fall back when libyaml is missing
    _Base: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Base = yaml.SafeLoader

Path_ = tuple[str | int, ...]

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_DEPTH = 64
"""Deepest nesting of lists and mappings; cards need about six."""
MAX_ALIASES = 500
MAX_NODES = 100_000
"""Values a file may hold once every alias is expanded (billion-laughs guard); a
thousand cards of ten keys are 11,000."""
MAX_NUMBER_CHARS = 100
"""Longest number, in characters, a file may hold: a card needs a handful, and Python
refuses to read an integer of over 4,300 digits."""
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


class _Loader(_Base):  # type: ignore[misc, valid-type]
    """Safe loader whose plain scalars resolve as YAML 1.2's core schema does."""

    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}


_YAML12 = (
    ("tag:yaml.org,2002:bool", r"true|True|TRUE|false|False|FALSE", list("tTfF")),
    ("tag:yaml.org,2002:null", r"~|null|Null|NULL|", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:int", r"[-+]?(?:0|[1-9][0-9]*)", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+(?=[eE]))(?:[eE][-+]?[0-9]+)?",
        list("-+0123456789."),
    ),
    ("tag:yaml.org,2002:merge", r"<<", ["<"]),
)
for _tag, _pattern, _first in _YAML12:
    _Loader.add_implicit_resolver(_tag, re.compile(f"^(?:{_pattern})$"), _first)


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


def _mark_at(path: Path, mark: Any) -> Location:
    return Location(path, mark.line + 1, mark.column + 1)


def _check_events(loader: Any, path: Path) -> None:
    """Refuse tags, deep nesting and alias bombs by walking events, before composing.

    libyaml's parser keeps its own stack, so even 100,000 levels cost nothing here;
    composing such a document would recurse and crash.
    """
    depth = aliases = total = 0
    sizes: dict[str, int] = {}
    open_nodes: list[tuple[str | None, int]] = []  # (anchor, running total at start)
    while True:
        event = loader.get_event()
        if isinstance(event, yaml.StreamEndEvent):
            return
        where = _mark_at(path, event.start_mark)
        tag = getattr(event, "tag", None)
        if tag is not None:
            shown = tag.replace("tag:yaml.org,2002:", "!!")
            raise DataError(
                f"YAML tags like {shown[:40]!r} are not allowed: write a plain value "
                "(quote it to keep it as text)",
                where,
            )
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise DataError(f"more than {MAX_ALIASES} aliases (*name) in one file", where)
            if any(anchor == event.anchor for anchor, _ in open_nodes):
                raise DataError(
                    f"alias *{event.anchor} is inside the value it names (it would never end)",
                    where,
                )
            total += sizes.get(event.anchor or "", 1)
        elif isinstance(event, yaml.ScalarEvent):
            total += 1
            if event.anchor:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise DataError(f"lists and mappings nest deeper than {MAX_DEPTH} levels", where)
            total += 1
            open_nodes.append((event.anchor, total))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
            anchor, start = open_nodes.pop()
            if anchor:
                sizes[anchor] = total - start + 1
        if total > MAX_NODES:
            raise DataError(
                f"the file holds more than {MAX_NODES:,} values once aliases are expanded",
                where,
            )


def _build(node: yaml.Node, at: Path_, loc: Located, ctor: yaml.constructor.SafeConstructor) -> Any:
    loc.marks.setdefault(at, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        ctor.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _construct(key_node, loc, ctor)
            if not isinstance(key, str | int) or isinstance(key, bool):
                raise DataError("mapping keys must be plain words", _mark(loc, key_node))
            if key in out:
                raise DataError(f"duplicate key {str(key)[:60]!r}", _mark(loc, key_node))
            child = (*at, key)
            loc.marks[child] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _build(value_node, child, loc, ctor)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*at, i), loc, ctor) for i, item in enumerate(node.value)]
    return _construct(node, loc, ctor)


def _construct(node: yaml.Node, loc: Located, ctor: yaml.constructor.SafeConstructor) -> Any:
    """A node's value; a number too long to be meant, or too large for a float, is refused
    at its place."""
    if isinstance(node, yaml.ScalarNode) and node.tag in _NUMBER_TAGS:
        if len(node.value) > MAX_NUMBER_CHARS:
            raise DataError(
                f"number too long: {shown(node.value)} has {len(node.value):,} characters "
                f"(at most {MAX_NUMBER_CHARS}); quote it if it is text",
                _mark(loc, node),
            )
        value = ctor.construct_object(node, deep=True)
        if isinstance(value, float) and not math.isfinite(value):
            raise DataError(f"number too large: {shown(node.value)}", _mark(loc, node))
        return value
    return ctor.construct_object(node, deep=True)


def _mark(loc: Located, node: yaml.Node) -> Location:
    return _mark_at(loc.path, node.start_mark)


def _read(path: Path) -> str:
    try:
        body = read_game_file(path, MAX_FILE_BYTES)
    except Unreadable as exc:
        problem = f"the file {exc.problem}"
        if exc.size is not None:
            problem = (
                f"file is {exc.size / 2**20:.0f} MB; card files are limited to "
                f"{MAX_FILE_BYTES // 2**20} MB"
            )
        raise DataError(problem, Location(path)) from None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"not UTF-8 text ({exc.reason})", Location(path)) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as open() in text mode reads


def _syntax_error(exc: yaml.MarkedYAMLError, path: Path, text: str) -> DataError:
    """A parser error in words, at the place it was found."""
    mark = exc.problem_mark or exc.context_mark
    where = _mark_at(path, mark) if mark else Location(path)
    if exc.problem == "but found another document":
        return DataError(
            "a file holds one YAML document: remove this '---' and what follows it, "
            "or move that part to a file of its own",
            where,
        )
    if mark is not None and text[mark.index : mark.index + 1] == "\t":
        return DataError("YAML syntax: a tab cannot indent YAML; use spaces", where)
    message = f"YAML syntax: {exc.problem or exc.context}"
    start = exc.context_mark
    if exc.problem and exc.context and start is not None and start.line != where.line - 1:
        message += f" ({exc.context} that starts at line {start.line + 1})"
    return DataError(message, where)


def load_yaml(path: Path) -> tuple[Any, Located]:
    """Parse one YAML file into plain Python data plus a key-path → location map."""
    return load_yaml_text(_read(path), path)


def load_yaml_text(text: str, path: Path) -> tuple[Any, Located]:
    """Parse YAML ``text`` with the same guards as a file; ``path`` is what its errors
    name (a value typed on the command line is read this way too)."""
    loc = Located(path)
    try:
        scanner = _Loader(text)
        try:
            _check_events(scanner, path)
        except yaml.MarkedYAMLError as exc:
            if "maximum nesting depth" not in str(exc.problem):
                raise
            # libyaml (PyYAML >= 6.0.3) stops at 1,000 flow levels while scanning ahead,
            # before any event past MAX_DEPTH is seen: the pure-Python parser finds where
            # the first level too deep opens
            _check_events(yaml.SafeLoader(text), path)
            raise
        finally:
            scanner.dispose()
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = None if node is None else _build(node, (), loc, loader)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, path, text) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise DataError(
            f"character U+{exc.character:04X} is not allowed in YAML (is this a text file?)",
            Location(path, line, col),
        ) from None
    except yaml.YAMLError as exc:
        raise DataError(f"YAML syntax: {exc}", Location(path)) from None
    return data, loc
