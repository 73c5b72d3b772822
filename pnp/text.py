"""Jinja2 for card text, layouts and rulebooks, in a sandbox (expansions come from strangers)."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment

from pnp._errors import DataError, Location


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


@cache
def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        undefined=StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["money"] = money
    env.filters["dollars"] = dollars
    return env


@lru_cache(maxsize=512)
def _compiled(source: str) -> Any:
    return environment().from_string(source)


@lru_cache(maxsize=512)
def _compiled_expr(source: str) -> Any:
    return environment().compile_expression(source, undefined_to_none=False)


def render_text(
    source: str, context: dict[str, Any], where: Location | None = None, what: str = "text"
) -> str:
    """Render a Jinja2 template string; plain strings skip Jinja entirely."""
    if "{" not in source:
        return source
    try:
        return str(_compiled(source).render(context))
    except TemplateError as exc:
        raise DataError(f"{what}: template error: {exc.message or exc}", where) from None
    except (TypeError, ValueError, ArithmeticError) as exc:
        raise DataError(f"{what}: template error: {exc}", where) from None


def evaluate(
    expr: str, context: dict[str, Any], where: Location | None = None, what: str = "expression"
) -> Any:
    """Evaluate one Jinja2 expression (a layout's `when:`, a track's `label:`)."""
    try:
        return _compiled_expr(expr)(**context)
    except TemplateError as exc:
        raise DataError(f"{what}: {exc.message or exc} in {expr!r}", where) from None
    except (TypeError, ValueError, ArithmeticError) as exc:
        raise DataError(f"{what}: {exc} in {expr!r}", where) from None
