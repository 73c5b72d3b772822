"""`--chits square|shaped` (issue 23 §2): a bad value is a usage error naming the choices."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pnp.cli.app import app

runner = CliRunner()


def test_an_unknown_chit_style_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "boom", "--chits", "round", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "no chit style 'round' (chit styles: square, shaped)" in result.output
    assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())


def test_help_names_both_chit_styles() -> None:
    result = runner.invoke(app, ["build", "--help"], terminal_width=200)
    assert "--chits" in result.output and "square|shaped" in result.output
