"""The registry of component kinds: a kind declared once (pnp.spec.kinds) is listed in
game.yaml, planned, laid out, drawn and described in the manifest like pnp's own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp._errors import PnpError
from pnp.build.game import build_game
from pnp.plan.settings import BuildOptions
from pnp.spec.kinds import BUILT_IN, component_kinds, registered, unregister
from pnp.spec.load import load_game
from tests.toy_kind import SIZE_MM, STICKER

STICKERS = """
components:
  - kind: sticker
    id: dots
    title: Score dots
    copies: 7
"""


@pytest.fixture
def sticker_game(mini_cards: Path) -> Iterator[Path]:
    with (mini_cards / "mini" / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(STICKERS)
    with registered(STICKER):
        yield mini_cards


def test_a_kind_registered_from_outside_pnp_is_built(sticker_game: Path, tmp_path: Path) -> None:
    game = load_game("mini", sticker_game)
    out = tmp_path / "out"
    build_game(game, BuildOptions(), out, jobs=1)
    manifest = json.loads((out / "manifest.json").read_text())
    [entry] = [f for f in manifest["files"] if f["kind"] == "sticker"]
    assert entry["path"] == "mini-dots.pdf"
    items = [it for page in entry["pages"] for it in page["items"]]
    assert [it["id"] for it in items] == [f"dots-{n}" for n in range(1, 8)]
    for it in items:  # each sticker its own size, in points
        x0, y0, x1, y1 = it["trim_pt"]
        assert x1 - x0 == pytest.approx(SIZE_MM * 72 / 25.4, abs=0.02)
        assert y1 - y0 == pytest.approx(SIZE_MM * 72 / 25.4, abs=0.02)
    assert entry["pages"][0]["size_pt"] == [595.28, 841.89]  # A4
    pdf = pdfium.PdfDocument(out / "mini-dots.pdf")
    assert len(pdf) == len(entry["pages"])
    assert pdf[0].get_size() == pytest.approx((595.28, 841.89), abs=0.01)
    assert (out / "mini-start-here.pdf").exists()


def test_only_picks_a_registered_kind(sticker_game: Path, tmp_path: Path) -> None:
    game = load_game("mini", sticker_game)
    out = tmp_path / "out"
    build_game(game, BuildOptions(), out, frozenset({"sticker"}), jobs=1)
    written = sorted(p.name for p in out.iterdir())
    assert written == ["manifest.json", "mini-dots.pdf", "mini-start-here.pdf"]


def test_without_the_kind_registered_game_yaml_may_not_list_it(
    mini_cards: Path, tmp_path: Path
) -> None:
    with (mini_cards / "mini" / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(STICKERS)
    with pytest.raises(PnpError) as failed:
        load_game("mini", mini_cards)
    said = str(failed.value)  # located as every schema error is, the kinds known listed
    assert "mini/game.yaml:18:5: error: components.0: kind 'sticker' is not one of" in said
    assert said.endswith("'tokens', 'track', 'aid', 'board', 'screen'")


def test_unregistering_leaves_pnps_own_kinds() -> None:
    with registered(STICKER):
        assert [k.name for k in component_kinds()][-1] == "sticker"
    assert sorted(k.name for k in component_kinds()) == sorted(BUILT_IN)
    with pytest.raises(ValueError):
        unregister("tokens")


def test_the_setup_figure_pictures_a_registered_kind(sticker_game: Path) -> None:
    from pnp.layout.setup_table import table_view

    game = load_game("mini", sticker_game)
    table = table_view(game, BuildOptions(), BuildOptions())
    [pile] = [p for p in table.centre if p.kind == "sticker"]
    assert pile.name == "Score dots"
    [piece] = pile.pieces
    assert piece.outline == "ellipse" and piece.size == (SIZE_MM, SIZE_MM)


def test_the_start_here_sheet_lists_a_registered_kinds_pieces(
    sticker_game: Path, tmp_path: Path
) -> None:
    from pypdf import PdfReader

    game = load_game("mini", sticker_game)
    out = tmp_path / "out"
    build_game(game, BuildOptions(), out, jobs=1)
    reader = PdfReader(out / "mini-start-here.pdf")
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "7 × Score dots" in text  # its picture's caption
    assert "7 Score dots in mini-dots.pdf" in text  # its checklist line
    row = text[text.index("mini-dots.pdf Score dots") :]
    assert row.startswith("mini-dots.pdf Score dots: 7 copies 1 page, A4 one side only")
    assert "card, 160–220 g/m²" in row[: row.index("mini-box.pdf")]  # its stock


def test_a_kind_declares_what_the_start_here_sheet_says_of_it(
    sticker_game: Path, tmp_path: Path
) -> None:
    from dataclasses import replace

    from pypdf import PdfReader

    thick = replace(STICKER, stock="vinyl sticker paper", stands=True, piece_word="dot")
    with registered(thick):
        game = load_game("mini", sticker_game)
        out = tmp_path / "out"
        build_game(game, BuildOptions(), out, frozenset({"sticker"}), jobs=1)
    reader = PdfReader(out / "mini-start-here.pdf")
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "7 Score dots folded to stand" in text
    assert "mini-dots.pdf Score dots: 7 dots" in text
    assert "vinyl sticker paper" in text and "fold on the dashed lines so it stands" in text
