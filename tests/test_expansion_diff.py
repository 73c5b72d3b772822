"""The workbench's expansion diff: new, changed (with each field) and removed designs."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp._errors import UsageError
from pnp.serve.expansion_diff import diff_games, expansion_diff
from pnp.spec.load import load_game


def test_new_changed_and_removed_designs_with_their_field_diffs(twists: Path) -> None:
    base = load_game("mini", twists)
    variant, diff = expansion_diff(base, "twists", twists)
    assert [c.id for c in variant.cards] == ["alpha", "beta", "delta"]
    assert diff.expansion == "twists"
    assert {k: d.status for k, d in diff.designs.items()} == {
        "beta": "changed",
        "delta": "new",
        "gamma": "removed",
    }
    fields = {f.field: (f.base, f.variant) for f in diff.designs["beta"].fields}
    assert fields == {"mark": ("", "TW"), "power": (2, 5)}  # the name and text are the same
    assert diff.status("alpha") == "same"
    assert diff.status("delta") == "new"
    assert diff.counts() == {"new": 1, "changed": 1, "removed": 1}
    data = diff.as_json()
    assert data["counts"] == {"new": 1, "changed": 1, "removed": 1}
    beta = next(d for d in data["designs"] if d["card"] == "beta")
    assert {"field": "power", "base": 2, "variant": 5} in beta["fields"]


def test_an_expansion_that_only_adds_changes_no_base_card() -> None:
    base = load_game("bigidea")
    variant, diff = expansion_diff(base, "more-cards", None)
    added = {c.id for c in variant.cards} - {c.id for c in base.cards}
    assert added and {k for k, d in diff.designs.items()} == added
    assert all(d.status == "new" and d.fields == () for d in diff.designs.values())
    assert all(diff.status(c.id) == "same" for c in base.cards)


def test_the_same_game_twice_differs_in_nothing() -> None:
    game = load_game("boom")
    assert diff_games(game, game, "none").designs == {}


def test_an_unknown_or_merged_expansion_is_a_usage_error(twists: Path) -> None:
    base = load_game("mini", twists)
    with pytest.raises(UsageError, match="expansion"):
        expansion_diff(base, "twistz", twists)
    merged = load_game("mini", twists, ["twists"])
    with pytest.raises(UsageError, match="with itself"):
        expansion_diff(merged, "twists", twists)
