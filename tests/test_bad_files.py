"""Files a game brings, checked before use (pnp/text/game_assets.py and
pnp/text/fonts.py): the cases the fixture overlay of test_bad_input.py cannot hold
(symlinks, which the overlay copies as files) and the SVG reference rules one by one."""

from __future__ import annotations

import base64
import io
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from typer.testing import CliRunner

from pnp._errors import DataError
from pnp.cli.app import app
from pnp.spec.paths import fonts_root, templates_root
from pnp.text.game_assets import IMAGE_PIXELS, SVG_DEPTH, image_size, svg_size

runner = CliRunner()
XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"'
SVG = '<svg xmlns="http://www.w3.org/2000/svg" ' + XLINK + " {}>{}</svg>"


def _png(size: tuple[int, int], mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, 0).save(out, "PNG")
    return out.getvalue()


def _svg(tmp_path: Path, attrs: str, body: str = "") -> Path:
    path = tmp_path / "x.svg"
    path.write_text(SVG.format(attrs, body))
    return path


def _refused(check: object, path: Path, message: str) -> None:
    with pytest.raises(DataError) as err:
        check(path, "figure 'x.svg'", None)  # type: ignore[operator]
    assert message in err.value.message, err.value.message
    assert "figure 'x.svg'" in err.value.message and path.name in err.value.message


@pytest.mark.parametrize(
    ("attrs", "body", "size"),
    [
        ('viewBox="0 0 20 10"', "", (20.0, 10.0)),  # the bundled icons: a viewBox only
        ('width="3mm" height="2mm"', "", (3.0, 2.0)),
        ('width="100%" height="100%" viewBox="0,0,4,8"', "", (4.0, 8.0)),
        ('width="4" height="4"', '<use xlink:href="#a"/><rect fill="url(#g)"/>', (4.0, 4.0)),
    ],
)
def test_plain_svgs_pass_with_their_size(
    tmp_path: Path, attrs: str, body: str, size: tuple[float, float]
) -> None:
    assert svg_size(_svg(tmp_path, attrs, body), "figure 'x.svg'", None) == size


@pytest.mark.parametrize(
    ("attrs", "body", "message"),
    [
        ("", "", "has no size"),
        ('width="-3" height="4"', "", "has width '-3'"),
        ('width="inf" height="4"', "", "has width 'inf'"),
        ('width="4" height="4" viewBox="0 0 nan 1"', "", "has viewBox '0 0 nan 1'"),
        ('viewBox="0 0 4"', "", "give four numbers"),
        ('width="4" height="4"', '<image href="art.png"/>', "refers to the file 'art.png'"),
        ('width="4" height="4"', '<use xlink:href="other.svg#a"/>', "refers to the file"),
        (
            'width="4" height="4"',
            '<image href="data:text/plain,hi"/>',
            "not a base64 data:image/ URL",
        ),
        ('width="4" height="4"', '<rect fill="url(/etc/x.svg#g)"/>', "in url(...)"),
        ('width="4" height="4"', "<style>rect {fill: url(x.png)}</style>", "in url(...)"),
        ('width="4" height="4"', '<style>@import "x.css";</style>', "imports a style sheet"),
    ],
)
def test_bad_svgs_are_refused(tmp_path: Path, attrs: str, body: str, message: str) -> None:
    _refused(svg_size, _svg(tmp_path, attrs, body), message)


def test_entities_and_broken_xml_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.svg"
    entity = '<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
    path.write_text(entity + SVG.format('width="4" height="4"', "&e;"))
    _refused(svg_size, path, "declares entities")
    path.write_text("<svg")
    _refused(svg_size, path, "is not well-formed XML")
    path.write_text("<html/>")
    _refused(svg_size, path, "is not an SVG")


def test_an_embedded_picture_is_checked_like_a_file(tmp_path: Path) -> None:
    """A data: URL is drawn by svglib without a file; its pixels count all the same."""
    small = base64.b64encode(_png((4, 4))).decode()
    ok = _svg(tmp_path, 'width="4" height="4"', f'<image href="data:image/png;base64,{small}"/>')
    assert svg_size(ok, "figure 'x.svg'", None) == (4.0, 4.0)
    bomb = base64.b64encode(_png((8000, 6000), "1")).decode()  # 48 MP, 6 KB
    path = _svg(tmp_path, 'width="4" height="4"', f'<image href="data:image/png;base64,{bomb}"/>')
    _refused(svg_size, path, f"more than {IMAGE_PIXELS // 1_000_000} megapixels")


def test_images_beyond_the_pixel_limit_or_of_other_formats_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.png"
    path.write_bytes(_png((7000, 6000), "1"))  # 42 MP: under Pillow's own 89 MP warning
    _refused(image_size, path, "more than 40 megapixels (a whole A4 page at 300 dpi is 9)")
    path.write_bytes(_png((30, 20)))
    assert image_size(path, "figure 'x.svg'", None) == (30, 20)
    eps = tmp_path / "x.jpg"  # Pillow would hand an EPS to Ghostscript
    eps.write_bytes(b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n")
    _refused(image_size, eps, "is a PostScript (EPS) file; pnp reads PNG, JPEG, GIF and WebP")


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        (b"%PDF-1.7\n", "a PDF document"),
        (b"8BPS\x00\x01", "a Photoshop (PSD) file"),
        (b"\x00\x00\x00\x18ftypheic\x00\x00", "a HEIC image"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "an SVG drawing"),
        (b"plain words", "is not an image pnp can read ("),
    ],
)
def test_a_picture_pnp_does_not_read_is_named_by_its_format(
    tmp_path: Path, head: bytes, kind: str
) -> None:
    path = tmp_path / "x.png"
    path.write_bytes(head + bytes(64))
    _refused(image_size, path, kind)
    _refused(image_size, path, "pnp reads PNG, JPEG, GIF and WebP images")


def _plain_layout(cards: Path, font: str) -> None:
    game = cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + "    layout: plain\n")
    layouts = cards / "mini" / "templates" / "cards"
    layouts.mkdir(parents=True)
    (layouts / "plain.yaml").write_text(
        "size: poker\nelements:\n"
        f'  - {{kind: text, text: "{{{{ card.name }}}}", rect: [5, 5, 50, 10], font: {font}}}\n'
    )


def test_a_font_linked_from_outside_the_game_is_refused(mini_cards: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.ttf"
    outside.write_bytes((fonts_root() / "Lato-Bold.ttf").read_bytes())
    (mini_cards / "mini" / "fonts").mkdir()
    os.symlink(outside, mini_cards / "mini" / "fonts" / "Linked.ttf")
    _plain_layout(mini_cards, "Linked")
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert "mini/templates/cards/plain.yaml:3:5: error: font 'Linked'" in result.output
    assert "is a link to a file outside the game folder" in result.output
    assert "Traceback" not in result.output


def test_a_font_linked_inside_the_game_is_read(mini_cards: Path) -> None:
    fonts = mini_cards / "mini" / "fonts"
    fonts.mkdir()
    (fonts / "Real.ttf").write_bytes((fonts_root() / "Lato-Bold.ttf").read_bytes())
    os.symlink(fonts / "Real.ttf", fonts / "Linked.ttf")
    _plain_layout(mini_cards, "Linked")
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 0, result.output


def test_an_icon_linked_from_outside_the_game_is_refused(mini_cards: Path) -> None:
    game = mini_cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + "    icon: odd\n")
    icons = mini_cards / "mini" / "templates" / "icons"
    icons.mkdir(parents=True)
    os.symlink(Path("/etc/hostname"), icons / "odd.svg")
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert "mini/game.yaml:16:5: error: icon 'odd' is a link to a file outside" in result.output


def test_every_bundled_icon_passes() -> None:
    for path in sorted((templates_root() / "icons").glob("*.svg")):
        width, height = svg_size(path, f"icon {path.stem!r}", None)
        assert width > 0 and height > 0, path


def test_byte_limits_are_checked_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limits are read at each call, so a small file stands in for a large one."""
    import pnp.text.game_assets as files

    image = tmp_path / "x.png"
    image.write_bytes(_png((4, 4)))
    monkeypatch.setattr(files, "IMAGE_BYTES", 10)
    _refused(image_size, image, f"is {image.stat().st_size:,} bytes, more than 10")
    monkeypatch.setattr(files, "SVG_BYTES", 10)
    _refused(svg_size, _svg(tmp_path, 'viewBox="0 0 1 1"'), "bytes, more than 10")


def test_a_truncated_picture_figure_is_refused_by_validate(mini_cards: Path) -> None:
    """PNG figures go through the same check as card images (Pillow verify, then load)."""
    game = mini_cards / "mini" / "game.yaml"
    game.write_text(game.read_text() + "rulebook: rules.md\n")
    templates = mini_cards / "mini" / "templates"
    templates.mkdir()
    (templates / "rules.md").write_text("# Mini\n\n![A map](map.png)\n")
    whole = _png((40, 30))
    (templates / "map.png").write_bytes(whole[: len(whole) // 2])
    result = runner.invoke(app, ["validate", "mini", "--cards", str(mini_cards)])
    assert result.exit_code == 1, result.output
    assert "error: figure 'map.png' is not an image pnp can read" in result.output
    assert "(file " in result.output and "map.png)" in result.output


def _nested(tmp_path: Path, levels: int) -> Path:
    """An SVG whose one shape lies inside ``levels`` groups (root and shape: levels + 2)."""
    shape = '<path d="M0 0 L16 0 L16 16 Z"/>'
    path = tmp_path / f"nested-{levels}.svg"
    path.write_text(SVG.format('viewBox="0 0 16 16"', "<g>" * levels + shape + "</g>" * levels))
    return path


def test_an_svg_nested_deeper_than_the_limit_is_refused(tmp_path: Path) -> None:
    assert svg_size(_nested(tmp_path, SVG_DEPTH - 2), "figure 'x.svg'", None) == (16.0, 16.0)
    depth = SVG_DEPTH + 1
    path = _nested(tmp_path, depth - 2)
    _refused(svg_size, path, f"is an SVG nested {depth} levels deep; at most {SVG_DEPTH}")


def test_svglib_draws_an_svg_at_the_limit_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit is below where svglib's parser drops elements without a word (256
    levels), so what passes the check is drawn, shape and all."""
    from pnp.render.svg import icon_shapes

    def innermost(node: dict[str, Any]) -> str:
        while node["children"]:
            node = node["children"][0]
        return str(node["kind"])

    monkeypatch.setenv("PNP_NO_CACHE", "1")
    assert innermost(icon_shapes(str(_nested(tmp_path, SVG_DEPTH - 2)))[2]) == "path"
    assert innermost(icon_shapes(str(_nested(tmp_path, 300)))[2]) == "group"  # the limit's why
