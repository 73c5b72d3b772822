"""`pnp sweep --param PATH=V1,V2,...`: a value of game.yaml the rules read, and the values
to try in its place.

A path names a value under ``tables:`` in dotted words, a number picking a row of a list
(``tables.hand_size``, ``tables.ipo_table.3.raised``). The values are YAML, read as
game.yaml reads them and with the same guards (``3,4`` two numbers, ``[1,2],[2,3]`` two
lists, ``"a,b"`` one text). Each setting is applied to the loaded game in memory, the
files are never written, and the changed game is checked by its engine as `pnp validate`
checks it, its tables through the engine's typed model: a value the engine cannot play
is refused, naming the option, before any game is played.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp._errors import DataError, Severity, UsageError, ValidationFailed
from pnp.games import Engine
from pnp.spec.game import GAME_FILE, Game
from pnp.spec.yamlio import load_yaml_text

MAX_CELLS = 1_000
"""Most cells a sweep plays (settings × player counts): a grid past it is a slip."""
Key = str | int
Setting = tuple[tuple[str, Any], ...]
"""One value for each swept path, in the order the options were given."""


@dataclass(frozen=True)
class Param:
    """One ``--param``: where the value lives and the values to try."""

    path: str
    """As typed: ``tables.hand_size``."""
    keys: tuple[Key, ...]
    """The path's keys under ``tables:``, a list's row as a number."""
    values: tuple[Any, ...]
    typed: str
    """The values as typed after ``=``, for the command that repeats the sweep."""

    @property
    def option(self) -> str:
        return f"{self.path}={self.typed}"


def parse_params(texts: list[str], game: Game) -> list[Param]:
    """Each ``PATH=V1,V2,...`` checked against the game's data (a usage error if not)."""
    params: list[Param] = []
    for text in texts:
        path, sep, typed = text.partition("=")
        path = path.strip()
        if not sep or not path:
            raise UsageError(
                f"--param {text}: write PATH=VALUE,VALUE,... (e.g. tables.hand_size=2,3)"
            )
        if path in [p.path for p in params]:
            raise UsageError(f"--param {path} is given twice: list all its values in one --param")
        keys = _keys(game, path, text)
        params.append(Param(path, keys, _values(typed, text), typed.strip()))
    return params


def _values(typed: str, option: str) -> tuple[Any, ...]:
    try:
        values, _ = load_yaml_text(f"[{typed}]", Path("--param"))
    except DataError as exc:
        raise UsageError(
            f"--param {option}: the values do not read as YAML: "
            f"{exc.message.removeprefix('YAML syntax: ')}"
        ) from None
    if not values:
        raise UsageError(f"--param {option}: give at least one value after '='")
    seen: list[str] = []
    for value in values:
        if shown_value(value) in seen:
            raise UsageError(f"--param {option}: {shown_value(value)} is given twice")
        seen.append(shown_value(value))
    return tuple(values)


def _keys(game: Game, path: str, option: str) -> tuple[Key, ...]:
    """The keys of ``path`` under ``tables:``, each one there in the game's data."""
    words = path.split(".")

    def refuse(what: str) -> UsageError:
        return UsageError(f"--param {option}: {what}")

    if words[0] != "tables":
        if words[0] == "decisions":
            raise refuse(
                "decisions are written in the engine's code, not in game.yaml: a sweep "
                "changes values under tables: (e.g. tables.hand_size)"
            )
        if words[0] == "players":
            raise refuse("the seats are swept with --players (e.g. --players 3,4,5)")
        top = list(type(game.spec).model_fields)
        if words[0] in top:
            raise refuse(
                f"{words[0]} is not read by the rules: a sweep changes values under tables: "
                "(e.g. tables.hand_size)"
            )
        close = difflib.get_close_matches(words[0], ["tables", *top], n=1, cutoff=0.6)
        raise refuse(
            f"{GAME_FILE} has no {words[0]}" + (f"; did you mean {close[0]}?" if close else "")
        )
    if len(words) == 1:
        raise refuse("name a value under tables: (e.g. tables.hand_size)")
    if not all(words):
        raise refuse("write the path as names between single dots (e.g. tables.hand_size)")
    node: Any = game.spec.tables
    keys: list[Key] = []
    for word in words[1:]:
        at = ".".join(["tables", *map(str, keys)])
        key = _child(node, word)
        if key is None:
            raise refuse(_missing(node, at, word))
        keys.append(key)
        node = node[key]
    return tuple(keys)


def _child(node: Any, word: str) -> Key | None:
    """The key or row number of ``node`` that ``word`` names, if it has one."""
    if isinstance(node, dict):
        if word in node:
            return word
        number = int(word) if word.isascii() and word.isdigit() else None
        return number if number is not None and number in node else None
    if isinstance(node, list) and word.isascii() and word.isdigit() and int(word) < len(node):
        return int(word)
    return None


def _missing(node: Any, at: str, word: str) -> str:
    """Why ``at.word`` names nothing in the game's data, with what is there."""
    if isinstance(node, list):
        return (
            f"{at} is a list of {len(node)} rows: name one by its number, "
            f"from 0 to {len(node) - 1} (e.g. {at}.0)"
        )
    if not isinstance(node, dict):
        return f"{at} is a value, {shown_value(node)}, with nothing under it"
    close = difflib.get_close_matches(word, [str(k) for k in node], n=1, cutoff=0.6)
    if close:
        return f"{GAME_FILE} has no {at}.{word}; did you mean {at}.{close[0]}?"
    names = ", ".join(map(str, list(node)[:12])) + (", …" if len(node) > 12 else "")
    return f"{GAME_FILE} has no {at}.{word} ({at} holds {names})"


def shown_value(value: Any) -> str:
    """A value as a cell's label shows it: text as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def setting_label(setting: Setting) -> str:
    """``tables.hand_size=3, tables.min_price=10``."""
    return ", ".join(f"{path}={shown_value(value)}" for path, value in setting)


def with_setting(game: Game, params: list[Param], setting: Setting) -> Game:
    """A copy of ``game`` with each swept value in place (the game itself is unchanged)."""
    if not params:
        return game
    tables = copy.deepcopy(game.spec.tables)
    for param, (_, value) in zip(params, setting, strict=True):
        node: Any = tables
        for key in param.keys[:-1]:
            node = node[key]
        node[param.keys[-1]] = copy.deepcopy(value)
    return dataclasses.replace(game, spec=game.spec.model_copy(update={"tables": tables}))


def settings_of(params: list[Param]) -> list[Setting]:
    """Every combination of the values, the first option's changing slowest."""
    return [
        tuple(zip([p.path for p in params], values, strict=True))
        for values in itertools.product(*(p.values for p in params))
    ]


def checked_games(engine: Engine, game: Game, params: list[Param]) -> list[tuple[Setting, Game]]:
    """Each setting with its game, every one checked by the engine before any is played:
    the game as loaded must hold (else its findings, exit 1, as `pnp simulate` says), and
    a setting that breaks it is a usage error naming the options."""
    found = engine.validate(game)
    if any(f.severity is Severity.ERROR for f in found):
        raise ValidationFailed(found)
    out = []
    for setting in settings_of(params):
        changed = with_setting(game, params, setting)
        if changed is not game:
            errors = [f.message for f in engine.validate(changed) if f.severity is Severity.ERROR]
            if errors:
                more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
                options = " ".join(
                    f"--param {path}={shown_value(value)}" for path, value in setting
                )
                raise UsageError(f"{options}: {errors[0]}{more}")
        out.append((setting, changed))
    return out


__all__ = [
    "MAX_CELLS",
    "Param",
    "Setting",
    "checked_games",
    "parse_params",
    "setting_label",
    "settings_of",
    "shown_value",
    "with_setting",
]
