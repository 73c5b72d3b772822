"""•Boom: venture capitalists race to take dot-coms public before the crash.

The engine's declaration; the kit builds the module API from it (docs/engines.md).  The
game's data is in :mod:`.state`; rules live in :mod:`.rules` (round and turn flow, IPOs,
burn), :mod:`.funding` and :mod:`.effects`; :mod:`.actions` lists what a seat can do;
:mod:`.decisions` what pnp decided where boom.txt is silent.
"""

from __future__ import annotations

from pnp.games.kit import STANDARD_PARTS, EngineInfo, FrozenDict, declare

INFO = EngineInfo(
    name="boom",
    title="•Boom",
    hides="the other seats' hands and the order of the play and event decks",
    parts=FrozenDict({**STANDARD_PARTS, "COMPONENT_TABLES": ".report"}),
)
__getattr__ = declare(__name__, INFO)
