"""An expansion's ``overrides:`` silences the published-number warning it names, in every
engine, and only that one.

Each test copies the bundled game into a temporary cards folder, adds an expansion that
changes published numbers (or, where the engine publishes only ``tables:`` numbers, which
an expansion cannot change, edits the copied game.yaml), and validates it twice: without
and with one of the numbers under the expansion's ``overrides:``.
"""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest

from pnp.check.validate import validate_game
from pnp.spec.load import load_game
from pnp.spec.paths import cards_root

EXPANSION = "variant"


def _copy(tmp_path: Path, game: str, tables: dict[str, str] | None = None) -> Path:
    """The bundled game in ``tmp_path/cards``, with ``tables`` lines of game.yaml replaced
    (old text → new text); returns the cards folder."""
    cards = tmp_path / "cards"
    shutil.copytree(cards_root() / game, cards / game)
    spec = cards / game / "game.yaml"
    text = spec.read_text(encoding="utf-8")
    for old, new in (tables or {}).items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    spec.write_text(text, encoding="utf-8")
    return cards


def _findings(
    cards: Path, game: str, card_files: dict[str, str], overrides: list[str]
) -> list[str]:
    """Every finding of the game with the expansion (``card_files``: its card files by name)."""
    folder = cards / game / "expansions" / EXPANSION
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(f"name: Variant\noverrides: {overrides!r}\n")
    for name, text in card_files.items():
        (folder / name).write_text(text)
    found = validate_game(load_game(game, cards, [EXPANSION]))
    return [f.message for f in found]


def _about(messages: list[str], name: str) -> list[str]:
    return [m for m in messages if f"list {name!r} under overrides:" in m]


def test_boom_override_silences_a_published_number(tmp_path: Path) -> None:
    # boom.txt: five Events and the •Crash (6 Event cards); an Event may add 2 to the roll
    cards = _copy(tmp_path, "boom")
    variant = {
        "event.yaml": "deck: event\ncards:\n"
        "  - {id: variant-event, type: event, name: Variant Boom,"
        ' text: "Software IPOs roll +{{ card.effect.ipo_bonus.amount }}.",'
        " effect: {ipo_bonus: {industry: software, amount: 3}}}\n",
    }
    before = _findings(cards, "boom", variant, [])
    assert _about(before, "Event cards") == [
        "differs from the published rules (setup: five Events and the •Crash): "
        "Event cards is 7, published 6; list 'Event cards' under overrides: "
        "if this is on purpose"
    ]
    after = _findings(cards, "boom", variant, ["Event cards"])
    assert after == [m for m in before if m not in _about(before, "Event cards")]
    (bonus,) = _about(after, "Event IPO bonus")  # the other number still warns
    assert "Event IPO bonus is [2, 3], published 2" in bonus


def test_bigidea_override_silences_a_published_count(tmp_path: Path) -> None:
    # bigidea.txt: two 96-card decks
    cards = _copy(tmp_path, "bigidea")
    variant = {
        "big.yaml": "deck: big\ncards:\n"
        '  - {id: variant-big, type: big, name: Variant, text: "Changed on purpose."}\n',
        "idea.yaml": "deck: idea\ncards:\n"
        '  - {id: variant-idea, type: idea, name: Variant, text: "Also on purpose."}\n',
    }
    before = _findings(cards, "bigidea", variant, [])
    (big,) = _about(before, "BIG deck cards")
    assert "BIG deck cards is 97, published 96" in big
    after = _findings(cards, "bigidea", variant, ["BIG deck cards"])
    assert after == [m for m in before if m != big]
    assert len(_about(after, "IDEA deck cards")) == 1  # the other deck still warns


def test_bidness_override_silences_the_contract_count(tmp_path: Path) -> None:
    # bidness.txt "Contract Cards": twelve in the deck; "Starting Assets": $100 each
    cards = _copy(tmp_path, "bidness", {"start_cash: 100": "start_cash: 120"})
    variant = {
        "events.yaml": "deck: event\ncards:\n"
        "  - {id: variant-contract, type: contract, name: Variant Contract,"
        ' text: "Auction. Pays ${{ tables.contract_payment }} each Business Phase."}\n'
    }
    before = _findings(cards, "bidness", variant, [])
    (contracts,) = _about(before, "contracts")
    assert "contracts is 13, published 12" in contracts
    after = _findings(cards, "bidness", variant, ["contracts"])
    assert after == [m for m in before if m != contracts]
    (cash,) = _about(after, "start_cash")  # the other number still warns
    assert "start_cash is 120, published 100" in cash


def test_oldbiddy_override_silences_a_component_count(tmp_path: Path) -> None:
    # oldbiddy.txt Components: 30 Gem Cards; Set up: remove 12 gem cards at 3 players,
    # 6 at 4, none at 5.  Three more cards (one gem of each colour, like three already
    # printed) keep the colours even; three more removed at each count keep the rounds.
    removed = {
        f"{{players: {n}, removed: {k}}}": f"{{players: {n}, removed: {k + 3}}}"
        for n, k in ((3, 12), (4, 6), (5, 0))
    }
    cards = _copy(tmp_path, "oldbiddy", removed)
    variant = {
        "gems.yaml": "deck: gem\ncards:\n"
        + "".join(
            f'  - {{id: variant-{i}, type: gem, name: "3 gems", green: 1, blue: 1, red: 1}}\n'
            for i in range(3)
        )
    }
    before = _findings(cards, "oldbiddy", variant, [])
    (gem_cards,) = _about(before, "gem cards")
    assert "gem cards is 33, published 30" in gem_cards
    after = _findings(cards, "oldbiddy", variant, ["gem cards"])
    assert after == [m for m in before if m != gem_cards]
    table = _about(after, "gem_cards_removed")  # the other number still warns
    assert len(table) == 3
    for message, (n, k) in zip(table, ((3, 12), (4, 6), (5, 0)), strict=True):
        assert f"gem_cards_removed {n} is {k + 3}, published {k};" in message


def test_smallprint_override_silences_a_published_table(tmp_path: Path) -> None:
    # smallprint.txt: four rounds with two or four players, three with three; at most
    # three Paperwork cards each a round.  It publishes no card count an expansion could
    # change, so the copied game.yaml changes two numbers and the expansion owns up to one.
    cards = _copy(
        tmp_path,
        "smallprint",
        {
            "rounds: {2: 4, 3: 3, 4: 4}": "rounds: {2: 4, 3: 4, 4: 4}",
            "max_cards_per_round: 3": "max_cards_per_round: 4",
        },
    )
    before = _findings(cards, "smallprint", {}, [])
    (rounds,) = _about(before, "rounds")
    assert "rounds 3 is 4, published 3" in rounds
    after = _findings(cards, "smallprint", {}, ["rounds"])
    assert after == [m for m in before if m != rounds]
    (per_round,) = _about(after, "max_cards_per_round")  # the other number still warns
    assert "max_cards_per_round is 4, published 3" in per_round


@pytest.mark.parametrize("game", ["boom", "bigidea", "bidness", "oldbiddy", "smallprint"])
def test_a_misspelt_override_is_named_with_the_closest_number(tmp_path: Path, game: str) -> None:
    """Nothing silent: a name no published number has silences nothing, so it
    is a warning at its place in expansion.yaml, with the closest name."""
    cards = _copy(tmp_path, game)
    real = importlib.import_module(f"pnp.games.{game}.decisions").PUBLISHED[-1].name
    typo = real[:-1] + ("x" if real[-1] != "x" else "y")
    folder = cards / game / "expansions" / EXPANSION
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(f"name: Variant\noverrides: [{real!r}, {typo!r}]\n")
    found = validate_game(load_game(game, cards, [EXPANSION]))
    (warning,) = [f for f in found if f.message.startswith("overrides:")]
    assert f"no published number {typo!r} (did you mean {real!r}?" in warning.message
    assert warning.location is not None
    assert (warning.location.path.name, warning.location.line) == ("expansion.yaml", 2)
