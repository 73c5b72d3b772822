"""Derived data kept between runs in the user's cache gives what a fresh computation gives,
as plain data of our own (no pickles of other libraries' objects: docs/architecture.md §8)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pyphen
import pytest

from pnp.text import hyphens
from pnp.text.hyphens import breaks

WORDS = ("hyphenation", "organisation", "entrepreneur", "bankruptcy")


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder, and nothing of the hyphenation remembered in this process."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    hyphens._known.cache_clear()
    hyphens._pyphen.cache_clear()
    yield tmp_path
    hyphens._known.cache_clear()
    hyphens._pyphen.cache_clear()


def _pyphen_breaks() -> list[list[tuple[str, str]]]:
    return [list(pyphen.Pyphen(lang="en_US").iterate(w)) for w in WORDS]


def test_stored_breaks_are_pyphens_and_a_second_process_needs_no_patterns(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = [breaks(w) for w in WORDS]  # pyphen parses, the breaks are stored
    (stored,) = (fresh / "hyphens").glob("en_US-*.json")
    assert set(json.loads(stored.read_text())["body"]) == set(WORDS), "JSON: word -> breaks"
    hyphens._known.cache_clear()
    hyphens._pyphen.cache_clear()
    monkeypatch.setattr(pyphen, "Pyphen", lambda **kw: pytest.fail("the patterns were parsed"))
    second = [breaks(w) for w in WORDS]  # as a new process: from the file alone
    monkeypatch.undo()
    assert first == second == _pyphen_breaks()
    assert ("hyphen", "ation") in first[0]


def test_a_damaged_cache_file_is_computed_again(fresh: Path) -> None:
    expected = [breaks(w) for w in WORDS]
    (stored,) = (fresh / "hyphens").glob("en_US-*.json")
    stored.write_text('{"hyphenation": [["not", "a", "pair"]]')
    hyphens._known.cache_clear()
    assert [breaks(w) for w in WORDS] == expected
    assert json.loads(stored.read_text())["body"]["hyphenation"] == [list(p) for p in expected[0]]


def test_the_cache_starts_afresh_past_its_limit(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hyphens, "MAX_WORDS", 3)
    for word in WORDS:
        breaks(word)
    (stored,) = (fresh / "hyphens").glob("en_US-*.json")
    assert list(json.loads(stored.read_text())["body"]) == [WORDS[-1]]


def test_an_unwritable_cache_only_costs_the_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))  # a file: no folder can be made in it
    hyphens._known.cache_clear()
    try:
        assert ("hyphen", "ation") in breaks("hyphenation")
    finally:
        hyphens._known.cache_clear()


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
    """An icon repeated on every card of a deck is drawn once per PDF (a form
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


def _derive_all() -> tuple[object, ...]:
    """Each kind of derived data (but compiled templates), as a new process would."""
    from pnp.render.svg import icon_shapes
    from pnp.spec.listing import game_lines
    from pnp.text import fonts

    for cached in (hyphens._known, icon_shapes, fonts._metrics):
        cached.cache_clear()
    return (
        breaks("hyphenation"),
        game_lines(),
        icon_shapes(str(ICONS[0])),
        fonts._metrics("Lato-Regular", fonts.fonts_root() / "Lato-Regular.ttf"),
    )


def test_no_cache_reads_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """README: `PNP_NO_CACHE=1` turns the one cache folder off; the results stay the same."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    cached = _derive_all()
    stored = sorted(p.parent.name for p in tmp_path.rglob("*") if p.is_file())
    assert stored == ["fonts", "hyphens", "icons", "list"]
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    for p in tmp_path.rglob("*"):
        if p.is_file():
            p.write_text("{}")  # were it read, nothing would come out right
    try:
        assert _derive_all() == cached
        assert {p.read_text() for p in tmp_path.rglob("*") if p.is_file()} == {"{}"}
    finally:
        monkeypatch.delenv("PNP_NO_CACHE")
        _derive_all()  # what later tests in this process remember comes from the cache again
