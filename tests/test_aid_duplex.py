"""Aids with two faces print double-sided: `back:` names the second template; each front
page is followed by its back page, every panel mirrored for a long-edge flip
(x0' = page width − x1, docs/architecture.md §4), or all backs last without duplex."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.build.game import build_game
from pnp.layout.cards import impose_copies
from pnp.layout.paper import PAPERS_MM
from pnp.plan.settings import BuildOptions
from pnp.render.doc_layout import aid_layout
from pnp.spec.components import AidComponent
from pnp.spec.load import load_game

PT = 72 / 25.4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_pages_mirror_their_fronts_in_mm(paper: str) -> None:
    """Tarot panels (70 × 120 mm), seven copies: six fit an A4 sheet and five a Letter
    one (some on their side), so two sheets, each front followed by its back."""
    pages = impose_copies("aid", (70.0, 120.0), 7, BuildOptions(paper=paper), two_faces=True)
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    width = PAPERS_MM[paper][0]
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert not back.marks  # no crop marks on a back, as on card backs
        assert len(back.items) == len(front.items)
        for f, b in zip(front.items, back.items, strict=True):
            assert b.id == f.id and b.face == "aid:back" and b.side == "back"
            assert b.trim[0] == pytest.approx(width - f.trim[2], abs=1e-9)
            assert b.trim[2] == pytest.approx(width - f.trim[0], abs=1e-9)
            assert (b.trim[1], b.trim[3]) == (f.trim[1], f.trim[3])


def test_without_duplex_the_backs_come_last_and_offsets_apply() -> None:
    options = BuildOptions(duplex=False, back_offset=(1.0, -0.5))
    pages = impose_copies("aid", (70.0, 120.0), 7, options, two_faces=True)
    assert [p.side for p in pages] == ["front", "front", "back", "back"]
    f, b = pages[0].items[0], pages[2].items[0]
    assert b.trim[0] == pytest.approx(210.0 - f.trim[2] + 1.0)
    assert b.trim[1] == pytest.approx(f.trim[1] - 0.5)


def test_one_faced_aids_have_no_back_pages() -> None:
    pages = impose_copies("aid", (70.0, 120.0), 5, BuildOptions())
    assert {p.side for p in pages} == {"front"}


def test_boom_aid_prints_both_faces_double_sided(tmp_path: Path) -> None:
    """•Boom's play summary: the round on the front, going public on the back; each face
    set larger than the 7.2 pt the one face needed before it had a back."""
    game = load_game("boom")
    comp = next(c for c in game.spec.components if isinstance(c, AidComponent))
    assert comp.back
    front, back = aid_layout(game, comp), aid_layout(game, comp, back=True)
    assert front.body_pt > 7.2 and back.body_pt > 7.2
    build_game(game, BuildOptions(), tmp_path, frozenset({"aid"}))
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    entry = next(f for f in manifest["files"] if f["kind"] == "aid")
    sides = [p["side"] for p in entry["pages"]]
    # five players' aids lie on one A4 sheet (six tarot panels fit, some on their side)
    assert sides == ["front", "back"]
    assert entry["sheets"] == 1
    for f, b in zip(entry["pages"][::2], entry["pages"][1::2], strict=True):
        w = f["size_pt"][0]
        for fi, bi in zip(f["items"], b["items"], strict=True):
            assert bi["trim_pt"][0] == pytest.approx(w - fi["trim_pt"][2], abs=0.02)
    pdf = pdfium.PdfDocument(str(tmp_path / entry["path"]))
    texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    assert "each round" in texts[0] and "going public" not in texts[0]
    assert "going public" in texts[1] and "each round" not in texts[1]
