"""--layout fold: each front beside its own back, a dashed fold line between,
pairs cut on shared lines; for every bundled game on A4 and Letter."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pnp.build.game import build_game
from pnp.layout.cards import back_key, impose_cards
from pnp.plan.settings import BuildOptions
from pnp.render.pdf import draw_marks
from pnp.spec.load import list_games, load_game

PT = 72 / 25.4


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", list_games())
def test_every_front_has_its_back_mirrored_across_a_fold_line(game: str, paper: str) -> None:
    g = load_game(game)
    pages = impose_cards(g, BuildOptions(paper=paper, layout="fold"))
    assert {p.side for p in pages} == {"fold"}  # no back pages to print on the other side
    deck_of = {c.id: c.deck for c in g.cards}
    decks = {d.id: d for d in g.spec.decks}
    fronts = 0
    for page in pages:
        pairs = list(zip(page.items[::2], page.items[1::2], strict=True))
        folds = {round(f[0], 3) for f in page.folds}
        for front, back in pairs:
            assert (front.side, back.side) == ("front", "back")
            assert front.id == back.id and front.face == front.id
            assert back.face == back_key(decks[deck_of[front.id]])
            assert back.trim[0] == pytest.approx(front.trim[2])  # butted on the fold
            assert (back.trim[1], back.trim[3]) == (front.trim[1], front.trim[3])
            assert round(front.trim[2], 3) in folds
            # the fold is no cut: one cut path around the pair, none on the fold
            assert not any(m[0] == m[2] and round(m[0], 3) in folds for m in page.marks)
        _, bottom, _, top = _extent([f for f, _ in pairs] + [b for _, b in pairs])
        for x0, y0, x1, y1 in page.folds:  # vertical, outward from the pairs: never on art
            assert x0 == x1 and (y0 in (top, bottom))
            assert y1 >= top or y1 <= bottom
            assert 6.0 - 1e-6 <= y1 <= page.size[1] - 6.0 + 1e-6
        # pairs above each other share their cut line (gang-cut)
        ys = sorted({round(v, 3) for f, _ in pairs for v in (f.trim[1], f.trim[3])})
        assert len(ys) == len({round(f.trim[1], 3) for f, _ in pairs}) + 1
        fronts += len(pairs)
        assert len(page.cuts) == len(pairs)
    assert fronts == sum(c.qty for c in g.cards)


def test_fold_manifest_says_which_item_is_front_and_back(tmp_path: Path) -> None:
    options = BuildOptions(layout="fold")
    build_game(load_game("boom"), options, tmp_path, frozenset({"cards"}))
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["options"]["layout"] == "fold"
    assert "without duplex" in manifest["options"]["layout_reason"]
    (cards,) = [f for f in manifest["files"] if f["kind"] == "cards"]
    page = cards["pages"][0]
    assert page["side"] == "fold" and page["layout"] == "fold"
    assert [it["side"] for it in page["items"]] == ["front", "back"] * 4  # 4 pairs on A4
    assert [it["rotate"] for it in page["items"]] == [90, 270] * 4  # on their side
    front, back = page["items"][:2]
    assert back["trim_pt"][0] == pytest.approx(front["trim_pt"][2])
    assert cards["sheets"] == len(cards["pages"]) == 18  # 72 cards, 4 per sheet


class InkCanvas:
    """Records each line with the stroke colour, width and dash it is drawn in."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {"dash": None}
        self.saved: list[dict[str, Any]] = []
        self.lines: list[tuple[str, float, Any]] = []

    def setStrokeColor(self, c: Any) -> None:  # noqa: N802 (reportlab's names)
        self.state["colour"] = c.hexval()

    def setLineWidth(self, w: float) -> None:  # noqa: N802
        self.state["width"] = w

    def setDash(self, *a: float) -> None:  # noqa: N802
        self.state["dash"] = a

    def saveState(self) -> None:  # noqa: N802
        self.saved.append(dict(self.state))

    def restoreState(self) -> None:  # noqa: N802
        self.state = self.saved.pop()

    def line(self, *a: float) -> None:
        self.lines.append((self.state["colour"], self.state["width"], self.state["dash"]))

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **kw: None


def test_fold_lines_are_dashed_grey_and_crop_marks_solid_black() -> None:
    page = impose_cards(load_game("boom"), BuildOptions(layout="fold"))[0]
    canvas = InkCanvas()
    draw_marks(canvas, page)  # type: ignore[arg-type]
    folds = canvas.lines[: len(page.folds)]
    assert folds and all(c == "0x808080" and dash for c, _, dash in folds)
    marks = [line for line in canvas.lines[len(page.folds) :] if line[0] == "0x000000"]
    assert len(marks) == len(page.marks) and all(dash is None for *_, dash in marks)


def _extent(items: list) -> tuple[float, float, float, float]:
    return (
        min(it.trim[0] for it in items),
        min(it.trim[1] for it in items),
        max(it.trim[2] for it in items),
        max(it.trim[3] for it in items),
    )
