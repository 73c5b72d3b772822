"""The kinds of file a build writes and the formats it can write them in: names only,
cheap to import (the command line lists them in its help before it loads anything)."""

from __future__ import annotations

from pnp.spec.kind_names import BUILT_IN

KINDS = ("cards", *BUILT_IN, "rulebook", "box")
"""Kinds of output file a game makes (manifest `kind`), the ones `--only` picks from; `box`
is the card box (pnp.layout.tuckbox), one for the game's cards unless they are too many."""
GUIDE_KIND = "guide"
"""The start-here sheet every build writes beside the others (pnp.render.guide)."""
SHOP_KIND = "shop"
"""A deck for a print shop, one card a page (`--shop-pdf`, pnp.plan.outputs.shop_files)."""
IMAGE_TARGETS = ("tgc", "tts")
"""Print-shop image sets `--images` can write (The Game Crafter, Tabletop Simulator)."""

CUT_FORMATS = ("svg",)
"""What `--cut-file` can write (pnp.layout.cuts writes it)."""

DOCUMENT_KINDS = ("rulebook", "aid")
"""Kinds typeset with platypus and markdown-it: drawn in one process, the only one that
imports them."""
