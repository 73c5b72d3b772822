"""Markdown (already rendered through Jinja) to reportlab flowables: rulebooks and aids."""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from pnp.render.pdf import colour, ensure_font

FAMILY = "Lato"


@cache
def _family() -> str:
    for name in ("Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black"):
        ensure_font(name)
    registerFontFamily(
        FAMILY,
        normal="Lato-Regular",
        bold="Lato-Bold",
        italic="Lato-Italic",
        boldItalic="Lato-Bold",
    )
    return FAMILY


@cache
def styles(scale: float = 1.0, accent: str = "#1d3557") -> dict[str, ParagraphStyle]:
    _family()
    body = ParagraphStyle(
        "body",
        fontName="Lato-Regular",
        fontSize=10 * scale,
        leading=13.6 * scale,
        spaceAfter=5 * scale,
    )
    return {
        "body": body,
        "h1": ParagraphStyle(
            "h1",
            body,
            fontName="Lato-Black",
            fontSize=24 * scale,
            leading=28 * scale,
            spaceBefore=4 * scale,
            spaceAfter=8 * scale,
            textColor=colour(accent),
        ),
        "h2": ParagraphStyle(
            "h2",
            body,
            fontName="Lato-Black",
            fontSize=15 * scale,
            leading=19 * scale,
            spaceBefore=10 * scale,
            spaceAfter=4 * scale,
            textColor=colour(accent),
        ),
        "h3": ParagraphStyle(
            "h3",
            body,
            fontName="Lato-Bold",
            fontSize=11.5 * scale,
            leading=15 * scale,
            spaceBefore=6 * scale,
            spaceAfter=2 * scale,
        ),
        "item": ParagraphStyle("item", body, spaceAfter=2 * scale),
        "quote": ParagraphStyle(
            "quote",
            body,
            fontName="Lato-Italic",
            leftIndent=8 * scale,
            borderColor=colour(accent),
            borderWidth=0,
            borderPadding=0,
            textColor=colour("#333333"),
        ),
        "cell": ParagraphStyle("cell", body, spaceAfter=0, leading=12 * scale),
        "head": ParagraphStyle(
            "head",
            body,
            fontName="Lato-Bold",
            spaceAfter=0,
            leading=12 * scale,
            textColor=colour("#ffffff"),
        ),
        "center": ParagraphStyle("center", body, alignment=TA_CENTER),
    }


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


def to_flowables(
    text: str, scale: float = 1.0, accent: str = "#1d3557", keep_headings: bool = True
) -> list[Flowable]:
    """Flowables for a document; ``keep_headings`` binds each heading to what follows
    (needs a page template that splits, so it is off for a single fixed frame)."""
    st = styles(scale, accent)
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    flow: list[Flowable] = []
    stack: list[list[Any]] = []  # open lists: collected items
    quote = 0
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        t = tok.type
        if t == "heading_open":
            heading = Paragraph(_inline(tokens[i + 1]), st[tok.tag])
            heading.keep_with_next = True  # type: ignore[attr-defined]
            flow_target(flow, stack).append(heading)
            i += 3
            continue
        if t == "paragraph_open":
            style = st["item"] if stack else st["quote"] if quote else st["body"]
            flow_target(flow, stack).append(Paragraph(_inline(tokens[i + 1]), style))
            i += 3
            continue
        if t in ("bullet_list_open", "ordered_list_open"):
            stack.append([t, []])
        elif t == "list_item_open":
            stack[-1][1].append([])
        elif t in ("bullet_list_close", "ordered_list_close"):
            kind, items = stack.pop()
            lst = ListFlowable(
                [
                    ListItem(item, leftIndent=12 * scale, bulletFontName="Lato-Bold")
                    for item in items
                ],
                bulletType="1" if kind == "ordered_list_open" else "bullet",
                start="1" if kind == "ordered_list_open" else "•",
                bulletFormat="%s." if kind == "ordered_list_open" else None,
                bulletFontName="Lato-Bold",
                bulletFontSize=9 * scale,
                leftIndent=12 * scale,
            )
            flow_target(flow, stack).extend([lst, Spacer(1, 3 * scale)])
        elif t == "blockquote_open":
            quote += 1
        elif t == "blockquote_close":
            quote -= 1
        elif t == "table_open":
            i, table = _table(tokens, i, st, accent)
            flow_target(flow, stack).append(table)
            continue
        elif t == "hr":
            flow.append(Spacer(1, 6 * scale))
        i += 1
    return _keep_headings_with_next(flow) if keep_headings else flow


def _keep_headings_with_next(flow: list[Flowable]) -> list[Flowable]:
    """Never strand a heading at the foot of a page: bind it to the block after it.

    A KeepTogether reports an endless height to whatever wraps it, so one that follows
    a heading is opened up rather than nested.
    """
    out: list[Flowable] = []
    pending: list[Flowable] = []
    for f in flow:
        pending.extend(f._content if isinstance(f, KeepTogether) else [f])
        if not getattr(f, "keep_with_next", False):
            out.append(KeepTogether(pending) if len(pending) > 1 else f)
            pending = []
    return out + pending


def flow_target(flow: list[Flowable], stack: list[list[Any]]) -> list[Flowable]:
    return stack[-1][1][-1] if stack else flow


def _table(
    tokens: list[Token], i: int, st: dict[str, ParagraphStyle], accent: str
) -> tuple[int, Flowable]:
    rows: list[list[Paragraph]] = []
    header = True
    while tokens[i].type != "table_close":
        t = tokens[i].type
        if t == "tr_open":
            rows.append([])
        elif t in ("th_open", "td_open"):
            header = t == "th_open"
            rows[-1].append(Paragraph(_inline(tokens[i + 1]), st["head" if header else "cell"]))
        i += 1
    table = Table(rows, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Lato-Regular"),
                ("BACKGROUND", (0, 0), (-1, 0), colour(accent)),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colour("#ffffff"), colour("#f3efe4")]),
                ("GRID", (0, 0), (-1, -1), 0.25, colour("#9a9a9a")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
            ]
        )
    )
    return i + 1, KeepTogether([table, Spacer(1, 6)])
