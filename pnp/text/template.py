"""Jinja2 for card text, layouts and rulebooks, in a sandbox (expansions come from strangers)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from jinja2 import FunctionLoader, StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment

from pnp._errors import DataError, Location, one_line, shown
from pnp.spec.fields import parse_color
from pnp.text.sandbox import (
    CARD_FIELD_CHARS,
    BoundedEnvironment,
    Budget,
    bounded_filter,
    rendering,
)

_SOURCES: dict[str, str] = {}
"""Template strings by the digest that names them (see _compiled)."""


def money(value: Any) -> str:
    """$ millions as printed on •Boom components: 200 → '$200m', 1000 → '$1b'."""
    v = int(value)
    if v >= 1000 and v % 1000 == 0:
        return f"${v // 1000}b"
    return f"${v}m"


def dollars(value: Any) -> str:
    """Plain dollars with cents when needed: 3.5 → '$3.50', 2 → '$2'."""
    v = float(value)
    return f"${v:.0f}" if v == int(v) else f"${v:.2f}"


def thousands(value: Any) -> str:
    """A whole number with thousands separated, as prose prints a count: 2000 → '2,000'."""
    return f"{int(value):,}"


def percent(value: Any) -> str:
    """A share as prose prints it, to the first digit that is not zero (at most two
    decimals), the sign held to its number by a no-break space: 0.0005 → '0.05 %',
    0.25 → '25 %', 0 → '0 %'."""
    v = 100 * float(value)
    digits = 0 if v == 0 or v >= 10 else 1 if v >= 1 else 2
    return f"{v:.{digits}f}\u00a0%"


@cache
def environment() -> SandboxedEnvironment:
    """The one sandboxed environment. Compiled templates are kept in memory only, never on
    disk: Jinja2's bytecode cache is pickle and marshal, and a planted file would run."""
    env = BoundedEnvironment(
        loader=FunctionLoader(_SOURCES.get),
        undefined=StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["money"] = money
    env.filters["dollars"] = dollars
    env.filters["thousands"] = thousands
    env.filters["percent"] = percent
    env.filters = {name: bounded_filter(name, fn) for name, fn in env.filters.items()}
    return env


@lru_cache(maxsize=512)
def _compiled(source: str) -> Any:
    name = hashlib.sha256(source.encode()).hexdigest()[:32]
    _SOURCES[name] = source
    template = environment().get_template(name)
    # Jinja copies a template's globals into every render's context; from a ChainMap that
    # costs more than the short expressions of a layout take to run
    template.globals = dict(template.globals)
    return template


_PATH = r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)"
_FIELD = re.compile(r"^\{\{\s*" + _PATH + r"\s*\}\}$")
_DEFINED = re.compile(r"^\s*" + _PATH + r"\s+is\s+defined\s*$")
_TRUTH = re.compile(r"^\s*(not\s+)?" + _PATH + r"\s*$")
_PLAIN = (bool, int, float, str, type(None))
"""Values whose truth Jinja takes as Python does."""
_MISSING = object()


def _lookup(path: str, context: dict[str, Any]) -> Any:
    """``a.b.c`` through plain dicts; _MISSING where Jinja must decide (and report), and
    where Jinja reads another thing: its ``a.items`` is the dict's method, not the key."""
    value: Any = context
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value or hasattr(dict, part):
            return _MISSING
        value = value[part]
    return value


def render_text(
    source: str,
    context: dict[str, Any],
    where: Location | None = None,
    what: str = "text",
    max_chars: int = CARD_FIELD_CHARS,
    whole_file: bool = False,
) -> str:
    """Render a Jinja2 template string, at most ``max_chars`` long; plain strings skip Jinja
    entirely, and so does a bare ``{{ a.b }}`` naming a string (most layout fields).

    With ``whole_file`` the source is all of the file at ``where``, and an error names the
    template's line."""
    if "{" not in source:
        return _fits(source, max_chars, where, what)
    m = _FIELD.match(source)
    if m is not None:
        value = _lookup(m.group(1), context)
        if isinstance(value, str):
            return _fits(value, max_chars, where, what)

    def error(message: str, line: int | None) -> DataError:
        at = Location(where.path, line) if where and whole_file and line else where
        return DataError(f"{what}: template error: {message}", at)

    return _render(source, context, max_chars, error)


def render_colour(
    source: str, context: dict[str, Any], where: Location | None, what: str = "colour"
) -> str:
    """A colour field rendered (it may be Jinja, e.g. '{{ row.color }}') and read as
    ``#rrggbb``: #rgb, #rrggbb or a CSS colour name, else an error at ``where``."""
    text = render_text(source, context, where, what).strip()
    try:
        return parse_color(text)
    except ValueError as exc:
        raise DataError(f"{what}: {exc}", where) from None


def _fits(text: str, max_chars: int, where: Location | None, what: str) -> str:
    if len(text) > max_chars:
        raise DataError(f"{what}: text is longer than {max_chars:,} characters", where)
    return text


def evaluate(
    expr: str, context: dict[str, Any], where: Location | None = None, what: str = "expression"
) -> str:
    """One Jinja2 expression printed as text (a track's `label:` and `value:`)."""
    return _run(f"{{{{ ({expr}) }}}}", expr, context, where, what)


def is_true(
    expr: str, context: dict[str, Any], where: Location | None = None, what: str = "when"
) -> bool:
    """Truth of one Jinja2 expression (a layout element's `when:`).

    The common cases over plain dicts, ``a.b is defined``, ``a.b`` and ``not a.b`` (to a
    number, text, a flag or none), are answered without Jinja; anything else, a missing
    key included, goes to Jinja, which also words the error."""
    m = _DEFINED.match(expr)
    if m is not None:
        head, _, last = m.group(1).rpartition(".")
        parent = _lookup(head, context) if head else context
        if isinstance(parent, dict) and not hasattr(dict, last):
            return last in parent
    m = _TRUTH.match(expr)
    if m is not None:
        value = _lookup(m.group(2), context)
        if isinstance(value, _PLAIN):
            return not value if m.group(1) else bool(value)
    return _run(f"{{{{ 1 if ({expr}) else '' }}}}", expr, context, where, what) == "1"


def _run(source: str, expr: str, context: dict[str, Any], where: Location | None, what: str) -> str:
    return _render(
        source,
        context,
        CARD_FIELD_CHARS,
        lambda msg, _: DataError(f"{what}: {msg} in {shown(expr)}", where),
    )


def _render(
    source: str,
    context: dict[str, Any],
    max_chars: int,
    error: Callable[[str, int | None], DataError],
) -> str:
    """Compile and render within the bounds; any failure becomes one located line."""
    try:
        with rendering(Budget(max_chars)):
            return str(_compiled(source).render(context))
    except TemplateError as exc:
        message, line = exc.message or str(exc), _template_line(exc)
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        message, line = str(exc), _template_line(exc)
    except (RecursionError, SyntaxError):  # Python's parser gives up on deep nesting too
        message, line = "nested too deeply (brackets, blocks, or a macro that calls itself)", None
    except MemoryError:
        message, line = "needs more memory than a card game should", None
    raise error(one_line(message), line) from None


def _template_line(exc: BaseException) -> int | None:
    """The template line an error arose on (Jinja maps its frames back to the source)."""
    line = getattr(exc, "lineno", None)
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line if isinstance(line, int) else None
