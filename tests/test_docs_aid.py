"""Player aids: the text fills one card face at the largest size that fits, tables are
tables, list numbers align."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.lib.units import mm
from reportlab.platypus import Table

from pnp._errors import LayoutError
from pnp.layout.cards import impose_copies
from pnp.plan.doc_meta import DocInfo
from pnp.plan.settings import BuildOptions
from pnp.render.aid import INSET_MM, MAX_BODY_PT, AidLayout, lay_out_aid
from pnp.render.doc_layout import aid_layout
from pnp.render.writers import write_aid
from pnp.spec.components import AidComponent
from pnp.spec.load import list_games, load_game

READABLE_PT = 7.0
"""Smallest body size we accept on a shipped aid."""
FILL_MM = 1.0
"""The last line ends at most this far above the foot of the text area."""
TAROT = (70.0, 120.0)


def _aid(game: str) -> tuple[AidComponent, AidLayout]:
    g = load_game(game)
    comp = next(c for c in g.spec.components if isinstance(c, AidComponent))
    return comp, aid_layout(g, comp)


@pytest.mark.parametrize("game", list_games())
def test_shipped_aid_fills_its_card_at_a_readable_size(game: str) -> None:
    _, layout = _aid(game)
    assert layout.body_pt >= READABLE_PT
    assert -0.01 <= layout.gap_mm <= FILL_MM
    w, h = (v * mm for v in layout.size_mm)
    inset = INSET_MM * mm
    for f, x, y in layout.placed:  # one card face holds all of it
        fw, fh = f.wrap(w - 2 * inset, h)
        assert x >= inset - 0.01 and y >= layout.area_bottom_pt - 0.01
        assert x + fw <= w - inset + 0.01 and y + fh <= h - inset + 0.01


def _tables(layout: AidLayout) -> list[Table]:
    return [f for f, _, _ in layout.placed if isinstance(f, Table)]


def _cell_texts(t: Table) -> list[str]:
    """The plain text of every cell (platypus keeps each cell as a tuple of flowables)."""
    cells = [p for row in t._cellvalues for cell in row for p in cell]
    return [re.sub(r"<[^>]+>", "", p.text) for p in cells if p.text]


def test_boom_aid_ipo_table_is_a_table_of_every_row() -> None:
    g = load_game("boom")
    ipo = g.spec.tables["ipo_table"]
    comp, _ = _aid("boom")
    layout = aid_layout(g, comp, back=True)  # the aid's back: going public
    ipo_table = _tables(layout)[0]
    texts = _cell_texts(ipo_table)
    rows = len(ipo_table._cellvalues)
    assert rows == 1 + -(-len(ipo) // 3)  # a header, then the 15 rows in three column pairs
    for r in ipo[:-1]:
        assert str(r["roll"]) in texts
    assert f"{ipo[-1]['roll']}+" in texts  # the last row reads "16+"
    surcharge = _tables(layout)[1]
    assert len(surcharge._cellvalues) == 2
    assert len(surcharge._cellvalues[0]) == 1 + len(g.spec.tables["ipo_track"])


def test_bigidea_aid_share_values_are_a_table() -> None:
    _, layout = _aid("bigidea")
    (table,) = _tables(layout)
    texts = _cell_texts(table)
    assert "$0.17" in texts and "$3.50" in texts  # bigidea.txt: $1/6 and $3.5 a share


def test_more_text_is_set_smaller_and_still_fills_the_panel() -> None:
    para = "A sentence of rules for the aid, to fill its panel with words. " * 3
    sizes = []
    for n in (4, 6, 9):
        layout = lay_out_aid("## Aid\n\n" + "\n\n".join([para] * n), TAROT, "Aid", "#123456")
        assert -0.01 <= layout.gap_mm <= FILL_MM, n
        sizes.append(layout.body_pt)
    assert sizes[0] > sizes[1] > sizes[2]


def test_short_text_stops_at_the_largest_size() -> None:
    layout = lay_out_aid("## Aid\n\nJust this.", TAROT, "Aid", "#123456")
    assert layout.body_pt == pytest.approx(MAX_BODY_PT)


def test_text_that_cannot_fit_names_the_aid_and_panel() -> None:
    with pytest.raises(LayoutError, match=r"Summary: the text does not fit the 70×120 mm"):
        lay_out_aid("Far too long for one card. " * 600, TAROT, "Summary", "#123456")


def test_a_table_too_wide_at_one_size_is_set_smaller() -> None:
    cols = 6
    md = "| " + " | ".join(f"Head{i}" for i in range(cols)) + " |\n"
    md += "|" + "---|" * cols + "\n| " + " | ".join(f"{i * 100}" for i in range(cols)) + " |\n"
    layout = lay_out_aid(md, TAROT, "Wide", "#123456")
    (table,) = _tables(layout)
    assert table.overflow == 0 and layout.body_pt < 8


def test_list_numbers_align_on_their_right_edge(tmp_path: Path) -> None:
    items = "\n".join(f"{i}. Step number {i}." for i in range(1, 13))
    layout = lay_out_aid(f"## Steps\n\n{items}\n", TAROT, "Steps", "#123456", "made with pnp")
    assert not any(isinstance(f, Table) for f, _, _ in layout.placed)
    pages = impose_copies("steps", TAROT, 1, BuildOptions())
    pdf_path = tmp_path / "steps.pdf"
    write_aid(pdf_path, pages, layout, DocInfo("Steps"), "#123456")
    tp = pdfium.PdfDocument(str(pdf_path))[0].get_textpage()
    text = "".join(tp.get_text_range(i, 1)[:1] or "?" for i in range(tp.count_chars()))
    rights = {
        int(m.group(1)): tp.get_charbox(m.end() - 1)[2]
        for m in re.finditer(r"(?:^|\n)(\d+)\.", text)
    }
    assert sorted(rights) == list(range(1, 13))
    assert max(rights.values()) - min(rights.values()) < 0.05  # "9." and "12." end together
