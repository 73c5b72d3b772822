"""The back-offset test sheet reads, in --back-offset terms, the correction a printer needs."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.layout.calibration import calibration_pages, scale_marks, targets
from pnp.layout.paper import PAPERS_MM
from pnp.layout.sheet import mirror


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("shift", [(-3, 0), (2, -4), (0, 5), (-5, 5)])
def test_the_mark_behind_each_line_is_the_offset_that_cancels_the_shift(
    paper: str, shift: tuple[int, int]
) -> None:
    w, h = PAPERS_MM[paper]
    dx, dy = shift  # how far the printer moves the back page (PDF axes: +x right, +y up)
    for fx, fy in targets(paper):  # a front crosshair, mm with y down
        reading = {}
        for axis, mx, my, value in scale_marks(w - fx, fy):
            # where this back mark lands, in front-page PDF coordinates, after the shift
            x0, y0, _, _ = mirror((mx + dx, h - my + dy, mx + dx, h - my + dy), w)
            if axis == "X" and abs(x0 - fx) < 1e-9:
                reading["X"] = value  # behind the cross's vertical line
            if axis == "Y" and abs(y0 - (h - fy)) < 1e-9:
                reading["Y"] = value  # behind the cross's horizontal line
        assert (reading["X"], reading["Y"]) == (-dx, -dy)  # --back-offset -dx,-dy cancels it


def test_sheet_is_a_front_and_a_back_inside_the_margin() -> None:
    front, back = calibration_pages("letter")
    assert (front.side, back.side) == ("front", "back")
    for page in (front, back):
        for op in page.decor:
            x, y = (op.x, op.y) if hasattr(op, "x") else op.lines[0][:2]
            assert 5 <= x <= page.size[0] - 5 and 5 <= y <= page.size[1] - 5


def test_calibrate_command_writes_the_pdf(tmp_path) -> None:  # type: ignore[no-untyped-def]
    result = CliRunner().invoke(app, ["calibrate", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "calibration-letter.pdf").stat().st_size > 1000
    assert CliRunner().invoke(app, ["calibrate", "--paper", "a3"]).exit_code == 2
