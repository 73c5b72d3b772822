"""Figures in rulebooks: `![caption](file.svg)` names a file in the game's templates,
found as safely as any template, drawn as vectors in the embedded font only."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli.app import app

runner = CliRunner()


def _book(cards: Path, line: str) -> None:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + "rulebook: rules.md\n")
    (cards / "mini" / "templates").mkdir(exist_ok=True)
    (cards / "mini" / "templates" / "rules.md").write_text(f"# Mini\n\nFold it.\n\n{line}\n")


def _fonts(pdf: Path) -> set[str]:
    out = set()
    for page in PdfReader(pdf).pages:
        fonts = page["/Resources"].get("/Font", {})
        out |= {str(f.get_object()["/BaseFont"]) for f in fonts.values()}
        for xobj in page["/Resources"].get("/XObject", {}).values():
            res = xobj.get_object().get("/Resources", {})
            out |= {str(f.get_object()["/BaseFont"]) for f in res.get("/Font", {}).values()}
    return out


def test_a_bundled_figure_prints_with_its_caption(mini_cards: Path, tmp_path: Path) -> None:
    _book(mini_cards, "![Fold at the dashed lines.](figures/screen-fold.svg)")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "mini", "--cards", str(mini_cards), "--out", str(out)])
    assert result.exit_code == 0, result.output
    pdf = out / "mini-rulebook.pdf"
    assert "Fold at the dashed lines." in PdfReader(pdf).pages[0].extract_text()
    assert all("Lato" in f for f in _fonts(pdf)), _fonts(pdf)  # no unembedded Helvetica


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("![x](/etc/passwd.svg)", "figure: '/etc/passwd.svg' is outside the game folder"),
        ("![x](../../x.svg)", "is outside the game folder"),
        ("![x](rules.md)", "figure 'rules.md': use an .svg, .png or .jpg file"),
        ("![x](nothing.svg)", "figure: 'nothing.svg' not found"),
    ],
)
def test_bad_figures_are_refused(mini_cards: Path, line: str, message: str) -> None:
    _book(mini_cards, line)
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output
    assert "mini/templates/rules.md:" in result.output


def test_a_figure_prints_the_same_twice_and_leaves_nothing_in_the_cache(
    mini_cards: Path, tmp_path: Path
) -> None:
    """No pickle of svglib's drawing is kept in the user's cache (no pickles of
    other libraries' objects); each build reads the SVG again and prints the same PDF."""
    import os
    import subprocess
    import sys

    _book(mini_cards, "![Fold at the dashed lines.](figures/screen-fold.svg)")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    books = []
    for n in (1, 2):
        out = tmp_path / f"out{n}"
        where = ["--cards", str(mini_cards), "--out", str(out)]
        args = ["build", "mini", "--only", "rulebook", "--jobs", "1", *where]
        subprocess.run([sys.executable, "-m", "pnp", *args], env=env, check=True)
        books.append((out / "mini-rulebook.pdf").read_bytes())
    assert books[0] == books[1]
    assert not list((tmp_path / "cache").rglob("*.pickle"))
