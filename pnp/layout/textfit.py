"""Break text into lines and shrink it until it fits its box."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from pnp._errors import LayoutError, Location
from pnp.layout.ops import Face, Run, TextBlock
from pnp.text.fonts import FontMetrics, load_font
from pnp.text.richtext import ICON_EM, Line, Word, break_lines, line_text, parse, piece_width

PT_TO_MM = 25.4 / 72.0
MIN_TEXT_PT = 6.0
"""Smallest size text on a printed piece may shrink to (docs/architecture.md §5)."""
MIN_FINE_PRINT_PT = 5.0
"""Smallest size of the copyright line (``fine_print``)."""


def shrink_floor(size: float, min_size: float, fine_print: bool = False) -> float:
    """The size fitting may shrink text to: the declared minimum, but not under
    :data:`MIN_TEXT_PT` (:data:`MIN_FINE_PRINT_PT` for the copyright line). Text declared
    smaller than that keeps its own minimum and is reported by `pnp validate` instead."""
    floor = MIN_FINE_PRINT_PT if fine_print else MIN_TEXT_PT
    return min_size if size < floor else max(min_size, floor)


def _fit(
    paragraphs: list[list[Word]],
    font: FontMetrics,
    size: float,
    min_size: float,
    leading: float,
    width_mm: float,
    height_mm: float,
    hyphenate: bool = False,
    font_dir: Path | None = None,
) -> tuple[float, list[Line]] | None:
    width_pt, height_pt = width_mm / PT_TO_MM, height_mm / PT_TO_MM
    s = size
    while s >= min_size - 1e-9:
        lines = break_lines(paragraphs, s, width_pt, font.width(" ", s), hyphenate, font_dir)
        if lines is not None and _height(len(lines), s, leading, font) <= height_pt + 1e-6:
            return s, lines
        s -= 0.5
    return None


def largest_fit(font_name: str, size: float, min_size: float, height_mm: float) -> float | None:
    """The largest size :func:`set_text` can give a text of ``font_name`` declared at
    ``size`` in a box ``height_mm`` tall, whatever its width (the first size ``_fit`` tries
    whose one line is no taller than the box); None: none fits. A caller trying boxes of
    many heights skips those where the text could not come out larger."""
    font = load_font(font_name)
    min_size = shrink_floor(size, min_size)
    height_pt, s = height_mm / PT_TO_MM, size
    while s >= min_size - 1e-9:
        if _height(1, s, 1.0, font) <= height_pt + 1e-6:
            return s
        s -= 0.5
    return None


def _height(n: int, size: float, leading: float, font: FontMetrics) -> float:
    return (font.ascent + font.descent) * size + (n - 1) * size * leading


def _check_glyphs(
    paragraphs: list[list[Word]], who: str, where: Location | None, font_dir: Path | None
) -> None:
    by_font: dict[str, str] = {}
    for paragraph in paragraphs:
        for word in paragraph:
            for piece in word:
                by_font[piece.font] = by_font.get(piece.font, "") + piece.text
    for name, chars in by_font.items():
        missing = load_font(name, font_dir).missing(chars)
        if missing:
            listed = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
            raise LayoutError(f"{who} uses {listed}, not in font {name}", where)


SET_TEXT_KEPT = 20_000
"""Text blocks kept at most (a thousand-card deck of twenty texts); then they start over."""
_SET: dict[tuple[object, ...], TextBlock] = {}


def set_text(
    text: str,
    font_name: str,
    size: float,
    min_size: float,
    leading: float,
    box: tuple[float, float, float, float],
    align: str = "left",
    valign: str = "top",
    colour: str = "#000000",
    rotate: int = 0,
    who: str = "text",
    where: Location | None = None,
    font_dir: Path | None = None,
    *,
    rich: bool = False,
    icon_dirs: Sequence[Path] = (),
    hyphenate: bool = False,
    fine_print: bool = False,
    size_at: Location | None = None,
) -> TextBlock:
    """Fit ``text`` in ``box`` (x, y, w, h in mm from the top-left) and place its lines.

    With ``rich``, the text may use **bold**, *italic* and :icon: names (found in
    ``icon_dirs``). Every character must exist in its font and the text must fit at
    ``min_size`` or larger (never under 6 pt, 5 pt for the copyright line, ``fine_print``,
    unless declared smaller: :func:`shrink_floor`); otherwise a LayoutError names ``who``.
    ``size_at`` (else ``where``) is where the size is declared, kept on the block for
    `pnp validate` to report a text printed too small.

    A deck sets the same text in the same box again and again (a type's label and kind,
    corner indices, shared rules text): the block, which depends on nothing else, is
    kept and handed out again. ``who`` and ``where`` only name a failure, which is not kept.
    """
    source = size_at or where
    min_size = shrink_floor(size, min_size, fine_print)
    key = (text, font_name, size, min_size, leading, box, align, valign, colour, rotate,
           font_dir, rich, tuple(icon_dirs), hyphenate, fine_print, source)  # fmt: skip
    kept = _SET.get(key)
    if kept is not None:
        return kept
    font = load_font(font_name, font_dir)
    paragraphs = parse(text, font_name, rich, icon_dirs, where, font_dir)
    _check_glyphs(paragraphs, who, where, font_dir)
    x, y, bw, bh = box
    fitted = _fit(paragraphs, font, size, min_size, leading, bw, bh, hyphenate, font_dir)
    if fitted is None:
        raise LayoutError(
            f"{who} does not fit its {bw:g}×{bh:g} mm box even at {min_size:g} pt: {text!r}", where
        )
    size, lines = fitted
    step = size * leading * PT_TO_MM
    block_h = (font.ascent + font.descent) * size * PT_TO_MM + step * (len(lines) - 1)
    top = {"top": y, "middle": y + (bh - block_h) / 2, "bottom": y + bh - block_h}[valign]
    first = top + font.ascent * size * PT_TO_MM
    space = font.width(" ", size) * PT_TO_MM
    placed: list[tuple[float, float, str]] = []
    runs: list[Run] = []
    plain = (
        align != "justify"
        and not any(line.indent for line in lines)
        and all(p.font == font_name and p.icon is None for a in paragraphs for w in a for p in w)
    )
    for i, line in enumerate(lines):
        baseline = first + i * step
        widths = [sum(piece_width(p, size, font_dir) for p in w) * PT_TO_MM for w in line.words]
        indent = line.indent * PT_TO_MM  # a list item: flush left, its words hang
        gaps = max(len(widths) - 1, 0)
        lw = sum(widths) + gaps * space
        gap = space
        if align == "justify" and not line.ends_paragraph and gaps:
            gap = space + (bw - indent - lw) / gaps
            lw = bw - indent
        lx = x + indent
        if not indent:
            lx = {"left": x, "justify": x, "center": x + (bw - lw) / 2, "right": x + bw - lw}[align]
        placed.append((x if line.marker else lx, baseline, line_text(line)))
        if not plain:
            if line.marker:
                mark_w = [sum(piece_width(p, size, font_dir) for p in line.marker) * PT_TO_MM]
                runs.extend(_runs([line.marker], mark_w, x, baseline, gap, size, font_dir))
            runs.extend(_runs(line.words, widths, lx, baseline, gap, size, font_dir))
    centre = (x + bw / 2, y + bh / 2)
    block = TextBlock(
        font_name, size, colour, tuple(placed), rotate, centre, tuple(runs), fine_print, source
    )
    if len(_SET) >= SET_TEXT_KEPT:
        _SET.clear()
    _SET[key] = block
    return block


def _runs(
    words: list[Word],
    widths: list[float],
    x: float,
    baseline: float,
    gap: float,
    size: float,
    font_dir: Path | None,
) -> list[Run]:
    out: list[Run] = []
    for word, width in zip(words, widths, strict=True):
        px = x
        for piece in word:
            w = piece_width(piece, size, font_dir) * PT_TO_MM
            if piece.icon is not None:
                h = size * ICON_EM * PT_TO_MM
                out.append(Run(px, baseline, "", "", str(piece.icon), w, h))
            else:
                out.append(Run(px, baseline, piece.font, piece.text))
            px += w
        x += width + gap
    return out


def legible_at(face: Face, scale: float) -> Face:
    """``face`` as a miniature drawn at ``scale`` shows it (a rulebook figure, the start-here
    sheet): text that would print under its least size there is left out, so no page
    carries type too small to read; shapes, art and icons stay."""
    ops = tuple(
        op
        for op in face.ops
        if not isinstance(op, TextBlock)
        or op.size * scale >= (MIN_FINE_PRINT_PT if op.fine_print else MIN_TEXT_PT)
    )
    return replace(face, ops=ops) if len(ops) < len(face.ops) else face
