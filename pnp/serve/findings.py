"""`pnp validate`'s findings, each given to the pieces it is about: those whose YAML holds
its location, or that it names. The checks are validate's own (pnp.check.validate);
nothing is checked here."""

from __future__ import annotations

from typing import Any

from pnp._errors import Finding, Location, Severity
from pnp.serve.pieces import Piece


def findings_of(piece: Piece, findings: list[Finding]) -> list[Finding]:
    """The findings about ``piece``, in validate's order."""
    return [f for f in findings if _about(piece, f)]


def _about(piece: Piece, finding: Finding) -> bool:
    where = finding.location
    if where is not None and any(span.holds(where) for span in piece.spans):
        return True
    return any(name in finding.message for name in piece.names)


def banner_of(findings: list[Finding]) -> str | None:
    """The first error, as the command line prints it (``file:line:col: message``)."""
    for f in findings:
        if f.severity is Severity.ERROR:
            return _line(f.message, f.location)
    return None


def error_line(message: str, location: Location | None) -> str:
    """An error as one line: ``file:line:col: message``, or the message alone."""
    return _line(message, location)


def _line(message: str, location: Location | None) -> str:
    return f"{location}: {message}" if location is not None else message


def as_json(f: Finding) -> dict[str, Any]:
    where = f.location
    return {
        "severity": f.severity.value,
        "message": f.message,
        "at": str(where) if where is not None else None,
        "text": str(f),
    }


__all__ = ["as_json", "banner_of", "error_line", "findings_of"]
