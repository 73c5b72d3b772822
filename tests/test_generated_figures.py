"""The rulebook figures pnp draws from the data: every bundled rulebook has a card-anatomy
figure and a setup figure; the anatomy labels are the names of real elements of the
card's layout file; the setup counts are the game's own numbers (tests/test_figure_pieces.py:
the pieces are drawn as they print)."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.units import mm

from pnp.games import engine_for
from pnp.games.setup import TableAtStart, default_players, printed_cards
from pnp.layout.anatomy import card_anatomy, part_label
from pnp.layout.face import load_layout
from pnp.layout.setup_table import table_view
from pnp.plan.doc_text import rulebook_figures, rulebook_markdown
from pnp.plan.settings import BuildOptions
from pnp.render.anatomy_figure import AnatomyFigure
from pnp.render.doc_layout import typeset_rulebook
from pnp.render.generated import LABEL_PT
from pnp.render.setup_figure import SetupFigure
from pnp.spec.game import Game
from pnp.spec.load import load_game

GAMES = ("bidness", "bigidea", "boom", "oldbiddy", "smallprint")
MIN_TEXT_PT = 6.0  # nothing under 6 pt on a printed piece


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    return load_game(request.param)


@pytest.mark.parametrize("paper", [(210.0, 297.0), (215.9, 279.4)], ids=["a4", "letter"])
def test_every_rulebook_prints_both_figures(
    game: Game, paper: tuple[float, float], tmp_path: Path
) -> None:
    """From the rulebook's own layout record: both figures were drawn, with their words."""
    book = typeset_rulebook(game, rulebook_markdown(game), paper, tmp_path / "r.pdf")
    names = [name for _, name, _ in book.figures]  # a setup figure may split in two
    assert set(names) == {"anatomy", "setup"} and names.count("anatomy") == 1, names
    for _, _, labels in book.figures:
        assert len(labels) >= 4


def test_anatomy_labels_name_elements_of_the_cards_layout(game: Game) -> None:
    """Each label is what an element of the layout file is called (its `label:`, else its
    `field:` or the data its template shows), a label is never given twice, and none is
    a layout's internal name ("type kind", "corner index", "background (bleeds)")."""
    anatomy = card_anatomy(game)
    assert anatomy is not None
    card = game.card(anatomy.card)
    deck = next(d for d in game.spec.decks if d.id == card.deck)
    at = game.spec_location("card_types", card.type, "layout")
    layout = load_layout(game, anatomy.layout, deck.size_mm, at).layout
    names = {part_label(el) for el in layout.elements} - {""}
    labels = [p.label for p in anatomy.parts]
    assert set(labels) <= names
    assert len(labels) == len(set(labels))
    assert "name" in labels  # every bundled layout sets the card's name
    given = {el.label for el in layout.elements if el.label}
    assert set(labels) & given, "the parts are named by their `label:`"
    internal = ("type kind", "type label", "type icon", "corner index", "bleeds")
    assert not [x for x in labels if any(w in x for w in internal)], labels
    for part in anatomy.parts:  # each points at something on the card
        x0, y0, x1, y1 = part.box
        assert -0.01 <= x0 < x1 <= anatomy.face.width + 0.01
        assert -0.01 <= y0 < y1 <= anatomy.face.height + 0.01


@pytest.mark.parametrize("column_mm", [85.0, 170.0])
def test_figures_fit_the_frame_and_keep_their_text_size(game: Game, column_mm: float) -> None:
    """A rulebook column of 85–90 mm or a full A4 frame: neither figure is wider."""
    anatomy = card_anatomy(game)
    assert anatomy is not None
    for figure in (
        AnatomyFigure(anatomy),
        SetupFigure(table_view(game, BuildOptions(), BuildOptions())),
    ):
        w, h = figure.wrap(column_mm * mm, 1e9)
        assert w <= column_mm * mm + 0.01
        assert 20 * mm < h < 250 * mm  # fits on a page
    assert LABEL_PT >= MIN_TEXT_PT


def _table(game: Game) -> TableAtStart:
    engine = engine_for(game)
    assert engine is not None
    return engine.table_at_start(game, default_players(game))  # type: ignore[attr-defined, no-any-return]


def test_setup_counts_are_the_games_numbers(game: Game) -> None:
    """The cards of each deck shown (in the middle and in every hand) never exceed what is
    printed; the player count is the game's default; seats are one per player."""
    table = _table(game)
    assert table.players == game.spec.players.max
    assert len(table.seats) == table.players
    decks = {d.name: d.id for d in game.spec.decks}
    for pile in table.centre:
        if pile.kind == "deck" and pile.name in decks:
            assert 0 < pile.count <= printed_cards(game, decks[pile.name])


def test_boom_deal_adds_up() -> None:
    """boom.txt: each player is dealt a hand from the play deck; the deck shown is what is
    left, so deck + hands = every play card printed."""
    game = load_game("boom")
    table = _table(game)
    deck = next(p for p in table.centre if p.name == "Play deck")
    hands = sum(p.count for seat in table.seats for p in seat if p.kind == "hand")
    assert deck.count + hands == printed_cards(game, "play")
    assert all(
        next(p for p in seat if p.kind == "hand").count == game.spec.tables["hand_size"]
        for seat in table.seats
    )


def test_oldbiddy_setup_follows_the_player_count() -> None:
    """Old Biddy: gem cards back in the box by player count (tables.gem_cards_removed);
    one gem of each colour stands on the market, the rest and the players' gems come
    from the supply of gems_per_colour each."""
    game = load_game("oldbiddy")
    t = game.spec.tables
    table = _table(game)
    removed = next(r["removed"] for r in t["gem_cards_removed"] if r["players"] == table.players)
    deck = next(p for p in table.centre if p.kind == "deck")
    face_up = next(p for p in table.centre if p.name == "gem cards, face up")
    assert deck.count + face_up.count + removed == printed_cards(game, "gem")
    supply = sum(p.count for p in table.centre if p.name.endswith(" gems") and "fake" not in p.name)
    held = sum(p.count for seat in table.seats for p in seat if p.name == "gems")
    on_market = len(t["gems"])
    assert supply + held + on_market == t["gems_per_colour"] * len(t["gems"])


def test_every_paperwork_card_starts_in_its_players_hand() -> None:
    """Small Print: each player holds a whole Paperwork set, in its own colour."""
    game = load_game("smallprint")
    table = _table(game)
    sets = [d for d in game.spec.decks if d.id != "business"]
    for seat, deck in zip(table.seats, sets, strict=False):
        hand = next(p for p in seat if p.kind == "hand")
        assert (hand.name, hand.count) == (deck.name, printed_cards(game, deck.id))


def test_dealt_and_undealt_cards_add_up() -> None:
    """The Big Idea: both decks less the hands are what the middle shows; Bidness: the
    event deck shown and every workplace's starting staff are the whole event deck."""
    game = load_game("bigidea")
    table = _table(game)
    shown = sum(p.count for p in table.centre if p.kind == "deck")
    hands = sum(p.count for seat in table.seats for p in seat if p.kind == "hand")
    assert shown + hands == sum(printed_cards(game, d.id) for d in game.spec.decks)
    game = load_game("bidness")
    table = _table(game)
    events = next(p for p in table.centre if p.name == "Event deck").count
    staff = sum(p.count for seat in table.seats for p in seat if p.name == "staff")
    assert events + staff == printed_cards(game, "event")


def test_figures_are_deterministic(game: Game, tmp_path: Path) -> None:
    text = rulebook_markdown(game)
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    typeset_rulebook(game, text, (210.0, 297.0), a)
    typeset_rulebook(game, text, (210.0, 297.0), b)
    assert a.read_bytes() == b.read_bytes()


def test_a_game_without_an_engine_shows_its_printed_components(mini_cards: Path) -> None:
    """`pnp new game`'s scaffold places both figures; with no engine the table shows every
    deck whole and the counters its counter sheets place (a count from its layout)."""
    from pnp.layout.setup_table import table_at_start

    game = load_game("mini", mini_cards)
    table = table_at_start(game, BuildOptions())
    assert table.players == game.spec.players.max
    decks = {p.name: p.count for p in table.centre if p.kind == "deck"}
    assert decks == {d.name: printed_cards(game, d.id) for d in game.spec.decks}


FIGURES_READ = """
import pickle, sys
from pnp.render.writers import prepare_typesetting
prepare_typesetting()  # what the typesetter loads before its first document
figures = pickle.loads(sys.stdin.buffer.read())
import pnp.render.rulebook  # what a rulebook job then imports to set the book
print(sorted(m for m in ("yaml", "jinja2", "pnp.spec.load", "pnp.spec.model") if m in sys.modules))
"""
"""A fresh process that loads what the document worker loads, reads a rulebook's figure
data as the worker receives it (pickled) and imports the rulebook's typesetting; prints
which modules of the game's schema and templates that brought in."""


def test_the_typesetter_reads_the_figures_without_the_schema() -> None:
    """The figure data is plain: the worker that typesets the rulebook draws it without
    importing the schema, YAML and Jinja (0.15-0.2 s of CPU each build when it did)."""
    import pickle
    import subprocess
    import sys

    game = load_game("bidness")
    figures = rulebook_figures(game, rulebook_markdown(game))
    assert sorted(figures) == ["pnp:anatomy", "pnp:setup"]
    done = subprocess.run(
        [sys.executable, "-c", FIGURES_READ],
        input=pickle.dumps(figures),
        capture_output=True,
        check=True,
    )
    assert done.stdout.decode().strip() == "[]"
