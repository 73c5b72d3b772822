"""One error hierarchy for the whole project.

Everything the user can get wrong is a :class:`PnpError`; the CLI prints it and exits 1
without a traceback.  Errors about a file carry a :class:`Location` so the message reads
``path:line:col: what is wrong``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

SHOWN_CHARS = 60
"""Most characters of a user's value an error message echoes."""
MAX_MESSAGE = 1000
_SPACE_RUN = re.compile(r"\s*[\r\n]+\s*")
_LONG_QUOTE = re.compile(r"(['\"])([^'\"]{57})[^'\"]{4,}\1")
"""A quoted value longer than SHOWN_CHARS, as other code may have echoed it whole."""


def shown(value: Any) -> str:
    """A value as an error message quotes it: repr, one line, at most ~60 characters."""
    text = repr(value)
    if len(text) <= SHOWN_CHARS:
        return text
    quote = text[0] if text[0] in "'\"" else ""
    return f"{text[: SHOWN_CHARS - 2]}…{quote}"


def one_line(message: str) -> str:
    """Keep a message on one line and of bounded length, whatever it quotes."""
    message = _LONG_QUOTE.sub(r"\1\2…\1", _SPACE_RUN.sub(" ", message.strip()))
    return message if len(message) <= MAX_MESSAGE else f"{message[: MAX_MESSAGE - 1]}…"


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a file: 1-based line and column."""

    path: Path
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{display_path(self.path)}:{self.line}:{self.col}"


def display_path(path: Path) -> str:
    """Show a path relative to the working directory when it lies under it."""
    try:  # the folder, not the file: a file may be a symlink loop
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Finding:
    """One result of validation: what is wrong, how badly, and where."""

    severity: Severity
    message: str
    location: Location | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", one_line(self.message))

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        return f"{where}{self.severity.value}: {self.message}"


class PnpError(Exception):
    """Base of every error caused by the user's data, options or rules."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = one_line(message)
        self.location = location

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


class DataError(PnpError):
    """A card, game or template file is malformed or breaks the schema."""


class ValidationFailed(PnpError):
    """The data loaded but breaks the game's rules; carries every finding."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = unique(findings)
        errors = [f for f in self.findings if f.severity is Severity.ERROR]
        first = errors[0] if errors else Finding(Severity.ERROR, "validation failed")
        super().__init__(first.message, first.location)  # one line, when shown as one

    def __str__(self) -> str:
        return "\n".join(str(f) for f in self.findings if f.severity is Severity.ERROR)


def unique(findings: list[Finding]) -> list[Finding]:
    """Findings in order, each said once."""
    return list(dict.fromkeys(findings))


class LayoutError(PnpError):
    """Something cannot be placed: text too long, glyph missing, card bigger than paper."""


class UsageError(PnpError):
    """A bad option or argument (exit code 2)."""


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'boom'?)`` when a choice is close to ``value``, else ``""``."""
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.5)
    return f"did you mean {close[0]!r}? " if close else ""


def unknown(what: str, value: str, choices: Sequence[str]) -> str:
    """One line for a value that is not among ``choices``: the closest match, then all."""
    if not choices:
        return f"no {what} {value!r} (there are no {what}s)"
    return f"no {what} {value!r} ({did_you_mean(value, choices)}{what}s: {', '.join(choices)})"
