"""A Jinja2 sandbox with bounds: no template may read a file, build a huge value, print
more than its share or run for long (card text and expansions are written by strangers).

Every template operation that can make a value grow by a factor (``*``, ``**``, ``%``,
``~``, ``+``, ``replace``, ``join``, ``center``, ``format``…) is checked *before* it runs;
every loop iteration and call spends one step of the rendering's :class:`Budget`.
"""

from __future__ import annotations

import functools
import inspect
import math
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from jinja2 import Environment, TemplateNotFound, Undefined, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from pnp._errors import shown

BOUNDS_VERSION = 1
"""Compiled templates from before a change to the bounds must not be reused."""
MAX_VALUE = 200_000
"""Most characters (or items) any value in a template may hold."""
MAX_INT_BITS = 10_000
"""Largest number a template may compute (about 3,000 digits)."""
CARD_FIELD_CHARS = 5_000
"""Longest text a card field, layout value or expression may render to."""
MAX_STEPS = 1_000_000
"""Loop iterations and calls one rendering may take."""
MAX_WORK = 5_000_000
"""Characters and items that calls and filters of one rendering may read and make in all
(the •Boom rulebook, the largest today, needs about 46,000)."""
MAX_SECONDS = 10.0
"""Wall-clock time one rendering may take (a backstop behind MAX_STEPS and MAX_WORK)."""


class BoundExceeded(SecurityError):
    """A template tried to build, print or compute more than a card game needs."""


class Budget:
    """What one rendering may still spend: steps, time and output characters."""

    __slots__ = ("steps", "work", "deadline", "max_chars")

    def __init__(self, max_chars: int) -> None:
        self.steps = MAX_STEPS
        self.work = MAX_WORK
        self.deadline = time.monotonic() + MAX_SECONDS
        self.max_chars = max_chars

    def step(self) -> None:
        self.steps -= 1
        if self.steps < 0:
            raise BoundExceeded(f"runs too long (more than {MAX_STEPS:,} loop steps and calls)")
        if time.monotonic() > self.deadline:
            raise BoundExceeded(f"runs too long (more than {MAX_SECONDS:g} s)")

    def charge(self, size: int) -> None:
        self.work -= size
        if self.work < 0:
            raise BoundExceeded(
                f"does too much work (calls and filters handle over {MAX_WORK:,} characters)"
            )


_budget: ContextVar[Budget | None] = ContextVar("pnp_template_budget", default=None)


@contextmanager
def rendering(budget: Budget) -> Iterator[Budget]:
    token = _budget.set(budget)
    try:
        yield budget
    finally:
        _budget.reset(token)


def _step() -> None:
    budget = _budget.get()
    if budget is not None:
        budget.step()


def _charge(size: int) -> None:
    budget = _budget.get()
    if budget is not None:
        budget.charge(size)


def weight(value: Any, limit: int = MAX_VALUE) -> int:
    """Characters and items a value holds, through nested lists and dicts (a list holding
    one string 1,000 times weighs 1,000 times the string); counting stops past ``limit``."""
    total = 0
    stack = [value]
    while stack and total <= limit:
        v = stack.pop()
        if isinstance(v, str | bytes):
            total += len(v)
        elif isinstance(v, list | tuple | set | frozenset):
            total += len(v)
            if total <= limit:
                stack.extend(v)
        elif isinstance(v, dict):
            total += len(v)
            if total <= limit:
                stack.extend(v.keys())
                stack.extend(v.values())
        elif isinstance(v, int) and v.bit_length() > 64:  # a huge number prints long
            total += v.bit_length() // 3
    return total


def size_of(value: Any) -> int:
    """Characters or items a value holds at its top level (what copying it costs)."""
    if isinstance(value, str | bytes | list | tuple | set | frozenset | dict):
        return len(value)
    if isinstance(value, int) and value.bit_length() > 64:
        return value.bit_length() // 3
    return 0


STRINGIFYING = frozenset(
    {"string", "join", "format", "tojson", "pprint", "indent", "center", "wordwrap", "replace",
     "truncate", "title", "upper", "lower", "capitalize", "trim", "striptags", "urlize",
     "urlencode", "escape", "e", "forceescape", "safe", "xmlattr", "wordcount"}
)  # fmt: skip
"""Filters that turn their whole value into text: what it holds in depth is checked first."""


def _check(size: int, what: str) -> None:
    if size > MAX_VALUE:
        raise BoundExceeded(f"{what} would hold over {MAX_VALUE:,} characters or items")


def _check_int(value: Any) -> None:
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        _check_power(2, value.bit_length())


def _check_power(base: int, exponent: int) -> None:
    if abs(base) > 1 and exponent * math.log2(abs(base)) > MAX_INT_BITS:
        raise BoundExceeded(f"number larger than 2**{MAX_INT_BITS:,}")


def _check_args(args: Iterable[Any], what: str) -> int:
    """Refuse huge numbers and values among ``args``; their total weight."""
    total = 0
    for a in args:
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_VALUE:
            raise BoundExceeded(f"{what}: number {shown(a)} is over {MAX_VALUE:,}")
        size = size_of(a)
        _check(size, what)
        total += size
    return total


_FORMAT_NUMBER = re.compile(
    r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?|\{[^{}]*?:[^{}]*?(\d+)"
)


def _check_format(fmt: str) -> None:
    """Widths and precisions in a '%' or str.format string stay small."""
    for m in _FORMAT_NUMBER.finditer(fmt):
        for n in m.groups():
            if n == "*" or (n is not None and int(n) > MAX_VALUE):
                raise BoundExceeded(f"format width {shown(n)} is not allowed")


def _expanded_size(name: str, subject: Any, args: tuple[Any, ...], method: bool) -> int:
    """Size of the result of a str method (``method``) or filter that can multiply its
    input; ``subject`` is the string the method belongs to, or the filter's value."""
    strs = [a for a in args if isinstance(a, str)]
    if name == "replace" and isinstance(subject, str) and len(strs) >= 2:
        old, new = strs[0], strs[1]
        count = len(subject) + 1 if not old else subject.count(old)
        return len(subject) + count * len(new)
    if name == "join":  # sep.join(items) or items|join(sep)
        items, sep = (args[0] if args else "", subject) if method else (subject, "".join(strs[:1]))
        count = len(items) if isinstance(items, list | tuple | dict | set | str) else 0
        return weight(items) + count * len(sep)
    if name == "expandtabs" and isinstance(subject, str):
        size = next((a for a in args if isinstance(a, int)), 8)
        return len(subject) + subject.count("\t") * size
    if name == "indent" and isinstance(subject, str):
        widths = [
            len(a) if isinstance(a, str) else a for a in args if _is_count(a) or isinstance(a, str)
        ]
        return len(subject) + (subject.count("\n") + 1) * max(widths, default=4)
    if name == "wordwrap" and isinstance(subject, str):  # a wrapstring between any two words
        return len(subject) * (1 + max((len(a) for a in strs), default=1))
    return 0


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _BoundedCodeGenerator(CodeGenerator):
    """Every for loop counts its steps; every ``~`` checks what it joins."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        if not (isinstance(node.iter, nodes.Call) and _is_counted(node.iter.node)):
            node.iter = nodes.Call(
                nodes.EnvironmentAttribute("counted"),
                [node.iter],
                [],
                None,
                None,
                lineno=node.lineno,
            )
        super().visit_For(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.joined((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


def _is_counted(node: nodes.Node) -> bool:
    return isinstance(node, nodes.EnvironmentAttribute) and node.name == "counted"


class BoundedEnvironment(SandboxedEnvironment):
    """SandboxedEnvironment that refuses to read other templates, checks the size of what
    operators, calls and filters make, and stops renderings that print or loop too much."""

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, finalize=_printable, **kwargs)
        del self.globals["lipsum"]  # a text generator: nothing a card needs
        del self.filters["random"]  # the same data must always print the same PDF

    def join_path(self, template: str, parent: str) -> str:
        raise TemplateNotFound(
            template,
            f"template {shown(template)} does not exist "
            "(include, import and extends are not allowed in pnp templates)",
        )

    def counted(self, iterable: Iterable[Any]) -> Iterator[Any]:
        for item in iterable:
            _step()
            yield item

    def joined(self, parts: tuple[Any, ...]) -> str:
        _check(sum(weight(p) for p in parts), "text joined with '~'")
        return "".join(str(p) for p in parts)

    def concat(self, parts: Iterable[str]) -> str:  # type: ignore[override]
        budget = _budget.get()
        limit = budget.max_chars if budget else MAX_VALUE
        out: list[str] = []
        size = 0
        for part in parts:
            size += len(part)
            if size > limit:
                raise BoundExceeded(f"text is longer than {limit:,} characters")
            out.append(part)
        return "".join(out)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(n, int) and isinstance(seq, str | list | tuple):
                    _check(size_of(seq) * n, "repetition")
        elif operator == "+":
            _check(size_of(left) + size_of(right), "sum")
        elif operator == "%" and isinstance(left, str):
            _check_format(left)
        elif operator == "**" and isinstance(left, int) and isinstance(right, int):
            _check_power(left, right)
        result = super().call_binop(context, operator, left, right)
        _check_int(result)
        return result

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _step()
        if isinstance(__obj, Undefined):  # say 'x is undefined', not what its arguments are
            return SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs)
        read = _check_args((*args, *kwargs.values()), "call")
        method = getattr(__obj, "__wrapped__", __obj)  # str.format comes wrapped
        subject = getattr(method, "__self__", None)
        if isinstance(subject, str):
            name = getattr(method, "__name__", "")
            if name in ("format", "format_map"):
                _check_format(subject)
            _check(_expanded_size(name, subject, args, method=True), f"{name}()")
        result = SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs)
        made = size_of(result)
        _check(made, "result")
        _charge(read + made)
        _check_int(result)
        return result


def _printable(value: Any) -> Any:
    """What ``{{ … }}`` prints is checked before it becomes text."""
    if not isinstance(value, str):
        _check(weight(value), "printed value")
    return value


def bounded_filter(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that spends a step, refuses arguments and results that are too big, and
    estimates first what the multiplying filters (replace, join, indent…) would make."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        _step()
        values = [a for a in _in_order(_signature(fn), args, kwargs) if _plain(a)]
        read = _check_args(values, f"filter {name}")
        if values:
            if name in STRINGIFYING:
                _check(weight(values[0]), f"filter {name}")
            _check(_expanded_size(name, values[0], tuple(values[1:]), False), f"filter {name}")
            if name == "format" and isinstance(values[0], str):
                _check_format(values[0])
        result = fn(*args, **kwargs)
        made = size_of(result)
        _check(made, f"filter {name}")
        _charge(read + made)
        return result

    return run


@functools.cache
def _signature(fn: Callable[..., Any]) -> inspect.Signature | None:
    """A filter's signature, read at its first use: reading all of Jinja's filters up
    front took a template's first render 5-8 ms."""
    try:
        return inspect.signature(fn)
    except (TypeError, ValueError):
        return None


def _in_order(signature: inspect.Signature | None, args: Any, kwargs: dict[str, Any]) -> list[Any]:
    """Arguments in the order the filter declares them, however they were passed."""
    if signature is not None:
        try:
            return list(signature.bind(*args, **kwargs).arguments.values())
        except TypeError:
            pass  # the filter itself will say what is wrong
    return [*args, *kwargs.values()]


def _plain(value: Any) -> bool:
    """Not one of the context objects Jinja passes to some filters first."""
    return not isinstance(value, Environment) and type(value).__module__.split(".")[0] != "jinja2"
