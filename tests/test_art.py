"""Art (templates/art/): named in the YAML, drawn by the layouts, credited in the rulebook,
found by `pnp art search`, and never under text it makes hard to read."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp._errors import DataError
from pnp.check.art_contrast import LEAST, art_contrast_findings, text_over_art
from pnp.cli.app import app
from pnp.layout.cards import back_key, lay_out_faces
from pnp.layout.face import art_used, card_context, lay_out_face, load_layout
from pnp.layout.ink import ink, save_ink, tint
from pnp.layout.ops import Art, Face, Shape, TextBlock
from pnp.layout.tints import contrast
from pnp.plan.doc_text import credits_markdown
from pnp.spec.load import load_game
from pnp.spec.paths import templates_root
from pnp.text.art import art_dirs, art_source, search_art

GAMES = ("bidness", "bigidea", "boom", "oldbiddy", "smallprint")
runner = CliRunner()


def _art(face: Face) -> list[Art]:
    return [op for op in face.ops if isinstance(op, Art)]


def test_art_a_card_or_its_type_names_is_in_the_display_list() -> None:
    faces = lay_out_faces(load_game("boom"))
    assert [Path(a.path).name for a in _art(faces["crash"])] == ["mushroom-cloud.svg"]  # card
    plan = next(k for k in faces if k.endswith("-plan"))
    assert [Path(a.path).name for a in _art(faces[plan])] == ["rocket.svg"]  # its type's


def test_a_back_repeats_its_art_as_a_pattern_clear_of_the_trim() -> None:
    game = load_game("boom")
    faces = lay_out_faces(game)
    for deck in game.spec.decks:
        back = faces[back_key(deck)]
        copies = _art(back)
        assert len(copies) > 12, deck.id
        assert {Path(a.path).stem for a in copies} == {deck.back.art.split("/")[1]}
        for a in copies:
            assert min(a.x, a.y, back.width - a.x - a.w, back.height - a.y - a.h) >= 5.0


def test_art_is_a_tint_of_its_ground_at_the_contrast_the_layout_asks() -> None:
    faces = lay_out_faces(load_game("smallprint"))
    for key in ("lemonade-stand", "red-share"):
        (art,) = _art(faces[key])
        assert contrast(art.color, "#f8f3e6") == pytest.approx(1.3, abs=0.05), key  # parchment


def test_every_game_names_art_for_every_card_type_and_back() -> None:
    for game_id in GAMES:
        game = load_game(game_id)
        for key, ct in game.spec.card_types.items():
            assert ct.art, (game_id, key)
        drawn = lay_out_faces(game)
        for card in game.cards:
            assert _art(drawn[card.id]), (game_id, card.id)
        assert any(d.back.art for d in game.spec.decks), game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_text_over_art_keeps_its_contrast(game_id: str) -> None:
    faces = lay_out_faces(load_game(game_id))
    over = [
        (k, t.lines[0][2], round(r, 2)) for k, f in faces.items() for t, _, r in text_over_art(f)
    ]
    assert over == []


def _face(art_colour: str, cover: bool = False) -> Face:
    art = Art("x/y.svg", 10, 10, 40, 40, art_colour)
    text = TextBlock("Lato-Regular", 10, "#222222", ((15.0, 30.0, "Read me"),), 0, (30.0, 30.0))
    plate = Shape("rect", 12, 22, 36, 12, "#ffffff", None, 0, 0)
    return Face(63.5, 88.9, (art, plate, text) if cover else (art, text))


def test_the_contrast_check_catches_dark_art_under_text() -> None:
    assert text_over_art(_face("#f0e8e0")) == []
    ((block, art, ratio),) = text_over_art(_face("#777777"))
    assert ratio < LEAST and art.color == "#777777" and block.lines[0][2] == "Read me"
    assert text_over_art(_face("#777777", cover=True)) == []  # a white plate between
    (finding,) = art_contrast_findings({"alpha": _face("#777777")}, {})
    assert "'Read me'" in finding.message and "x/y" in finding.message


def _credited(credits: str) -> dict[str, tuple[str, str]]:
    """Each name the "Art from SET, LICENCE: by AUTHOR: a, b; by …" lines credit, with its
    author and licence."""
    out = {}
    for line in credits.splitlines():
        if not line.startswith("Art from "):
            continue
        head, _, body = line.removesuffix(".").partition(": ")
        licence = head.split(", ", 1)[1]
        for part in body.split("; "):
            author, _, names = part.removeprefix("by ").partition(": ")
            out |= {name: (author, licence) for name in names.split(", ")}
    return out


def test_credits_name_every_art_the_cards_print_with_author_and_licence() -> None:
    for game_id in GAMES:
        game = load_game(game_id)
        credited = _credited(credits_markdown(game))
        printed = {Path(a.path) for f in lay_out_faces(game).values() for a in _art(f)}
        assert printed and printed <= set(art_used(game)), game_id
        for path in art_used(game):
            src = art_source(path)
            assert src is not None and src.licence == "CC BY 3.0", path
            assert credited[path.stem] == (src.author, src.licence), (game_id, path.stem)
    assert _credited(credits_markdown(load_game("boom")))["rocket"] == ("Lorc", "CC BY 3.0")


def test_credits_without_art_say_nothing_of_it(mini_cards: Path) -> None:
    assert "Art from" not in credits_markdown(load_game("mini", mini_cards))


def test_art_search_finds_a_name_and_says_what_is_here() -> None:
    found = search_art("rocket", art_dirs([templates_root()]))
    names = [f.name for f in found]
    assert names[0] == "game-icons/rocket" and found[0].source is not None
    assert (
        "game-icons/rocket-flight" in names
        and found[names.index("game-icons/rocket-flight")].source is None
    )
    result = runner.invoke(app, ["art", "search", "rocket"])
    assert result.exit_code == 0, result.output
    assert "game-icons/rocket  (here; by Lorc, CC BY 3.0)" in result.output
    assert "game-icons/rocket-flight  (in the set, not imported)" in result.output
    assert "scripts/import_art.py" in result.output


def test_art_the_data_names_wrongly_points_at_the_data(mini_cards: Path) -> None:
    game_yaml = mini_cards / "mini" / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace(
            'color: "#884422"', 'color: "#884422"\n    art: game-icons/rokcet'
        )
    )
    game = load_game("mini", mini_cards)
    with pytest.raises(DataError) as exc:
        card_context(game, game.cards[0])
    assert exc.value.location is not None and exc.value.location.line == 15
    assert "nearest: game-icons/rocket" in exc.value.message


def test_a_tint_without_its_ground_is_an_error_at_the_element(
    mini_cards: Path, tmp_path: Path
) -> None:
    layouts = mini_cards.parent / "templates" / "cards"
    layouts.mkdir(parents=True)
    (layouts / "plain.yaml").write_text(
        "size: poker\nelements:\n"
        "  - {kind: art, rect: [5, 5, 20, 20], art: game-icons/rocket, tint: 0.2}\n"
    )
    game_yaml = mini_cards / "mini" / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace('color: "#884422"', 'color: "#884422"\n    layout: plain')
    )
    game = load_game("mini", mini_cards)
    loaded = load_layout(game, "plain", (63.5, 88.9), game.cards[0].loc)
    with pytest.raises(DataError) as exc:
        lay_out_face(loaded, card_context(game, game.cards[0]), "card 'alpha'", game.cards[0].loc)
    assert exc.value.location is not None and exc.value.location.line == 3
    assert "fill" in exc.value.message


def test_ink_saver_keeps_a_watermark_faint_but_visible() -> None:
    faces = lay_out_faces(load_game("boom"))
    plan = faces[next(k for k in faces if k.endswith("-plan"))]
    (before,), (after,) = _art(plan), _art(save_ink(plan))
    assert ink(after.color) < ink(before.color)
    assert contrast(after.color, tint("#f4f6f9")) > 1.1  # still shows on the paler sheet
    back = faces["back:play"]
    pattern = {a.color for a in _art(save_ink(back))}
    assert all(ink(c) < ink(_art(back)[0].color) for c in pattern)
