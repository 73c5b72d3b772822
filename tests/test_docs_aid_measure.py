"""The aid's size is searched on text set once at scale 1 (platypus's line counts at
widths scaled down): that shortcut must give what a platypus layout at each size gives,
or hand the decision to platypus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table

from pnp.render import aid
from pnp.render.blocks import Block, flatten, stack_height
from pnp.render.doc_layout import aid_layout
from pnp.render.markdown import to_flowables
from pnp.render.measure import Unsure, fits, measure
from pnp.render.measure import stack_height as measured_height
from pnp.spec.components import AidComponent
from pnp.spec.load import list_games, load_game

ACCENT = "#1d3557"
SCALES = [0.6 + i * 0.0173 for i in range(45)]
"""Sizes from 6 to 13.6 pt body, in steps that land on no round number."""


def _search_of(game: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The arguments and the answer of the size search for the game's aid."""
    seen: dict[str, Any] = {}
    real = aid.search_scale

    def spy(markdown: str, width: float, avail: float, accent: str) -> tuple[float | None, float]:
        seen.update(markdown=markdown, width=width, avail=avail, accent=accent)
        seen["lo"], seen["hi"] = real(markdown, width, avail, accent)
        return seen["lo"], seen["hi"]

    monkeypatch.setattr(aid, "search_scale", spy)
    g = load_game(game)
    aid_layout(g, next(c for c in g.spec.components if isinstance(c, AidComponent)))
    return seen


def _platypus_height(markdown: str, width: float, scale: float) -> float:
    """Height of the text laid out by platypus; infinite when a table is too wide."""
    flow = to_flowables(markdown, width, scale, ACCENT, keep_headings=False)
    if any(getattr(f, "overflow", 0) > 0 for f in flow if isinstance(f, Table)):
        return float("inf")
    return stack_height(flow, width)


def _sweep(markdown: str, width: float) -> int:
    """Compare measured and platypus heights at every size; how many were measured."""
    measured = measure(to_flowables(markdown, width, 1.0, ACCENT, keep_headings=False))
    assert measured is not None
    checked = 0
    for scale in SCALES:
        real = _platypus_height(markdown, width, scale)
        try:
            fast = measured_height(measured, scale, width)
        except Unsure:
            continue
        checked += 1
        assert fast == (real if real == float("inf") else pytest.approx(real, abs=1e-9)), scale
    return checked


@pytest.mark.parametrize("game", list_games())
def test_chosen_size_fits_in_platypus_and_the_next_step_up_does_not(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = _search_of(game, monkeypatch)
    lo, hi = s["lo"], s["hi"]
    assert lo is not None and lo < hi, "every shipped aid is searched, none fits at the top"
    assert hi - lo < (aid.MAX_BODY_PT - aid.MIN_BODY_PT) / aid.BODY_PT_AT_SCALE_1 / 2**13
    assert _platypus_height(s["markdown"], s["width"], lo) <= s["avail"]
    assert _platypus_height(s["markdown"], s["width"], hi) > s["avail"]


@pytest.mark.parametrize("game", list_games())
def test_measured_height_is_platypus_height_at_every_size(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = _search_of(game, monkeypatch)
    assert _sweep(s["markdown"], s["width"]) == len(SCALES)


HARD = """## Lists, breaks and a table that must squeeze

1. A numbered item whose words run over **several lines** in a narrow *panel* of text.
   - a nested bullet, **bold**then plain glued together, and *italic* words
   - second bullet
2. Another item.<br>with a break

Line one\\
line two after a hard break, then some more words to wrap around.

> An example, kept together, set in italics over two or three lines of the panel.

| Who | What they do on their turn, described at some length | Cost |
|---|---|---:|
| Alice | draws two cards and discards one of them face down | $3 |
| Bob | passes | 12 |
"""


@pytest.mark.parametrize("width_mm", [50.0, 61.0, 80.0])
def test_lists_breaks_and_squeezed_tables_measure_as_platypus_sets_them(width_mm: float) -> None:
    assert _sweep(HARD, width_mm * mm) >= len(SCALES) - 2


def test_a_decision_too_close_to_call_is_left_to_platypus() -> None:
    width = 60 * mm
    measured = measure(to_flowables(HARD, width, 1.0, ACCENT, keep_headings=False))
    assert measured is not None
    height = measured_height(measured, 1.0, width)
    with pytest.raises(Unsure):
        fits(measured, 1.0, width, height + 1e-7)
    assert fits(measured, 1.0, width, height + 1e-3)
    assert not fits(measured, 1.0, width, height - 1e-3)


def test_text_the_measurement_does_not_cover_is_not_measured(tmp_path: Path) -> None:
    longword = "x" * 400
    measured = measure(to_flowables(longword, 60 * mm, 1.0, ACCENT, keep_headings=False))
    assert measured is not None
    with pytest.raises(Unsure, match="longer than its line"):
        measured_height(measured, 1.0, 60 * mm)
    svg = tmp_path / "figure.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">'
        '<rect width="20" height="10"/></svg>'
    )
    assert measure(to_flowables(f"![a figure]({svg})", 60 * mm, 1.0, ACCENT)) is None


@pytest.mark.parametrize("game", list_games())
def test_the_search_asks_platypus_about_few_widths(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Platypus alone would break every paragraph at each of the SEARCH_STEPS + 2 sizes
    tried; the measurement breaks each once at scale 1 (table cells for their natural
    width) and then, at most sizes, none or one or two: those at the edge of a line."""
    s = _search_of(game, monkeypatch)
    flow = to_flowables(s["markdown"], s["width"], 1.0, ACCENT, keep_headings=False)
    texts = sum(len(r) * len(r[0]) if isinstance(f, Table) else 1 for f, r in _shapes(flow))
    broken = [0]
    real = Paragraph.breakLines

    def counting(self: Paragraph, width: Any) -> Any:
        broken[0] += 1
        return real(self, width)

    monkeypatch.setattr(Paragraph, "breakLines", counting)
    assert aid.search_scale(s["markdown"], s["width"], s["avail"], s["accent"])[0] == s["lo"]
    trials = aid.SEARCH_STEPS + 2
    assert broken[0] <= texts + 2 * trials, (broken[0], texts)


def _shapes(flow: list[Any]) -> list[tuple[Any, list[list[Any]]]]:
    """Each paragraph or table of the flow, with a table's rows."""
    return [(f, getattr(f, "rows", [])) for f in flatten(flow) if isinstance(f, Block | Table)]
