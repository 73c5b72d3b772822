"""Ink: `--ink-saver` lightens large solid areas and keeps every cue;
the ink coverage of each file, with and without it, is measured and reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import ImageChops
from typer.testing import CliRunner

from pnp.build.game import build_game
from pnp.cli.app import app
from pnp.layout.cards import lay_out_faces
from pnp.layout.ink import (
    LARGE_FILL_MM2,
    LIGHT,
    READABLE,
    face_coverage,
    file_coverage,
    ink,
    is_large_fill,
    save_ink,
    tint,
)
from pnp.layout.ops import Face, Icon, Shape, TextBlock
from pnp.layout.tints import contrast
from pnp.plan.outputs import lay_out_sheet, sheet_plans
from pnp.plan.settings import BuildOptions
from pnp.render.raster import rasterise
from pnp.spec.colour import Colour
from pnp.spec.load import load_game

GAMES = ("bidness", "bigidea", "boom", "oldbiddy", "smallprint")
PX_PER_MM = 4


def _raster_coverage(faces: dict[str, Face]) -> dict[str, float]:
    """Each face rendered by pdfium at 4 px/mm, each pixel counted by its heaviest ink."""
    size = {k: (round(f.width * PX_PER_MM), round(f.height * PX_PER_MM)) for k, f in faces.items()}
    out = {}
    for key, image in rasterise(faces, 0.0, size):
        lightest = ImageChops.darker(
            ImageChops.darker(image.getchannel("R"), image.getchannel("G")),
            image.getchannel("B"),
        )
        hist = lightest.histogram()
        out[key] = sum(n * (255 - v) for v, n in enumerate(hist)) / 255 / sum(hist)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_coverage_from_ops_agrees_with_the_rendered_pixels(game_id: str) -> None:
    """The laid-out estimate is within 3 points of pdfium's pixels, as drawn and saved."""
    faces = lay_out_faces(load_game(game_id))
    keys = list(faces)[:6] + [k for k in faces if k.startswith("back:")]
    sample = {k: faces[k] for k in keys}
    saved = {k: save_ink(f) for k, f in sample.items()}
    for group in (sample, saved):
        pixels = _raster_coverage(group)
        for key, face in group.items():
            assert face_coverage(face) == pytest.approx(pixels[key], abs=0.03), key


@pytest.mark.parametrize("game_id", GAMES)
def test_ink_saver_lowers_every_file_with_large_fills(game_id: str) -> None:
    """Every sheet file whose faces or page decor hold a large fill inks less with
    --ink-saver; a file without one (counters) inks the same."""
    game = load_game(game_id)
    for plan in sheet_plans(game, BuildOptions()):
        if plan.kind == "aid":
            continue
        pages, faces = lay_out_sheet(game, plan, BuildOptions())
        plain, saved = file_coverage(pages, faces)
        decor = [Face(p.size[0], p.size[1], tuple(p.decor)) for p in pages if p.decor]
        large = any(
            isinstance(op, Shape) and is_large_fill(op, f)
            for f in [*faces.values(), *decor]
            for op in f.ops
        )
        if large:
            assert saved < plain * 0.9, plan.path
        else:
            assert saved == plain, plan.path


@pytest.mark.parametrize("game_id", GAMES)
def test_ink_saver_keeps_every_cue(game_id: str) -> None:
    """Same ops in the same order; texts and icons kept (light ones, and text too pale to
    read on a tint, recoloured to the fill they stand on, so they still contrast); only
    large fills change, to tints of their own colour."""
    faces = lay_out_faces(load_game(game_id))
    for key, face in faces.items():
        saved = save_ink(face)
        assert len(saved.ops) == len(face.ops), key
        for before, after in zip(face.ops, saved.ops, strict=True):
            assert type(before) is type(after)
            if isinstance(before, Shape):
                assert isinstance(after, Shape)
                if is_large_fill(before, face):
                    assert before.fill is not None
                    assert after.fill == tint(before.fill)
                    assert ink(after.fill) < ink(before.fill)
                else:
                    assert after == before  # bands, chits, rules, small fills
            elif isinstance(before, TextBlock):
                assert isinstance(after, TextBlock)
                assert after.lines == before.lines and after.runs == before.runs
                if after.color != before.color:  # light, or too pale to read on a tint
                    pale = contrast(before.color, "#ffffff") < READABLE
                    assert Colour.of(before.color).luminance > LIGHT or pale
                    assert Colour.of(after.color).luminance < LIGHT
                    under = [f for f in saved.ops[: saved.ops.index(after)] if _under(after, f)]
                    assert under and under[-1].fill is not None
                    assert contrast(after.color, under[-1].fill) >= READABLE
            elif isinstance(before, Icon):
                assert isinstance(after, Icon) and after.path == before.path


def _under(t: TextBlock, op: object) -> bool:
    """Whether ``op`` is a fill under the centre of ``t``."""
    if not isinstance(op, Shape) or not op.fill or op.kind == "line":
        return False
    cx, cy = t.centre
    return op.x <= cx <= op.x + op.w and op.y <= cy <= op.y + op.h


def test_a_large_fill_is_large_in_mm() -> None:
    """A poker card's full-bleed background (63.5 × 88.9 mm) is large; its 57 × 11.6 mm
    header band and a 26 mm counter are not (the threshold is LARGE_FILL_MM2)."""
    card = Face(63.5, 88.9, ())
    assert is_large_fill(Shape("rect", 0, 0, 63.5, 88.9, "#1d3557", None, 0, 0), card)
    assert not is_large_fill(Shape("rect", 3.2, 3.2, 57.1, 11.6, "#1d3557", None, 0, 0), card)
    chit = Face(26, 26, ())
    assert LARGE_FILL_MM2 > 26 * 26
    assert not is_large_fill(Shape("rect", 0, 0, 26, 26, "#4caf50", None, 0, 0), chit)


def test_manifest_and_summary_give_the_coverage(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "ob"
    result = runner.invoke(app, ["build", "oldbiddy", "--ink-saver", "--jobs", "1",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["options"]["ink_saver"] is True
    files = {f["path"]: f for f in manifest["files"]}
    cards = files["oldbiddy-cards.pdf"]["ink"]
    assert 0 < cards["ink_saver"] < cards["coverage"] < 1
    for line in result.output.splitlines():
        if ".pdf" in line:  # every file, documents too (measured on their pixels)
            assert "ink " in line and "with --ink-saver" in line, line


def test_ink_saver_builds_are_byte_identical(tmp_path: Path) -> None:
    game = load_game("smallprint")
    options = BuildOptions(ink_saver=True)
    build_game(game, options, tmp_path / "a", frozenset({"cards", "board"}))
    build_game(game, options, tmp_path / "b", frozenset({"cards", "board"}))
    for pdf in sorted((tmp_path / "a").glob("*.pdf")):
        assert pdf.read_bytes() == (tmp_path / "b" / pdf.name).read_bytes(), pdf.name
    plain = tmp_path / "plain"
    build_game(game, BuildOptions(), plain, frozenset({"cards"}))
    assert (plain / "smallprint-cards.pdf").read_bytes() != (
        tmp_path / "a" / "smallprint-cards.pdf"
    ).read_bytes()
