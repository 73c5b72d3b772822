"""Derived data kept between runs (pyphen's parsed patterns) gives what a fresh parse gives."""

from __future__ import annotations

from pathlib import Path

import pyphen
import pytest

from pnp.text.fonts import hyphenator

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


ICONS = sorted((Path(__file__).parent.parent / "templates" / "icons").glob("*.svg"))


def _icon_pdf(path: Path | None, out: Path) -> bytes:
    from pnp.render.pdf import draw_icon, new_canvas

    c = new_canvas(out, (30.0, 30.0), "icon")
    if path is not None:
        draw_icon(c, str(path), 10.0, 10.0, 60.0, 40.0, "#884422")
    c.showPage()
    c.save()
    return out.read_bytes()


@pytest.mark.parametrize("icon", ICONS[:6], ids=lambda p: p.stem)
def test_an_icon_from_the_cache_draws_the_same_pdf_as_svglib(
    icon: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnp.render.svg import icon_shapes

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    icon_shapes.cache_clear()
    parsed = _icon_pdf(icon, tmp_path / "parsed.pdf")  # svglib, then stored
    assert len(list((tmp_path / "cache" / "icons").glob("*.json"))) == 1
    icon_shapes.cache_clear()
    monkeypatch.setattr("pnp.render.svg._read", lambda path: pytest.fail("svglib ran again"))
    cached = _icon_pdf(icon, tmp_path / "cached.pdf")
    icon_shapes.cache_clear()
    assert parsed == cached
    assert parsed != _icon_pdf(None, tmp_path / "blank.pdf"), "the icon drew something"


def test_an_icon_is_written_once_and_placed_by_reference_in_each_colour(tmp_path: Path) -> None:
    """issue 14: an icon repeated on every card of a deck is drawn once per PDF (a form
    XObject with no colour of its own), and each use fills it in the colour around it."""
    import pypdf

    from pnp.render.pdf import draw_icon, new_canvas

    out = tmp_path / "icons.pdf"
    c = new_canvas(out, (100.0, 100.0), "icons")
    for i in range(12):
        draw_icon(c, str(ICONS[0]), 10.0 * i, 10.0, 20.0, 20.0, ("#884422", "#225588")[i % 2])
    draw_icon(c, str(ICONS[1]), 10.0, 50.0, 20.0, 20.0, "#000000")
    c.showPage()
    c.save()
    page = pypdf.PdfReader(out).pages[0]
    forms = page["/Resources"]["/XObject"]
    assert sorted(forms) == ["/FormXob.I0", "/FormXob.I1"]
    content = page.get_contents().get_data().decode()
    assert content.count("/FormXob.I0 Do") == 12 and content.count("/FormXob.I1 Do") == 1
    assert content.count(".533333 .266667 .133333 rg") == 6  # #884422, before its six uses
    assert content.count(".133333 .333333 .533333 rg") == 6  # #225588
    for name in forms:
        operators = set(forms[name].get_object().get_data().decode().split())
        assert not operators & {"rg", "g", "k", "cs", "sc", "scn"}, "it would fix its colour"
        assert {"m", "f"} <= operators or {"re", "f"} <= operators, "it fills paths"
