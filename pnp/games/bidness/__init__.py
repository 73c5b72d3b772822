"""Bidness's rules engine: tech founders bid for staff and contracts, sue, and race to pay
off their IOUs.  Its declaration; the kit builds the module API from it (docs/engines.md).

Flow lives in :mod:`.rules`; :mod:`.play`, :mod:`.auction`, :mod:`.lawsuit` and
:mod:`.business` hold the rules by topic; :mod:`.decisions` lists what the source leaves
open.
"""

from __future__ import annotations

from pnp.games.kit import EngineInfo, declare

INFO = EngineInfo(
    name="bidness",
    title="Bidness",
    hides="other seats' hands (their sizes and Payback cards show), the cards discarded "
    "face down in setup, the order of the decks and the dice to come",
)
__getattr__ = declare(__name__, INFO)
