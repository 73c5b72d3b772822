"""Every engine package has the same named core, and its modules import in one direction.

An import counts wherever it is written at module level, ``if TYPE_CHECKING:`` blocks
included (a circle there is still a circle to a reader and to mypy).  An import inside a
function body runs only when the function is called, after every module has loaded, and
is not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pnp.games import ENGINES

GAMES = Path(__file__).resolve().parent.parent / "pnp" / "games"
CORE = ("state", "rules", "view", "bots", "check", "decisions", "examples", "report")
"""DESIGN.md §3: one shape for every engine package."""


def _module_level(node: ast.AST) -> list[ast.AST]:
    """Import statements outside function bodies."""
    found: list[ast.AST] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            found.append(child)
        found.extend(_module_level(child))
    return found


def imports(package: str) -> dict[str, set[str]]:
    """Sibling modules each module of ``pnp.games.<package>`` imports (not ``__init__``)."""
    folder = GAMES / package
    names = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    prefix = f"pnp.games.{package}"
    graph: dict[str, set[str]] = {}
    for name in names:
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in _module_level(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = f"{prefix}.{base}" if base else prefix
                if base == prefix:
                    edges.update(a.name for a in node.names if a.name in names)
                elif base.startswith(prefix + "."):
                    edges.add(base.removeprefix(prefix + ".").split(".")[0])
            else:
                for a in node.names:  # type: ignore[attr-defined]
                    if a.name.startswith(prefix + "."):
                        edges.add(a.name.removeprefix(prefix + ".").split(".")[0])
        graph[name] = edges - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle (``[a, b, a]``), or ``[]`` when there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


@pytest.mark.parametrize("package", sorted(ENGINES))
def test_engine_package_has_the_core_modules(package: str) -> None:
    folder = GAMES / package
    missing = [m for m in CORE if not (folder / f"{m}.py").is_file()]
    assert not missing, f"pnp/games/{package}/ lacks {', '.join(m + '.py' for m in missing)}"


@pytest.mark.parametrize("package", sorted(ENGINES))
def test_engine_package_has_no_import_circle(package: str) -> None:
    circle = find_cycle(imports(package))
    assert not circle, f"pnp/games/{package}: import circle {' → '.join(circle)}"


def test_the_circle_finder_finds_circles() -> None:
    assert find_cycle({"rules": {"view"}, "view": {"state"}, "state": set()}) == []
    assert find_cycle({"rules": {"view"}, "view": {"rules"}}) == ["rules", "view", "rules"]
