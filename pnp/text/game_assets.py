"""Files a game brings — card images, SVG icons and figures — checked before anything draws
them: `pnp validate` reads each one where layout first finds it, so a file that
would crash, hang or leak at build time is an error naming the file and the key that named it.

Fonts are checked where they are parsed (pnp.text.fonts); this module holds the limits and
the image and SVG checks. Every check raises :class:`DataError` at the caller's location
with ``what`` (the card or key that brought the file in) and the file's path.
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import re
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp._errors import DataError, Location, display_path, shown
from pnp.spec.gamefiles import Unreadable, read_game_file

IMAGE_BYTES = 50_000_000
"""Largest image file read: 40 MP of RGB is 120 MB uncompressed, and a photographic PNG
is roughly half that (an estimate, not measured on real art); flat art is far smaller."""
IMAGE_PIXELS = 40_000_000
"""Most pixels in one image. Pictures print inside a card layout or a rulebook figure, so
never larger than a page: a whole A4 page (pnp's largest paper) at 300 dpi is 2480×3508 =
8.7 MP, and 40 MP leaves room for 600 dpi art (34.8 MP on A4). Decoded as RGBA it is
160 MB; Pillow's own limit (89 MP warns, 179 MP fails) would let a 144 MP bomb of a few KB
on disk take 576 MB."""
PIXELS_PROBLEM = (
    f"more than {IMAGE_PIXELS // 1_000_000} megapixels (a whole A4 page at 300 dpi is 9)"
)
IMAGE_FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
"""What Pillow may decode: the formats a designer exports. Others (EPS runs Ghostscript)
are refused before a plugin sees them, named by their first bytes (TIFF, BMP...)."""
SVG_BYTES = 5_000_000
"""Largest SVG file read (the bundled icons are under 2 KB; a detailed map is ~1 MB)."""
SVG_DEPTH = 200
"""Deepest nesting of elements in an SVG (the bundled icons have 2 levels; drawings from
Inkscape or Illustrator a dozen or so). svglib's parser (libxml2) drops, without a word,
whatever lies deeper than 256 levels, and the drawing prints blank."""

_SVG_NS = "{http://www.w3.org/2000/svg}"
_HREF = re.compile(r"^(\{[^}]*\})?href$")  # xlink:href, href, or any namespace
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.IGNORECASE)
_LENGTH = re.compile(r"^\s*([-+]?[0-9.eE+-]+|nan|inf|infinity)\s*(px|pt|pc|mm|cm|in|em|ex)?\s*$")
_DATA_IMAGE = re.compile(r"^data:image/[a-z+.-]+;base64,(.*)$", re.IGNORECASE | re.DOTALL)


def why(exc: Exception) -> str:
    """What a library said went wrong, short and unquoted (a quote would be clipped as a
    long value by the message's own clipping)."""
    text = " ".join((str(exc) or type(exc).__name__).split()).replace("'", "")
    return text if len(text) <= 80 else f"{text[:79]}…"


@dataclass(frozen=True, slots=True)
class Brought:
    """A file and what brought it in (a card's image, an icon's name): errors name both,
    the path last, where no quote follows it (a long span between quotes is clipped)."""

    what: str
    path: Path

    def error(self, problem: str, where: Location | None) -> DataError:
        return DataError(f"{self.what} {problem} (file {display_path(self.path)})", where)


def _read(path: Path, limit: int, what: str, where: Location | None) -> bytes:
    """The file's bytes: a regular file (pnp.spec.gamefiles) of 1 to ``limit`` bytes."""
    try:
        body = read_game_file(path, limit)
    except Unreadable as exc:
        raise Brought(what, path).error(exc.problem, where) from None
    if not body:
        raise Brought(what, path).error("is empty (0 bytes)", where)
    return body


_passed: dict[tuple[str, Path, int, int], tuple[float, float]] = {}
"""Files that passed, by kind, path, size and modification time: a card game names the
same art or icon on many cards, and a file edited under `--watch` is checked again."""


def _once(kind: str, path: Path, check: Callable[[], tuple[float, float]]) -> tuple[float, float]:
    st = path.stat()
    key = (kind, path, st.st_size, st.st_mtime_ns)
    if key not in _passed:
        _passed[key] = check()
    return _passed[key]


def image_size(path: Path, what: str, where: Location | None) -> tuple[float, float]:
    """Pixel width and height of the image at ``path``, once it is known to be whole, of a
    known format and within :data:`IMAGE_BYTES` and :data:`IMAGE_PIXELS`."""

    def check() -> tuple[float, float]:
        return _picture(_read(path, IMAGE_BYTES, what, where), Brought(what, path), where)

    return _once("image", path, check)


def _picture(body: bytes, what: Brought, where: Location | None) -> tuple[int, int]:
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(body), formats=IMAGE_FORMATS) as img:
                w, h = img.size  # from the header: nothing decoded yet
                if w * h > IMAGE_PIXELS:
                    raise what.error(f"is {w}×{h}, {PIXELS_PROBLEM}", where)
                img.verify()  # checksums and structure, without decoding
            with Image.open(io.BytesIO(body), formats=IMAGE_FORMATS) as img:
                img.load()  # every pixel: a truncated file fails here, not in the build
    except DataError:
        raise
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise what.error(
            f"is {PIXELS_PROBLEM}",
            where,
        ) from None
    except Image.UnidentifiedImageError:
        raise what.error(_unknown_format(body), where) from None
    except Exception as exc:  # noqa: BLE001 - a decoder of hostile bytes raises anything
        raise what.error(f"is not an image pnp can read ({why(exc)})", where) from None
    if w <= 0 or h <= 0:
        raise what.error(f"has no pixels ({w}×{h})", where)
    return w, h


_SIGNATURES = (
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
    (b"BM", "a BMP image"),
    (b"\x00\x00\x01\x00", "an ICO icon"),
    (b"8BPS", "a Photoshop (PSD) file"),
    (b"%PDF", "a PDF document"),
    (b"%!PS", "a PostScript (EPS) file"),
    (b"\xc5\xd0\xd3\xc6", "a PostScript (EPS) file"),
    (b"\x00\x00\x00\x0cjP  ", "a JPEG 2000 image"),
    (b"\xff\x0a", "a JPEG XL image"),
    (b"\x00\x00\x00\x0cJXL ", "a JPEG XL image"),
)
_BRANDS = {b"heic": "a HEIC image", b"heix": "a HEIC image", b"avif": "an AVIF image"}
"""What an ISO media file (``ftyp`` at byte 4) holds, by its brand."""
_FORMATS_READ = "pnp reads PNG, JPEG, GIF and WebP images; save it as PNG or JPEG"


def _unknown_format(body: bytes) -> str:
    """What a file Pillow did not take is, when its first bytes tell (TIFF, BMP, PDF...)."""
    head = body[:64]
    kind = next((words for magic, words in _SIGNATURES if head.startswith(magic)), None)
    if kind is None and head[4:8] == b"ftyp":
        kind = _BRANDS.get(head[8:12])
    if kind is None and head.lstrip().startswith((b"<?xml", b"<svg")):
        kind = "an SVG drawing"
    if kind is None:
        return f"is not an image pnp can read ({_FORMATS_READ})"
    return f"is {kind}; {_FORMATS_READ}"


def _length(value: str | None) -> float | None:
    """An SVG width or height in user units' number (units dropped; svglib scales them the
    same way); None when absent or a percentage (the viewBox then decides)."""
    if value is None or value.strip().endswith("%"):
        return None
    m = _LENGTH.match(value.lower())
    if not m:
        return math.nan
    try:
        return float(m.group(1))
    except ValueError:
        return math.nan


def svg_size(path: Path, what: str, where: Location | None) -> tuple[float, float]:
    """Width and height of the SVG at ``path`` once it is known to parse, to have a positive
    finite size and to refer to no other file (pnp does not read files an SVG names: svglib
    would resolve them from the SVG's folder, out of the game if they climb)."""
    return _once("svg", path, lambda: _svg(path, what, where))


def _svg(path: Path, what: str, where: Location | None) -> tuple[float, float]:
    name, body = Brought(what, path), _read(path, SVG_BYTES, what, where)
    if b"<!ENTITY" in body.upper() or b"<?XML-STYLESHEET" in body.upper():
        raise name.error("declares entities or a style sheet; pnp reads plain SVG", where)
    try:
        root = ET.fromstring(body)  # noqa: S314 - entities refused above
    except ET.ParseError as exc:
        raise name.error(f"is not well-formed XML ({why(exc)})", where) from None
    if root.tag not in (f"{_SVG_NS}svg", "svg"):
        raise name.error(f"is not an SVG (its root is {shown(root.tag)})", where)
    depth = _depth(root)
    if depth > SVG_DEPTH:
        raise name.error(f"is an SVG nested {depth:,} levels deep; at most {SVG_DEPTH}", where)
    for el in root.iter():
        _references(el, name, where)
    return _svg_box(root, name, where)


def _depth(root: ET.Element) -> int:
    """How deep elements nest, the root being level 1 (counted without recursion)."""
    deepest, stack = 0, [(root, 1)]
    while stack:
        el, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in el)
    return deepest


def _references(el: ET.Element, name: Brought, where: Location | None) -> None:
    """Refuse a reference to a file: an ``href`` that is not ``#id`` or an embedded image,
    a ``url(...)`` that is not ``#id``, a style sheet that imports."""
    for key, value in el.attrib.items():
        value = value.strip()
        if _HREF.match(key) and not value.startswith("#"):
            data = _DATA_IMAGE.match(value)
            if data is None and value.lower().startswith("data:"):
                raise name.error("embeds data that is not a base64 data:image/ URL", where)
            if data is None:
                raise name.error(
                    f"refers to the file {shown(value)}; an SVG pnp draws may not "
                    "refer to other files (embed a picture as a data: URL)",
                    where,
                )
            try:
                body = base64.b64decode(data.group(1), validate=False)
            except (binascii.Error, ValueError):
                raise name.error("embeds a picture that is not base64", where) from None
            _picture(body, Brought(f"{name.what}: embedded picture", name.path), where)
        _urls(value, name, where)
    if el.tag in (f"{_SVG_NS}style", "style") and el.text:
        if "@import" in el.text.lower():
            raise name.error("imports a style sheet; pnp reads one SVG file", where)
        _urls(el.text, name, where)


def _urls(text: str, name: Brought, where: Location | None) -> None:
    for target in _URL.findall(text):
        if not target.strip().startswith("#"):
            raise name.error(
                f"refers to {shown(target)} in url(...); only url(#id) is drawn", where
            )


def _svg_box(root: ET.Element, name: Brought, where: Location | None) -> tuple[float, float]:
    width, height = _length(root.get("width")), _length(root.get("height"))
    box = root.get("viewBox")
    if box is not None:
        parts = re.split(r"[\s,]+", box.strip())
        try:
            numbers = [float(p) for p in parts]
        except ValueError:
            numbers = []
        if len(numbers) != 4 or not all(map(math.isfinite, numbers)) or min(numbers[2:]) <= 0:
            raise name.error(
                f"has viewBox {shown(box)}; give four numbers, width and height above 0",
                where,
            )
        width = numbers[2] if width is None else width
        height = numbers[3] if height is None else height
    if width is None or height is None:
        raise name.error("has no size: give width and height, or a viewBox", where)
    for key, value in (("width", width), ("height", height)):
        if not math.isfinite(value) or value <= 0:
            raise name.error(f"has {key} {shown(root.get(key))}; give a number above 0", where)
    return width, height


__all__ = [
    "why",
    "IMAGE_BYTES",
    "IMAGE_PIXELS",
    "SVG_BYTES",
    "SVG_DEPTH",
    "image_size",
    "svg_size",
]
