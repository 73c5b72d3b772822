"""Track sheets (kind `track`): a track drawn as a path of spaces in the order of its data
table, each space with its value on a tab beside it, and a table beside the track.
Every number comes from the data: these tests change the data and look."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.layout.ops import Shape, TextBlock
from pnp.layout.pages import Page
from pnp.layout.track import TAB_MM, lay_out_track
from pnp.spec.load import load_game

TRACK = """
accent: "#7a2e2e"
tables:
  start_at: 40
  heat:
    - {step: 50, extra: 0}
    - {step: 40, extra: 3}
    - {step: 30, extra: 8}
    - {step: 20, extra: 21}
  payout:
    - {roll: 1, paid: 10}
    - {roll: 2, paid: 25}
    - {roll: 3, paid: 70}
components:
  - kind: track
    id: heat
    title: Heat track
    sections:
      - type: track
        title: Heat
        table: heat
        label: "row.step"
        value: "'Extra +' ~ row.extra"
        start: "row.step == tables.start_at"
        icon: burn
        space_mm: 26
        note: "Starts on {{ tables.start_at }}."
      - type: table
        beside: true
        title: Payout
        header: [Roll, Paid]
        table: payout
        label: "row.roll"
        value: "row.paid"
"""


def _page(cards: Path, paper: str = "a4") -> Page:
    game_yaml = cards / "mini" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + TRACK)
    game = load_game("mini", cards)
    (page,) = lay_out_track(game, game.spec.components[0], 0, paper, 6.0)
    return page


def _spaces(page: Page, side: float) -> list[Shape]:
    """The track's spaces: square rounded boxes of the declared side, top to bottom."""
    found = [
        op for op in page.decor
        if isinstance(op, Shape) and op.kind == "rect" and op.w == op.h == side and op.radius
    ]  # fmt: skip
    return sorted(found, key=lambda op: op.y)


def _text_in(page: Page, x0: float, y0: float, x1: float, y1: float) -> list[str]:
    """Lines of text whose baseline lies in the box (mm, y down)."""
    return [
        line
        for op in page.decor
        if isinstance(op, TextBlock)
        for x, y, line in op.lines
        if x0 <= x <= x1 and y0 <= y <= y1
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_spaces_follow_the_table_in_order_each_with_its_value(mini_cards: Path, paper: str) -> None:
    page = _page(mini_cards, paper)
    spaces = _spaces(page, 26)
    assert len(spaces) == 4  # one per row of tables.heat
    assert len({op.x for op in spaces}) == 1  # a column...
    steps = [b.y - a.y for a, b in zip(spaces, spaces[1:], strict=False)]
    assert steps == pytest.approx([steps[0]] * 3) and steps[0] > 26  # ...evenly, in order
    for space, (step, extra) in zip(spaces, [(50, 0), (40, 3), (30, 8), (20, 21)], strict=True):
        inside = _text_in(page, space.x, space.y, space.x + 26, space.y + 26)
        assert inside[0] == str(step)
        beside = _text_in(page, space.x + 26, space.y, space.x + 26 + TAB_MM, space.y + 26)
        assert beside == [f":burn: Extra +{extra}"]  # the value, and its icon, beside it


def test_a_ribbon_and_chevrons_join_the_spaces(mini_cards: Path) -> None:
    page = _page(mini_cards)
    spaces = _spaces(page, 26)
    centre = spaces[0].x + 13
    ribbon = [
        op for op in page.decor
        if isinstance(op, Shape) and op.kind == "rect" and op.x < centre < op.x + op.w
        and op.h > 26 * 3
    ]  # fmt: skip
    assert ribbon and ribbon[0].y <= spaces[0].y + 13 and ribbon[0].y + ribbon[0].h >= spaces[-1].y
    lines = [op for op in page.decor if isinstance(op, Shape) and op.kind == "line"]
    for a, b in zip(spaces, spaces[1:], strict=False):  # a 'v' in every gap, pointing down
        gap = [op for op in lines if a.y + 26 < op.y < b.y and abs(op.x - centre) < 4]
        assert len(gap) == 2


def test_the_start_space_is_flagged_from_the_data(mini_cards: Path) -> None:
    page = _page(mini_cards)
    spaces = _spaces(page, 26)
    (flag,) = [op for op in page.decor if isinstance(op, TextBlock) and op.lines[0][2] == "START"]
    start = spaces[1]  # tables.start_at is 40, the second row
    assert start.y < flag.lines[0][1] < start.y + 26
    assert flag.lines[0][0] < start.x


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_table_stands_beside_the_track_and_nothing_is_under_6_pt(
    mini_cards: Path, paper: str
) -> None:
    page = _page(mini_cards, paper)
    spaces = _spaces(page, 26)
    words = {line: op for op in page.decor if isinstance(op, TextBlock) for *_, line in op.lines}
    track_right = spaces[0].x + 26 + TAB_MM
    assert words["Roll"].lines[0][0] > track_right  # beside, not below
    assert words["Payout"].lines[0][1] == pytest.approx(words["Heat"].lines[0][1])  # tops level
    assert words["70"].lines[0][1] < spaces[-1].y + 26  # within the track's height
    for op in page.decor:
        if isinstance(op, TextBlock):
            assert op.size >= 6.0, op.lines  # nothing under 6 pt on a printed piece


def test_boom_track_reads_its_surcharges_from_the_data() -> None:
    game = load_game("boom")
    index, comp = next((i, c) for i, c in enumerate(game.spec.components) if c.kind == "track")
    (page,) = lay_out_track(game, comp, index, "a4", 6.0)
    spaces = _spaces(page, comp.sections[0].space_mm)
    rows = game.spec.tables["ipo_track"]
    assert len(spaces) == len(rows)
    for space, row in zip(spaces, rows, strict=True):
        s = space.w
        assert _text_in(page, space.x, space.y, space.x + s, space.y + s)[0] == str(row["limit"])
        (tab,) = _text_in(page, space.x + s, space.y, space.x + s + TAB_MM, space.y + s)
        assert tab.endswith(f"+${row['surcharge']}m")  # boom.txt's track: 6 +0 … 1 +15
