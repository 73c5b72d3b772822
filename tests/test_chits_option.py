"""`--chits square|shaped`: a bad value is a usage error naming the choices."""

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


def test_validate_lays_out_both_chit_styles(mini_cards: Path) -> None:
    """A word that fits a 20 mm square at 6 pt (16 mm inside its 2 mm safe zone, the
    diamond an emblem above it) but not a 20 mm diamond: validate finds it, though the
    default build would not meet it."""
    game_yaml = mini_cards / "mini" / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(
        text
        + """components:
  - kind: tokens
    id: bits
    title: Bits
    groups:
      - title: Odd
        token: {label: X, sub: Semiconductor, count: '3', color: '#000000', size_mm: '20',
                shape: diamond}
"""
    )
    square = runner.invoke(app, ["build", "mini", "--cards", str(mini_cards), "--only", "tokens",
                                 "--out", str(mini_cards / "out")])  # fmt: skip
    assert square.exit_code == 0, square.output
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1
    assert "sub" in result.output and "'Semiconductor'" in result.output
