"""pnp uses its libraries through their public API only (docs/architecture.md §9):
no module imports a private name of a dependency, and nothing in ``pnp/render`` (where
reportlab, svglib and pypdfium2 objects live) reads an underscored attribute of an object
it is not a method of. Measuring text goes through ``Flowable.wrap``; what the rulebook
records of a table or a frame is kept by pnp's own classes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pnp

PACKAGE = Path(pnp.__file__).parent
CHECKED = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists())


def private_imports(source: str) -> list[str]:
    """Imports of an underscored module or name from outside pnp."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] != "pnp" and any(_private(part) for part in parts):
                found.append(f"line {node.lineno}: {name}")
    return found


def foreign_private_reads(source: str) -> list[str]:
    """``x._name`` where ``x`` is not ``self`` or ``cls``."""
    return [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and _private(node.attr)
        and not (isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"})
    ]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@pytest.mark.parametrize("stage", CHECKED)
def test_no_private_names_of_dependencies_are_imported(stage: str) -> None:
    found = {
        str(path.relative_to(PACKAGE)): hits
        for path in sorted((PACKAGE / stage).rglob("*.py"))
        if (hits := private_imports(path.read_text()))
    }
    assert not found


def test_render_reads_no_private_attribute_of_another_object() -> None:
    found = {
        path.name: hits
        for path in sorted((PACKAGE / "render").glob("*.py"))
        if (hits := foreign_private_reads(path.read_text()))
    }
    assert not found


def test_the_checks_see_what_measure_and_rulebook_used_to_do() -> None:
    assert private_imports("from reportlab.platypus.paragraph import _getFragWords, _HSFrag")
    assert private_imports("from typer import _click")
    assert not private_imports("from __future__ import annotations\nfrom pnp._errors import X")
    assert foreign_private_reads("bottom = frame._y1p + table._cellvalues[0]")
    assert not foreign_private_reads("self._wrapped = None\nobj.__class__")
