"""What the start-here sheet says of each file beside it: what it holds, its pages and
sheets, how to print it, on what, and what to do with it after.

Everything is read from the files' manifest entries (pnp.plan.files.OutputFile.manifest),
the same data manifest.json records, so it is true of the files as they were drawn, with
whatever options: a page's side says whether a back follows its front (duplex) or the
backs come after all fronts (--no-duplex), a fold page carries both sides (--layout fold),
a booklet page turns on the short edge. No file is described from a fixed list."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from pnp.layout.paper import PAPERS_MM
from pnp.plan.files import GUIDE_KIND, PT_PER_MM, SHOP_KIND
from pnp.spec.kinds import kind_named

Entry = dict[str, Any]
"""One file's manifest entry."""

STOCK = {
    "cards": "card, 160–220 g/m²",
    "rulebook": "paper, 80–100 g/m²",
    GUIDE_KIND: "paper",
}
"""What to print each kind of file on that is not a component's (a component kind
declares its own ``stock``)."""
FOLD_STOCK = "paper or thin card, 80–160 g/m²: it is folded double"
"""Cards printed beside their backs (--layout fold) are folded, so take thinner stock."""
SHOP_BLEED = "1/8 in (3.175 mm)"


@dataclass(frozen=True, slots=True)
class FileRow:
    """One file (or a run of cut files) as the sheet lists it."""

    name: str
    what: str
    pages: str
    printing: str
    stock: str
    then: str
    sheets: int = 0
    """Sheets of paper or card it takes at home (0: not printed at home)."""
    card: bool = False
    """Printed on card (else paper)."""
    earlier: bool = False
    """Written by an earlier build (with other options, which its row follows)."""
    tools: tuple[str, ...] = ()
    """What making it takes (keys of TOOLS)."""
    paper: str = ""
    """The paper it is set on (``A4``, ``Letter landscape``)."""


def file_rows(
    entries: list[Entry], titles: dict[str, str], decks: dict[str, str], duplex: bool = True
) -> list[FileRow]:
    """A row for each entry in order, cut files gathered into one row per PDF they cut;
    ``titles`` names the sheet files by path and ``decks`` the decks by id; ``duplex`` is
    the build's --duplex."""
    rows: list[FileRow] = []
    cut: dict[str, list[Entry]] = {}
    for e in entries:
        if e.get("kind") == "cut":
            cut.setdefault(str(e.get("source", "")), []).append(e)
    for e in entries:
        if e.get("kind") == "cut":
            continue
        rows.append(
            _row(e, titles, decks, duplex) if "options" not in e else _kept(e, titles, decks)
        )
        if e["path"] in cut:
            rows.append(_cut_row(e["path"], cut.pop(e["path"])))
    rows += [_cut_row(source, group) for source, group in cut.items()]
    return rows


def _kept(e: Entry, titles: dict[str, str], decks: dict[str, str]) -> FileRow:
    """A file an earlier build left, described from its entry in the earlier manifest,
    which someone may have edited: an entry the sheet cannot read is named, no more."""
    try:
        return _row(e, titles, decks, True)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        what = "left by an earlier build; its entry in manifest.json cannot be read"
        return FileRow(str(e["path"]), what, "", "as its pages show", "", "")


def _row(e: Entry, titles: dict[str, str], decks: dict[str, str], duplex: bool) -> FileRow:
    kind, pages = e.get("kind", ""), e.get("pages", [])
    sheets = int(e.get("sheets", len(pages)))
    count = f"{_n(len(pages), 'page')} on {_n(sheets, 'sheet')}" if sheets != len(pages) else ""
    paper = paper_name(pages)
    where = f"{count or _n(len(pages), 'page')}, {paper}"
    earlier = "options" in e
    if kind == SHOP_KIND:
        return FileRow(
            e["path"],
            _shop_what(e, decks),
            where,
            "not at home: upload it to a print shop",
            "the shop's card",
            "none: the shop trims on each page's TrimBox",
            earlier=earlier,
        )
    if any(p.get("layout") == "booklet" for p in pages):
        sheets = 0  # the rulebook printed another way: not counted twice
    fold = any(p.get("side") == "fold" for p in pages)
    stock = FOLD_STOCK if fold and kind == "cards" else _stock(kind)
    then, tools = _then(e)
    return FileRow(
        e["path"],
        _what(e, titles, decks),
        where,
        how_to_print(e, duplex),
        stock,
        then,
        sheets,
        stock.startswith(("card", "thick card")),
        earlier,
        tools,
        paper,
    )


def _stock(kind: str) -> str:
    """What a file of ``kind`` is printed on (paper, for a kind no longer known: a file an
    earlier build left)."""
    declared = kind_named(kind)
    return declared.stock if declared else STOCK.get(kind, "paper")


def how_to_print(e: Entry, duplex: bool = True) -> str:
    """One side or both, and on which edge the sheet turns: read from its pages' sides and
    from the build's ``duplex`` (an earlier build's entry carries its own)."""
    pages = e.get("pages", [])
    duplex = bool(e.get("options", {}).get("duplex", duplex))
    sides = [p.get("side", "front") for p in pages]
    if "fold" in sides:
        return "one side only: each card's back is beside its front"
    if "back" not in sides:
        if e.get("kind") == "rulebook":
            return "one side, or both flipping on the long edge"
        return "one side only"
    if any(p.get("layout") == "booklet" for p in pages):
        return "both sides, flipping on the short edge"
    if duplex:
        return "both sides, flipping on the long edge: each back follows its front"
    fronts = _runs([n for n, s in enumerate(sides, start=1) if s != "back"])
    backs = _runs([n for n, s in enumerate(sides, start=1) if s == "back"])
    return (
        f"one side at a time: {fronts} (the fronts) first, then turn the printed stack over "
        f"on its long edge, put it back in the tray and print {backs} (the backs)"
    )


def _runs(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` → ``pages 1–3 and 5``."""
    spans: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], 0]:
        if n != prev + 1:
            spans.append(f"{start}–{prev}" if prev > start else str(start))
            start = n
        prev = n
    word = "page" if len(numbers) == 1 else "pages"
    return f"{word} {', '.join(spans[:-1]) + ' and ' + spans[-1] if len(spans) > 1 else spans[0]}"


TOOLS = {
    "cut": "a paper trimmer, or a craft knife, a steel ruler and a cutting mat",
    "punch": "a round punch the size of the round counters, or scissors",
    "glue": "a glue stick",
    "tape": "clear tape",
    "staple": "a long-arm stapler",
}
"""What each step needs, for the list of things to fetch."""


def _then(e: Entry) -> tuple[str, tuple[str, ...]]:
    """What to cut, fold, glue or join once it is printed, and the tools it takes."""
    kind, pages = e.get("kind", ""), e.get("pages", [])
    layouts = {p.get("layout") for p in pages}
    steps, tools = [], []
    declared = kind_named(kind)
    one_piece = declared is not None and declared.one_piece
    cuts = int(e.get("cuts", _trim_lines(pages) if one_piece else 0))
    if cuts:
        steps.append(f"{_n(cuts, 'straight trimmer cut')} along the crop marks")
        tools.append("cut")
    if "punch" in layouts:
        steps.append("punch out the rounds (or cut round them)")
        tools.append("punch")
    if any(p.get("side") == "fold" for p in pages):
        steps.append("fold each pair on the dashed line and glue it shut (or sleeve it)")
        tools.append("glue")
    if declared is not None and declared.stands:
        steps.append("fold on the dashed lines so it stands")
    tiles = sum(len(p.get("items", [])) for p in pages if p.get("layout") == "tile")
    if tiles > 1:
        steps.append(f"tape the {tiles} tiles together edge to edge, as their labels say")
        tools.append("tape")
    if "booklet" in layouts:
        steps.append("fold the stack in half and staple twice on the fold")
        tools.append("staple")
    if kind == GUIDE_KIND:
        steps.append("read it first")
    return ("; ".join(steps) if steps else "nothing to cut: use the sheet whole"), tuple(tools)


def _trim_lines(pages: list[dict[str, Any]]) -> int:
    """Straight cuts that free the pieces of pages the manifest gives no ``cuts`` for (a
    kind of one piece a page: a board's tiles, screens): each line a trim edge lies on,
    once a page."""
    total = 0
    for p in pages:
        trims = [it["trim_pt"] for it in p.get("items", []) if "trim_pt" in it]
        total += len({round(t[i], 1) for t in trims for i in (0, 2)})
        total += len({round(t[i], 1) for t in trims for i in (1, 3)})
    return total


def _what(e: Entry, titles: dict[str, str], decks: dict[str, str]) -> str:
    kind, pages = e.get("kind", ""), e.get("pages", [])
    fronts = [
        it
        for p in pages
        if p.get("side") != "back"
        for it in p.get("items", [])
        if it.get("side", "front") == "front"
    ]
    if kind == "cards":
        by_deck = Counter(str(it.get("deck", "")) for it in fronts)
        order = list(decks)
        ids = sorted(by_deck, key=lambda d: order.index(d) if d in order else len(order))
        listed = ", ".join(f"{decks.get(d, d)} {by_deck[d]}" for d in ids)
        return f"{_n(len(fronts), 'card')}: {listed}"
    if kind == GUIDE_KIND:
        return "this sheet"
    if kind == "rulebook":
        booklet = any(p.get("layout") == "booklet" for p in pages)
        return "the rules as a booklet, instead of the flat pages" if booklet else "the rules"
    title = str(titles.get(e["path"], e["path"]))
    declared = kind_named(kind)
    if declared is None or declared.guide in ("whole", "sheet"):
        return title  # one piece, whatever its tiles or sheets
    if declared.guide == "sets" or len(fronts) > 1:
        return f"{title}: {_n(len(fronts), declared.piece_word)}"
    return title


def _shop_what(e: Entry, decks: dict[str, str]) -> str:
    items = [it for p in e.get("pages", []) for it in p.get("items", [])]
    deck = decks.get(str(items[0].get("deck", "")), "") if items else ""
    if items and str(items[0].get("id", "")).startswith("back:"):
        return f"{deck}: its back, for a print shop"
    return f"{deck}: {_n(len(items), 'card')}, one a page with {SHOP_BLEED} bleed"


_PAGE = re.compile(r"-p(\d+)-cut\.svg$")


def _cut_row(source: str, group: list[Entry]) -> FileRow:
    numbers = [m.group(1) for e in group if (m := _PAGE.search(str(e.get("path", ""))))]
    stem = source.removesuffix(".pdf")
    name = f"{stem}-pN-cut.svg, N = {', '.join(numbers)}" if len(group) > 1 else group[0]["path"]
    return FileRow(
        name,
        f"cut paths for a cutting machine, one per sheet of {source}",
        _n(len(group), "file"),
        "not printed: load each in the cutter's software with its sheet",
        "",
        "the machine cuts",
        earlier=any("options" in e for e in group),
    )


def paper_name(pages: list[dict[str, Any]]) -> str:
    """The paper the pages are set on: ``A4``, ``Letter landscape``, or ``63.5 × 95 mm``."""
    sizes = []
    for p in pages:
        w, h = (round(v / PT_PER_MM, 2) for v in p.get("size_pt", (0, 0)))
        name = next((n for n, s in PAPERS_MM.items() if _near((w, h), s)), None)
        turned = next((n for n, s in PAPERS_MM.items() if _near((h, w), s)), None)
        if name:
            sizes.append(name.title() if name != "a4" else "A4")
        elif turned:
            sizes.append(f"{'A4' if turned == 'a4' else turned.title()} landscape")
        else:
            sizes.append(f"{w:g} × {h:g} mm")
    return " and ".join(dict.fromkeys(sizes)) or "no pages"


def _near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 0.5 and abs(a[1] - b[1]) < 0.5


def _n(count: int, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return f"{count} {word[:-1]}ies"  # a copy, 2 copies
    return f"{count} {word}s"


__all__ = ["TOOLS", "FileRow", "file_rows", "how_to_print", "paper_name"]
