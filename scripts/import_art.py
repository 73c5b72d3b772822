"""Copy the art the games use from Game-icons.net into templates/art/game-icons/.

Run when a game names new art (``art: game-icons/NAME`` in its YAML) or
templates/art/game-icons.txt lists more; it needs npm and the network, building does not:

    python scripts/import_art.py            # fetches the two npm packages with `npm pack`
    python scripts/import_art.py --from DIR # or reads them unpacked in DIR/game-icons and
                                            # DIR/spdx (each a package/ folder)

What it writes, all kept in the repository:
- templates/art/game-icons/NAME.svg: each icon named in the YAML or in the list, filled in
  black (pnp draws it in one colour), its credit in a comment; icons no longer named are
  removed;
- templates/art/game-icons/SOURCES.tsv: name, author, licence, set and the icon's page, for
  the rulebooks' credits;
- templates/art/game-icons/LICENSE.txt: the set's licence, CC BY 3.0, in full;
- templates/art/game-icons-index.json: every name in the set, for `pnp art search`.

The icons come from the npm package @iconify-json/game-icons (the whole set, CC BY 3.0). It
names the set's licence but not who drew each icon, so the list file gives each icon's
author (game-icons.net files each icon under its author's name); the licence's legal text
comes from the npm package spdx-license-list.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "templates" / "art"
SET = "game-icons"
LIST = ART / f"{SET}.txt"
PACKAGE = "@iconify-json/game-icons"
LICENCES = "spdx-license-list"
LICENCE = "CC BY 3.0"
PAGE = "https://game-icons.net/1x1/{author}/{name}.html"
_ART_KEY = re.compile(r"""\bart:\s*["']?game-icons/([a-z0-9][a-z0-9-]*)""")


def listed() -> dict[str, str]:
    """The list file's icons and their authors."""
    out: dict[str, str] = {}
    for n, line in enumerate(LIST.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, author = line.partition(" ")
        if not author.strip():
            sys.exit(f"{LIST}:{n}: give the icon's author after its name")
        out[name] = author.strip()
    return out


def named_in_yaml() -> dict[str, Path]:
    """Every icon of the set a YAML file names as `art:`, with the first file naming it."""
    out: dict[str, Path] = {}
    for folder in (ROOT / "cards", ROOT / "templates"):
        for path in sorted(folder.rglob("*.yaml")):
            for name in _ART_KEY.findall(path.read_text(encoding="utf-8")):
                out.setdefault(name, path)
    return out


def unpacked(source: Path | None, work: Path) -> tuple[Path, Path]:
    """The icon package's and the licence list's package/ folders."""
    if source is not None:
        return source / SET / "package", source / "spdx" / "package"
    found = []
    for name, folder in ((PACKAGE, SET), (LICENCES, "spdx")):
        (work / folder).mkdir()
        tgz = subprocess.run(
            ["npm", "pack", name, "--silent"],
            cwd=work / folder,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()[-1]
        subprocess.run(["tar", "xzf", tgz], cwd=work / folder, check=True)
        found.append(work / folder / "package")
    return found[0], found[1]


def svg(name: str, icon: dict[str, object], size: tuple[int, int], author: str) -> str:
    w, h = int(icon.get("width", size[0])), int(icon.get("height", size[1]))  # type: ignore[call-overload]
    body = str(icon["body"]).replace("currentColor", "#000")
    note = f"<!-- Game-icons.net '{name}' by {author}, {LICENCE} -->"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
        f'width="{w}" height="{h}">{note}{body}</svg>\n'
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--from", dest="source", type=Path, help="unpacked packages' folder")
    args = parser.parse_args()
    authors = listed()
    used = named_in_yaml()
    missing = sorted(set(used) - set(authors))
    if missing:
        lines = [f"  {name} (named in {used[name].relative_to(ROOT)})" for name in missing]
        sys.exit(
            f"add these icons and their authors to {LIST.relative_to(ROOT)}:\n" + "\n".join(lines)
        )
    with tempfile.TemporaryDirectory() as work:
        icons_dir, spdx_dir = unpacked(args.source, Path(work))
        data = json.loads((icons_dir / "icons.json").read_text(encoding="utf-8"))
        version = json.loads((icons_dir / "package.json").read_text(encoding="utf-8"))["version"]
        legal = json.loads((spdx_dir / "licenses" / "CC-BY-3.0.json").read_text(encoding="utf-8"))
    icons, size = data["icons"], (data.get("width", 512), data.get("height", 512))
    unknown = sorted(set(authors) - set(icons))
    if unknown:
        sys.exit(f"not in {PACKAGE} {version}: {', '.join(unknown)} (pnp art search WORD)")
    target = ART / SET
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("*.svg"):
        if old.stem not in authors:
            old.unlink()
    rows = ["name\tauthor\tlicence\tset\tsource"]
    for name, author in sorted(authors.items()):
        (target / f"{name}.svg").write_text(svg(name, icons[name], size, author), encoding="utf-8")
        page = PAGE.format(author=author.lower().replace(" ", "-"), name=name)
        rows.append(f"{name}\t{author}\t{LICENCE}\tGame-icons.net\t{page}")
    (target / "SOURCES.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    drawn_by = ", ".join(sorted(set(authors.values())))
    header = textwrap.fill(
        "Game-icons.net (https://game-icons.net): icons by its contributors, each credited in "
        f"SOURCES.tsv beside this file (here: {drawn_by}), under the Creative Commons "
        f"Attribution 3.0 Unported licence ({LICENCE}). Copied from the npm package {PACKAGE} "
        f"{version} by scripts/import_art.py; pnp prints each in one colour, scaled and "
        "tinted, and every rulebook credits the icons its game prints, with their authors.",
        88,
        break_on_hyphens=False,
    )
    header += "\n\n"
    (target / "LICENSE.txt").write_text(
        header + legal["licenseText"].strip() + "\n", encoding="utf-8"
    )
    index = {
        "set": SET,
        "title": "Game-icons.net",
        "licence": LICENCE,
        "source": f"{PACKAGE} {version}",
        "names": sorted(icons),
    }
    (ART / f"{SET}-index.json").write_text(
        json.dumps(index, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    print(f"{len(authors)} icons written to {target.relative_to(ROOT)} ({len(icons)} in the index)")


if __name__ == "__main__":
    main()
