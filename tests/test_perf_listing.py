"""`pnp list` answers from the user's cache until a game's files change."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import pnp.spec.load
from pnp.spec.listing import game_lines, is_broken


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNP_CACHE_DIR", str(folder))
    return folder


def _no_reading(*args: object, **kwargs: object) -> None:
    raise AssertionError("the games were read again")


def test_second_listing_reads_no_game(
    mini_cards: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = game_lines(mini_cards)
    assert first[0].startswith("mini") and "5 cards" in first[0]  # 1 + qty 3 + 1
    monkeypatch.setattr(pnp.spec.load, "load_game", _no_reading)
    assert game_lines(mini_cards) == first


def test_an_edited_card_file_is_read_again(mini_cards: Path, cache: Path) -> None:
    assert "5 cards" in game_lines(mini_cards)[0]
    cards = mini_cards / "mini" / "cards.yaml"
    before = cards.stat().st_mtime_ns
    cards.write_text(cards.read_text().replace("qty: 3", "qty: 4"))
    os.utime(cards, ns=(before + 10**9, before + 10**9))  # a coarse clock still sees it
    assert "6 cards" in game_lines(mini_cards)[0]


def test_a_new_expansion_is_listed(mini_cards: Path, cache: Path) -> None:
    assert len(game_lines(mini_cards)) == 1
    folder = mini_cards / "mini" / "expansions" / "extra"
    folder.mkdir(parents=True)
    (folder / "expansion.yaml").write_text("id: extra\nname: Extra\n")
    assert game_lines(mini_cards)[1].strip() == "+ expansion extra"


def test_bad_data_is_reported_every_time(mini_cards: Path, cache: Path) -> None:
    (mini_cards / "mini" / "cards.yaml").write_text("deck: main\ncards: [{id: 1}\n")
    for _ in range(2):  # a broken game is never kept in the cache
        (line,) = game_lines(mini_cards)
        assert is_broken(line) and "mini/cards.yaml:" in line


def test_a_link_loop_in_a_game_folder_still_lists(mini_cards: Path, cache: Path) -> None:
    expansions = mini_cards / "mini" / "expansions"
    expansions.mkdir()
    os.symlink("loop", expansions / "loop")
    (mini_cards / "mini" / "dangling.txt").symlink_to(mini_cards / "nowhere")
    assert game_lines(mini_cards) == game_lines(mini_cards)
    assert game_lines(mini_cards)[0].startswith("mini")
