"""Rulebook pages as geometry: the page formats a rulebook is set in (two columns on a
sheet, one on a booklet page) and the imposition of a saddle-stitched booklet.

A reading measure of 45–75 characters a line is the trade's rule for running text; at
the rulebooks' 9.5–10 pt Lato that is a column about 80–115 mm wide. So a sheet (A4,
Letter) gets two columns and a booklet page (A5, half-Letter) one. Pure geometry in mm:
pnp.render.rulebook typesets into it and pnp.render.booklet_pdf draws the sheets. Page 1
carries the title art (pnp.render.cover): a booklet's is a cover, a sheet's a band.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.pages import Page, Placed
from pnp.layout.paper import MARGIN_MM, PAPERS_MM
from pnp.layout.sheet import Rect


@dataclass(frozen=True)
class BookFormat:
    """One rulebook page: its size, columns and margins, in mm. With ``facing`` the
    margins mirror on left- and right-hand pages (a booklet: the inner margin is on the
    left of odd pages and on the right of even ones); otherwise ``inner`` is the left."""

    page: tuple[float, float]
    columns: int
    inner: float
    outer: float
    top: float
    bottom: float
    gutter: float
    scale: float
    """Type size against the 10 pt body of pnp.render.markdown.styles."""
    facing: bool = False
    cover: bool = False
    """Page 1 is a cover (the title art alone); else the title art runs across its top."""

    def text_left(self, page_number: int) -> float:
        """Left edge of the text area on page ``page_number`` (1 is a right-hand page)."""
        return self.outer if self.facing and page_number % 2 == 0 else self.inner

    @property
    def text_width(self) -> float:
        return self.page[0] - self.inner - self.outer

    @property
    def column_width(self) -> float:
        return (self.text_width - (self.columns - 1) * self.gutter) / self.columns


def sheet_format(paper: str) -> BookFormat:
    """A rulebook printed one page a sheet: two columns of about 55 characters."""
    return BookFormat(PAPERS_MM[paper], 2, 15.0, 15.0, 18.0, 17.0, 7.0, 0.95)


def booklet_format(paper: str) -> BookFormat:
    """A booklet page: half of ``paper`` turned (A5 on A4, half-Letter on Letter), one
    column of about 65 characters, the inner margin wider for the stitching and the fold."""
    w, h = PAPERS_MM[paper]
    return BookFormat((h / 2, w), 1, 18.0, 15.0, 18.0, 17.0, 0.0, 1.0, facing=True, cover=True)


COVER_EDGE_MM = 10.0
"""The cover's panel keeps this far from the paper's edges (4 mm inside the printer's 6)..."""
COVER_FOLD_MM = 12.0
"""...and this far from the fold, where a stapled booklet's pages bend."""
COVER_FOOT_MM = 20.0
"""The panel stops this far above the foot, for the copyright line under it."""


def cover_panel(fmt: BookFormat) -> Rect:
    """The cover's panel on page 1 (a right-hand page: the fold on its left)."""
    w, h = fmt.page
    return (COVER_FOLD_MM, COVER_FOOT_MM, w - COVER_EDGE_MM, h - COVER_EDGE_MM)


def back_panel(fmt: BookFormat) -> Rect:
    """The back cover's panel, on the booklet's last page (a left-hand page: the fold on
    its right)."""
    w, h = fmt.page
    return (COVER_EDGE_MM, COVER_FOOT_MM, w - COVER_FOLD_MM, h - COVER_EDGE_MM)


def band_panel(fmt: BookFormat, height: float) -> Rect:
    """The title band of a sheet rulebook's page 1: ``height`` mm tall, as wide as the text,
    its top where the text starts."""
    top = fmt.page[1] - fmt.top
    return (fmt.inner, top - height, fmt.page[0] - fmt.outer, top)


def padded(pages: int) -> int:
    """Pages of the booklet: ``pages`` rounded up to a multiple of four (one sheet, folded,
    holds four), the rest left blank at the end."""
    return max(4, -(-pages // 4) * 4)


def signature_order(pages: int) -> list[tuple[int, int]]:
    """Page numbers on each side of each sheet, left then right, sheet by sheet (front,
    back): for n pages sheet 1 front is (n, 1), its back (2, n - 1), and so on inwards.
    Numbers above ``pages`` are blanks. The back is printed the same way up: the sheet
    turns on its short edge, so the back of a right-hand half is the left-hand half."""
    n = padded(pages)
    sides: list[tuple[int, int]] = []
    for sheet in range(n // 4):
        low, high = 2 * sheet + 1, n - 2 * sheet
        sides += [(high, low), (low + 1, high - 1)]
    return sides


def booklet_sheets(paper: str, pages: int) -> list[Page]:
    """The imposed sheets of a booklet of ``pages`` pages (for the manifest): each side a
    landscape ``paper`` page whose items are the two booklet pages on it, by number
    (past the last page of text, in the group ``blank``, and the very last, when free, in
    ``back-cover``), with their trims; ``folds`` the centre fold marks, each inside the top
    or bottom margin and clear of the printer's 6 mm."""
    w, h = PAPERS_MM[paper]
    sheet = (h, w)
    half = h / 2
    fold_x = half
    top_mark: Rect = (fold_x, w - BOOK_MARGIN_CLEAR - FOLD_MARK_MM, fold_x, w - BOOK_MARGIN_CLEAR)
    bottom_mark: Rect = (fold_x, BOOK_MARGIN_CLEAR, fold_x, BOOK_MARGIN_CLEAR + FOLD_MARK_MM)
    out = []
    for i, (left, right) in enumerate(signature_order(pages)):
        items = [
            _page_item(number, pages, (x, 0.0, x + half, w))
            for number, x in ((left, 0.0), (right, half))
        ]
        side = "front" if i % 2 == 0 else "back"
        out.append(Page(sheet, side, items, folds=[top_mark, bottom_mark], layout="booklet"))
    return out


BOOK_MARGIN_CLEAR = MARGIN_MM
"""The fold marks start this far from the paper's edge: the printer margin."""
FOLD_MARK_MM = 4.0
"""Length of each fold mark: it ends 10 mm from the edge, above the text (18 mm down) and
below the footer line (10 mm up)."""


BLANK = "blank"
"""The group of a padding page (nothing is drawn there); a page of text is in ``booklet``."""
BACK_COVER = "back-cover"
"""The group of the last page when the text leaves it free: the back cover."""


def page_name(number: int) -> str:
    """The id of booklet page ``number`` in the manifest, and the name of its drawing."""
    return f"page-{number}"


def _page_item(number: int, pages: int, trim: Rect) -> Placed:
    name = page_name(number)
    group = "booklet" if number <= pages else BACK_COVER if number == padded(pages) else BLANK
    return Placed(name, group, name, trim, trim)
