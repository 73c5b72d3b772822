"""`pnp build GAME --booklet`: the rulebook set on A5 (half-Letter) pages, padded to a
multiple of four, imposed two up in signature order on landscape A4 (Letter), duplex
flipping on the short edge, with the printer's 6 mm margin held on the sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from pnp.build.game import build_game
from pnp.cli.app import app
from pnp.layout.page_formats import BACK_COVER, BLANK, booklet_format, padded, signature_order
from pnp.layout.paper import MARGIN_MM, PAPERS_MM
from pnp.plan.doc_text import rulebook_markdown, rulebook_setting
from pnp.plan.settings import BuildOptions
from pnp.render.rulebook import write_rulebook
from pnp.spec.load import load_game
from tests.test_docs_rulebook import measure, typesetting_faults

PT = 72 / 25.4


def test_signature_order_folds_into_reading_order() -> None:
    # 16 pages: sheet 1 front (16, 1), back (2, 15); sheet 2 front (14, 3), back (4, 13)
    assert signature_order(16)[:4] == [(16, 1), (2, 15), (14, 3), (4, 13)]
    assert signature_order(16)[-2:] == [(10, 7), (8, 9)]
    assert [padded(n) for n in (1, 4, 5, 13, 16, 17)] == [4, 4, 8, 16, 16, 20]
    for n in (4, 6, 13):
        sides = signature_order(n)
        assert sorted(p for side in sides for p in side) == list(range(1, padded(n) + 1))
        # nested sheets, folded: each right-hand page p is backed by p + 1 (short-edge flip)
        for front, back in zip(sides[::2], sides[1::2], strict=True):
            assert back[0] == front[1] + 1 and back[1] == front[0] - 1


def _build(tmp_path: Path, paper: str, booklet: bool = True) -> dict[str, object]:
    game = load_game("smallprint")
    only = frozenset({"rulebook"})
    build_game(game, BuildOptions(paper=paper, booklet=booklet), tmp_path, only, jobs=1)
    return json.loads((tmp_path / "manifest.json").read_text())  # type: ignore[no-any-return]


PADDING = (BLANK, BACK_COVER)
"""What a booklet's padding pages carry: nothing, or the back cover on the last."""


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_booklet_is_imposed_in_signature_order_on_landscape_sheets(
    paper: str, tmp_path: Path
) -> None:
    manifest = _build(tmp_path, paper)
    assert manifest["options"]["booklet"] is True  # type: ignore[index]
    files = {f["path"]: f for f in manifest["files"]}  # type: ignore[attr-defined]
    assert set(files) == {
        "smallprint-rulebook.pdf",
        "smallprint-rulebook-booklet.pdf",
        "smallprint-start-here.pdf",
    }
    book = files["smallprint-rulebook-booklet.pdf"]
    w, h = PAPERS_MM[paper]
    sides = book["pages"]
    assert len(sides) % 2 == 0 and book["sheets"] == len(sides) // 2
    order = []
    for side in sides:
        assert side["size_pt"] == [round(h * PT, 2), round(w * PT, 2)]  # landscape
        left, right = side["items"]
        assert left["trim_pt"][2] == right["trim_pt"][0] == round(h / 2 * PT, 2)
        order.append(tuple(int(i["id"].removeprefix("page-")) for i in side["items"]))
    assert order == signature_order(len(order) * 2)
    pads = {i["id"]: i["deck"] for s in sides for i in s["items"] if i["deck"] in PADDING}
    pages = len(order) * 2
    assert pages % 4 == 0 and len(pads) < 4
    # the pages that pad the booklet to a multiple of four are its last, the back cover last
    assert sorted(pads) == sorted(f"page-{n}" for n in range(pages - len(pads) + 1, pages + 1))
    assert pads.get(f"page-{pages}", BACK_COVER) == BACK_COVER

    pdf = pdfium.PdfDocument(tmp_path / "smallprint-rulebook-booklet.pdf")
    assert len(pdf) == len(sides)
    sheet_w, sheet_h = h * PT, w * PT
    for n, side in enumerate(sides):
        text = pdf[n].get_textpage()
        for i in range(text.count_chars()):
            x0, y0, x1, y1 = text.get_charbox(i)
            if x1 > x0:  # the printer's margin holds on the whole sheet
                assert min(x0, y0, sheet_w - x1, sheet_h - y1) >= MARGIN_MM * PT - 0.01
        for item in side["items"]:
            x0, _, x1, _ = item["trim_pt"]
            words = text.get_text_bounded(x0, 0, x1, sheet_h).strip()
            assert bool(words) == (item["deck"] != "blank"), (n, item["id"])
    first = pdf[0].get_textpage().get_text_bounded(sheet_w / 2, 0, sheet_w, sheet_h)
    assert "Small Print" in first  # page 1 lies on the right of the first sheet's front


def test_without_booklet_the_build_writes_what_it_wrote_before(tmp_path: Path) -> None:
    manifest = _build(tmp_path, "a4", booklet=False)
    assert manifest["options"]["booklet"] is False  # type: ignore[index]
    assert [f["path"] for f in manifest["files"]] == [  # type: ignore[attr-defined]
        "smallprint-rulebook.pdf",
        "smallprint-start-here.pdf",
    ]


def test_the_booklet_is_byte_identical_for_the_same_input(tmp_path: Path) -> None:
    _build(tmp_path / "a", "a4")
    _build(tmp_path / "b", "a4")
    name = "smallprint-rulebook-booklet.pdf"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@pytest.mark.parametrize("game", ["boom", "bigidea", "bidness", "oldbiddy", "smallprint"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_pages_read_at_45_to_75_characters_and_are_set_cleanly(
    game: str, paper: str, tmp_path: Path
) -> None:
    g = load_game(game)
    fmt = booklet_format(paper)
    setting = rulebook_setting(g)
    book = write_rulebook(tmp_path / "b.pdf", rulebook_markdown(g), fmt.page, *setting, fmt=fmt)
    assert 45 <= measure(book) <= 75, measure(book)  # one column of an A5 page: 62-70
    assert typesetting_faults(book) == []


def test_booklet_needs_the_rulebook(tmp_path: Path) -> None:
    args = ["build", "smallprint", "--booklet", "--only", "cards", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "--booklet imposes the rulebook, and --only leaves it out" in result.output
    assert "Traceback" not in result.output


def test_a_game_without_a_rulebook_builds_and_says_it_has_no_booklet(
    mini_cards: Path, tmp_path: Path
) -> None:
    args = ["build", "mini", "--cards", str(mini_cards), "--booklet", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "no booklet: " in result.output and "has no rulebook" in result.output
    assert not list(tmp_path.glob("*booklet*"))


def test_the_last_page_left_free_is_the_back_cover(tmp_path: Path) -> None:
    # •Boom's booklet sets 17 pages: 18 and 19 stay blank, 20 (the outside back) is the
    # back cover, drawn with the game's title art
    from pnp.layout.page_formats import booklet_sheets

    groups = {it.id: it.group for s in booklet_sheets("a4", 17) for it in s.items}
    assert [groups[f"page-{n}"] for n in (17, 18, 19, 20)] == [
        "booklet", "blank", "blank", "back-cover"
    ]  # fmt: skip
    assert "back-cover" not in {it.group for s in booklet_sheets("a4", 16) for it in s.items}
    game = load_game("boom")
    build_game(game, BuildOptions(booklet=True), tmp_path, frozenset({"rulebook"}), jobs=1)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    book = next(f for f in manifest["files"] if f["path"] == "boom-rulebook-booklet.pdf")
    [(n, item)] = [
        (n, it) for n, s in enumerate(book["pages"]) for it in s["items"] if it["id"] == "page-20"
    ]
    assert item["deck"] == "back-cover"
    pdf = pdfium.PdfDocument(tmp_path / "boom-rulebook-booklet.pdf")
    x0, _, x1, _ = item["trim_pt"]
    words = pdf[n].get_textpage().get_text_bounded(x0, 0, x1, pdf[n].get_size()[1])
    assert "•Boom" in words and "2–5 players" in words
