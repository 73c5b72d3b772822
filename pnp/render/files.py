"""The files of a build as data: the kinds of file, each file's name, kind and pages (what
manifest.json says of it) and how it is drawn. Cheap to import: the command line reads the
kinds here to show its help."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.layout.pages import Page, Placed

PT_PER_MM = 72.0 / 25.4

KINDS = ("cards", "tokens", "board", "screen", "track", "aid", "rulebook", "box")
"""Kinds of output file a game makes (manifest `kind`), the ones `--only` picks from; `box`
is the card box (pnp.layout.tuckbox), one for the game's cards unless they are too many."""
GUIDE_KIND = "guide"
"""The start-here sheet every build writes beside the others (pnp.render.guide)."""
SHOP_KIND = "shop"
"""A deck for a print shop, one card a page (`--shop-pdf`, pnp.render.shop)."""
IMAGE_TARGETS = ("tgc", "tts")
"""Print-shop image sets `--images` can write (The Game Crafter, Tabletop Simulator)."""

CUT_FORMATS = ("svg",)
"""What `--cut-file` can write (pnp.layout.cuts writes it)."""


def _pt(v: float) -> float:
    return round(v * PT_PER_MM, 2)


@dataclass(frozen=True)
class Typeset:
    """A document as plain data: ``draw(path, *args)`` writes it and returns its pages."""

    draw: Callable[..., list[Page]]
    args: tuple[Any, ...]


@dataclass
class OutputFile:
    """One file of a build: its name, kind, pages (for the manifest) and how to draw it."""

    path: str
    kind: str
    pages: list[Page]
    write: Callable[[Path], None] = field(repr=False)
    source: str | None = None
    """For a cut file: the PDF whose sheet it cuts."""
    typeset: Callable[[], Typeset] | None = field(default=None, repr=False)
    """For a rulebook or aid: its text prepared for the typesetter process (pnp.build.typesetter),
    which then writes it; ``write`` does both here."""
    margin: float | tuple[float, float] | None = None
    """For a file of sheets to cut (not a rulebook): the margin its pieces keep inside
    (pnp.render.plan.usable_margin), where its lower bound on sheets is measured."""
    ink: tuple[float, float] | None = None
    """Share of its pages inked, as drawn and as --ink-saver draws them (pnp.layout.ink)."""
    beside: Callable[[list[dict[str, Any]]], None] | None = field(default=None, repr=False)
    """For a file that describes the others (the start-here sheet): told the manifest
    entries of every other file the folder will hold, then drawn, after all of them."""

    @property
    def sheets(self) -> int:
        """Sheets of paper: a back page is printed on its front's sheet."""
        return sum(1 for p in self.pages if p.side != "back")

    def sheets_lower_bound(self, margin: float | tuple[float, float]) -> int:
        """Fewest sheets the pieces of the file could take (pnp.layout.sheet says how)."""
        from pnp.layout.sheet import sheets_lower_bound

        fronts = [p for p in self.pages if p.side != "back"]
        sizes = [
            (it.trim[2] - it.trim[0], it.trim[3] - it.trim[1]) for p in fronts for it in p.items
        ]
        if not fronts:
            return 0
        return max(1, sheets_lower_bound(sizes, fronts[0].size, margin))  # a track: text only

    def manifest(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"path": self.path, "kind": self.kind}
        if self.source:
            entry["source"] = self.source
        entry["sheets"] = self.sheets
        if self.margin is not None:
            entry["sheets_lower_bound"] = self.sheets_lower_bound(self.margin)
        if self.ink is not None:
            entry["ink"] = {"coverage": round(self.ink[0], 4), "ink_saver": round(self.ink[1], 4)}
        if self.kind != "cut" and any(p.cuts for p in self.pages):
            from pnp.layout.cuts import trimmer_cuts  # pure and light: only when cut

            entry["cuts"] = trimmer_cuts(self.pages)
        entry["pages"] = [_page_entry(n, p) for n, p in enumerate(self.pages, start=1)]
        return entry


def _page_entry(number: int, page: Page) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "number": number,
        "side": page.side,
        "size_pt": [_pt(page.size[0]), _pt(page.size[1])],
    }
    if page.layout:
        entry.update(layout=page.layout, gutter_mm=list(page.gutter), bleed_mm=page.bleed)
    entry["items"] = [_item(it, page.side == "fold") for it in page.items]
    if page.label is not None:
        label = page.label
        entry["label"] = {
            "text": label.text,
            "credit": label.credit,
            "edge": label.side,
            "boxes_pt": [[_pt(v) for v in box] for box in label.boxes],
        }
    return entry


def _item(it: Placed, fold: bool = False) -> dict[str, Any]:
    item: dict[str, Any] = {"id": it.id, "deck": it.group, "trim_pt": [_pt(v) for v in it.trim]}
    if it.region is not None:
        item["board_mm"] = [round(v, 2) for v in it.region]
    if fold:
        item["side"] = it.side
    if it.rotate:
        item["rotate"] = it.rotate
    return item


DOCUMENT_KINDS = ("rulebook", "aid")
"""Kinds typeset with platypus and markdown-it: drawn in one process, the only one that
imports them."""
