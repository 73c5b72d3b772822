"""Rulebook figures drawn from the game's data: the card anatomy (a real card at full
size or more, its parts numbered; pnp.render.anatomy_figure) and the table at the start
(every piece as it prints; pnp.render.setup_figure).

A rulebook places them as images with a ``pnp:`` name (``![caption](pnp:anatomy)``);
the data travels with the rulebook's other settings to the process that typesets it
(:func:`using_figures`), and each figure fits the width of the frame it lands in. Every
word a figure sets is 6 pt or more."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from reportlab.platypus import Flowable

from pnp.layout.ops import Anatomy, TableView
from pnp.render.drawn_figure import LABEL_PT, GeneratedFigure

GENERATED = ("pnp:anatomy", "pnp:setup")
"""The figure names a rulebook may place; pnp draws them from the data."""

_figures: dict[str, Any] = {}


@contextlib.contextmanager
def using_figures(figures: dict[str, Any]) -> Iterator[None]:
    """Make the data of a rulebook's generated figures (by name) known while it is set."""
    _figures.clear()
    _figures.update(figures)
    try:
        yield
    finally:
        _figures.clear()


def generated_figure(name: str) -> Flowable | None:
    """The flowable of a generated figure, or None when the game has no data for it."""
    data = _figures.get(name)
    if isinstance(data, Anatomy):
        from pnp.render.anatomy_figure import AnatomyFigure

        return AnatomyFigure(data)
    if isinstance(data, TableView):
        from pnp.render.setup_figure import SetupFigure

        return SetupFigure(data)
    return None


__all__ = [
    "GENERATED",
    "LABEL_PT",
    "GeneratedFigure",
    "generated_figure",
    "using_figures",
]
