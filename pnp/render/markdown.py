"""Markdown (already rendered through Jinja) to reportlab flowables: rulebooks and aids.

Every paragraph is a :class:`Block` that knows what it is (heading, body, list item,
example, table cell) even after platypus splits it across pages, so the typeset result
can be checked. Lists are flat paragraphs with right-aligned numbers; tables get column
widths from the measured widths of their text; worked examples never split.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from html import escape

from markdown_it import MarkdownIt
from markdown_it.token import Token
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import CondPageBreak, Flowable, Spacer

from pnp.render.blocks import BLANK_MOST, UNBOUNDED, Block, Group, plain_text, stack_height
from pnp.render.md_tables import BlockTable, table_flowable
from pnp.render.pdf import DOCUMENT_FONTS, colour, ensure_font

FAMILY = "Lato"
HEADINGS = ("h1", "h2", "h3", "h4")


@cache
def _family() -> str:
    for name in DOCUMENT_FONTS:
        ensure_font(name)
    registerFontFamily(
        FAMILY,
        normal="Lato-Regular",
        bold="Lato-Bold",
        italic="Lato-Italic",
        boldItalic="Lato-BoldItalic",
    )
    return FAMILY


@lru_cache(maxsize=64)
def styles(scale: float = 1.0, accent: str = "#1d3557") -> dict[str, ParagraphStyle]:
    """The paragraph styles at ``scale`` (1.0: 10 pt body). No widows, no orphans."""
    _family()
    body = ParagraphStyle(
        "body",
        fontName="Lato-Regular",
        fontSize=10 * scale,
        leading=13.6 * scale,
        spaceAfter=5 * scale,
        allowWidows=0,
        allowOrphans=0,
    )

    def heading(name: str, font: str, size: float, lead: float, before: float, after: float,
                ink: str | None = accent) -> ParagraphStyle:  # fmt: skip
        return ParagraphStyle(
            name,
            body,
            fontName=font,
            fontSize=size * scale,
            leading=lead * scale,
            spaceBefore=before * scale,
            spaceAfter=after * scale,
            textColor=colour(ink or "#000000"),
        )

    cell = ParagraphStyle("cell", body, spaceAfter=0, leading=12 * scale)
    head = ParagraphStyle("head", cell, fontName="Lato-Bold", textColor=colour("#ffffff"))
    return {
        "body": body,
        "h1": heading("h1", "Lato-Black", 24, 28, 4, 8),
        "h2": heading("h2", "Lato-Black", 15, 19, 10, 4),
        "h3": heading("h3", "Lato-Bold", 11.5, 15, 6, 2, None),
        "h4": heading("h4", "Lato-Bold", 10, 13.6, 4, 1, None),
        "item": ParagraphStyle(
            "item",
            body,
            spaceAfter=2 * scale,
            bulletFontName="Lato-Bold",
            bulletFontSize=9.5 * scale,
            bulletAnchor="end",
        ),
        "example": ParagraphStyle(
            "example",
            body,
            fontName="Lato-Italic",
            leftIndent=10 * scale,
            spaceAfter=3 * scale,
            textColor=colour("#333333"),
        ),
        "cell": cell,
        "num": ParagraphStyle("num", cell, alignment=TA_RIGHT),
        "head": head,
        "head-num": ParagraphStyle("head-num", head, alignment=TA_RIGHT),
        "center": ParagraphStyle("center", body, alignment=TA_CENTER),
    }


class HeadingGuard(CondPageBreak):  # type: ignore[misc]
    """Placed before a run of headings (and a lead-in: a paragraph before a table, or
    one ending in a colon before a list): starts a new frame (column or page) unless the
    run and the first lines of what follows it (two lines, a short table whole or a long
    one's header and first row, or a whole worked example) fit in this one. So a heading
    never ends a column, nor does "either of these happens:" without its list."""

    def __init__(
        self, run: list[Flowable], following: Flowable | None, then: Flowable | None = None
    ) -> None:
        super().__init__(0)
        self.run, self.following, self.then = run, following, then

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        need = self.run[0].getSpaceBefore() + stack_height(self.run, availWidth)
        if self.following is not None:
            frame = self._doctemplateAttr("frame")
            room = frame.height - need if frame is not None else UNBOUNDED
            if frame is not None and availHeight > BLANK_MOST * frame.height:
                room = 0.0  # moving on would leave a third blank: what follows may break
            start = _start_height(self.following, availWidth, room)
            if _one_line(self.following, availWidth) and self.then is not None:
                # a heading keeps two lines under it: a one-line paragraph and what follows
                then = _start_height(self.then, availWidth, room - start)
                start += self.following.getSpaceAfter() + then
            need += self.run[-1].getSpaceAfter() + start
        self.height = need
        return super().wrap(availWidth, availHeight)  # type: ignore[no-any-return]


WHOLE_TABLE_ROWS = 8
"""A table of this many rows (its header included) or fewer is never split: it stands
whole beside its lead-in. A longer one may run on, its header repeated."""


def _one_line(f: Flowable, width: float) -> bool:
    """Whether ``f`` is a paragraph of a single line at ``width``."""
    if not isinstance(f, Block):
        return False
    f.wrap(width, UNBOUNDED)
    return f.line_count == 1


def _start_height(f: Flowable, width: float, room: float = UNBOUNDED) -> float:
    """The least of ``f`` that may stand at the foot of a frame ``room`` points tall
    at most (a short table taller than that may split after all)."""
    least = getattr(f, "least_height", None)
    if least is not None:  # a figure or a worked example (pnp.render.floats)
        return f.getSpaceBefore() + float(least(width, room))
    if isinstance(f, Block):
        h = f.wrap(width, UNBOUNDED)[1]
        # no widows or orphans: up to three lines move as one, longer paragraphs leave two
        return f.getSpaceBefore() + (h if f.line_count <= 3 else 2 * f.style.leading)
    if isinstance(f, BlockTable):  # a short table moves whole; a long one keeps its head
        whole = f.wrap(width, UNBOUNDED)[1] if len(f.rows) <= WHOLE_TABLE_ROWS else UNBOUNDED
        return f.getSpaceBefore() + (whole if whole <= room else f.head_height(width))
    return f.getSpaceBefore() + stack_height([f], width)


def _inline(tok: Token) -> str:
    out: list[str] = []
    for child in tok.children or []:
        t = child.type
        if t == "text":
            out.append(escape(child.content, quote=False))
        elif t in ("strong_open", "strong_close"):
            out.append("<b>" if t.endswith("open") else "</b>")
        elif t in ("em_open", "em_close"):
            out.append("<i>" if t.endswith("open") else "</i>")
        elif t == "code_inline":
            out.append(f"<b>{escape(child.content, quote=False)}</b>")
        elif t == "softbreak":
            out.append(" ")
        elif t == "hardbreak":
            out.append("<br/>")
    return "".join(out)


@dataclass
class _List:
    ordered: bool
    number: int
    first_paragraph: bool = True


@dataclass
class _Builder:
    """Turns the token stream into flowables; one instance per document."""

    width: float
    st: dict[str, ParagraphStyle]
    accent: str
    scale: float
    stretch_tables: bool = True
    flow: list[Flowable] = field(default_factory=list)
    lists: list[_List] = field(default_factory=list)
    example: list[Flowable] | None = None
    examples: int = 0

    def add(self, f: Flowable) -> None:
        (self.example if self.example is not None else self.flow).append(f)

    def paragraph(self, text: str) -> None:
        if self.example is not None:
            block = Block(text, self.st["example"], "example")
            block.group = self.examples
            self.add(block)
        elif self.lists:
            self.add(self._item(text))
        else:
            self.add(Block(text, self.st["body"], "body"))

    def _item(self, text: str) -> Block:
        depth = len(self.lists)
        lst = self.lists[-1]
        indent = 14 * self.scale * depth
        style = ParagraphStyle(
            f"item{depth}", self.st["item"], leftIndent=indent, bulletIndent=indent - 4 * self.scale
        )
        bullet = None
        if lst.first_paragraph:
            bullet = f"{lst.number}." if lst.ordered else "•"
            lst.number += 1
            lst.first_paragraph = False
        return Block(text, style, "item", bulletText=bullet)

    def table(self, tokens: Sequence[Token], i: int) -> int:
        rows: list[list[Block]] = []
        while tokens[i].type != "table_close":
            t = tokens[i].type
            if t == "tr_open":
                rows.append([])
            elif t in ("th_open", "td_open"):
                kind = "head" if t == "th_open" else "cell"
                rows[-1].append(Block(_inline(tokens[i + 1]), self.st[kind], kind))
            i += 1
        stretch = self.stretch_tables
        self.add(table_flowable(rows, self.width, self.st, self.accent, self.scale, stretch))
        return i + 1


FIGURE_WIDTH = 0.5
"""A figure takes at most this share of a wide frame's width..."""
FIGURE_MM = 90.0
"""...or this many mm, up to the whole width of a narrower frame (a column)."""


def figure(tok: Token, width: float, caption_style: ParagraphStyle, scale: float) -> Flowable:
    """An image paragraph: the picture (SVG drawn as vectors, or a PNG/JPEG) centred and
    scaled to fit, its alt text below as the caption. pnp.plan.doc_text has found the
    file and pnp.text.game_assets has checked it (size, references, pixels)."""
    from reportlab.platypus import Image

    path = str(tok.attrGet("src"))
    most_w, most_h = min(width, max(width * FIGURE_WIDTH, FIGURE_MM * mm)), 200 * scale
    if path.startswith("pnp:"):  # drawn from the game's data, as wide as its frame
        from pnp.render.generated import generated_figure

        made = generated_figure(path)
        if made is None:
            return Spacer(1, 0)
        art: Flowable = made
        tok.content = tok.content or made.caption
    elif path.lower().endswith(".svg"):
        from pnp.render.figures import svg_drawing
        from pnp.render.pdf import BASE_FONT, ensure_font

        art = svg_drawing(path)

        art.initialFontName = ensure_font(BASE_FONT)  # else reportlab sets unembedded Helvetica
        k = min(most_w / art.width, most_h / art.height)
        art.scale(k, k)
        art.width, art.height = art.width * k, art.height * k
    else:
        art = Image(path)
        k = min(most_w / art.imageWidth, most_h / art.imageHeight)
        art = Image(path, art.imageWidth * k, art.imageHeight * k)
    art.hAlign = "CENTER"
    caption = ParagraphStyle("caption", caption_style, alignment=1)
    parts: list[Flowable] = [Spacer(1, 4 * scale), art]
    if tok.content:
        parts += [Spacer(1, 2 * scale), Block(escape(tok.content), caption, "caption")]
    return Group([*parts, Spacer(1, 4 * scale)])


def to_flowables(
    text: str,
    width: float,
    scale: float = 1.0,
    accent: str = "#1d3557",
    keep_headings: bool = True,
    stretch_tables: bool = True,
) -> list[Flowable]:
    """Flowables for a frame ``width`` points wide; ``keep_headings`` puts a
    :class:`HeadingGuard` before each run of headings (for documents of many pages);
    ``stretch_tables`` spreads a table that fits over the frame's width (an aid's
    panel), else it keeps the width of its text (a rulebook's column)."""
    b = _Builder(width, styles(scale, accent), accent, scale, stretch_tables)
    tokens = _tokens(text)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        t = tok.type
        if t == "heading_open":
            b.add(Block(_inline(tokens[i + 1]), b.st[tok.tag], tok.tag))
            i += 3
            continue
        if t == "paragraph_open":
            children = tokens[i + 1].children or []
            if len(children) == 1 and children[0].type == "image":
                b.add(figure(children[0], width, b.st["example"], scale))
            else:
                b.paragraph(_inline(tokens[i + 1]))
            i += 3
            continue
        if t == "table_open":
            i = b.table(tokens, i)
            continue
        if t in ("bullet_list_open", "ordered_list_open"):
            b.lists.append(_List(t == "ordered_list_open", int(tok.attrGet("start") or 1)))
        elif t == "list_item_open":
            b.lists[-1].first_paragraph = True
        elif t in ("bullet_list_close", "ordered_list_close"):
            b.lists.pop()
            if not b.lists:
                b.add(Spacer(1, 3 * scale))
        elif t == "blockquote_open" and b.example is None:
            b.example, b.examples = [], b.examples + 1
        elif t == "blockquote_close" and b.example is not None:
            group, b.example = b.example, None
            b.add(Group([*group, Spacer(1, 2 * scale)]))
        elif t == "hr":
            b.add(Spacer(1, 6 * scale))
        i += 1
    return guard_headings(b.flow) if keep_headings else b.flow


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


@lru_cache(maxsize=16)
def _tokens(text: str) -> tuple[Token, ...]:
    """Parsed once per text: an aid is set at many sizes while its size is searched."""
    return tuple(_parser().parse(text))


def _leads_in(f: Flowable, following: Flowable | None) -> bool:
    """A heading, a paragraph before a table, or one ending in a colon before a list."""
    if not isinstance(f, Block):
        return False
    if f.kind in HEADINGS:
        return True
    if f.kind == "body" and isinstance(following, BlockTable):
        return True  # the paragraph before a table leads into it, colon or not
    introduces = getattr(following, "kind", "") == "item"
    return f.kind == "body" and introduces and plain_text(f.text).endswith(":")


def guard_headings(flow: list[Flowable]) -> list[Flowable]:
    """``flow`` with a :class:`HeadingGuard` before each run of headings and lead-ins."""
    out: list[Flowable] = []
    run: list[Flowable] = []
    for i, f in enumerate(flow):
        if _leads_in(f, flow[i + 1] if i + 1 < len(flow) else None):
            run.append(f)
            continue
        if run:
            then = flow[i + 1] if i + 1 < len(flow) else None
            out.extend([HeadingGuard(run, f, then), *run])
            run = []
        out.append(f)
    if run:
        out.extend([HeadingGuard(run, None), *run])
    return out
