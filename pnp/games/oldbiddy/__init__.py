"""Old Biddy: bid for turn order, hire a character, rig the gem market, hoard gems.

Its declaration; the kit builds the module API from it (docs/engines.md).  Plain game
data lives in :mod:`.state`, transitions in :mod:`.rules`, the market's sums in
:mod:`.market`, what a seat sees in :mod:`.view`, and the rules the source leaves open
in :mod:`.decisions`.
"""

from __future__ import annotations

from pnp.games.kit import EngineInfo, declare

INFO = EngineInfo(
    name="oldbiddy",
    title="Old Biddy",
    hides="the other seats' bids until revealed, their zero score markers, the board's "
    "face-down markers a seat did not place, and the order of the gem-card deck",
)
__getattr__ = declare(__name__, INFO)
