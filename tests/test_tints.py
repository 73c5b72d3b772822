"""Tints of a game's colours (pnp.layout.tints): what screens and tracks draw with."""

from __future__ import annotations

import pytest

from pnp.layout.tints import contrast, ink_on, legible, mix


def test_mix_runs_from_one_colour_to_the_other() -> None:
    assert mix("#1d3557", "#ffffff", 0.0) == "#1d3557"
    assert mix("#1d3557", "#ffffff", 1.0) == "#ffffff"
    assert mix("#000000", "#ffffff", 0.5) == "#808080"  # 127.5 rounds to 128


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)  # WCAG 2: (1.05)/(0.05)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("fill", "ink"), [("#f0d77a", "#141414"), ("#1c2552", "#ffffff"), ("#7fb3e0", "#141414")]
)
def test_ink_on_picks_what_reads(fill: str, ink: str) -> None:
    assert ink_on(fill) == ink  # Old Biddy's yellow, navy and sky screens


@pytest.mark.parametrize("colour", ["#f0d77a", "#7fb3e0", "#d46f1c", "#1a7a70", "#1c2552"])
@pytest.mark.parametrize("on", ["#fbf8f0", "#141414"])
def test_legible_shades_a_colour_until_it_reads(colour: str, on: str) -> None:
    shade = legible(colour, on)
    assert contrast(shade, on) >= 4.5
    if contrast(colour, on) >= 4.5:
        assert shade == colour  # a colour that reads already is kept
