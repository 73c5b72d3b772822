"""The simulation record kept beside a game (``playtest.yaml``): what seeded games played.

Rulebooks and decisions state figures about play (how long a game lasts, whether the
printed counters suffice); typing them into prose lets them go stale the day a rule
changes.  ``pnp simulate GAME --record`` plays the games and writes their figures here,
the rulebook templates read them as ``record`` and the decisions as ``{record[...]}``
fields, and tests/test_playtest_record.py plays the same seeds again and fails when a
figure differs.  A game without the file simply prints no such claim.

Each run is keyed by its bots as ``--bots`` names them (``heuristic``, ``random``,
``heuristic,random``), one run per lineup and set of expansions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from pnp.spec.fields import Strict

PLAYTEST_FILE = "playtest.yaml"


class Length(Strict):
    """Game length in rounds over the games that ended by the rules."""

    mean: float
    stdev: float
    """Population standard deviation."""
    min: int
    max: int


class Use(Strict):
    """One printed component: its count, the most any game needed at once, and the games
    that needed more than were printed."""

    printed: int = Field(ge=0)
    peak: int = Field(ge=0)
    short_games: int = Field(ge=0)


class Group(Strict):
    """A group of components (money counters): games in which any of them ran short."""

    short_games: int = Field(ge=0)
    items: dict[str, Use]


class Run(Strict):
    """One seeded simulation, as ``pnp simulate GAME --record`` played it."""

    games: int = Field(ge=1)
    seed: int = Field(ge=0)
    players: int = Field(ge=1)
    bots: list[str] = Field(min_length=1)
    """The bots named, in order (they rotate through the seats when several)."""
    expansions: list[str] = Field(default_factory=list)
    completed: int = Field(ge=0)
    """Games ended by the rules (the rest hit the step cap)."""
    timeouts: int = Field(ge=0)
    length: Length
    components: dict[str, Group] = Field(default_factory=dict)


class PlaytestRecord(Strict):
    """Every run recorded for the game, by its bots (``heuristic``, ``heuristic,random``)."""

    runs: dict[str, Run] = Field(default_factory=dict)

    def matching(self, expansions: list[str]) -> dict[str, dict[str, Any]]:
        """The runs played with exactly these expansions, as plain data for templates."""
        return {
            key: run.model_dump()
            for key, run in self.runs.items()
            if sorted(run.expansions) == sorted(expansions)
        }


def run_key(bots: list[str], expansions: list[str]) -> str:
    """The key a run is recorded under: its bots, then ``+`` and each expansion."""
    return "+".join([",".join(bots), *sorted(expansions)])


def record_path(root: Path) -> Path:
    return root / PLAYTEST_FILE
