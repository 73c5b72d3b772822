"""The files of a build as data: the kinds of file, each file's name, kind, pages and what
goes on them (what manifest.json says of it, and what pnp.render draws). Cheap to import:
the command line reads the kinds here to show its help."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnp.plan.file_kinds import (
    CUT_FORMATS,
    DOCUMENT_KINDS,
    GUIDE_KIND,
    IMAGE_TARGETS,
    KINDS,
    SHOP_KIND,
)

if TYPE_CHECKING:
    from pnp.layout.ops import Face
    from pnp.layout.pages import Page, Placed
    from pnp.plan.doc_meta import DocInfo

PT_PER_MM = 72.0 / 25.4

__all__ = ["CUT_FORMATS", "DOCUMENT_KINDS", "GUIDE_KIND", "IMAGE_TARGETS", "KINDS", "SHOP_KIND"]


def _pt(v: float) -> float:
    return round(v * PT_PER_MM, 2)


@dataclass(frozen=True)
class SheetPlan:
    """A file of sheets (cards, tokens, board, screen, track, an aid's copies, the card
    box), not yet laid out: pnp.plan.outputs.lay_out_sheet lays it out. ``component`` is
    the index of the component it prints (None: the cards or the box); ``riders``, of the
    counters printed on the card sheets."""

    path: str
    kind: str
    title: str
    component: int | None = None
    riders: tuple[int, ...] = ()


@dataclass(frozen=True)
class Sheets:
    """Sheets of placed faces and page decor: ``sheet`` laid out, then drawn."""

    sheet: SheetPlan
    info: DocInfo


@dataclass(frozen=True)
class AidPanels:
    """An aid's copies: its panel typeset (front, and back if it has one) and placed on
    each copy. ``component`` is its index in game.yaml."""

    component: int
    info: DocInfo


@dataclass(frozen=True)
class Book:
    """The rulebook, typeset; with ``booklet``, on half pages imposed two up. ``text`` is
    its rendered Markdown, when it was rendered as it was planned."""

    booklet: bool = False
    text: str | None = None


@dataclass(frozen=True)
class CutPaths:
    """One sheet's cut paths, as SVG text."""

    svg: str


@dataclass(frozen=True)
class ShopDeck:
    """A deck as a print shop takes it (fronts or back): pages of the deck's faces."""

    info: DocInfo


@dataclass(frozen=True)
class StartHere:
    """The start-here sheet: drawn last, told the manifest entries of every other file."""


Content = Sheets | AidPanels | Book | CutPaths | ShopDeck | StartHere


@dataclass
class PlannedFile:
    """One file of a build: its name, kind, pages (for the manifest) and what goes on it.
    A file of sheets planned with ``defer`` has no pages until it is laid out as it is
    drawn; a rulebook's pages are counted as it is typeset."""

    path: str
    kind: str
    content: Content
    pages: list[Page] = field(default_factory=list)
    faces: dict[str, Face] | None = field(default=None, repr=False)
    """The faces its pages place, once laid out."""
    source: str | None = None
    """For a cut file: the PDF whose sheet it cuts."""
    margin: float | tuple[float, float] | None = None
    """For a file of sheets to cut (not a rulebook): the margin its pieces keep inside
    (pnp.plan.outputs.usable_margin), where its lower bound on sheets is measured."""
    ink: tuple[float, float] | None = None
    """Share of its pages inked, as drawn and as --ink-saver draws them (pnp.layout.ink)."""

    @property
    def last(self) -> bool:
        """Whether it describes the other files, and so is drawn after them."""
        return isinstance(self.content, StartHere)

    @property
    def typeset(self) -> bool:
        """Whether it is a document typeset by platypus (pnp.build.typesetter)."""
        return isinstance(self.content, AidPanels | Book)

    @property
    def sheets(self) -> int:
        return sheet_count(self.pages)

    def sheets_lower_bound(self, margin: float | tuple[float, float]) -> int:
        return sheets_lower_bound(self.pages, margin)

    def manifest(self) -> dict[str, Any]:
        """What manifest.json says of it, once drawn."""
        return manifest_entry(self.path, self.kind, self.pages, self.source, self.margin, self.ink)


def manifest_entry(
    path: str,
    kind: str,
    pages: list[Page],
    source: str | None = None,
    margin: float | tuple[float, float] | None = None,
    ink: tuple[float, float] | None = None,
) -> dict[str, Any]:
    """What manifest.json says of one file."""
    entry: dict[str, Any] = {"path": path, "kind": kind}
    if source:
        entry["source"] = source
    entry["sheets"] = sheet_count(pages)
    if margin is not None:
        entry["sheets_lower_bound"] = sheets_lower_bound(pages, margin)
    if ink is not None:
        entry["ink"] = {"coverage": round(ink[0], 4), "ink_saver": round(ink[1], 4)}
    if kind != "cut" and any(p.cuts for p in pages):
        from pnp.layout.cuts import trimmer_cuts  # pure and light: only when cut

        entry["cuts"] = trimmer_cuts(pages)
    entry["pages"] = [_page_entry(n, p) for n, p in enumerate(pages, start=1)]
    return entry


def sheet_count(pages: list[Page]) -> int:
    """Sheets of paper: a back page is printed on its front's sheet."""
    return sum(1 for p in pages if p.side != "back")


def sheets_lower_bound(pages: list[Page], margin: float | tuple[float, float]) -> int:
    """Fewest sheets the pieces on ``pages`` could take (pnp.layout.sheet says how)."""
    from pnp.layout.sheet import sheets_lower_bound as bound

    fronts = [p for p in pages if p.side != "back"]
    sizes = [(it.trim[2] - it.trim[0], it.trim[3] - it.trim[1]) for p in fronts for it in p.items]
    if not fronts:
        return 0
    return max(1, bound(sizes, fronts[0].size, margin))  # a track: text only


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
