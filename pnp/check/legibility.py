"""Text too small to read on a printed piece: 6 pt on every card, counter, board, screen,
track and aid; the copyright line 5 pt (docs/architecture.md §5).

Fitting never shrinks text under those sizes (pnp.layout.textfit.shrink_floor), so what
is found here was declared smaller: by a layout, a counter group or a board region. The
laid-out ops are walked, not the declarations, so text sized by code (a counter's label
from its diameter) is measured as it prints; each text block remembers where its size
was declared, and the finding points there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pnp._errors import Finding, Location, Severity
from pnp.layout.ops import Face, TextBlock
from pnp.layout.textfit import MIN_FINE_PRINT_PT, MIN_TEXT_PT


@dataclass(frozen=True, slots=True)
class Piece:
    """A laid-out printed piece: what to call it, where it is declared, what it draws."""

    name: str
    where: Location | None
    ops: tuple[object, ...]


def floor_pt(block: TextBlock) -> float:
    """The least size ``block`` may print at."""
    return MIN_FINE_PRINT_PT if block.fine_print else MIN_TEXT_PT


def small_text(ops: Iterable[object]) -> Iterator[TextBlock]:
    """The text blocks among ``ops`` set under their floor."""
    for op in ops:
        if isinstance(op, TextBlock) and op.size < floor_pt(op) - 1e-9:
            yield op


def face_piece(name: str, where: Location | None, face: Face) -> Piece:
    return Piece(name, where, face.ops)


def legibility_findings(pieces: Iterable[Piece]) -> list[Finding]:
    """A warning for each text (one per place it is declared, size and wording) that
    prints under its floor, naming the first piece it is on and how many share it."""
    Key = tuple[Location | None, str, float]
    seen: dict[Key, list[str]] = {}
    first: dict[Key, tuple[TextBlock, Location | None]] = {}
    for piece in pieces:
        for block in small_text(piece.ops):
            text = " ".join(line for _, _, line in block.lines)
            key = (block.source or piece.where, text, round(block.size, 2))
            seen.setdefault(key, []).append(piece.name)
            first.setdefault(key, (block, block.source or piece.where))
    out = []
    for key, names in seen.items():
        block, where = first[key]
        text = key[1]
        shown = text if len(text) <= 40 else text[:39] + "…"
        more = f" (and {len(names) - 1} more)" if len(names) > 1 else ""
        what = "the copyright line" if block.fine_print else "text on a printed piece"
        out.append(
            Finding(
                Severity.WARNING,
                f"{names[0]}{more}: {shown!r} prints at {block.size:.2f} pt; {what} needs "
                f"{floor_pt(block):g} pt or more: give it a larger size or more room",
                where,
            )
        )
    return out
