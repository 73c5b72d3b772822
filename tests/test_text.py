"""Fonts, text fitting and the template sandbox."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp._errors import DataError, LayoutError
from pnp.layout.textfit import PT_TO_MM, set_text
from pnp.spec.paths import fonts_root
from pnp.text.fonts import load_font
from pnp.text.template import is_true, render_text

FONTS = sorted(p.stem for p in fonts_root().glob("*.ttf"))


@pytest.mark.parametrize("name", FONTS)
def test_bundled_fonts_cover_the_required_characters(name: str) -> None:
    # fonts cover at least •, £, €, ™, —, “ ”
    assert load_font(name).missing("•£€™—“”") == []


def test_fonts_have_licences_beside_them() -> None:
    assert FONTS and (fonts_root() / "OFL-Lato.txt").is_file()


def test_text_shrinks_to_fit_then_stops_at_the_minimum() -> None:
    box = (0.0, 0.0, 40.0, 10.0)
    short = set_text("Short", "Lato-Regular", 12, 6, 1.2, box)
    assert short.size == 12
    longer = set_text(
        "A sentence that needs two or three lines here", "Lato-Regular", 12, 6, 1.2, box
    )
    assert 6 <= longer.size < 12
    lowest = max(y for _, y, _ in longer.lines)
    assert lowest <= 10.0  # the last baseline stays inside the box
    for x, _, line in longer.lines:
        width = load_font("Lato-Regular").width(line, longer.size) * PT_TO_MM
        assert x >= 0 and x + width <= 40.0 + 1e-6
    with pytest.raises(LayoutError, match="does not fit its 40×10 mm box even at 6 pt"):
        set_text("word " * 60, "Lato-Regular", 12, 6, 1.2, box, who="card 'x': field 'text'")


def test_a_kept_text_block_is_the_one_set_afresh_and_failures_name_each_card() -> None:
    import pnp.layout.textfit as textfit

    args = ("**Rich** text, *set* once", "Lato-Regular", 9, 6, 1.2, (1.0, 2.0, 30.0, 12.0))
    first = set_text(*args, who="card 'a'", rich=True)
    assert set_text(*args, who="card 'b'", rich=True) is first  # kept
    textfit._SET.clear()
    assert set_text(*args, who="card 'b'", rich=True) == first  # the same when set afresh
    assert set_text(*args, colour="#ff0000", rich=True) != first  # every argument counts
    for who in ("card 'a'", "card 'b'"):  # a failure is not kept: each card is named
        with pytest.raises(LayoutError, match=f"^{who} does not fit"):
            set_text("word " * 60, "Lato-Regular", 12, 6, 1.2, (0, 0, 40, 10), who=who)


def test_missing_glyph_names_the_character() -> None:
    with pytest.raises(LayoutError, match=r"uses '★' \(U\+2605\), not in font Lato-Bold"):
        set_text("★", "Lato-Bold", 10, 10, 1.2, (0, 0, 20, 10))


@pytest.mark.parametrize(
    "value", [True, False, 0, 1, -2, 0.0, 2.5, "", "x", None, [], [0], {}, {"a": 1}]
)
@pytest.mark.parametrize(
    "expr", ["card.v", "not card.v", " card.v ", "not  card.v", "card.items", "not card.keys"]
)
def test_truth_fast_path_agrees_with_jinja(expr: str, value: object) -> None:
    from pnp.text import template as text

    ctx = {"card": {"v": value, "items": 0, "keys": 0}}
    jinja = text._run(f"{{{{ 1 if ({expr}) else '' }}}}", expr, ctx, None, "when") == "1"
    assert is_true(expr, ctx) is jinja
    assert render_text("{{ card.items }}", ctx) != "0"  # Jinja's dict method, not the key
    assert is_true("card.get is defined", ctx)  # the method again, though no key is named so


def test_templates_are_sandboxed() -> None:
    with pytest.raises(DataError, match="unsafe"):
        render_text("{{ card.__class__.__mro__ }}", {"card": {}})


def test_fast_paths_agree_with_jinja() -> None:
    ctx = {"card": {"name": "Alpha", "burn": 0, "effect": {"draw": 2}}}
    assert render_text("{{ card.name }}", ctx) == "Alpha"
    assert render_text("{{ card.burn }}", ctx) == "0"  # not a string: Jinja prints it
    assert is_true("card.effect.draw is defined", ctx)
    assert not is_true("card.effect.fine is defined", ctx)
    assert not is_true("card.burn", ctx)  # 0 is false, as in Jinja
    with pytest.raises(DataError, match="has no attribute 'nope'"):
        render_text("{{ card.nope }}", ctx)


@given(
    words=st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz£€•", min_size=1, max_size=12),
        min_size=1,
        max_size=40,
    ),
    w=st.floats(15, 80),
    h=st.floats(5, 60),
    size=st.floats(6, 20),
)
def test_set_text_stays_inside_its_box_or_says_why(
    words: list[str], w: float, h: float, size: float
) -> None:
    text = " ".join(words)
    font = load_font("Lato-Regular")
    try:
        block = set_text(text, "Lato-Regular", size, 5, 1.2, (2.0, 3.0, w, h))
    except LayoutError as err:
        assert "does not fit" in str(err)
        return
    assert 5 <= block.size <= size
    assert " ".join(line for _, _, line in block.lines) == " ".join(text.split())
    for x, y, line in block.lines:
        assert x >= 2.0 - 1e-6 and x + font.width(line, block.size) * PT_TO_MM <= 2.0 + w + 1e-6
        assert 3.0 < y <= 3.0 + h - font.descent * block.size * PT_TO_MM + 1e-6
