"""`pnp build bidness` on A4 and Letter: every deck, counter and document, from the data."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest

from pnp.build.game import build_game
from pnp.layout.cards import lay_out_faces
from pnp.layout.ops import Shape, TextBlock
from pnp.plan.settings import BuildOptions
from pnp.spec.colour import Colour
from pnp.spec.load import load_game


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp(f"bidness-{request.param}")
    build_game(load_game("bidness"), BuildOptions(paper=request.param), out)
    return out, json.loads((out / "manifest.json").read_text())


def _fronts(manifest: dict) -> list[dict]:
    cards = next(f for f in manifest["files"] if f["kind"] == "cards")
    return [it for p in cards["pages"] if p["side"] == "front" for it in p["items"]]


def test_every_card_is_printed(built: tuple[Path, dict]) -> None:
    game = load_game("bidness")
    items = _fronts(built[1])
    for deck in ("event", "payback", "iou"):
        assert sum(1 for it in items if it["deck"] == deck) == sum(
            c.qty for c in game.deck_cards(deck)
        )
    assert sum(1 for it in items if it["id"] == "government-contract") == 12  # bidness.txt


def test_all_documents_are_built(built: tuple[Path, dict]) -> None:
    kinds = {f["kind"] for f in built[1]["files"]}
    assert kinds == {"cards", "tokens", "aid", "rulebook", "guide", "box"}
    for f in built[1]["files"]:
        assert len(pypdf.PdfReader(built[0] / f["path"]).pages) >= 1


def test_counters_match_the_tables(built: tuple[Path, dict]) -> None:
    tables = load_game("bidness").spec.tables
    tokens = next(f for f in built[1]["files"] if f["kind"] == "tokens")
    count = sum(len(p["items"]) for p in tokens["pages"])
    expected = (
        sum(r["count"] for r in tables["money"])
        + sum(r["count"] for r in tables["tech_counters"])
        + len(tables["awards"])
    )
    assert count == expected


def test_restriction_mark_sits_at_top_centre() -> None:
    # bidness.txt: the first-round restriction icon is on the top centre of the card
    game = load_game("bidness")
    faces = lay_out_faces(game)
    for card in game.cards:
        face = faces[card.id]
        marks = [
            op
            for op in face.ops
            if isinstance(op, TextBlock) and [ln[2] for ln in op.lines] == ["1"]
        ]
        if card.type in ("lawsuit", "headhunting"):
            (mark,) = marks
            assert abs(mark.centre[0] - face.width / 2) < 0.5
            assert mark.centre[1] < 12
        else:
            assert not marks
    assert any(isinstance(op, Shape) for op in faces["headhunting"].ops)


def test_costs_are_printed(built: tuple[Path, dict]) -> None:
    game = load_game("bidness")
    faces = lay_out_faces(game)
    for card in game.cards:
        if "cost" in card.fields:
            texts = [
                " ".join(ln[2] for ln in op.lines)
                for op in faces[card.id].ops
                if isinstance(op, TextBlock)
            ]
            assert any(t.endswith(f"COST ${card.fields['cost']}") for t in texts)


def test_rulebook_prints_data_and_decisions(built: tuple[Path, dict]) -> None:
    from pnp.games.bidness import config_for
    from pnp.games.bidness.decisions import decisions_for

    pages = pypdf.PdfReader(built[0] / "bidness-rulebook.pdf").pages
    # a paragraph may run over a page break: read the text without the pages' footers
    # (the copyright line and the page number)
    lines = [
        line
        for p in pages
        for line in p.extract_text().splitlines()
        if "©" not in line and not line.strip().isdigit()
    ]
    flat = " ".join(" ".join(lines).split())
    assert "$640" in flat and "$490" in flat  # the lawyers' salary table
    assert "unit price of $40" in flat  # the engine's worked example (34 + 10 → 40)
    tables = config_for(load_game("bidness")).t
    assert "after round 25;" in flat  # the round cap comes from tables.round_cap
    for d in decisions_for(tables):
        assert " ".join(d["rule"].split())[:40] in flat


def test_held_card_types_differ_in_greyscale_and_carry_indices() -> None:
    # docs/architecture.md §5: held cards carry corner indices; colour never carries meaning alone
    from itertools import combinations

    spec = load_game("bidness").spec
    held = [t for t in spec.card_types.values() if t.hand]
    assert {t.deck for t in held} == {"event", "payback"}
    for a, b in combinations(held, 2):
        gap = abs(Colour.of(a.color).lightness - Colour.of(b.color).lightness)
        assert gap >= 12, (a.kind, b.kind)
    faces = lay_out_faces(load_game("bidness"))
    for card_id, index in (("libel-2", "L2"), ("patent-12", "P12"), ("product-recall", "-2")):
        texts = [
            " ".join(ln[2] for ln in op.lines)
            for op in faces[card_id].ops
            if isinstance(op, TextBlock)
        ]
        assert texts.count(index) == 2  # top left and, turned, bottom right


def _face_texts(faces: dict, card_id: str) -> list[str]:
    return [
        " ".join(ln[2] for ln in op.lines) for op in faces[card_id].ops if isinstance(op, TextBlock)
    ]


def test_starting_staff_say_they_are_dealt_and_the_others_auctioned() -> None:
    # bidness.txt, Starting Assets: each founder is dealt an Engineer and a Marketer
    game = load_game("bidness")
    faces = lay_out_faces(game)
    employees = [c for c in game.cards if c.type == "employee"]
    assert {c.fields["starting"] for c in employees} == {True, False}
    for card in employees:
        texts = _face_texts(faces, card.id)
        if card.fields["starting"]:
            assert "STARTING STAFF" in texts and "Employee" in texts, card.id
            assert "AUCTION" not in texts, card.id
            assert not any(t.startswith("Auction") for t in texts), card.id
        else:
            assert "AUCTION" in texts and "Employee" in texts, card.id
