"""Small Print's rules engine: its declaration; the kit builds the module API from it
(docs/engines.md).

Where smallprint.txt is silent the engine decides; the decisions are data in
:mod:`pnp.games.smallprint.decisions`, printed in the rulebook from there.
"""

from __future__ import annotations

from pnp.games.kit import EngineInfo, declare

INFO = EngineInfo(
    name="smallprint",
    title="Small Print",
    hides="the kind of other seats' face-down paperwork (its owner and marker show) "
    "and the order of the business deck",
    playtest_bots=("heuristic",),
    playtest_games=60,
)
"""Random play bluffs on almost every card, so validate's quick playtest uses the
(slower) heuristic bot, for fewer games."""
__getattr__ = declare(__name__, INFO)
