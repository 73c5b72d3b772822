"""The schema of the files a designer edits: JSON Schema for editors, and schema errors
said in plain words (no raw regular expressions or pydantic jargon)."""

from __future__ import annotations

import ast
import difflib
import importlib
import inspect
import types
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from pnp._errors import Finding, Severity, shown
from pnp.spec import components, fields, model
from pnp.spec.fields import PATTERN_WORDS
from pnp.spec.model import CardFile, GameSpec, card_model

if TYPE_CHECKING:
    from pnp.spec.yamlio import Located

_MAPPING_TYPES = ("model_type", "dict_type", "model_attributes_type")
_WHOLE = ("int_type", "int_parsing", "int_from_float", "int_parsing_size")
_NUMBER = ("float_type", "float_parsing")
_BOUNDS = {
    "greater_than_equal": ("ge", "at least"),
    "greater_than": ("gt", "more than"),
    "less_than_equal": ("le", "at most"),
    "less_than": ("lt", "less than"),
}


def game_schema() -> dict[str, Any]:
    """Schema of game.yaml, each key described by the docstring under its field."""
    return _described(GameSpec.model_json_schema(), _schema_models())


def card_file_schema(spec: GameSpec) -> dict[str, Any]:
    """Schema of a game's card files: `deck` plus cards of exactly the declared types."""
    per_type = [card_model(name, ct) for name, ct in spec.card_types.items()]
    models = {**_schema_models(), **{m.__name__: m for m in per_type}}
    variants = [_described(m.model_json_schema(), models) for m in per_type]
    body = _described(CardFile.model_json_schema(), models)
    body["title"] = f"{spec.name} card file"
    body["properties"]["deck"]["enum"] = [d.id for d in spec.decks]
    body["properties"]["cards"]["items"] = {"oneOf": variants}
    return body


def _schema_models() -> dict[str, type[BaseModel]]:
    """pnp's schema models by name (the title pydantic gives each in a JSON Schema)."""
    return {
        name: value
        for module in (fields, components, model)
        for name, value in vars(module).items()
        if isinstance(value, type) and issubclass(value, BaseModel)
    }


def _described(schema: dict[str, Any], models: dict[str, type[BaseModel]]) -> dict[str, Any]:
    """``schema`` with each property that has none given the docstring written under its
    field, so an editor shows it as help. (pydantic's ``use_attribute_docstrings`` reads
    them as the models are defined, a cost every build would pay for this one command.)"""
    for part in [schema, *schema.get("$defs", {}).values()]:
        described = models.get(part.get("title", ""))
        if described is None:
            continue
        docs = _field_docs(described)
        for key, prop in part.get("properties", {}).items():
            if key in docs:
                prop.setdefault("description", docs[key])
    return schema


def _field_docs(model: type[BaseModel]) -> dict[str, str]:
    """The docstring under each field of ``model`` and of the models it derives from."""
    docs: dict[str, str] = {}
    for klass in reversed(model.__mro__):
        body = _class_bodies(klass.__module__).get(klass.__qualname__, [])
        for stmt, after in zip(body, body[1:], strict=False):
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[stmt.target.id] = inspect.cleandoc(after.value.value)
    return docs


@cache
def _class_bodies(module_name: str) -> dict[str, list[ast.stmt]]:
    """The statements of each top-level class of a module of pnp (none for others)."""
    if not module_name.startswith("pnp."):
        return {}
    tree = ast.parse(inspect.getsource(importlib.import_module(module_name)))
    return {node.name: node.body for node in tree.body if isinstance(node, ast.ClassDef)}


def schema_findings(
    err: ValidationError, model: type[BaseModel], located: Located, prefix: tuple[Any, ...] = ()
) -> list[Finding]:
    """One finding per pydantic error, in words, at the key it is about.

    A missing key that an unknown key beside it is a misspelling of is not reported
    again: ``qtty`` says "did you mean 'qty'?" and that is the one message.
    """
    errors = err.errors()
    misspelt = {
        (tuple(e["loc"][:-1]), _closest(str(e["loc"][-1]), allowed_keys(model, e["loc"][:-1])))
        for e in errors
        if e["type"] == "extra_forbidden"
    }
    out = []
    for e in errors:
        loc = tuple(e["loc"])
        if e["type"] == "missing":
            loc = loc[:-1]
            if (loc, e["loc"][-1]) in misspelt:
                continue
        if e["type"] == "union_tag_invalid":
            loc = (*loc, "kind")
        where = located.at((*prefix, *_data_path(model, loc)))
        out.append(Finding(Severity.ERROR, describe(e, model), where))
    return out


def describe(e: ErrorDetails, model: type[BaseModel]) -> str:
    """A pydantic error as a person reads it: ``key.path: what is wrong``."""
    loc, kind = tuple(e["loc"]), e["type"]
    where = ".".join(str(p) for p in _data_path(model, loc))
    if kind == "extra_forbidden":
        return _misplaced(model, loc) or unknown_key(str(loc[-1]), allowed_keys(model, loc[:-1]))
    if kind == "missing":
        if isinstance(loc[-1], int):
            return f"{where.rpartition('.')[0]}: too few values"
        return f"missing key {loc[-1]!r}"
    if kind == "union_tag_not_found":
        tags = ", ".join(str(t) for t in _kinds(_type_at(model, loc)))
        return f"{where}: missing key 'kind' (one of {tags})"
    if kind in _MAPPING_TYPES:
        if not where:
            return "expected a mapping (key: value lines) at the top of the file"
        return f"{where}: expected a mapping (key: value lines) here"
    what = _what(e)
    return f"{where}: {what}" if where else what


def _what(e: ErrorDetails) -> str:
    kind, ctx, value = e["type"], e.get("ctx", {}), e["input"]
    if kind in _WHOLE:
        return f"expected a whole number, not {_as_typed(value)}"
    if kind in _NUMBER:
        return f"expected a number, not {_as_typed(value)}"
    if kind == "finite_number":
        return f"expected a finite number, not {shown(value)}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, not {_as_typed(value)}"
    if kind == "string_type":
        hint = (
            f' (quote it to mean text: "{str(value).lower()}")' if isinstance(value, bool) else ""
        )
        return f"expected text, not {_as_typed(value)}{hint}"
    if kind == "string_too_short":
        if ctx.get("min_length") == 1:
            return "must not be empty"
        return f"needs at least {ctx.get('min_length')} characters"
    if kind == "string_too_long":
        return f"too long ({len(str(value))} characters; at most {ctx.get('max_length')})"
    if kind == "string_pattern_mismatch":
        words = PATTERN_WORDS.get(str(ctx.get("pattern")), "not in the expected form")
        return f"{shown(value)} is not allowed: {words}"
    if kind in _BOUNDS:
        name, words = _BOUNDS[kind]
        bound = ctx.get(name)
        if isinstance(bound, float) and bound.is_integer():
            bound = int(bound)
        return f"must be {words} {bound}, not {shown(value)}"
    if kind == "literal_error":
        return f"must be {ctx.get('expected')}, not {shown(value)}"
    if kind == "union_tag_invalid":
        return f"kind {shown(ctx.get('tag'))} is not one of {ctx.get('expected_tags')}"
    if kind == "union_tag_not_found":
        return f"missing key {ctx.get('discriminator', 'kind')}"
    if kind == "list_type":
        return "expected a list (lines starting with '- ')"
    if kind == "tuple_type":
        return f"expected a list of values like [1, 2], not {_as_typed(value)}"
    if kind in ("too_short", "too_long"):
        n = ctx.get("actual_length")
        has = f"has {n} value{'' if n == 1 else 's'}"
        if kind == "too_short":
            return f"{has}; at least {ctx.get('min_length')} needed"
        return f"{has}; at most {ctx.get('max_length')} allowed"
    if kind == "value_error":
        return e["msg"].removeprefix("Value error, ")
    return f"{e['msg'][:1].lower()}{e['msg'][1:]} (got {shown(value)})"


def _as_typed(value: Any) -> str:
    """``'abc' (text)``, ``true (a yes/no value)``: what the value was read as."""
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no value)"
    if isinstance(value, str):
        return f"{shown(value)} (text)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "an empty value"
    return shown(value)


def unknown_key(key: str, allowed: list[str]) -> str:
    """``unknown key 'qtty' (did you mean 'qty'? allowed: id, type, qty, …)``."""
    if not allowed:
        return f"unknown key {shown(key)}"
    close = _closest(key, allowed)
    guess = f"did you mean {close!r}? " if close else ""
    return f"unknown key {shown(key)} ({guess}allowed: {', '.join(allowed)})"


def _misplaced(model: type[BaseModel], loc: tuple[Any, ...]) -> str | None:
    """For a key that another kind of the same union takes (a `rect` given `font`):
    ``font: kind 'rect' has no font; kind 'text' does``."""
    key, tag, union = str(loc[-1]), loc[-2] if len(loc) > 1 else None, _type_at(model, loc[:-2])
    if tag not in _kinds(union) or get_origin(union) not in (Union, types.UnionType):
        return None
    takers = [
        str(t) for m in get_args(union) if key in _plain(m).model_fields for t in _kinds_of(m)
    ]
    if not takers:
        return None
    which = (
        f"kind {shown(takers[0])} does"
        if len(takers) == 1
        else (f"kinds {', '.join(shown(t) for t in takers)} do")
    )
    return f"{key}: kind {shown(tag)} has no {key}; {which}"


def _closest(key: str, allowed: list[str]) -> str | None:
    close = difflib.get_close_matches(key[:100], allowed, n=1, cutoff=0.6)
    return close[0] if close else None


def allowed_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """Keys the model accepts at ``loc`` (a path of keys and list indexes)."""
    tp = _type_at(model, loc)
    return list(tp.model_fields) if _is_model(tp) else []


def _type_at(model: type[BaseModel], loc: tuple[Any, ...]) -> Any:
    tp: Any = model
    for part in loc:
        tp = _step(_plain(tp), part)
        if tp is None:
            return None
    return _plain(tp)


def _data_path(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """``loc`` as keys in the file: without the `kind` tags pydantic adds at unions."""
    tp: Any = model
    kept = []
    for part in loc:
        tp = _plain(tp)
        if get_origin(tp) in (Union, types.UnionType) and part in _kinds(tp):
            tp = _step(tp, part)
            continue
        kept.append(part)
        tp = _step(tp, part)
    return tuple(kept)


def _kinds(union: Any) -> list[Any]:
    """The `kind` values a discriminated union of models accepts."""
    return [tag for member in get_args(union) for tag in _kinds_of(member)]


def _kinds_of(member: Any) -> tuple[Any, ...]:
    member = _plain(member)
    kind = member.model_fields.get("kind") if _is_model(member) else None
    if kind is None or get_origin(kind.annotation) is not Literal:
        return ()
    return get_args(kind.annotation)


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _plain(tp: Any) -> Any:
    """Strip Annotated[...] and `| None`."""
    while True:
        origin = get_origin(tp)
        if origin is Annotated:
            tp = get_args(tp)[0]
        elif origin in (Union, types.UnionType):
            args = [a for a in get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp


def _step(tp: Any, part: Any) -> Any:
    """The type found one key or index below ``tp``."""
    origin = get_origin(tp)
    if _is_model(tp):
        info = tp.model_fields.get(part)
        return None if info is None else info.annotation
    if origin in (list, tuple):
        return get_args(tp)[0]
    if origin is dict:
        return get_args(tp)[1]
    if origin in (Union, types.UnionType):  # a discriminated union: `part` is the tag
        for member in get_args(tp):
            if part in _kinds_of(member):
                return _plain(member)
    return None
