"""The options of `pnp build`, each a type its command's signature names.

Kept apart from the command so that the command reads as what it does; checked as they
are parsed by the callbacks in :mod:`pnp.cli.options`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pnp.cli import options as opt
from pnp.layout.paper import CHITS, LAYOUTS, MAX_MARGIN_MM
from pnp.plan.file_kinds import CUT_FORMATS, IMAGE_TARGETS, KINDS

AllOpt = Annotated[bool, typer.Option("--all", help="Build every game.")]

PdfOpt = Annotated[
    bool,
    typer.Option(
        "--pdf/--no-pdf", help="Write the PDFs and manifest.json (--no-pdf: images only)."
    ),
]

BleedOpt = Annotated[
    float | None,
    typer.Option(
        "--bleed",
        metavar="MM",
        parser=opt.number(0.0, 10.0, " mm"),
        help="Bleed in mm, 0–10 (default: up to 3 mm, as much as fits nine poker cards).",
    ),
]

DuplexOpt = Annotated[
    bool,
    typer.Option(
        "--duplex/--no-duplex",
        help="Back page after each front (long-edge flip) or all backs at the end.",
    ),
]

BackOffsetOpt = Annotated[
    opt.Offset,
    typer.Option(
        "--back-offset",
        metavar="X,Y",
        parser=opt.parse_back_offset,
        show_default="0,0",
        help="Shift back pages by X,Y mm (each within ±10) for printers that misregister.",
    ),
]

MarginOpt = Annotated[
    float,
    typer.Option(
        "--margin",
        metavar="MM",
        parser=opt.number(0.0, MAX_MARGIN_MM, " mm"),
        help="Printer margin in mm, 0–20: no crop mark, text or art closer to the edge.",
    ),
]

LayoutOpt = Annotated[
    str,
    typer.Option(
        "--layout",
        metavar="|".join(LAYOUTS),
        callback=opt.choice("layout", LAYOUTS),
        help="Card sheets: auto (grid where the cards' edge bands match, else gutter), grid "
        "(butted, most cards), gutter (fewer cards, full bleed on every edge) or fold "
        "(each front beside its back, for printers without duplex).",
    ),
]

DeckPerSheetOpt = Annotated[
    bool,
    typer.Option(
        "--deck-per-sheet", help="Start each deck on its own sheets instead of sharing them."
    ),
]

CutFileOpt = Annotated[
    str | None,
    typer.Option(
        "--cut-file",
        metavar="|".join(CUT_FORMATS),
        callback=lambda v: v if v is None else opt.choice("cut file format", CUT_FORMATS)(v),
        help="Also write each sheet's cut paths for a cutting machine: svg.",
    ),
]

RegistrationOpt = Annotated[
    bool,
    typer.Option(
        "--registration", help="Add print-then-cut registration marks for a cutting machine."
    ),
]

InkSaverOpt = Annotated[
    bool,
    typer.Option(
        "--ink-saver",
        help="Print large solid areas (card backgrounds and backs, board and screen fills) "
        "as light tints; colour bands, letters and icons stay as they are.",
    ),
]

ChitsOpt = Annotated[
    str,
    typer.Option(
        "--chits",
        metavar="|".join(CHITS),
        callback=opt.choice("chit style", CHITS),
        help="Counters: square (gang-cut squares, a trimmer frees a row per cut, each "
        "carrying its shape as an emblem) or shaped (rounds at standard punch sizes, "
        "tessellated triangles).",
    ),
]

OnlyOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--only",
        metavar="KIND",
        callback=opt.choice_list("kind", KINDS),
        help=f"Build only these kinds: {', '.join(KINDS)}; repeat or separate with commas.",
    ),
]

ImagesOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--images",
        metavar="TARGET",
        callback=opt.choice_list("image target", IMAGE_TARGETS),
        help=f"Also write print-shop images: {'|'.join(IMAGE_TARGETS)} (The Game "
        "Crafter 300 DPI PNG per card, Tabletop Simulator deck sheets); repeat or "
        "separate with commas.",
    ),
]

BuildOutOpt = Annotated[
    str | None,
    typer.Option(
        "--out", metavar="DIR", callback=opt.check_out, help="Output folder (default output/GAME)."
    ),
]

BookletOpt = Annotated[
    bool,
    typer.Option(
        "--booklet",
        help="Also write the rulebook as a booklet (GAME-rulebook-booklet.pdf): A5 pages two "
        "up on A4 (half-Letter on Letter), to print duplex flipping on the short edge, fold "
        "and staple.",
    ),
]

ShopPdfOpt = Annotated[
    bool,
    typer.Option(
        "--shop-pdf",
        help="Also write each deck for a print shop: GAME-shop-DECK.pdf, one card a page "
        "with 1/8 in (3.175 mm) bleed and its TrimBox and BleedBox set, and "
        "GAME-shop-DECK-back.pdf, its back.",
    ),
]

SleevedOpt = Annotated[
    bool,
    typer.Option(
        "--sleeved",
        help="Size the card box (GAME-box.pdf) for cards in sleeves: wider, taller and about "
        "twice as deep.",
    ),
]

WatchOpt = Annotated[
    bool,
    typer.Option(
        "--watch",
        help="Keep running: build again whenever a file of the game changes (Ctrl-C stops).",
    ),
]

__all__ = [
    "AllOpt",
    "BackOffsetOpt",
    "BleedOpt",
    "BookletOpt",
    "BuildOutOpt",
    "ChitsOpt",
    "CutFileOpt",
    "DeckPerSheetOpt",
    "DuplexOpt",
    "ImagesOpt",
    "InkSaverOpt",
    "LayoutOpt",
    "MarginOpt",
    "OnlyOpt",
    "PdfOpt",
    "RegistrationOpt",
    "ShopPdfOpt",
    "SleevedOpt",
    "WatchOpt",
]
