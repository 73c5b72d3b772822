"""Rich card text: **bold**, *italic* and :icon: pieces, measured and broken into lines.

A text is parsed into paragraphs of words; a word is a run of pieces with no space
between them, each piece in one font or one icon. Line breaking measures every piece
in its own font, so bold words and icons take the room they print in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp._errors import DataError, LayoutError, Location
from pnp.text.fonts import load_font
from pnp.text.hyphens import breaks
from pnp.text.icons import aspect, find_icon

ICON_EM = 0.85
"""Height of an inline icon, as a fraction of the font size."""
HYPHEN = "-"
HYPHENATE_BELOW = 0.65
"""A word is split at a syllable only when the line would otherwise be filled less than this."""

ICON_MARK = re.compile(r"(:[a-z0-9][a-z0-9-]*:)")
_TOKEN = re.compile(r"\\\*|\*\*|\*|:[a-z0-9][a-z0-9-]*:|\n|[ \t\r]+|[^*:\\\s]+|[:\\]")


@dataclass(frozen=True, slots=True)
class Piece:
    font: str
    text: str = ""
    icon: Path | None = None


Word = tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class Line:
    words: list[Word]
    ends_paragraph: bool
    indent: float = 0.0
    """Points the words stand in from the box's left edge: a list item's hanging indent
    (its lines are set flush left, whatever the text's alignment)."""
    marker: Word = ()
    """On the first line of a list item: its number or bullet, set at the left edge."""


LIST_MARKER = re.compile(r"\d{1,3}[.)]|[-•]")
"""What opens a list item: '1.', '2)', or a bullet ('-' or '•')."""
BULLET = "•"


def list_marker(paragraph: list[Word]) -> Word:
    """The number or bullet opening ``paragraph`` when it is a list item (a '-' printed
    as a bullet), else ()."""
    if len(paragraph) < 2 or len(paragraph[0]) != 1 or paragraph[0][0].icon is not None:
        return ()
    piece = paragraph[0][0]
    if not LIST_MARKER.fullmatch(piece.text):
        return ()
    return (Piece(piece.font, BULLET),) if piece.text == "-" else paragraph[0]


def styled_font(base: str, bold: bool, italic: bool, font_dir: Path | None = None) -> str:
    """The font of ``base``'s family for bold and/or italic; italic inside italic is upright."""
    if not bold and not italic:
        return base
    family, _, style = base.partition("-")
    weight = style.replace("Italic", "") or "Regular"
    if bold and weight not in ("Bold", "Black"):
        weight = "Bold"
    if italic != ("Italic" in style):
        choices = [f"{family}-{weight}Italic", f"{family}-Italic"]
    else:
        choices = [f"{family}-{weight}"]
    for name in [*choices, f"{family}-{weight}"]:
        try:
            load_font(name, font_dir)
            return name
        except LayoutError:
            continue
    return base


def parse(
    text: str,
    font: str,
    rich: bool = True,
    icon_dirs: Sequence[Path] = (),
    where: Location | None = None,
    font_dir: Path | None = None,
) -> list[list[Word]]:
    """Paragraphs of words. With ``rich`` off, every character is literal text."""
    if not rich:
        return [[(Piece(font, w),) for w in p.split()] for p in text.split("\n")]
    paragraphs: list[list[Word]] = [[]]
    word: list[Piece] = []
    bold = italic = False

    def end_word() -> None:
        if word:
            paragraphs[-1].append(tuple(word))
            word.clear()

    for token in _TOKEN.findall(text):
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\n":
            end_word()
            paragraphs.append([])
        elif token.isspace():
            end_word()
        elif len(token) > 2 and token[0] == ":" == token[-1]:
            word.append(Piece(font, icon=find_icon(token[1:-1], icon_dirs, where)))
        else:
            literal = "*" if token == "\\*" else token
            piece_font = styled_font(font, bold, italic, font_dir)
            if word and word[-1].icon is None and word[-1].font == piece_font:
                word[-1] = Piece(piece_font, word[-1].text + literal)
            else:
                word.append(Piece(piece_font, literal))
    end_word()
    if bold or italic:
        mark = "**" if bold else "*"
        raise DataError(f"{mark} opened but never closed in text {text!r}", where)
    return paragraphs


@lru_cache(maxsize=8192)
def piece_width(piece: Piece, size: float, font_dir: Path | None = None) -> float:
    """Width in points at ``size`` (kept: a text is measured again at each size tried)."""
    if piece.icon is not None:
        return size * ICON_EM * aspect(piece.icon)
    return load_font(piece.font, font_dir).width(piece.text, size)


@lru_cache(maxsize=8192)
def word_width(word: Word, size: float, font_dir: Path | None = None) -> float:
    return sum(piece_width(p, size, font_dir) for p in word)


def _split(word: Word, room: float, size: float, font_dir: Path | None) -> tuple[Word, Word] | None:
    """The longest syllable break of a one-piece word whose first part and hyphen fit ``room``."""
    if len(word) != 1 or word[0].icon is not None:
        return None
    piece = word[0]
    font = load_font(piece.font, font_dir)
    for head, tail in breaks(piece.text):
        if font.width(head + HYPHEN, size) <= room:
            return (Piece(piece.font, head + HYPHEN),), (Piece(piece.font, tail),)
    return None


def break_lines(
    paragraphs: list[list[Word]],
    size: float,
    width_pt: float,
    space_pt: float,
    hyphenate: bool = False,
    font_dir: Path | None = None,
) -> list[Line] | None:
    """Greedy line breaking; None when a word (or its syllables) is wider than the box.

    A paragraph that opens with a number or bullet is a list item: its marker stands at
    the left edge and its words wrap at a hanging indent, the widest marker of the text
    and a space, so the items' words line up."""
    markers = [list_marker(p) for p in paragraphs]
    hang = max((word_width(m, size, font_dir) for m in markers if m), default=0.0) + space_pt
    lines: list[Line] = []
    for paragraph, marker in zip(paragraphs, markers, strict=True):
        if not marker:
            broken = _break(paragraph, size, width_pt, space_pt, hyphenate, font_dir)
            if broken is None:
                return None
            lines += broken
            continue
        broken = _break(paragraph[1:], size, width_pt - hang, space_pt, hyphenate, font_dir)
        if broken is None:
            return None
        lines += [
            Line(line.words, line.ends_paragraph, hang, marker if i == 0 else ())
            for i, line in enumerate(broken)
        ]
    return lines


def _break(
    paragraph: list[Word],
    size: float,
    width_pt: float,
    space_pt: float,
    hyphenate: bool,
    font_dir: Path | None,
) -> list[Line] | None:
    lines: list[Line] = []
    line: list[Word] = []
    used = 0.0
    queue = list(paragraph)
    while queue:
        word = queue.pop(0)
        w = word_width(word, size, font_dir)
        gap = space_pt if line else 0.0
        if used + gap + w <= width_pt + 1e-9:
            line.append(word)
            used += gap + w
            continue
        short = used < HYPHENATE_BELOW * width_pt
        parts = _split(word, width_pt - used - gap, size, font_dir) if hyphenate and short else None
        if parts is not None:
            line.append(parts[0])
            queue.insert(0, parts[1])
        elif not line:
            return None
        else:
            queue.insert(0, word)
        lines.append(Line(line, False))
        line, used = [], 0.0
    lines.append(Line(line, True))
    return lines


def line_text(line: Line) -> str:
    """The line as plain text (icons as :name:), its list marker first, for tests and
    messages."""
    words = [line.marker, *line.words] if line.marker else line.words
    return " ".join(
        "".join(p.text if p.icon is None else f":{p.icon.stem}:" for p in word) for word in words
    )
