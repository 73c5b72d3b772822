"""`pnp build bigidea`: double-ended cards, chips in the data's numbers, the engine's tables."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest

from pnp.build.game import build_game
from pnp.layout.cards import lay_out_faces
from pnp.layout.ops import TextBlock
from pnp.plan.settings import BuildOptions
from pnp.spec.load import load_game


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("bigidea")
    build_game(load_game("bigidea"), BuildOptions(), out)
    return out, json.loads((out / "manifest.json").read_text())


def test_cards_are_double_ended() -> None:
    # issue: the word large at one end, upright; the line at the other end, turned 180°
    game = load_game("bigidea")
    faces = lay_out_faces(game)
    for card in game.cards:
        face = faces[card.id]
        blocks = [op for op in face.ops if isinstance(op, TextBlock)]
        word = next(b for b in blocks if b.lines[0][2] == card.name)
        line = next(b for b in blocks if " ".join(ln[2] for ln in b.lines) == card.text)
        assert word.rotate == 0 and word.centre[1] < face.height / 2
        assert line.rotate == 180 and line.centre[1] > face.height / 2
        assert word.size >= 13 and line.size <= 9.5


def test_decks_have_distinct_backs_and_96_cards_each(built: tuple[Path, dict]) -> None:
    pages = built[1]["files"][0]["pages"]
    decks = [it["deck"] for p in pages if p["side"] == "front" for it in p["items"]]
    assert decks.count("big") == 96 and decks.count("idea") == 96
    spec = load_game("bigidea").spec
    assert spec.decks[0].back.color != spec.decks[1].back.color


def test_chips_and_money_match_the_tables(built: tuple[Path, dict]) -> None:
    tables = load_game("bigidea").spec.tables
    tokens = next(f for f in built[1]["files"] if f["kind"] == "tokens")
    per_group: dict[str, int] = {}
    for p in tokens["pages"]:
        for it in p["items"]:
            per_group[it["deck"]] = per_group.get(it["deck"], 0) + 1
    chips, white, money, leader = per_group.values()
    assert chips == 5 * 6  # bigidea.txt: five chips for each player; six colours
    assert white == 30  # bigidea.txt: the bank takes the 30 white chips
    assert money == sum(r["count"] for r in tables["money"])
    assert leader == 1


def test_rulebook_prints_the_engine_expected_values(built: tuple[Path, dict]) -> None:
    reader = pypdf.PdfReader(built[0] / "bigidea-rulebook.pdf")
    text = "".join(p.extract_text() for p in reader.pages)
    assert "$0.17" in text  # bigidea.txt: a 1-share product is worth $1/6
    assert "$3.50" in text  # bigidea.txt: a 6-share product pays $3.50 per share on average
