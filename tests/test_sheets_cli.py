"""The sheet options of `pnp build`: bad values are usage errors that name the option."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--margin", "nan"], "'--margin': nan is not a number from 0 to 20 mm"),
        (["--margin", "25"], "'--margin': 25 is not a number from 0 to 20 mm"),
        (["--margin", "-1"], "'--margin': -1 is not a number from 0 to 20 mm"),
        (
            ["--layout", "zigzag"],
            "'--layout': no layout 'zigzag' (layouts: auto, grid, gutter, fold)",
        ),
        (["--cut-file", "dxf"], "'--cut-file': no cut file format 'dxf' (cut file formats: svg)"),
    ],
)
def test_bad_sheet_options_are_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "boom", "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output and not list(tmp_path.iterdir())


def test_sheet_options_reach_the_manifest(tmp_path: Path) -> None:
    args = ["--margin", "8", "--layout", "gutter", "--deck-per-sheet", "--registration"]
    result = CliRunner().invoke(
        app, ["build", "boom", "--only", "cards", "--out", str(tmp_path), *args]
    )
    assert result.exit_code == 0, result.output
    options = json.loads((tmp_path / "manifest.json").read_text())["options"]
    assert options["margin_mm"] == 8.0 and options["layout"] == "gutter"
    assert options["deck_per_sheet"] is True and options["registration"] is True
    assert "shows the card's own colour" in options["layout_reason"]
    assert options["bleed_mm"] == 3.0
