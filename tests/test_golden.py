"""Golden files (tests/golden/README.md): seeded transcripts, the display list of every sheet
file, and the pages of every PDF at 40 dpi with a tolerance. They hold on every machine
(nothing here depends on reportlab's, pdfium's or zlib's bytes) and change only through
tests/golden/regen.py."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageFilter

from pnp.layout.dump import dumps
from pnp.layout.ops import Face, Shape, TextBlock
from pnp.layout.pages import Page
from pnp.plan.outputs import lay_out_sheet, sheet_plans
from pnp.plan.settings import BuildOptions
from pnp.render.writers import write_pages
from pnp.spec.load import load_game
from tests.golden import ops, raster, regen

AGAIN = "\nif the change is intended, run tests/golden/regen.py and say why in the commit"
BUILD_IDS = [regen.build_id(*build) for build in regen.BUILDS]


@pytest.mark.parametrize("game, players, seed", regen.GAMES)
def test_seeded_transcript_matches_golden(game: str, players: int, seed: int) -> None:
    expected = regen.transcript_path(game, players, seed).read_text()
    assert regen.transcript(game, players, seed) == expected, "the game played differently" + AGAIN


@pytest.mark.parametrize("game, paper", regen.BUILDS, ids=BUILD_IDS)
def test_display_list_matches_golden(game: str, paper: str) -> None:
    laid = ops.laid_out(game, paper)
    folder = regen.OPS / regen.build_id(game, paper)
    assert sorted(regen.ops_path(game, paper, pdf) for pdf in laid) == sorted(
        folder.glob("*.json")
    ), "the build makes other sheet files than the golden" + AGAIN
    found = []
    for pdf, text in laid.items():
        path = regen.ops_path(game, paper, pdf)
        found += ops.differences(path.relative_to(regen.HERE).as_posix(), path.read_text(), text)
    assert not found, "\n".join(found) + AGAIN


@pytest.mark.parametrize("game, paper", regen.BUILDS, ids=BUILD_IDS)
def test_pages_look_like_golden(game: str, paper: str, tmp_path: Path) -> None:
    drawn = regen.rasters(game, paper, tmp_path)
    folder = regen.RASTER / regen.build_id(game, paper)
    assert sorted(regen.raster_path(game, paper, pdf) for pdf in drawn) == sorted(
        folder.glob("*.png")
    ), "the build makes other PDFs than the golden" + AGAIN
    found = []
    for pdf, pages in drawn.items():
        path = regen.raster_path(game, paper, pdf)
        found += raster.differences(
            path.relative_to(regen.HERE).as_posix(), raster.load(path), pages
        )
    assert not found, "\n".join(found) + AGAIN


# The goldens can fail, and say where.

BOOM_CARDS = regen.ops_path("boom", "a4", "boom-cards.pdf")
NAME = "ops/boom-a4/boom-cards.json"


def _boom_cards() -> tuple[str, dict[str, Any]]:
    text = BOOM_CARDS.read_text()
    return text, json.loads(text)


def test_a_shifted_op_is_named_with_its_file_face_and_field() -> None:
    text, data = _boom_cards()
    data["faces"]["crash"]["ops"][1]["x"] += 1.0  # the card's paper panel, 1 mm right
    assert ops.differences(NAME, text, dumps(data)) == [
        f"{NAME}: face 'crash', op 2 (shape rect): x: golden 3.5, now 4.5"
    ]


def test_a_moved_card_and_a_lost_op_are_named_with_their_page() -> None:
    text, data = _boom_cards()
    item = data["pages"][2]["items"][4]
    item["trim"][0] += 1.0
    crash = data["faces"]["crash"]["ops"]
    heading = next(
        i for i, op in enumerate(crash) if op.get("lines", [[0, 0, ""]])[0][2] == "EVENT"
    )
    del crash[heading]
    found = ops.differences(NAME, text, dumps(data))
    assert found == [
        f"{NAME}: face 'crash', op {heading + 1} (textblock 'EVENT'): is gone",
        f"{NAME}: page 3, item 5 ({item['id']}): trim: golden "
        f"{json.dumps([round(item['trim'][0] - 1.0, 2), *item['trim'][1:]])}, "
        f"now {json.dumps(item['trim'])}",
    ]


def test_a_rounding_step_is_no_change() -> None:
    text, data = _boom_cards()
    data["faces"]["crash"]["ops"][1]["x"] += 0.01  # 3.5 may round to 3.51 elsewhere
    assert ops.differences(NAME, text, dumps(data)) == []


CHANGED = "egravel-plan"
"""The card the raster checks change, on the second card sheet of •Boom (the golden keeps
the first four pages): a Play card whose smallest text is a full line, "Play card · starts a
company" (at 6.5 pt a one-word label such as "Company card" stays within the tolerance)."""
Sheet = tuple[Page, int, int, dict[str, Face], Path]
"""The page of •Boom's cards on A4 that holds CHANGED, its index in the file and the
card's on the page, the faces it places, and the game's font folder."""


@pytest.fixture(scope="module")
def boom_sheet() -> Sheet:
    game = load_game("boom")
    options = BuildOptions(paper="a4")
    [cards] = sheet_plans(game, options, frozenset({"cards"}))
    pages, faces = lay_out_sheet(game, cards, options)
    n = next(i for i, p in enumerate(pages) if any(it.id == CHANGED for it in p.items))
    k = next(i for i, it in enumerate(pages[n].items) if it.id == CHANGED)
    assert n < raster.SHEET_PAGES, "the golden holds the first pages only"
    return pages[n], n, k, faces, game.root / "fonts"


def _changed_page(boom_sheet: Sheet, tmp_path: Path, change: str) -> list[str]:
    """The page of •Boom's cards that holds CHANGED, drawn with one ``change`` of that
    card, against its raster golden."""
    page, n, k, faces, fonts = boom_sheet
    faces = dict(faces)
    item = page.items[k]
    face = faces[item.face]
    if change == "moved 1 mm":
        x0, y0, x1, y1 = item.trim
        c0, d0, c1, d1 = item.clip
        moved = dataclasses.replace(
            item, trim=(x0 + 1, y0, x1 + 1, y1), clip=(c0 + 1, d0, c1 + 1, d1)
        )
        page = dataclasses.replace(page, items=[*page.items[:k], moved, *page.items[k + 1 :]])
    elif change == "smallest text left out":
        texts = [op for op in face.ops if isinstance(op, TextBlock)]
        small = min(texts, key=lambda t: t.size)
        faces[item.face] = dataclasses.replace(
            face, ops=tuple(o for o in face.ops if o is not small)
        )
    elif change == "a fill in another colour":
        band = next(o for o in face.ops[1:] if isinstance(o, Shape) and o.fill)
        other = dataclasses.replace(band, fill="#3366cc")
        faces[item.face] = dataclasses.replace(
            face, ops=tuple(other if o is band else o for o in face.ops)
        )
    pdf = tmp_path / "page.pdf"
    write_pages(pdf, [page], faces, "golden test", fonts)
    golden = raster.load(regen.raster_path("boom", "a4", "boom-cards.pdf"))
    golden_page = raster.Pages(golden.images[n : n + 1], 1)
    return raster.differences("boom-cards", golden_page, raster.render(pdf))


def test_the_unchanged_page_passes(boom_sheet: Sheet, tmp_path: Path) -> None:
    assert _changed_page(boom_sheet, tmp_path, "") == []


@pytest.mark.parametrize(
    "change", ["moved 1 mm", "smallest text left out", "a fill in another colour"]
)
def test_a_changed_card_fails_the_raster_check(
    boom_sheet: Sheet,
    tmp_path: Path,
    change: str,
) -> None:
    found = _changed_page(boom_sheet, tmp_path, change)
    assert len(found) == 1 and found[0].startswith("boom-cards page 1: squares of 8x8 px"), found
    page, _, k, _, _ = boom_sheet
    x0, y0, x1, y1 = page.items[k].trim  # mm, y up from the bottom
    where = re.search(r"within x=(\d+)-(\d+) mm, y=(\d+)-(\d+) mm", found[0])
    assert where, found
    fx0, fx1, fy0, fy1 = (int(v) for v in where.groups())
    top, bottom = 297 - y1, 297 - y0  # the message measures y down from the top
    # the squares over the limit lie on the card or the two squares (10 mm) around it
    assert x0 - 10 <= fx0 < fx1 <= x1 + 10 and top - 10 <= fy0 < fy1 <= bottom + 10, found


def test_anti_aliasing_differences_pass() -> None:
    """A softer anti-aliasing filter (a 0.5 px Gaussian blur of every page) stays within
    the tolerance on every golden page of •Boom; see raster.MAX_TILE for what was measured."""
    for path in sorted((regen.RASTER / "boom-a4").glob("*.png")):
        golden = raster.load(path)
        soft = raster.Pages(
            [im.filter(ImageFilter.GaussianBlur(0.5)) for im in golden.images], golden.count
        )
        assert raster.differences(path.name, golden, soft) == []


def test_golden_folder_stays_reviewable() -> None:
    """A few MB at most: the display lists are text a diff shows, the rasters 40 dpi (the
    counters' textures, a shape per stripe or dot, take half a MB of it)."""
    size = sum(p.stat().st_size for p in regen.HERE.rglob("*") if p.is_file())
    assert size < 5_000_000, f"tests/golden holds {size / 1e6:.1f} MB"


def test_every_op_item_and_mark_is_one_line() -> None:
    """What the README promises a reviewer: a diff line is one whole op, item or mark; a
    rich-text block is written key by key, with one run a line."""
    lines = [line.strip().rstrip(",") for line in BOOM_CARDS.read_text().splitlines()]
    ops_lines = [line for line in lines if '"op": ' in line]
    rich = [line for line in ops_lines if line == '"op": "textblock"']
    assert len(ops_lines) > 1000 and 0 < len(rich) < len(ops_lines) / 10
    for line in ops_lines:
        assert line in rich or isinstance(json.loads(line), dict), line


def test_a_word_rubbed_out_of_a_rulebook_page_fails() -> None:
    """Rulebooks have no display list: the raster alone guards them. A 10 x 4 mm patch of
    page 2 (about one word of body text) painted white fails, and the message says where."""
    golden = raster.load(regen.raster_path("boom", "a4", "boom-rulebook.pdf"))
    page = golden.images[1].copy()
    squares = page.reduce(raster.TILE)
    greys = squares.tobytes()  # one byte a square, row by row
    darkest = greys.index(min(greys))
    x, y = (darkest % squares.width) * raster.TILE, (darkest // squares.width) * raster.TILE
    page.paste(255, (x, y, x + 16, y + 6))  # 16 x 6 px: 10 x 4 mm at 40 dpi
    rubbed = raster.Pages([golden.images[0], page, *golden.images[2:]], golden.count)
    found = raster.differences("boom-rulebook", golden, rubbed)
    assert len(found) == 1 and found[0].startswith("boom-rulebook page 2: "), found
    x_mm, y_mm = (round(v * 25.4 / raster.DPI) for v in (x, y))  # the patch's first square
    assert f"within x={x_mm}-" in found[0] and f"y={y_mm}-" in found[0], found


def test_regen_rewrites_and_prints_only_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """regen.py on a copy of Small Print's display lists: an op moved by hand, a rounding
    step and a golden of a file no build makes."""
    build = regen.build_id("smallprint", "a4")
    folder = tmp_path / "ops" / build
    shutil.copytree(regen.OPS / build, folder)
    monkeypatch.setattr(regen, "HERE", tmp_path)
    monkeypatch.setattr(regen, "OPS", tmp_path / "ops")
    monkeypatch.setattr(regen, "BUILDS", [("smallprint", "a4")])
    cards, mat = folder / "smallprint-cards.json", folder / "smallprint-pool-mat.json"
    good = cards.read_text()
    data = json.loads(good)
    face = next(iter(data["faces"]))
    data["faces"][face]["ops"][0]["w"] += 2.0
    cards.write_text(dumps(data))
    data = json.loads(mat.read_text())
    data["pages"][0]["size"][0] += 0.01
    rounded = dumps(data)
    mat.write_text(rounded)
    (folder / "smallprint-gone.json").write_text("{}\n")

    report = regen.refresh_ops()

    assert report == [
        f"changed ops/{build}/smallprint-cards.json: face {face!r}, op 1 (shape rect): "
        f"w: golden {round(_width(good, face) + 2.0, 2)}, now {_width(good, face)}",
        f"removed ops/{build}/smallprint-gone.json",
    ]
    assert cards.read_text() == good and mat.read_text() == rounded


def _width(text: str, face: str) -> float:
    """The width of ``face``'s first op in a display-list golden."""
    return float(json.loads(text)["faces"][face]["ops"][0]["w"])
