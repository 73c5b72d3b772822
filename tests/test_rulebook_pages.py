"""Rulebook pages look like a published book's: page 1 carries the title art (a booklet's
is a cover), no page but the last is more than a third blank, no heading ends a page or
column, and a figure is sized to its page.

Blank is measured on the printed page (pdfium, no knowledge of the layout): each column of
the text area is scanned row by row, and a run of rows without ink at least
:data:`RUN_MM` tall counts as blank (the space before a heading or between paragraphs is
less). A page's share is its columns' mean. Before this, Old Biddy's booklet page 4 held
only the heading "Setting up" (96 %), and the pages after the card-anatomy figure of
Bidness and Small Print were 48 % and 57 % blank."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.layout.page_formats import BookFormat, booklet_format, sheet_format
from pnp.layout.titleart import players_text
from pnp.plan.doc_text import rulebook_markdown
from pnp.render.doc_layout import typeset_rulebook
from pnp.render.rulebook import BookLayout, PlacedBlock
from pnp.spec.load import load_game
from tests.test_docs_rulebook import HEADINGS, typesetting_faults

RUN_MM = 10.0
"""A white band this tall or taller is blank: two lines of text."""
PX_MM = 4.0
INK = 200
"""A pixel darker than this (of 255) is ink."""
BLANK_MOST = 1 / 3


def blank_shares(pdf: Path, fmt: BookFormat) -> list[float]:
    """Each page's share of its text area left blank (see the module's docstring)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [_page_blank(doc[i], fmt, i + 1) for i in range(len(doc))]
    finally:
        doc.close()


def _page_blank(page: pdfium.PdfPage, fmt: BookFormat, number: int) -> float:
    grey = page.render(scale=PX_MM * 25.4 / 72, grayscale=True).to_pil().convert("L")
    page.close()
    inked = grey.point(lambda v: 255 if v < INK else 0)
    left = fmt.text_left(number)
    top, bottom = fmt.page[1] - fmt.top, fmt.bottom
    shares = []
    for col in range(fmt.columns):
        x0 = left + col * (fmt.column_width + fmt.gutter)
        box = [round(v * PX_MM) for v in (x0, fmt.page[1] - top, x0 + fmt.column_width,
                                           fmt.page[1] - bottom)]  # fmt: skip
        strip = inked.crop(box).reduce((box[2] - box[0], 1))  # one pixel a row: any ink?
        shares.append(_blank_rows([v > 0 for v in strip.tobytes()]))
    return sum(shares) / len(shares)


def _blank_rows(inked: list[bool]) -> float:
    """Share of rows in runs of rows without ink at least RUN_MM tall."""
    blank = run = 0
    for row in [*inked, True]:
        if row:
            blank += run if run >= RUN_MM * PX_MM else 0
            run = 0
        else:
            run += 1
    return blank / max(len(inked), 1)


def page_faults(book: BookLayout, shares: list[float]) -> list[str]:
    """Pages but the last more than a third blank, and a last block of a page or column
    that is a heading."""
    faults = [
        f"page {n} is {share:.0%} blank"
        for n, share in enumerate(shares[:-1], start=1)
        if share > BLANK_MOST
    ]
    last: dict[tuple[int, str], object] = {}
    for b in sorted(book.blocks, key=lambda b: -b.bottom):
        last[(b.page, b.frame)] = b
    faults += [
        f"page {p} {frame} ends with a {b.kind} heading"  # type: ignore[attr-defined]
        for (p, frame), b in last.items()
        if getattr(b, "kind", "") in HEADINGS and frame != "title"
    ]
    return faults


GAMES = ("boom", "bigidea", "bidness", "oldbiddy", "smallprint")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("booklet", [False, True], ids=["sheet", "booklet"])
def test_no_page_is_more_than_a_third_blank(
    game: str, paper: str, booklet: bool, tmp_path: Path
) -> None:
    g = load_game(game)
    fmt = booklet_format(paper) if booklet else sheet_format(paper)
    pdf = tmp_path / "r.pdf"
    book = typeset_rulebook(g, rulebook_markdown(g), fmt.page, pdf, fmt=fmt)
    shares = blank_shares(pdf, fmt)
    assert len(shares) == book.pages
    assert page_faults(book, shares) == []
    assert typesetting_faults(book) == []
    assert book.title_art and book.cover == booklet
    doc = pdfium.PdfDocument(str(pdf))
    first = doc[0].get_textpage().get_text_range()
    doc.close()
    assert g.spec.name in first and players_text(g.spec.players.min, g.spec.players.max) in first
    if booklet:  # the cover holds the title art alone: the rules start on page 2
        assert min(b.page for b in book.blocks if b.frame != "title") == 2


def test_the_measure_sees_a_blank_page_and_a_heading_at_a_foot(tmp_path: Path) -> None:
    # Old Biddy's booklet page 4 held only the heading "Setting up": 96 % blank, a heading
    # last; a page of lines 5 mm apart (paragraph spaces) is not blank at all
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    fmt = booklet_format("a4")
    pdf = tmp_path / "t.pdf"
    c = Canvas(str(pdf), pagesize=(fmt.page[0] * mm, fmt.page[1] * mm))
    left, top = fmt.text_left(1) * mm, (fmt.page[1] - fmt.top) * mm
    for k in range(int((fmt.page[1] - fmt.top - fmt.bottom) // 5)):
        c.drawString(left, top - (k * 5 + 4) * mm, "A line of running text.")
    c.showPage()
    c.drawString(fmt.text_left(2) * mm, top - 6 * mm, "Setting up")
    c.showPage()
    c.save()
    shares = blank_shares(pdf, fmt)
    assert shares[0] == 0.0 and shares[1] > 0.9, shares
    book = BookLayout(
        pages=2, blocks=[PlacedBlock(1, "body", 500, 60), PlacedBlock(2, "h2", 500, 480)]
    )
    assert page_faults(book, [*shares, 0.0]) == [
        f"page 2 is {shares[1]:.0%} blank",
        "page 2 col1 ends with a h2 heading",
    ]
