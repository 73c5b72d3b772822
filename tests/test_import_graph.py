"""No import cycle between any two of pnp's modules, as an outside checker counts them.

The graph is grimp's (import-linter's own library): one edge per module that a module
imports by name, imports inside functions and under ``if TYPE_CHECKING:`` included. A
package's ``__init__`` is the module of the package's own name, and an import of
``pkg.mod`` is an edge to ``pkg.mod`` only (not to ``pkg``, which Python runs first), so
an ``__init__`` that imports its submodules makes a cycle only where one of them imports
the package back. Cycles are the strongly connected components of that graph; the
stages contract in pyproject.toml keeps the stages apart, this keeps every module apart.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent


def by_name(graph: grimp.ImportGraph, module: str) -> set[str]:
    """The modules ``module`` imports by name (``importlib.import_module``): a literal
    name, or, for a name it computes, every string literal of the module that names one
    of the graph's modules (a registry's ``ENGINES`` values).  Grimp sees neither."""
    spec = __import__("importlib.util").util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return set()
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    named = {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in graph.modules
    }
    found: set[str] = set()
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and call.args):
            continue
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name != "import_module":
            continue
        arg = call.args[0]
        if isinstance(arg, ast.Constant):
            found |= {arg.value} & graph.modules
        else:
            found |= named
    return found - {module}


def import_cycles(package: str) -> list[list[str]]:
    """The sets of ``package``'s modules that import one another in a circle (each sorted,
    the largest first), found with Tarjan's algorithm; imports by name count."""
    graph = grimp.build_graph(package, include_external_packages=False, cache_dir=None)
    edges = {
        m: sorted(graph.find_modules_directly_imported_by(m) | by_name(graph, m))
        for m in graph.modules
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, 0)]  # a module, and how many of its imports were visited
        while work:
            module, done = work.pop()
            if done == 0:
                index[module] = low[module] = len(index)
                stack.append(module)
                on_stack.add(module)
            if done < len(edges[module]):
                work.append((module, done + 1))
                nxt = edges[module][done]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[module] = min(low[module], index[nxt])
                continue
            if work:  # back in the importer: it reaches whatever this module reaches
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                part: list[str] = []
                while not part or part[-1] != module:
                    part.append(stack.pop())
                    on_stack.discard(part[-1])
                if len(part) > 1 or module in edges[module]:
                    found.append(sorted(part))
    return sorted(found, key=lambda part: (-len(part), part))


def describe(package: str, cycles: list[list[str]]) -> str:
    """Each cycle with the import lines that close it: ``module:line: statement``."""
    graph = grimp.build_graph(package, include_external_packages=False, cache_dir=None)
    lines = [f"{len(cycles)} import cycle(s) between {package}'s modules:"]
    lines += [f"    (imports by name: {m} -> {sorted(by_name(graph, m))})" for m in graph.modules
              if by_name(graph, m) and any(m in part for part in cycles)]  # fmt: skip
    for part in cycles:
        lines.append(f"- {len(part)} modules: {', '.join(part)}")
        members = set(part)
        for importer in part:
            for imported in sorted(graph.find_modules_directly_imported_by(importer) & members):
                for detail in graph.get_import_details(importer=importer, imported=imported):
                    where = f"{importer}:{detail['line_number']}"
                    lines.append(f"    {where}: {detail['line_contents']}")
    return "\n".join(lines)


def test_no_import_cycle_between_pnps_modules() -> None:
    import pnp

    assert Path(pnp.__file__).resolve().parent == ROOT / "pnp"  # this checkout's pnp
    cycles = import_cycles("pnp")
    assert cycles == [], describe("pnp", cycles)


def test_a_cycle_closed_inside_a_function_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = tmp_path / "circled"
    (pkg / "inner").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "inner" / "__init__.py").write_text("from circled.inner import c\n")
    (pkg / "a.py").write_text("import circled.b\n")
    (pkg / "b.py").write_text("from circled.inner import c\n")
    (pkg / "inner" / "c.py").write_text(
        textwrap.dedent(
            """
            def later():
                from circled import a
                return a
            """
        )
    )
    (pkg / "alone.py").write_text("import circled.a\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    cycles = import_cycles("circled")

    assert cycles == [["circled.a", "circled.b", "circled.inner.c"]]
    message = describe("circled", cycles)
    assert "circled.inner.c:3: from circled import a" in message
    assert "circled.a:1: import circled.b" in message


def test_an_import_by_name_closes_a_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A registry importing its entries by name, and an entry importing the registry
    back, is a cycle; the registry alone is not."""
    pkg = tmp_path / "named"
    (pkg / "entry").mkdir(parents=True)
    (pkg / "__init__.py").write_text(
        'import importlib\nTABLE = {"e": "named.entry"}\n'
        "def get(n):\n    return importlib.import_module(TABLE[n])\n"
    )
    (pkg / "entry" / "__init__.py").write_text("")
    (pkg / "other.py").write_text('import importlib\nimportlib.import_module("named.entry")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("named") == []

    (pkg / "entry" / "__init__.py").write_text("def later():\n    import named\n")
    assert import_cycles("named") == [["named", "named.entry"]]
