"""Sizes and counts a game's files give are bounded where they are read: the
largest counter a page holds builds on both papers, in finite time, one to a page."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.layout.tokens import MAX_TOKEN_COUNT, largest_token_mm
from pnp.plan.settings import BuildOptions
from tests.conftest import FIXTURES, overlay


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("shape", ["square", "circle"])
def test_the_largest_counter_builds_one_to_a_page(
    mini_cards: Path, tmp_path: Path, paper: str, shape: str
) -> None:
    largest = largest_token_mm(BuildOptions(paper=paper))
    overlay(mini_cards, FIXTURES / "bad" / "token-size-huge")
    game_yaml = mini_cards / "mini" / "game.yaml"
    text = game_yaml.read_text().replace("size_mm: '300'", f"size_mm: '{largest:.1f}'")
    game_yaml.write_text(text.replace("shape: square", f"shape: {shape}"))
    out = tmp_path / "out"
    for args in (["validate", "mini"], ["build", "mini", "--paper", paper, "--out", str(out)]):
        done = subprocess.run(
            [sys.executable, "-m", "pnp", *args, "--cards", str(mini_cards)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    (tokens,) = [f for f in manifest["files"] if f["kind"] == "tokens"]
    fronts = [p for p in tokens["pages"] if p["side"] == "front"]
    assert [len(p["items"]) for p in fronts] == [1, 1]  # count: '2'


def test_the_count_bound_is_more_than_any_bundled_game_prints() -> None:
    """MAX_TOKEN_COUNT says no bundled game comes near it: •Boom prints the most counters."""
    from pnp.layout.tokens import lay_out_tokens
    from pnp.spec.load import load_game

    most = 0
    for gid in ("boom", "bidness", "bigidea", "oldbiddy", "smallprint"):
        game = load_game(gid)
        for i, comp in enumerate(game.spec.components):
            if comp.kind == "tokens":
                pages, _ = lay_out_tokens(game, comp, i, BuildOptions())
                most = max(most, sum(len(p.items) for p in pages if p.side != "back"))
    assert 0 < most < MAX_TOKEN_COUNT / 2


def test_an_aid_larger_than_the_paper_is_refused_at_its_size(tmp_path: Path) -> None:
    """An aid of 250×250 mm fits neither paper: validate says so at its size key (it was
    an error with no place, worded as a card)."""
    import shutil

    from pnp.check.validate import validate_game
    from pnp.spec.load import load_game
    from pnp.spec.paths import cards_root

    shutil.copytree(cards_root() / "boom", tmp_path / "boom")
    spec = tmp_path / "boom" / "game.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("size: tarot", "size: 250x250 mm"))
    errors = [
        str(f) for f in validate_game(load_game("boom", tmp_path)) if f.severity.value == "error"
    ]
    assert len(errors) == 2, errors
    for error, paper in zip(errors, ("a4", "letter"), strict=True):
        assert error.endswith(
            f"error: components.2.size: 250×250 mm does not fit on {paper} with its crop "
            "marks inside the 6 mm printer margin"
        )
        assert "boom/game.yaml:" in error
