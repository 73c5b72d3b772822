"""Where pnp names a component kind: the files a new kind of component would touch.

    python benchmarks/kind_touches.py [--root CHECKOUT] [--json]

From the project root. The kinds are read from their declaration, pnp/spec/components.py:
every class ``*Component`` there with a field ``kind: Literal["..."]`` (tokens, track, aid,
board, screen). A place names a kind where a string literal is exactly a kind's name
(``"tokens"``) or where code names one of those classes (``TokensComponent``, also as a
string annotation). The declaration file itself is not counted (a new kind is declared
there in any case). Printed grouped by file, each place with its line, then the number of
files, and the number of those that name two kinds or more: where kinds are listed
together or dispatched on, the places a new kind would be added to (a file naming one
kind is most often that kind's own code).

A literal that happens to equal a kind without meaning the component (a board region of
kind ``"track"``) is counted too: the script reads code, not intent. Each place is listed
with its line so that a reader can tell them apart.
"""

from __future__ import annotations

import argparse
import ast
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECLARATION = Path("pnp/spec/components.py")


@dataclass(frozen=True)
class Place:
    path: str
    line: int
    name: str
    how: str  # "literal" or "class"
    text: str


def declared_kinds(source: str) -> dict[str, str]:
    """Each component class's kind: {class: kind}."""
    kinds: dict[str, str] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.ClassDef) and node.name.endswith("Component")):
            continue
        for item in node.body:
            if not (
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and item.target.id == "kind"
                and isinstance(item.annotation, ast.Subscript)
                and isinstance(item.annotation.slice, ast.Constant)
                and isinstance(item.annotation.slice.value, str)
            ):
                continue
            kinds[node.name] = item.annotation.slice.value
    return kinds


def places(root: Path) -> list[Place]:
    """Every place under ``root``/pnp that names a component kind, in file and line order."""
    kinds = declared_kinds((root / DECLARATION).read_text(encoding="utf-8"))
    names = set(kinds.values())
    found: list[Place] = []
    for path in sorted((root / "pnp").rglob("*.py")):
        rel = path.relative_to(root)
        if rel == DECLARATION:
            continue
        source = path.read_text(encoding="utf-8")
        text = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            name, how = _named(node, names, kinds)
            if name and isinstance(node, ast.expr | ast.alias):
                line = text[node.lineno - 1].strip()
                found.append(Place(str(rel), node.lineno, name, how, line))
    return sorted(set(found), key=lambda p: (p.path, p.line, p.name))


def _named(node: ast.AST, names: set[str], classes: dict[str, str]) -> tuple[str, str]:
    """The kind ``node`` names and how ("literal", "class"), or ("", "")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if node.value in names:
            return node.value, "literal"
        if node.value in classes:
            return classes[node.value], "class"
    if isinstance(node, ast.Name) and node.id in classes:
        return classes[node.id], "class"
    if isinstance(node, ast.Attribute) and node.attr in classes:
        return classes[node.attr], "class"
    if isinstance(node, ast.alias) and node.name in classes:
        return classes[node.name], "class"
    return "", ""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to read")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    found = places(args.root)
    by_file: dict[str, list[Place]] = {}
    for place in found:
        by_file.setdefault(place.path, []).append(place)
    several = [path for path, group in by_file.items() if len({p.name for p in group}) > 1]
    if args.json:
        report = {
            "files": len(by_file),
            "places": len(found),
            "files_naming_several_kinds": several,
            "by_file": {
                path: [{"line": p.line, "kind": p.name, "as": p.how} for p in group]
                for path, group in by_file.items()
            },
        }
        print(json.dumps(report, indent=2))
        return
    for path, group in by_file.items():
        kinds = sorted({p.name for p in group})
        print(f"{path}: {len(group)} places ({', '.join(kinds)})")
        for p in group:
            print(f"  {p.line:>4} {p.how:<7} {p.name:<6} {p.text}")
    print(f"{len(by_file)} files, {len(found)} places name a component kind")
    print(f"{len(several)} files name two kinds or more: {', '.join(several)}")


if __name__ == "__main__":
    main()
