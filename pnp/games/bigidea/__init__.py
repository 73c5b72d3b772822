"""The Big Idea's rules engine: its declaration; the kit builds the module API from it
(docs/engines.md).

Where the source text is silent the engine decides; the decisions are data in
:mod:`pnp.games.bigidea.decisions`, printed in the rulebook from there.
"""

from __future__ import annotations

from pnp.games.kit import STANDARD_PARTS, EngineInfo, FrozenDict, declare

INFO = EngineInfo(
    name="bigidea",
    title="The Big Idea",
    hides="the cards in other seats' hands and face-down products (their decks show), "
    "other seats' secret Venture picks, the order of the draw piles and the dice to come",
    parts=FrozenDict(
        {
            **STANDARD_PARTS,
            "ev_table": ".examples",
            "rounds_for": ".config",
            "COMPONENT_TABLES": ".report",
        }
    ),
)
__getattr__ = declare(__name__, INFO)
