"""Rulebooks are typeset like print: every shipped rulebook, on both papers, is flowed and
the position of each block on its page is checked against the rules of the trade."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from pnp.layout.sheet import PAPERS_MM
from pnp.render.documents import rulebook_markdown, typeset_rulebook
from pnp.render.meta import DocInfo
from pnp.render.rulebook import BookLayout, PlacedBlock, write_rulebook
from pnp.spec.load import load_game

SECTION_STARTS = ("h1", "h2")
HEADINGS = ("h1", "h2", "h3", "h4")


def typesetting_faults(book: BookLayout) -> list[str]:
    """Every breach of: no heading ends a page; every table part starts with its header
    row; no worked example is split; no widow or orphan line; no page ends more than a
    third empty unless the next page starts a section."""
    faults: list[str] = []
    pages: dict[int, list[PlacedBlock]] = defaultdict(list)
    for b in book.blocks:
        pages[b.page].append(b)
        if b.kind == "table" and not b.header_first:
            faults.append(f"page {b.page}: a table continues without its header row")
        if (b.continued or b.continues) and b.lines < 2:
            side = "widow" if b.continued else "orphan"
            faults.append(f"page {b.page}: a one-line {side} of a {b.kind} paragraph")
    example_pages: dict[int, set[int]] = defaultdict(set)
    for b in book.blocks:
        if b.kind == "example":
            example_pages[b.group].add(b.page)
    faults += [
        f"worked example {g} split over pages {sorted(p)}"
        for g, p in example_pages.items()
        if len(p) > 1
    ]
    for n in range(1, book.pages + 1):
        here = pages.get(n, [])
        if not here:
            faults.append(f"page {n} is empty")
            continue
        last = min(here, key=lambda b: b.bottom)
        if last.kind in HEADINGS:
            faults.append(f"page {n} ends with a {last.kind} heading")
        empty = (last.bottom - book.frame_bottom) / book.frame_height
        following = pages.get(n + 1)
        if (
            following
            and empty > 1 / 3
            and max(following, key=lambda b: b.top).kind not in SECTION_STARTS
        ):
            faults.append(f"page {n} ends {empty:.0%} empty and no section starts after it")
    return faults


def _book(game: str, paper: str, tmp_path: Path, expansions: tuple[str, ...] = ()) -> BookLayout:
    g = load_game(game, expansions=expansions)
    path = tmp_path / f"{game}-{paper}.pdf"
    return typeset_rulebook(g, rulebook_markdown(g), PAPERS_MM[paper], path)


@pytest.mark.parametrize(
    ("game", "paper", "expansions"),
    [
        ("boom", "a4", ()),
        ("boom", "letter", ()),
        ("bigidea", "a4", ()),
        ("bigidea", "letter", ("more-cards",)),
        ("smallprint", "a4", ()),
        ("smallprint", "letter", ()),
    ],
)
def test_shipped_rulebooks_are_typeset_cleanly(
    game: str, paper: str, expansions: tuple[str, ...], tmp_path: Path
) -> None:
    book = _book(game, paper, tmp_path, expansions)
    assert book.pages >= 4
    kinds = {b.kind for b in book.blocks}
    assert {"h1", "h2", "body", "item", "table"} <= kinds
    assert typesetting_faults(book) == []


def _write(markdown: str, tmp_path: Path) -> BookLayout:
    return write_rulebook(
        tmp_path / "t.pdf", markdown, PAPERS_MM["a4"], DocInfo("t"), "footer", "#224466"
    )


def test_a_long_table_repeats_its_header_on_every_page(tmp_path: Path) -> None:
    rows = "\n".join(f"| {i} | row {i} of a long table |" for i in range(120))
    book = _write(f"# Long\n\n| n | what |\n|---|---|\n{rows}\n", tmp_path)
    parts = [b for b in book.blocks if b.kind == "table"]
    assert len(parts) >= 3 and book.pages == len(parts)
    assert all(p.header_first for p in parts)


def test_a_heading_that_would_end_a_page_moves_to_the_next(tmp_path: Path) -> None:
    filler = " ".join(["Words that fill the page."] * 12)
    for n in range(40, 56):  # somewhere in this range the heading lands at the page foot
        paras = "\n\n".join([filler] * (n // 5)) + "\n\n" + "Short line.\n\n" * (n % 5)
        book = _write(f"{paras}\n\n## A section\n\n{filler}\n\n{filler}\n", tmp_path)
        heading = next(b for b in book.blocks if b.kind == "h2")
        after = book.blocks[book.blocks.index(heading) + 1]
        assert after.page == heading.page, n
        assert typesetting_faults(book) == [], n


def test_the_checker_finds_each_fault() -> None:
    def block(page: int, kind: str, top: float, bottom: float, **kw: object) -> PlacedBlock:
        return PlacedBlock(page, kind, top, bottom, **kw)  # type: ignore[arg-type]

    book = BookLayout(
        pages=3,
        frame_bottom=50,
        frame_height=700,
        blocks=[
            block(1, "body", 750, 400, lines=3),
            block(1, "h3", 390, 375, lines=1),
            block(2, "body", 750, 736, lines=1, continued=True),
            block(2, "example", 700, 60, lines=2, group=1),
            block(3, "example", 750, 700, lines=2, group=1),
            block(3, "table", 690, 600, header_first=False),
        ],
    )
    faults = "\n".join(typesetting_faults(book))
    assert "page 1 ends with a h3 heading" in faults
    assert "page 1 ends 46% empty" in faults
    assert "one-line widow" in faults
    assert "worked example 1 split" in faults
    assert "table continues without its header" in faults


def test_bold_italic_words_are_set_in_the_bold_italic_face(tmp_path: Path) -> None:
    import pypdf

    _write("# Fonts\n\nPlain, **bold**, *italic* and ***both at once***.\n", tmp_path)
    [pdf] = tmp_path.glob("*.pdf")
    fonts = pypdf.PdfReader(pdf).pages[0]["/Resources"]["/Font"]
    names = sorted(str(f.get_object()["/BaseFont"]).split("+")[-1] for f in fonts.values())
    assert "Lato-BoldItalic" in names and {"Lato-Bold", "Lato-Italic"} <= set(names)
