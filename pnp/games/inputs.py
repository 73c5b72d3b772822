"""Fingerprints of what a simulation's figures depend on, kept with each recorded run.

A figure of the record (pnp.spec.playtest) holds for the data it was played with: change
``stock_per_firm`` from 19 to 25 and "ran short in 1 of 2,000 games" no longer describes
the game.  The fingerprint is a hash of the data the engine reads, as the engine reads it
(its ``config_for(game)``: tables, decks and every card copy, flattened), and of the ids of
the rules it lists; the command line stores it when recording, the rulebook prints only
the runs whose fingerprint is the game's now, and `validate` warns of the others.  A
change to the engine's code is not seen here: the slow test that plays every recorded
seed again (tests/test_playtest_record.py) catches that.
"""

from __future__ import annotations

from pnp.games import engine_for
from pnp.games.fingerprint import inputs_of
from pnp.spec.game import Game
from pnp.spec.playtest import Inputs


def record_inputs(game: Game) -> Inputs | None:
    """The fingerprints of ``game`` as loaded (with its expansions); None without an
    engine.  Raises ValidationFailed when the engine refuses the data."""
    return inputs_of(game, engine_for(game))


__all__ = ["record_inputs"]
