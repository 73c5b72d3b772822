"""Standing screens (kind `screen`): one landscape sheet per screen, inside the printable
area, folds dashed where the panels meet and along the middle, the outside upside down."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.board import PRINTER_MARGIN_MM
from pnp.layout.ops import Icon, Shape, TextBlock
from pnp.layout.screen import INSIDE, lay_out_screens
from pnp.layout.textfit import PT_TO_MM
from pnp.layout.tints import contrast
from pnp.plan.doc_text import template_context
from pnp.spec.load import load_game
from pnp.text.fonts import load_font

runner = CliRunner()
PT = 72 / 25.4

SCREENS = """
tables:
  players:
    - {name: Red, color: "#b3261e"}
    - {name: Blue, color: "#1d4e89"}
    - {name: Green, color: "#2a7f62"}
components:
  - kind: screen
    id: screens
    title: Player screens
    each: players
    sub: "{{ row.name }}"
    height_mm: HEIGHT
    panels:
      - {title: Your bid, text: "Reveal your gems and add them up."}
      - {title: Actions, text: "A, then B, then C."}
      - {title: Scoring, text: "{{ game.players.max }} players at most."}
"""


def _game(cards: Path, height: float = 88) -> Path:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + SCREENS.replace("HEIGHT", str(height)))
    return cards


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_screen_per_player_colour_inside_the_printable_area(
    mini_cards: Path, tmp_path: Path, paper: str
) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        ["build", "mini", "--cards", str(_game(mini_cards)), "--out", str(out), "--paper", paper],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    screens = next(f for f in manifest["files"] if f["kind"] == "screen")
    assert len(screens["pages"]) == 3  # one per row of tables.players
    for page in screens["pages"]:
        pw, ph = (v / PT for v in page["size_pt"])
        assert pw > ph
        (item,) = page["items"]
        x0, y0, x1, y1 = (v / PT for v in item["trim_pt"])
        assert min(x0, y0, pw - x1, ph - y1) >= PRINTER_MARGIN_MM
        assert y1 - y0 == pytest.approx(2 * 88, abs=0.02)  # two halves of the standing height


def test_no_fold_line_crosses_the_art_and_the_outside_is_turned(mini_cards: Path) -> None:
    """The folds are marked by ticks in the margin only (a dashed line across the art
    showed on the standing screen's outside)."""
    game = load_game("mini", _game(mini_cards))
    comp = game.spec.components[0]
    ctx = {"game": {"name": "Mini", "players": {"max": 4}}}
    pages, faces = lay_out_screens(game, comp, 0, "a4", ctx)
    face = faces[pages[0].items[0].face]
    assert not [op for op in face.ops if isinstance(op, Shape) and op.kind == "line" and op.dash]
    clip = pages[0].items[0].clip
    for x0, y0, x1, y1 in pages[0].folds:  # wholly outside the art and its bleed
        assert (
            max(x0, x1) <= clip[0] + 1e-6
            or min(x0, x1) >= clip[2] - 1e-6
            or (max(y0, y1) <= clip[1] + 1e-6 or min(y0, y1) >= clip[3] - 1e-6)
        )
    words = {line[2]: op for op in face.ops if isinstance(op, TextBlock) for line in op.lines}
    assert words["Mini"].rotate == 180 and words["Red"].rotate == 180
    assert words["Your bid"].rotate == 0
    assert words["4 players at most."].lines[0][1] > 88  # the inside is below the fold


def test_a_screen_too_tall_for_the_paper_names_the_key(mini_cards: Path) -> None:
    result = runner.invoke(app, ["validate", "mini", "--cards", str(_game(mini_cards, 120))])
    assert result.exit_code == 1
    assert "height_mm: a screen 120 mm tall needs 240 mm of a4 paper" in result.output
    assert "Traceback" not in result.output


def test_a_screen_shorter_than_60_mm_hides_nothing(mini_cards: Path) -> None:
    result = runner.invoke(app, ["validate", "mini", "--cards", str(_game(mini_cards, 50))])
    assert result.exit_code == 1
    assert "height_mm" in result.output


def test_the_credit_line_sits_inside_the_last_panel(mini_cards: Path) -> None:
    game = load_game("mini", _game(mini_cards))
    ctx = {"game": {"name": "Mini", "players": {"max": 4}}, "credit": "© Someone · made with pnp"}
    pages, faces = lay_out_screens(game, game.spec.components[0], 0, "a4", ctx)
    face = faces[pages[0].items[0].face]
    (credit,) = [op for op in face.ops if isinstance(op, TextBlock) and "pnp" in op.lines[0][2]]
    panel = face.width / 3
    assert credit.lines[0][0] >= 2 * panel  # clear of the fold lines
    assert credit.lines[0][1] > face.height - 8  # at the foot of the inside


# Bleed, safe zone and the designed outside (docs/architecture.md §5:
# "Large pieces ... bleed 3 mm past the trim; no frame line on the trim; text and
# credits at least 3 mm inside it").
BLEED = 3.0  # the trade norm
SAFE = 3.0  # safe zone inside the trim
CREDIT = "© Someone · made with pnp"


def _laid(mini_cards: Path, paper: str = "a4") -> tuple[list, dict, float]:
    game = load_game("mini", _game(mini_cards))
    comp = game.spec.components[0].model_copy(update={"icon": "die"})  # a bundled icon
    ctx = {"game": {"name": "Mini", "players": {"max": 4}}, "credit": CREDIT}
    pages, faces = lay_out_screens(game, comp, 0, paper, ctx)
    return pages, faces, comp.height_mm


def _ink_boxes(op: TextBlock) -> list[tuple[float, float, float, float]]:
    """Each line of a block as the box its glyphs can fill (mm, y down), turned with it."""
    font = load_font(op.font)
    out = []
    for x, y, line in op.lines:
        width = font.width(line, op.size) * PT_TO_MM
        top, bottom = y - font.ascent * op.size * PT_TO_MM, y + font.descent * op.size * PT_TO_MM
        x0, y0, x1, y1 = x, top, x + width, bottom
        if op.rotate == 180:
            cx, cy = op.centre
            x0, y0, x1, y1 = 2 * cx - x1, 2 * cy - y1, 2 * cx - x0, 2 * cy - y0
        out.append((x0, y0, x1, y1))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_both_halves_bleed_3_mm_past_every_cut_edge(mini_cards: Path, paper: str) -> None:
    pages, faces, h = _laid(mini_cards, paper)
    colours = ["#b3261e", "#1d4e89", "#2a7f62"]  # tables.players in SCREENS
    for page, colour in zip(pages, colours, strict=True):
        (item,) = page.items
        face = faces[item.face]
        assert page.bleed == BLEED
        tx0, ty0, tx1, ty1 = item.trim
        assert item.clip == pytest.approx((tx0 - 3, ty0 - 3, tx1 + 3, ty1 + 3))
        fills = [op for op in face.ops if isinstance(op, Shape) and op.kind == "rect"]
        outside = next(op for op in fills if op.fill == colour)
        inside = fills[0]
        # the outside (above the fold, y < h) runs 3 mm past the top and both sides
        assert outside.x <= -BLEED and outside.x + outside.w >= face.width + BLEED
        assert outside.y <= -BLEED and outside.y + outside.h >= h
        # the inside runs 3 mm past the bottom and both sides
        assert inside.x <= -BLEED and inside.x + inside.w >= face.width + BLEED
        assert inside.y <= h and inside.y + inside.h >= face.height + BLEED
        # no stroked frame anywhere
        assert all(op.stroke is None for op in fills)


def test_crop_marks_start_beyond_the_bleed_and_folds_reach_the_margin(mini_cards: Path) -> None:
    pages, faces, h = _laid(mini_cards)
    page = pages[0]
    x0, y0, x1, y1 = page.items[0].trim
    for mx0, my0, mx1, _ in page.marks:  # on a cut line, from the bleed's edge outward
        if mx0 == mx1:
            assert mx0 in (x0, x1)
            assert min(abs(my0 - y0), abs(my0 - y1)) == pytest.approx(BLEED)
        else:
            assert my0 in (y0, y1)
            assert min(abs(mx0 - x0), abs(mx0 - x1)) == pytest.approx(BLEED)
    assert len(page.marks) == 8
    pw = (x1 - x0) / 3
    ticks = sorted(round(t[0], 6) for t in page.folds if t[0] == t[2])
    assert ticks == pytest.approx(sorted(2 * [x0 + pw, x0 + 2 * pw]))
    across = [t for t in page.folds if t[1] == t[3]]
    assert [t[1] for t in across] == pytest.approx([(y0 + y1) / 2] * 2)  # the long fold


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_words_keep_3_mm_inside_the_trim_and_off_the_folds(mini_cards: Path, paper: str) -> None:
    pages, faces, h = _laid(mini_cards, paper)
    face = faces[pages[0].items[0].face]
    pw = face.width / 3
    blocks = [op for op in face.ops if isinstance(op, TextBlock)]
    assert len(blocks) >= 8  # title, name ×3, three panel titles and texts, credit
    for op in blocks:
        credit = op.lines[0][2] == CREDIT
        assert op.size >= (5.0 if credit else 6.0), op.lines  # docs/architecture.md §5 text sizes
        for bx0, by0, bx1, by1 in _ink_boxes(op):
            where = (op.lines[0][2], round(bx0, 2), round(by0, 2), round(bx1, 2), round(by1, 2))
            assert bx0 >= SAFE and bx1 <= face.width - SAFE, where
            assert by0 >= SAFE and by1 <= face.height - SAFE, where
            assert by1 <= h - SAFE or by0 >= h + SAFE, where  # off the long fold
            for fold in (pw, 2 * pw):
                assert bx1 <= fold - SAFE or bx0 >= fold + SAFE, where


def test_the_outside_shows_the_title_the_player_and_the_symbol_on_every_panel(
    mini_cards: Path,
) -> None:
    pages, faces, h = _laid(mini_cards)
    face = faces[pages[0].items[0].face]
    pw = face.width / 3
    words = {line[2]: op for op in face.ops if isinstance(op, TextBlock) for line in op.lines}
    assert words["Mini"].rotate == 180 and words["Mini"].centre[1] < h
    names = [op for op in face.ops if isinstance(op, TextBlock) and op.lines[0][2] == "Red"]
    assert len(names) == 3  # the player's name on every panel
    icons = [op for op in face.ops if isinstance(op, Icon)]
    assert icons and all(op.path.endswith("die.svg") and op.rotate == 180 for op in icons)
    assert all(op.y + op.h <= h for op in icons)  # all on the outside, above the fold
    large = [op for op in icons if op.w >= 15]  # the medallions' symbols
    assert sorted(int((op.x + op.w / 2) // pw) for op in large) == [0, 1, 2]
    assert len(icons) > 3 * len(large)  # and a wallpaper of small ones


def test_old_biddy_players_each_have_a_colour_a_letter_and_a_symbol() -> None:
    game = load_game("oldbiddy")
    comp = next(c for c in game.spec.components if c.kind == "screen")
    rows = game.spec.tables[comp.each]
    for key in ("color", "letter", "icon"):
        values = [r[key] for r in rows]
        assert len(set(values)) == len(values), key  # tells every player apart
    ctx = {**template_context(game), "credit": CREDIT}
    pages, faces = lay_out_screens(game, comp, game.spec.components.index(comp), "letter", ctx)
    for row, page in zip(rows, pages, strict=True):
        icons = {op.path for op in faces[page.items[0].face].ops if isinstance(op, Icon)}
        assert [Path(p).stem for p in icons] == [row["icon"]]


def test_the_inside_headings_take_the_players_colour_and_still_read(mini_cards: Path) -> None:
    pages, faces, h = _laid(mini_cards)
    colours = ["#b3261e", "#1d4e89", "#2a7f62"]  # tables.players in SCREENS, all dark enough
    for page, colour in zip(pages, colours, strict=True):
        face = faces[page.items[0].face]
        heads = [
            op for op in face.ops
            if isinstance(op, TextBlock) and op.lines[0][2] in ("Your bid", "Actions", "Scoring")
        ]  # fmt: skip
        assert len(heads) == 3 and {op.color for op in heads} == {colour}
        assert contrast(heads[0].color, INSIDE) >= 4.5  # WCAG AA, so greyscale reads too
