"""The base of the rulebook figures pnp draws from the data (pnp.render.generated): a
flowable that records where it was drawn and the words it printed, and the type they
are set in (7 pt; nothing under 6 pt)."""

from __future__ import annotations

from reportlab.platypus import Flowable

from pnp.render.pdf import ensure_font

LABEL_FONT, LABEL_PT = "Lato-Regular", 7.0
LABEL_BOLD = "Lato-Bold"
INK, PAPER = "#1a1a1a", "#ffffff"


class GeneratedFigure(Flowable):  # type: ignore[misc]
    """A figure drawn from data; ``labels`` are the words it prints (for the book's record)."""

    name = ""
    drawn_y: float | None = None

    @property
    def labels(self) -> tuple[str, ...]:
        return ()

    @property
    def caption(self) -> str:
        """What the figure shows, when the rulebook gives no caption of its own."""
        return ""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        ensure_font(LABEL_FONT)  # measured as the figure is planned
        ensure_font(LABEL_BOLD)
        return self.plan(availWidth, availHeight)

    def plan(self, width: float, height: float) -> tuple[float, float]:
        """Lay the figure out in ``width`` points, in ``height`` if it can; its width and
        height."""
        raise NotImplementedError

    def draw(self) -> None:
        self.drawn_y = self.canv.absolutePosition(0, 0)[1]
        self.canv.saveState()
        self.draw_figure()
        self.canv.restoreState()

    def draw_figure(self) -> None:
        raise NotImplementedError


__all__ = ["INK", "LABEL_BOLD", "LABEL_FONT", "LABEL_PT", "PAPER", "GeneratedFigure"]
