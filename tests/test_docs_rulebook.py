"""Rulebooks are typeset like print: every shipped rulebook, on both papers, is flowed and
the position of each block on its page is checked against the rules of the trade."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from statistics import median

import pytest

from pnp.layout.page_formats import sheet_format
from pnp.layout.paper import PAPERS_MM
from pnp.plan.doc_meta import DocInfo
from pnp.plan.doc_text import rulebook_markdown
from pnp.render.blocks import BLANK_MOST
from pnp.render.doc_layout import typeset_rulebook
from pnp.render.rulebook import BookLayout, PlacedBlock, write_rulebook
from pnp.spec.load import load_game

SECTION_STARTS = ("h1", "h2")
HEADINGS = ("h1", "h2", "h3", "h4")


def typesetting_faults(book: BookLayout) -> list[str]:
    """Every breach of: no heading ends a column; every table part starts with its header
    row; no worked example is split, unless between paragraphs where moving it on whole
    would have left more than BLANK_MOST of its column blank; no widow or orphan line; no
    column ends more than a third empty unless the next one starts a section (or a worked
    example that did not fit the space left); no page holds only credits."""
    faults: list[str] = []
    columns: dict[tuple[int, str], list[PlacedBlock]] = defaultdict(list)
    for b in book.blocks:
        columns[(b.page, b.frame)].append(b)
        if b.kind == "table" and not b.header_first:
            faults.append(f"page {b.page}: a table continues without its header row")
        if b.kind == "table" and (b.continued or b.continues) and b.lines < 3:
            faults.append(f"page {b.page}: a part of a table with one row under its header")
        elif (b.continued or b.continues) and b.lines < 2:
            side = "widow" if b.continued else "orphan"
            faults.append(f"page {b.page}: a one-line {side} of a {b.kind} paragraph")
    example_pages: dict[int, set[int]] = defaultdict(set)
    for b in book.blocks:
        if b.kind == "example":
            example_pages[b.group].add(b.page)
            if b.continued or b.continues:
                faults.append(f"page {b.page}: worked example {b.group} breaks in a paragraph")
    for g, pages in example_pages.items():
        if len(pages) > 1 and not _breaks_to_fill(book, g, min(pages)):
            faults.append(f"worked example {g} split over pages {sorted(pages)}")
    for i, b in enumerate(book.blocks):
        if (
            b.kind in HEADINGS
            and b.frame != "title"
            and not _kept_with_two_lines(b, book.blocks[i + 1 :])
        ):
            faults.append(
                f"page {b.page} {b.frame}: a {b.kind} heading with under two lines under it"
            )
    order = sorted(columns, key=lambda k: (k[0], k[1] != "title", k[1]))
    for n in range(1, book.pages + 1):
        here = [b for b in book.blocks if b.page == n]
        if not here:
            faults.append(f"page {n} is empty")
        elif all(b.coda for b in here):
            faults.append(f"page {n} holds only credits")
    for i, key in enumerate(order):
        here = columns[key]
        last = min(here, key=lambda b: b.bottom)
        where = f"page {key[0]} {key[1]}"
        if last.kind in HEADINGS:
            faults.append(f"{where} ends with a {last.kind} heading")
        if key[1] == "title" or i + 1 == len(order):
            continue
        bottom, height = book.frames.get(key, (book.frame_bottom, book.frame_height))
        empty = (last.bottom - bottom) / height
        following = columns[order[i + 1]]
        first = max(following, key=lambda b: b.top)
        if (
            empty > 1 / 3
            and first.kind not in SECTION_STARTS
            and not _moved_whole(first, following, last.bottom - bottom)
        ):
            faults.append(f"{where} ends {empty:.0%} empty and no section starts after it")
    return faults


def _kept_with_two_lines(heading: PlacedBlock, after: list[PlacedBlock]) -> bool:
    """Whether two lines of text (or a table or worked example, which stand whole or with
    their header and a row) follow ``heading`` in its column, past any headings under it."""
    lines = 0
    for b in after:
        if (b.page, b.frame) != (heading.page, heading.frame):
            return False
        if b.kind in ("table", "example", "figure"):
            return True
        lines += 0 if b.kind in HEADINGS else b.lines
        if lines >= 2:
            return True
    return True  # the end of the book


def _breaks_to_fill(book: BookLayout, group: int, page: int) -> bool:
    """Whether worked example ``group`` breaks (between paragraphs) because moving it on
    whole would have left more of its column blank than BLANK_MOST."""
    first = max((b for b in book.blocks if b.group == group and b.page == page and
                 b.kind == "example"), key=lambda b: b.top)  # fmt: skip
    bottom, height = book.frames.get((page, first.frame), (book.frame_bottom, book.frame_height))
    return (first.top - bottom) / height > BLANK_MOST


def _moved_whole(first: PlacedBlock, column: list[PlacedBlock], room: float) -> bool:
    """Whether ``first`` opens a worked example (never split) taller than ``room``."""
    if first.kind != "example":
        return False
    parts = [b for b in column if b.kind == "example" and b.group == first.group]
    # the spaces before and after it (less than a line of 13.6 pt) come on top
    return first.top - min(b.bottom for b in parts) + 13.6 > room


def measure(book: BookLayout) -> float:
    """Median characters a line of running text (paragraphs and list items): the reading
    measure, 45–75 by the trade's rule (Bringhurst, The Elements of Typographic Style 2.1.2)."""
    return median(
        n for b in book.blocks if b.kind in ("body", "item") and not b.coda for n in b.chars
    )


def _book(game: str, paper: str, tmp_path: Path, expansions: tuple[str, ...] = ()) -> BookLayout:
    g = load_game(game, expansions=expansions)
    path = tmp_path / f"{game}-{paper}.pdf"
    return typeset_rulebook(g, rulebook_markdown(g), PAPERS_MM[paper], path)


BOOKS = [
    ("boom", "a4", ()),
    ("boom", "letter", ()),
    ("bigidea", "a4", ()),
    ("bigidea", "letter", ("more-cards",)),
    ("smallprint", "a4", ()),
    ("smallprint", "letter", ()),
    ("oldbiddy", "a4", ()),
    ("oldbiddy", "letter", ()),
    ("bidness", "a4", ()),
    ("bidness", "letter", ()),
]


@pytest.mark.parametrize(("game", "paper", "expansions"), BOOKS)
def test_shipped_rulebooks_are_typeset_cleanly(
    game: str, paper: str, expansions: tuple[str, ...], tmp_path: Path
) -> None:
    book = _book(game, paper, tmp_path, expansions)
    assert book.pages >= 3
    kinds = {b.kind for b in book.blocks}
    assert {"h1", "h2", "body", "item", "table"} <= kinds
    assert typesetting_faults(book) == []
    # two columns: a line of 45-75 characters (one column of the sheet gave 95-103)
    assert 45 <= measure(book) <= 75, measure(book)
    assert {b.frame for b in book.blocks} >= {"title", "col1", "col2"}


@pytest.mark.parametrize(("game", "paper", "expansions"), BOOKS)
def test_every_table_stands_beside_its_lead_in(
    game: str, paper: str, expansions: tuple[str, ...], tmp_path: Path
) -> None:
    # The Big Idea's players/rounds table stood at the top of a page, its lead-in on the last
    book = _book(game, paper, tmp_path, expansions)
    for before, table in zip(book.blocks, book.blocks[1:], strict=False):
        if table.kind == "table" and not table.continued and before.kind == "body":
            assert (before.page, before.frame) == (table.page, table.frame), table.text[:40]


def test_a_table_of_two_numbers_keeps_the_width_of_its_text(tmp_path: Path) -> None:
    # it was stretched over the whole 170 mm measure; now it is its header's width, 46 mm
    book = _book("bigidea", "a4", tmp_path)
    [rounds] = [b for b in book.blocks if b.kind == "table" and b.text.startswith("Players |")]
    column = sheet_format("a4").column_width * 72 / 25.4  # 86.5 mm
    assert rounds.width < 0.6 * column, rounds.width


def _write(markdown: str, tmp_path: Path) -> BookLayout:
    return write_rulebook(
        tmp_path / "t.pdf", markdown, PAPERS_MM["a4"], DocInfo("t"), "footer", "#224466"
    )


def test_a_long_table_repeats_its_header_on_every_page(tmp_path: Path) -> None:
    rows = "\n".join(f"| {i} | row {i} of a long table |" for i in range(120))
    book = _write(f"# Long\n\n| n | what |\n|---|---|\n{rows}\n", tmp_path)
    parts = [b for b in book.blocks if b.kind == "table"]
    assert len(parts) >= 3 and len(parts) == len({(p.page, p.frame) for p in parts})
    assert all(p.header_first for p in parts)


@pytest.mark.parametrize("under", ["", "One short line.\n\n"])
def test_a_heading_at_the_foot_of_a_column_moves_to_the_next(under: str, tmp_path: Path) -> None:
    # Old Biddy's page 2 ended with the heading "A round"; in a Bidness booklet "Lawsuits"
    # stood at a column's foot over a one-line paragraph, its list in the next column
    filler = " ".join(["Words that fill the column."] * 12)
    moved = 0
    for n in range(25, 45):  # from n = 39 on the heading reaches the first column's foot
        paras = "\n\n".join([filler] * (n // 5)) + "\n\n" + "Short line.\n\n" * (n % 5)
        book = _write(f"{paras}\n\n## A section\n\n{under}{filler}\n\n{filler}\n", tmp_path)
        i, heading = next((i, b) for i, b in enumerate(book.blocks) if b.kind == "h2")
        assert typesetting_faults(book) == [], n
        before = book.blocks[i - 1]
        moved += (before.page, before.frame) != (heading.page, heading.frame)
    assert moved, "no heading reached a column's foot: move the range"


def test_the_checker_finds_each_fault() -> None:
    def block(page: int, kind: str, top: float, bottom: float, **kw: object) -> PlacedBlock:
        return PlacedBlock(page, kind, top, bottom, **kw)  # type: ignore[arg-type]

    book = BookLayout(
        pages=5,
        frame_bottom=50,
        frame_height=700,
        blocks=[
            block(1, "body", 750, 400, lines=3),
            block(1, "h3", 390, 375, lines=1),
            block(2, "body", 750, 736, lines=1, continued=True),
            block(2, "example", 200, 60, lines=2, group=1),
            block(3, "example", 750, 700, lines=2, group=1),
            block(3, "table", 690, 600, header_first=False),
            block(3, "body", 750, 400, lines=2, frame="col2"),
            block(3, "h4", 390, 380, lines=1, frame="col2"),
            block(4, "h3", 790, 780, lines=1, frame="col1"),
            block(4, "body", 779, 765, lines=1, frame="col1"),
            block(5, "h2", 750, 730, lines=1, coda=True),
            block(5, "body", 720, 700, lines=2, coda=True),
        ],
    )
    faults = "\n".join(typesetting_faults(book))
    assert "page 1 col1 ends with a h3 heading" in faults
    assert "page 1 col1 ends 46% empty" in faults
    assert "page 3 col2 ends with a h4 heading" in faults
    assert "page 3 col1 ends 79% empty" in faults
    assert "page 4 col1: a h3 heading with under two lines under it" in faults
    assert "page 5 holds only credits" in faults
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


def _data_keys(value: object) -> set[str]:
    """Every key of a game's ``tables:`` that is a data name (snake_case), at any depth."""
    if isinstance(value, dict):
        own = {str(k) for k in value if "_" in str(k)}
        return own.union(*(_data_keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_data_keys(v) for v in value))
    return set()


@pytest.mark.parametrize("game", ["boom", "bigidea", "bidness", "oldbiddy", "smallprint"])
def test_no_printed_text_names_a_number_by_its_data_key(game: str, tmp_path: Path) -> None:
    # Bidness printed "iou value" and "payback one cost" as the names of its numbers
    g = load_game(game)
    keys = _data_keys(g.spec.tables)
    assert keys, "every game names numbers under tables:"
    book = _book(game, "a4", tmp_path)
    # a key printed as a name is lower case ("iou value"); "Penalty chits" is a name
    cells = {cell.strip() for b in book.blocks if b.kind == "table" for cell in b.text.split("|")}
    spaced = {k.replace("_", " ") for k in keys}
    assert cells.isdisjoint(keys | spaced), sorted(cells & (keys | spaced))
    text = "\n".join(b.text for b in book.blocks)
    assert [k for k in keys if k in text] == []


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The file of every platypus build of a rulebook from now on, in order."""
    from pnp.render import rulebook

    builds: list[str] = []
    original = rulebook._RecordingDoc.build

    def build(doc: rulebook._RecordingDoc, *args: object, **kw: object) -> None:
        builds.append(doc.filename)
        original(doc, *args, **kw)

    monkeypatch.setattr(rulebook._RecordingDoc, "build", build)
    return builds


def test_the_credits_open_the_book_under_its_title_and_it_is_set_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the credits at the end stood alone on a page when the text filled its last page
    # exactly (Small Print on A4), and the book was then set a second time
    builds = _count_builds(monkeypatch)
    filler = " ".join(["Words that fill a column of the book."] * 9)
    coda = "## Credits\n\n" + "\n\n".join(["Made by someone, thanked here at length."] * 6)
    for n in range(24, 40):  # somewhere here the text ends at the foot of a page
        text = "# Book\n\n" + "\n\n".join([filler] * n)
        builds.clear()
        book = write_rulebook(
            tmp_path / "t.pdf", text, PAPERS_MM["a4"], DocInfo("t"), "f", "#224466", coda
        )
        assert builds == [str(tmp_path / "t.pdf")], n
        assert typesetting_faults(book) == [], n
        columns = [b for b in book.blocks if b.frame != "title"]
        first = next(i for i, b in enumerate(columns) if b.coda)
        assert (columns[first].page, columns[first].frame) == (1, "col1"), n
        assert not any(b.coda for b in columns[first + 7 :]), n  # h2 and six lines, together


@pytest.mark.parametrize(("game", "paper", "expansions"), BOOKS[:2])
def test_a_shipped_rulebook_is_set_once_with_its_credits_first(
    game: str,
    paper: str,
    expansions: tuple[str, ...],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    builds = _count_builds(monkeypatch)
    book = _book(game, paper, tmp_path, expansions)
    assert builds == [str(tmp_path / f"{game}-{paper}.pdf")]
    credits = [b for b in book.blocks if b.coda]
    assert credits and {(b.page, b.frame) for b in credits} == {(1, "col1")}
    body = [b for b in book.blocks if not b.coda and b.frame != "title"]
    assert max(b.top for b in credits) > max(
        b.top for b in body if (b.page, b.frame) == (1, "col1")
    )
