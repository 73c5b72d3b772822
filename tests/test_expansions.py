"""Expansions: merged into the base game by id, located errors, set marks, the shipped one."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp._errors import DataError, ValidationFailed
from pnp.check.validate import validate_game
from pnp.layout.cards import lay_out_faces
from pnp.layout.ops import TextBlock
from pnp.spec.load import load_game


def _expansion(cards: Path, manifest: str, body: str, name: str = "extra") -> None:
    folder = cards / "mini" / "expansions" / name
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text(manifest)
    (folder / "cards.yaml").write_text("deck: main\ncards:\n" + body)


def test_adds_replaces_and_removes_by_id(mini_cards: Path) -> None:
    _expansion(
        mini_cards,
        "name: Extra Stuff\nreplace: [alpha]\nremove: [gamma]\n",
        "  - {id: alpha, type: basic, name: Alpha Two, power: 5}\n"
        "  - {id: delta, type: basic, name: Delta, power: 4}\n",
    )
    base = load_game("mini", mini_cards)
    merged = load_game("mini", mini_cards, ["extra"])
    assert [c.id for c in base.cards] == ["alpha", "beta", "gamma"]
    assert [c.id for c in merged.cards] == ["alpha", "beta", "delta"]
    assert merged.card("alpha").name == "Alpha Two" and merged.card("alpha").mark == "ES"
    assert merged.card("beta").mark == ""


def test_reusing_an_id_without_replace_is_a_located_error(mini_cards: Path) -> None:
    _expansion(mini_cards, "name: Extra\n", "  - {id: beta, type: basic, name: B2, power: 1}\n")
    with pytest.raises(ValidationFailed) as err:
        load_game("mini", mini_cards, ["extra"])
    (finding,) = err.value.findings
    assert str(finding.location).endswith("expansions/extra/cards.yaml:3:6")  # the id key
    assert "card id 'beta' is already used by" in finding.message
    assert "replace:" in finding.message


def test_removing_a_card_that_does_not_exist_is_located(mini_cards: Path) -> None:
    _expansion(mini_cards, "name: Extra\nremove: [omega]\n", "")
    with pytest.raises(ValidationFailed) as err:
        load_game("mini", mini_cards, ["extra"])
    assert "remove: no card 'omega'" in str(err.value)
    assert "expansion.yaml:2:" in str(err.value.findings[0].location)


def test_unknown_expansion_names_the_available_ones(mini_cards: Path) -> None:
    with pytest.raises(DataError, match="has no expansion 'nope' \\(available: none\\)"):
        load_game("mini", mini_cards, ["nope"])


def test_set_mark_is_printed_on_expansion_cards_only() -> None:
    game = load_game("bigidea", expansions=["more-cards"])
    faces = lay_out_faces(game)

    def texts(card_id: str) -> list[str]:
        return [ln[2] for op in faces[card_id].ops if isinstance(op, TextBlock) for ln in op.lines]

    extra = next(c for c in game.cards if c.mark)
    base = next(c for c in game.cards if not c.mark)
    assert "● MC" in texts(extra.id)
    assert not any(t.startswith("●") for t in texts(base.id))


def test_more_cards_adds_64_and_the_merged_game_validates() -> None:
    # issue: more-cards ships 32 BIG and 32 IDEA words
    base = load_game("bigidea")
    merged = load_game("bigidea", expansions=["more-cards"])
    for deck, n in (("big", 32), ("idea", 32)):
        assert len(merged.deck_cards(deck)) - len(base.deck_cards(deck)) == n
    assert not [f for f in validate_game(merged, faces=True) if f.severity.value == "error"]
