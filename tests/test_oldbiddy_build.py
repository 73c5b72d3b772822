"""`pnp build oldbiddy` end to end: every component in the numbers the data declares,
inside the printable area on A4 and Letter, and gems told apart without colour."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from statistics import median

import pypdf
import pytest
import yaml

from pnp.build.game import build_game
from pnp.games import get_engine
from pnp.layout.board import OVERLAP_MM, lay_out_board
from pnp.layout.cards import lay_out_faces
from pnp.layout.ops import TextBlock
from pnp.plan.settings import BuildOptions
from pnp.render.raster import rasterise
from pnp.spec.components import BoardComponent
from pnp.spec.load import load_game
from tests.test_print_margins import (
    test_every_item_and_its_bleed_is_inside_the_printable_area as assert_inside_margins,
)
from tests.test_print_margins import test_items_on_a_page_never_overlap as assert_no_overlap

GEM_LAYOUT = Path(__file__).parent.parent / "templates" / "oldbiddy" / "cards" / "gem.yaml"
PX_PER_MM = 10
GEM_CELL_MM = 14
"""Side of the square around one drawn gem (12 mm) compared between colours."""


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    out = tmp_path_factory.mktemp(f"oldbiddy-{request.param}")
    build_game(load_game("oldbiddy"), BuildOptions(paper=request.param), out)
    return out, json.loads((out / "manifest.json").read_text())


def _fronts(manifest: dict, path: str) -> list[str]:
    f = next(f for f in manifest["files"] if f["path"] == path)
    return [it["id"] for p in f["pages"] if p.get("side", "front") == "front" for it in p["items"]]


def test_every_file_is_built_inside_the_printable_area(built: tuple) -> None:
    out, manifest = built
    kinds = sorted(f["kind"] for f in manifest["files"])
    # the markers print on the cards' last sheet
    assert kinds == ["aid", "board", "box", "cards", "guide", "rulebook", "screen", "tokens"]
    for f in manifest["files"]:
        assert len(pypdf.PdfReader(out / f["path"]).pages) == len(f["pages"]), f["path"]
    assert_inside_margins(manifest)
    assert_no_overlap(manifest)


def test_card_counts_and_backs(built: tuple) -> None:
    # oldbiddy.txt Components: 30 gem cards, 6 character action cards and 6 zero score
    # markers (a small deck, so they share a back and can lie face down).
    _, manifest = built
    fronts = [i for i in _fronts(manifest, "oldbiddy-cards.pdf") if not i.startswith("markers:")]
    assert sum(i.startswith("gem-") for i in fronts) == 30
    assert sum(i.startswith("zero-") for i in fronts) == 6
    assert len(fronts) - 36 == 6
    pages = next(f for f in manifest["files"] if f["kind"] == "cards")["pages"]
    cards = [p for p in pages if any(":" not in it["id"] for it in p["items"])]
    assert [p["side"] for p in cards] == ["front", "back"] * (len(cards) // 2)
    # the markers ride below the last cards (A4), or follow them on a sheet of their own
    assert all(p["side"] == "front" for p in pages if p not in cards)


def test_markers_and_chits_match_the_source(built: tuple) -> None:
    # Components: 10 turn order markers (two sets of 1-5), 5 large fake gems,
    # 180 gems (60 of each colour); and our round marker. The markers are printed on the
    # last card sheet (`with_cards`), below the zero markers, not on a sheet of their own.
    _, manifest = built
    assert "oldbiddy-markers.pdf" not in {f["path"] for f in manifest["files"]}
    cards = _fronts(manifest, "oldbiddy-cards.pdf")
    groups = Counter(i.split(":")[1] for i in cards if i.startswith("markers:"))
    assert groups == {"0": 5, "1": 5, "2": 1, "3": 5}
    chits = Counter(i.split(":")[1] for i in _fronts(manifest, "oldbiddy-gem-chits.pdf"))
    assert chits == {"0": 60, "1": 60, "2": 60}


def test_market_board_fits_one_sheet_and_five_screens_stand(built: tuple) -> None:
    # the board fits one sheet inside the printable margin on A4 and Letter.
    # Components: 5 screens, one sheet each, at least 60 mm tall when standing.
    _, manifest = built
    board = next(f for f in manifest["files"] if f["kind"] == "board")
    assert len(board["pages"]) == 1
    (tile,) = board["pages"][0]["items"]
    assert tile["board_mm"] == [0.0, 0.0, 250.0, 170.0]
    x0, y0, x1, y1 = tile["trim_pt"]
    assert abs((x1 - x0) - 250 * 72 / 25.4) < 0.1 and abs((y1 - y0) - 170 * 72 / 25.4) < 0.1
    screens = next(f for f in manifest["files"] if f["kind"] == "screen")
    assert [len(p["items"]) for p in screens["pages"]] == [1] * 5
    for page in screens["pages"]:
        _, sy0, _, sy1 = page["items"][0]["trim_pt"]
        assert (sy1 - sy0) * 25.4 / 72 >= 2 * 60  # folded in half: both halves ≥ 60 mm


def test_rulebook_prints_the_engines_examples_and_every_decision(built: tuple) -> None:
    out, _ = built
    text = " ".join(
        page.extract_text() for page in pypdf.PdfReader(out / "oldbiddy-rulebook.pdf").pages
    )
    text = re.sub(r"\s+", " ", text)
    # the page footer (credits, "made with pnp", page number) falls inside a paragraph that
    # runs on to the next page; the text reads on without it
    text = re.sub(r" ?\d* ?Old Biddy © [^©]*? made with pnp ?\d* ?", " ", text)
    # Phase 1: fake 5 + marker 3 + 2 green × 1 + 1 red × 3 = 13 (examples.bid_example)
    assert "= 13" in text and "5 (fake gem) + 3 (marker)" in text
    # Scoring example: 5 × 1 + 3 × (2 + 1) + fake gem 1 = 15
    assert "the total is 15" in text
    # The Boss: 2 spaces cost 6, paid with green gems worth 1 = 6 gems
    assert "costs 6, so the Boss pays 6 green gems" in text
    decisions = get_engine("oldbiddy").worked_examples(load_game("oldbiddy"))["decisions"]
    assert len(decisions) == 16  # decisions.py: 15, and 'gem-cards' (the cards are ours)
    for d in decisions:
        assert d["rule"][:40] in text, d["id"]


def _gem_centres() -> dict[str, tuple[float, float]]:
    """Centre (mm) of the first gem drawn in each colour's row of the gem layout."""
    boxes: dict[str, list[float]] = {}
    for el in yaml.safe_load(GEM_LAYOUT.read_text())["elements"]:
        m = re.fullmatch(r"card\.(\w+) >= 1", el.get("when", ""))
        if not m:
            continue
        x, y, w, h = el["rect"]
        x0, x1, y0, y1 = min(x, x + w), max(x, x + w), min(y, y + h), max(y, y + h)
        b = boxes.setdefault(m.group(1), [x0, y0, x1, y1])
        boxes[m.group(1)] = [min(b[0], x0), min(b[1], y0), max(b[2], x1), max(b[3], y1)]
    return {k: ((v[0] + v[2]) / 2, (v[1] + v[3]) / 2) for k, v in boxes.items()}


def test_gem_shapes_differ_in_greyscale() -> None:
    # docs/architecture.md §5: colour never carries meaning alone. One-gem cards of each colour,
    # rendered in greyscale: the gem's outline (shape) and its grey both differ.
    game = load_game("oldbiddy")
    gems = game.spec.tables["gems"]
    assert len({g["shape"] for g in gems}) == len({g["letter"] for g in gems}) == len(gems)
    single = {
        g["id"]: next(c.id for c in game.cards if c.type == "gem" and c.fields[g["id"]] == 1
                      and sum(c.fields[x["id"]] for x in gems) == 1)
        for g in gems
    }  # fmt: skip
    faces = lay_out_faces(game)
    size = (round(63.5 * PX_PER_MM), round(88.9 * PX_PER_MM))
    chosen = {card: faces[card] for card in single.values()}
    images = dict(rasterise(chosen, 0.0, dict.fromkeys(chosen, size)))
    centres = _gem_centres()
    half = round(GEM_CELL_MM / 2 * PX_PER_MM)
    masks, greys = {}, {}
    for color, card in single.items():
        cx, cy = (round(v * PX_PER_MM) for v in centres[color])
        grey = images[card].convert("L").crop((cx - half, cy - half, cx + half, cy + half))
        pixels = list(grey.tobytes())
        ink = [i for i, p in enumerate(pixels) if p < 200]
        assert len(ink) > 0.08 * len(pixels), color
        masks[color] = set(ink)  # same-sized crops: pixel indexes compare positions
        greys[color] = median(pixels[i] for i in ink)
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            overlap = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
            assert overlap < 0.88, (a, b, overlap)  # a disc fills π/4 ≈ 0.79 of its square
            assert abs(greys[a] - greys[b]) >= 25, (a, b, greys)


def test_character_cards_show_the_letter_large_and_their_player_counts() -> None:
    # the letter large at the top (actions run in letter order) and the player
    # counts each card is used at (Set up: D only at 4-5 players, E only at 5).
    game = load_game("oldbiddy")
    faces = lay_out_faces(game)
    expected = {"A": "3–5", "B": "3–5", "C": "3–5", "D": "4–5", "E": "5"}
    for card in (c for c in game.cards if c.type == "character"):
        blocks = [op for op in faces[card.id].ops if isinstance(op, TextBlock)]
        texts = {" ".join(ln[2] for ln in b.lines): b for b in blocks}
        letter = max(blocks, key=lambda b: b.size)
        assert letter.lines[0][2] == card.letter and letter.size >= 36
        assert letter.centre[1] < faces[card.id].height / 3
        assert f"{expected[card.letter]} players" in texts, (card.id, list(texts))


def test_player_colours_differ_in_greyscale_and_letter() -> None:
    # docs/architecture.md §5: every player colour also has a letter and stays distinct in grey
    # (ITU-R 601 luma, as a greyscale printer mixes it).
    colours = load_game("oldbiddy").spec.tables["player_colors"]
    assert len({c["letter"] for c in colours}) == len(colours)
    lumas = sorted(
        0.299 * int(c["color"][1:3], 16)
        + 0.587 * int(c["color"][3:5], 16)
        + 0.114 * int(c["color"][5:7], 16)
        for c in colours
    )
    assert min(b - a for a, b in zip(lumas, lumas[1:], strict=False)) >= 25, lumas


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_doubled_market_board_tiles_with_glue_strips(paper: str) -> None:
    # a board larger than the paper (a designer doubling ours) is tiled; the
    # tiles cover the whole board and neighbours share a glue strip.
    game = load_game("oldbiddy")
    index, market = next(
        (i, c) for i, c in enumerate(game.spec.components) if isinstance(c, BoardComponent)
    )
    w, h = (2 * v for v in market.size_mm)
    big = market.model_copy(update={"size": f"{w:g}x{h:g} mm"})
    pages, _ = lay_out_board(game, big, index, paper)
    tiles = [page.items[0].region for page in pages]
    assert len(tiles) > 1
    for x in range(0, int(w), 5):
        for y in range(0, int(h), 5):
            assert any(t[0] <= x < t[2] and t[1] <= y < t[3] for t in tiles), (x, y)
    lefts = sorted({t[0] for t in tiles})
    rights = sorted({t[2] for t in tiles})
    assert all(
        right - left >= OVERLAP_MM - 0.01 for left, right in zip(lefts[1:], rights, strict=False)
    )
