"""Copy the icons pnp ships from the Font Awesome Free package into templates/icons/ (and
the icons of one game into templates/<game>/icons/).

Run once when the icon set changes (``pip install fontawesomefree`` first); the SVGs
and the licence are kept in the repository, so building needs no icon package.
Icons: Font Awesome Free 6 by Fonticons, Inc., CC BY 4.0 (credited in the rulebooks).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

ICONS: dict[str, str] = {
    # our name: Font Awesome solid icon
    "money": "sack-dollar",
    "share": "chart-pie",
    "burn": "fire",
    "ipo": "bell",
    "die": "dice-five",
    "card": "clone",
    "plan": "building",
    "entrepreneur": "user-tie",
    "news": "newspaper",
    "revenue": "money-bill-trend-up",
    "buzzword": "bullhorn",
    "discard": "trash-can",
    "event": "bolt",
    "crash": "arrow-trend-down",
    "boom": "rocket",
    "big": "wand-magic-sparkles",
    "idea": "lightbulb",
    "invest": "hand-holding-dollar",
    "leader": "crown",
    "deal": "handshake",
}
GAME_ICONS: dict[str, dict[str, str]] = {
    # icons one game draws, kept in templates/<game>/icons/
    # a symbol per venture firm, on its stock counters (tables.firms)
    "boom": {
        "mask": "mask",
        "glasses": "glasses",
        "flame": "fire-flame-simple",
        "mountain": "mountain",
        "horse": "horse",
    },
    # a symbol per player colour, on its investment chips (tables.colors)
    "bigidea": {
        "heart": "heart",
        "anchor": "anchor",
        "clover": "clover",
        "sun": "sun",
        "moon": "moon",
        "star": "star",
    },
    # the two leadership awards (tables.awards)
    "bidness": {
        "market-leader": "chart-line",
        "tech-leader": "microchip",
    },
    "oldbiddy": {
        "gem": "gem",
        "character": "user-secret",
        "order": "list-ol",
        "zero": "ban",
        "round": "hourglass-half",
        # one symbol per player colour, printed on the screens (tables.player_colors)
        "star": "star",
        "moon": "moon",
        "sun": "sun",
        "clover": "clover",
        "anchor": "anchor",
    },
}

_COMMENT = re.compile(r"<!--.*?-->", re.S)


def main() -> None:
    import fontawesomefree  # type: ignore[import-not-found]

    source = Path(fontawesomefree.__file__).parent / "static" / "fontawesomefree"
    templates = Path(__file__).resolve().parent.parent / "templates"
    sets = {templates / "icons": ICONS}
    sets.update({templates / game / "icons": icons for game, icons in GAME_ICONS.items()})
    for target, icons in sets.items():
        target.mkdir(parents=True, exist_ok=True)
        for ours, theirs in sorted(icons.items()):
            svg = (source / "svgs" / "solid" / f"{theirs}.svg").read_text(encoding="utf-8")
            note = f"<!-- Font Awesome Free 6 '{theirs}' by Fonticons, Inc., CC BY 4.0 -->"
            (target / f"{ours}.svg").write_text(_COMMENT.sub(note, svg) + "\n", encoding="utf-8")
        print(f"{len(icons)} icons written to {target}")
    shutil.copy(source / "LICENSE.txt", templates / "icons" / "LICENSE-fontawesome.txt")


if __name__ == "__main__":
    main()
