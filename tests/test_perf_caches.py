"""Derived data kept between runs (pyphen's parsed patterns) gives what a fresh parse gives."""

from __future__ import annotations

from pathlib import Path

import pyphen
import pytest

from pnp.fonts import hyphenator

WORDS = ("hyphenation", "organisation", "entrepreneur", "bankruptcy")


def _breaks(h: pyphen.Pyphen) -> list[list[tuple[str, str]]]:
    return [list(h.iterate(w)) for w in WORDS]


def test_cached_patterns_hyphenate_like_a_fresh_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pyphen, "hdcache", {})
    fresh = _breaks(pyphen.Pyphen(lang="en_US"))
    monkeypatch.setattr(pyphen, "hdcache", {})
    first = _breaks(hyphenator("en_US"))  # parses and stores
    stored = list((tmp_path / "hyphens").glob("en_US-*.pickle"))
    assert len(stored) == 1
    monkeypatch.setattr(pyphen, "hdcache", {})
    second = _breaks(hyphenator("en_US"))  # loads the stored patterns
    assert fresh == first == second
    assert ("hyphen", "ation") in fresh[0]


def test_a_damaged_cache_file_is_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pyphen, "hdcache", {})
    expected = _breaks(hyphenator("en_US"))
    (stored,) = (tmp_path / "hyphens").glob("en_US-*.pickle")
    stored.write_bytes(b"not a pickle")
    monkeypatch.setattr(pyphen, "hdcache", {})
    assert _breaks(hyphenator("en_US")) == expected
    assert stored.read_bytes() != b"not a pickle", "the damaged file is written anew"


def test_an_unwritable_cache_only_costs_the_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))  # a file: no folder can be made in it
    monkeypatch.setattr(pyphen, "hdcache", {})
    assert ("hyphen", "ation") in list(hyphenator("en_US").iterate("hyphenation"))
