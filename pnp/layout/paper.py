"""The papers, sheet layouts, counter styles and margins the command line offers: names and
numbers only, cheap to import (pnp.layout.sheet lays sheets out with them)."""

from __future__ import annotations

PAPERS_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SHEET_LAYOUTS = ("grid", "gutter", "fold")
LAYOUTS = ("auto", *SHEET_LAYOUTS)
"""``auto``: a grid where every card on a sheet has one edge-band colour, else gutters."""
CHITS = ("square", "shaped")
"""What ``--chits`` takes: gang-cut squares with a shape emblem, or the shapes themselves
(pnp.layout.chits packs them; the command line offers them without loading it)."""
MARGIN_MM = 6.0
"""Default printer margin: nothing needed for cutting or reading lies closer to the edge."""
MAX_MARGIN_MM = 20.0
