"""The simulation record kept beside a game (``playtest.yaml``): what seeded games played.

Rulebooks and decisions state figures about play (how long a game lasts, whether the
printed counters suffice); typing them into prose lets them go stale the day a rule
changes.  ``pnp simulate GAME --record`` plays the games and writes their figures here,
the rulebook templates read them as ``record`` and the decisions as ``{record[...]}``
fields, and tests/test_playtest_record.py plays the same seeds again and fails when a
figure differs.  A game without the file simply prints no such claim.

Each run is keyed by its bots as ``--bots`` names them (``heuristic``, ``random``,
``heuristic,random``), one run per lineup and set of expansions, and keeps a fingerprint
of what its figures depend on (:class:`Inputs`): a run made with other data than the game
has now is stale, and the rulebook leaves its figures out (pnp.games.decisions.record_runs)
while `validate` says how to renew it (pnp.check.playtest).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from pydantic import Field, NonNegativeFloat, NonNegativeInt

from pnp.spec.fields import Strict

PLAYTEST_FILE = "playtest.yaml"


class Length(Strict):
    """Game length in rounds over the games that ended by the rules."""

    mean: NonNegativeFloat
    stdev: NonNegativeFloat
    """Population standard deviation."""
    min: NonNegativeInt
    max: NonNegativeInt


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


DIGEST = r"^[0-9a-f]{16}$"


class Inputs(Strict):
    """Fingerprints of what a run's figures depend on (pnp.games.inputs): the same
    fingerprints as the game's now, the same figures when the seeds are played again
    (unless the engine's code changed, which the slow replay test catches)."""

    data: str = Field(pattern=DIGEST)
    """The game data the engine reads: its tables, decks and cards with their counts,
    with the expansions of the run."""
    rules: str = Field(pattern=DIGEST)
    """The engine and the ids of the rules it lists."""


class Run(Strict):
    """One seeded simulation, as ``pnp simulate GAME --record`` played it."""

    games: int = Field(ge=1)
    seed: int = Field(ge=0)
    players: int = Field(ge=1)
    bots: list[str] = Field(min_length=1)
    """The bots named, in order (they rotate through the seats when several)."""
    expansions: list[str] = Field(default_factory=list)
    inputs: Inputs | None = None
    """None in a record written before pnp kept fingerprints: stale, as its data is unknown."""
    completed: int = Field(ge=0)
    """Games ended by the rules (the rest hit the step cap)."""
    timeouts: int = Field(ge=0)
    length: Length
    components: dict[str, Group] = Field(default_factory=dict)


class PlaytestRecord(Strict):
    """Every run recorded for the game, by its bots (``heuristic``, ``heuristic,random``)."""

    runs: dict[str, Run] = Field(default_factory=dict)

    def matching(self, expansions: list[str], inputs: Inputs | None) -> dict[str, dict[str, Any]]:
        """The runs played with exactly these expansions and made with these ``inputs``
        (none when ``inputs`` is None), as plain data for templates."""
        return {
            key: run.model_dump()
            for key, run in self.runs.items()
            if sorted(run.expansions) == sorted(expansions)
            and inputs is not None
            and run.inputs == inputs
        }


def run_key(bots: list[str], expansions: list[str]) -> str:
    """The key a run is recorded under: its bots, then ``+`` and each expansion."""
    return "+".join([",".join(bots), *sorted(expansions)])


def record_path(root: Path) -> Path:
    return root / PLAYTEST_FILE


def simulate_command(
    game: str,
    games: int,
    seed: int,
    players: int | None,
    bots: list[str],
    expansions: list[str],
    cards: Path | None = None,
) -> str:
    """The command that records these settings: ``pnp simulate GAME --record ...``, with
    ``--cards DIR`` when the game is not where pnp looks by default."""
    words = ["pnp", "simulate", game, "--record", "--games", str(games), "--seed", str(seed)]
    words += ["--players", str(players)] if players is not None else []
    words += ["--bots", ",".join(bots)]
    for name in sorted(expansions):
        words += ["--expansion", name]
    words += ["--cards", str(cards)] if cards is not None else []
    return shlex.join(words)
