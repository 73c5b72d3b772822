"""Credits and licence: from game.yaml onto every rulebook page, every aid card and into
every PDF's metadata."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest

from pnp._errors import ValidationFailed
from pnp.build.game import build_game
from pnp.plan.doc_text import credits_markdown
from pnp.plan.settings import BuildOptions
from pnp.spec.load import list_games, load_game
from pnp.text.icons import CREDIT as ICONS_CREDIT

MADE_WITH = "made with pnp"


def _text(pdf: Path) -> list[str]:
    """Each page's text, with non-breaking spaces made plain."""
    return [p.extract_text().replace("\xa0", " ") for p in pypdf.PdfReader(pdf).pages]


@pytest.fixture(scope="module", params=["boom", "bigidea", "smallprint"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    game = load_game(request.param)
    out = tmp_path_factory.mktemp(request.param)
    build_game(game, BuildOptions(), out)
    return game.spec, out


def test_designers_come_from_the_sources() -> None:
    boom, bigidea = load_game("boom").spec, load_game("bigidea").spec
    assert boom.credits and boom.credits.designer == "Greg Costikyan"  # boom.txt: © 2002
    assert "2002" in boom.credits.copyright
    # boom.txt: copies for your own use and your friends', no sale or commercial use
    assert boom.license and "personal use" in boom.license.short
    assert "not for sale" in boom.license.short
    assert bigidea.credits and bigidea.credits.designer == "James Ernest"  # bigidea.txt credits
    smallprint = load_game("smallprint").spec  # smallprint.txt: a blog post naming no author
    assert smallprint.credits and "10 November 2014" in smallprint.credits.designer


def test_icons_are_credited_where_a_game_draws_them(mini_cards: Path) -> None:
    assert ICONS_CREDIT in credits_markdown(load_game("boom"))  # type icons, :icons: in text
    assert ICONS_CREDIT not in credits_markdown(load_game("mini", mini_cards))
    cards = mini_cards / "mini" / "cards.yaml"
    cards.write_text(cards.read_text().replace("power: 3}", "power: 3, text: 'Pay :money:'}"))
    assert "text: 'Pay :money:'" in cards.read_text()
    assert ICONS_CREDIT in credits_markdown(load_game("mini", mini_cards))


def test_every_pdf_names_game_designer_and_terms(built: tuple) -> None:
    spec, out = built
    pdfs = sorted(out.glob("*.pdf"))
    assert len(pdfs) >= 4
    for pdf in pdfs:
        meta = pypdf.PdfReader(pdf).metadata
        assert meta is not None, pdf.name
        assert meta.author == spec.credits.designer, pdf.name
        assert spec.name in meta.title and spec.name + " — " + spec.name not in meta.title
        assert spec.license.short in meta.subject and MADE_WITH in meta.subject, pdf.name
        assert meta.creator == "pnp"


def test_every_rulebook_page_carries_the_credit_line(built: tuple) -> None:
    spec, out = built
    pages = _text(out / f"{spec.id}-rulebook.pdf")
    for n, page in enumerate(pages, start=1):
        assert spec.credits.copyright in page and MADE_WITH in page, f"page {n}"
    whole = " ".join(" ".join(pages).split())
    for line in [*spec.credits.lines, spec.license.text]:
        assert " ".join(line.split()) in whole


def test_every_aid_card_carries_the_credit_line(built: tuple) -> None:
    spec, out = built
    manifest = json.loads((out / "manifest.json").read_text())
    (aid,) = [f for f in manifest["files"] if f["kind"] == "aid"]
    pages = _text(out / aid["path"])
    for page, text in zip(aid["pages"], pages, strict=True):
        flat = " ".join(text.split())
        cards = len(page["items"])  # one credit line on each card face
        assert flat.count(MADE_WITH) == cards
        # and the copyright once more in the sheet's label (every sheet is labelled)
        assert flat.count(spec.credits.copyright) == cards + 1
        assert page["label"]["credit"].startswith(spec.credits.copyright)


def test_a_game_without_credits_builds_with_no_author(mini_cards: Path, tmp_path: Path) -> None:
    build_game(load_game("mini", mini_cards), BuildOptions(), tmp_path)
    meta = pypdf.PdfReader(tmp_path / "mini-cards.pdf").metadata
    assert meta is not None and meta.title == "Mini — cards" and not meta.author


def test_several_credit_lines_all_print(mini_cards: Path, tmp_path: Path) -> None:
    game_yaml = mini_cards / "mini" / "game.yaml"
    (mini_cards / "mini" / "templates").mkdir()
    (mini_cards / "mini" / "templates" / "rules.md").write_text("# Mini\n\nPlay it.\n")
    game_yaml.write_text(
        game_yaml.read_text()
        + "rulebook: rules.md\n"
        + "credits:\n  designer: A. Designer\n  copyright: '© 2024 A. Designer'\n"
        + "  lines: [Cards by B. Writer., Icons by C. Drawer (CC BY 4.0).]\n"
        + "license: {short: Free to print and share, text: Share it with anyone.}\n"
    )
    build_game(load_game("mini", mini_cards), BuildOptions(), tmp_path)
    text = " ".join(_text(tmp_path / "mini-rulebook.pdf"))
    for expected in ("A. Designer", "B. Writer", "C. Drawer (CC BY 4.0)", "Share it with anyone"):
        assert expected in text
    assert pypdf.PdfReader(tmp_path / "mini-rulebook.pdf").metadata.author == "A. Designer"


def test_an_unknown_credits_key_is_a_located_error(mini_cards: Path) -> None:
    game_yaml = mini_cards / "mini" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "credits:\n  designer: X\n  year: 2020\n")
    with pytest.raises(ValidationFailed) as err:
        load_game("mini", mini_cards)
    assert "game.yaml:18:3: error: unknown key 'year'" in str(err.value)


@pytest.fixture(scope="module", params=list_games())
def documents(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    """Each bundled game's rulebook and aids, built alone."""
    game = load_game(request.param)
    out = tmp_path_factory.mktemp(request.param)
    build_game(game, BuildOptions(), out, only=frozenset({"rulebook", "aid"}))
    return game.spec, out


def test_every_rulebook_page_and_aid_card_names_the_original_designer(documents: tuple) -> None:
    spec, out = documents
    designer = " ".join(spec.credits.designer.split())
    manifest = json.loads((out / "manifest.json").read_text())
    kinds = {f["kind"] for f in manifest["files"]}
    assert {"rulebook", "aid"} <= kinds, spec.id
    for f in manifest["files"]:
        pages = [" ".join(t.split()) for t in _text(out / f["path"])]
        if f["kind"] == "rulebook":
            for n, text in enumerate(pages, start=1):
                assert designer in text, f"{f['path']} page {n}"
            assert f"Original game: {designer}." in " ".join(pages), f["path"]
        elif f["kind"] == "aid":
            for page, text in zip(f["pages"], pages, strict=True):
                # on the credit line of every card face, and in the sheet's label
                assert text.count(designer) >= len(page["items"]) + 1, f["path"]
