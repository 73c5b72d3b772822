"""The colour value (pnp.spec.colour.Colour): read from every form once, and the sRGB maths
tints, greyscale, ink and drawing ask of it."""

from __future__ import annotations

import pytest

from pnp.layout.ink import tint
from pnp.layout.tints import legible, mix
from pnp.render.pdf import colour
from pnp.spec.colour import BLACK, WHITE, Colour


@pytest.mark.parametrize(
    ("written", "rgb"),
    [
        ("#1F6F8B", (0x1F, 0x6F, 0x8B)),
        ("#2a6", (0x22, 0xAA, 0x66)),  # each digit doubled
        ("teal", (0, 128, 128)),
        (" DarkOrange ", (255, 140, 0)),
        ("slategray", (112, 128, 144)),
        ("SlateGrey", (112, 128, 144)),
    ],
)
def test_every_form_is_read(written: str, rgb: tuple[int, int, int]) -> None:
    c = Colour.from_text(written)
    assert tuple(c) == rgb
    assert Colour.from_text(c.hex) == c and str(c) == c.hex == c.hex.lower()


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("bleu", "colour 'bleu' is not #rgb, #rrggbb or a CSS colour name (did you mean 'blue'?)"),
        ("#12", "colour '#12' is not #rgb, #rrggbb or a CSS colour name (e.g. #1f6f8b or teal)"),
        ("#1234567", "is not #rgb, #rrggbb or a CSS colour name (e.g. #1f6f8b or teal)"),
        ("rgb(1,2,3)", "is not #rgb, #rrggbb or a CSS colour name (e.g. #1f6f8b or teal)"),
    ],
)
def test_anything_else_says_what_a_colour_is(written: str, message: str) -> None:
    with pytest.raises(ValueError) as err:
        Colour.from_text(written)
    assert message in str(err.value)


def test_of_keeps_a_value_and_reads_text() -> None:
    teal = Colour(0, 128, 128)
    assert Colour.of(teal) is teal
    assert Colour.of("#008080") == teal


def test_luminance_of_known_colours() -> None:
    assert WHITE.luminance == pytest.approx(1.0)
    assert BLACK.luminance == 0.0
    assert Colour.from_text("#777777").luminance == pytest.approx(0.184, abs=1e-3)
    assert Colour.from_text("red").luminance == pytest.approx(0.2126)


def test_contrast_is_the_wcag_ratio_either_way_round() -> None:
    assert BLACK.contrast(WHITE) == pytest.approx(21.0)
    assert WHITE.contrast(BLACK) == BLACK.contrast(WHITE)
    grey = Colour.from_text("#777777")
    assert grey.contrast(grey) == 1.0
    assert grey.contrast(WHITE) == pytest.approx(4.48, abs=0.01)  # just under WCAG AA


def test_lightness_is_cie_l_star() -> None:
    assert BLACK.lightness == 0.0 and WHITE.lightness == pytest.approx(100.0)
    assert Colour.from_text("#777777").lightness == pytest.approx(50.0, abs=0.05)


def test_ink_is_the_heaviest_process_ink() -> None:
    assert WHITE.ink == 0.0 and BLACK.ink == 1.0
    assert Colour.from_text("yellow").ink == 1.0  # full yellow: one process ink at 100 %
    assert Colour.from_text("#ff8000").ink == pytest.approx(1.0)
    assert Colour.from_text("#cccccc").ink == pytest.approx(0.2)


def test_mix_runs_from_one_colour_to_the_other() -> None:
    navy = Colour.from_text("#1d3557")
    assert navy.mix(WHITE, 0.0) == navy and navy.mix(WHITE, 1.0) == WHITE
    assert BLACK.mix(WHITE, 0.5) == Colour(128, 128, 128)  # 127.5 rounds to 128
    assert Colour(10, 20, 30).mix(Colour(20, 40, 60), 0.25) == Colour(12, 25, 38)


def test_tint_and_shade_round_as_before() -> None:
    """Tint and shade keep their own rounding: the float steps they took as text helpers
    (a shade is not always the mix toward black: 45 × 0.9 gives 41, the mix 40)."""
    for v in range(256):
        c = Colour(v, v, v)
        assert c.tint(0.15).r == round((1 - 0.15 * (1 - v / 255)) * 255)
        for step in range(11):
            k = 1 - step / 10
            assert c.shade(k).r == round(v / 255 * k * 255)
    assert Colour(45, 45, 45).shade(0.9) == Colour(41, 41, 41)


def test_the_text_helpers_read_the_value() -> None:
    navy = Colour.from_text("#1d3557")
    assert mix(navy, "white", 0.5) == mix("#1d3557", "#ffffff", 0.5) == navy.mix(WHITE, 0.5).hex
    assert tint(navy) == navy.tint(0.15).hex
    assert legible("#777777", WHITE) == legible(Colour.from_text("#777"), "#ffffff")


def test_a_colour_draws_as_the_hex_it_was() -> None:
    """reportlab's colour from the value is the one HexColor made from its text, to the bit."""
    from reportlab.lib.colors import HexColor

    for text in ("#1d3557", "#ffffff", "#000000", "#7f7f80", "#2a6"):
        value = Colour.from_text(text)
        assert colour(value).rgb() == HexColor(value.hex).rgb()
        assert colour(text) == colour(value)
