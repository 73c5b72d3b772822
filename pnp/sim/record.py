"""Write a simulation into the game's record (``playtest.yaml``) and play a record again.

``pnp simulate GAME --record`` turns its report into a :class:`pnp.spec.playtest.Run` and
writes it beside game.yaml, keeping the runs of other bots; the slow test plays every
recorded run again with its seed (:func:`replay`) and compares.  Figures are rounded to
:data:`DIGITS` decimals so that a record reads cleanly and a replay compares exactly.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from pnp._errors import DataError, Location
from pnp.games import Engine
from pnp.sim.report import Report
from pnp.spec.load import Game
from pnp.spec.playtest import Group, Length, PlaytestRecord, Run, Use, record_path, run_key

DIGITS = 3
"""Decimals kept for a mean or a standard deviation."""
HEADER = (
    "# Written by `pnp simulate {game} --record`: the figures the rulebook and the decisions\n"
    "# print. Do not edit by hand; run the command again after a rules change\n"
    "# (tests/test_playtest_record.py plays these seeds again and compares).\n"
)


def run_of(report: Report, game: Game) -> Run:
    """The record of one simulation: its settings, length and component use."""
    lengths = [n for n in report.game_lengths if n is not None]
    return Run(
        games=report.games,
        seed=report.seed,
        players=report.players,
        bots=list(report.lineup),
        expansions=sorted(e.id for e in game.expansions),
        completed=report.completed,
        timeouts=report.timeouts,
        length=Length(
            mean=round(report.length_mean, DIGITS),
            stdev=round(report.length_stdev, DIGITS),
            min=min(lengths, default=0),
            max=max(lengths, default=0),
        ),
        components={
            group: Group(
                short_games=report.short_games.get(group, 0),
                items={
                    str(item): Use(printed=u.printed, peak=u.peak, short_games=u.short_games)
                    for item, u in items.items()
                },
            )
            for group, items in report.components.items()
        },
    )


def write_record(game: Game, run: Run) -> Path:
    """Put ``run`` into the game's playtest.yaml (other runs kept), written to a temporary
    name and renamed so that a failed write never leaves half a record."""
    path = record_path(game.root)
    runs = dict(game.record.runs) if game.record else {}
    runs[run_key(run.bots, run.expansions)] = run
    data: dict[str, Any] = {
        "runs": {key: runs[key].model_dump() for key in sorted(runs)},
    }
    text = HEADER.format(game=game.id) + yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100
    )
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise DataError(f"cannot write the record: {exc.strerror or exc}", Location(path)) from None
    finally:
        tmp.unlink(missing_ok=True)
    return path


def replay(engine: Engine, game: Game, run: Run, jobs: int = 1) -> Run:
    """Play a recorded run's games again with its seed: the record it gives today."""
    from pnp.sim.runner import simulate

    report = simulate(
        engine,
        game,
        games=run.games,
        players=run.players,
        seed=run.seed,
        bots=run.bots,
        jobs=jobs,
    )
    return run_of(report, game)


__all__ = ["PlaytestRecord", "replay", "run_of", "write_record"]
