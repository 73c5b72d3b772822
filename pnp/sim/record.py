"""Write a simulation into the game's record (``playtest.yaml``) and play a record again.

``pnp simulate GAME --record`` turns its report into a :class:`pnp.spec.playtest.Run` and
writes it beside game.yaml, keeping the runs of other bots, with the fingerprint of the
data it was played with (pnp.games.inputs); the slow test plays every recorded run again
with its seed (:func:`replay`) and compares.  Figures are rounded to :data:`DIGITS`
decimals so that a record reads cleanly and a replay compares exactly.

The record belongs to the game the user owns: :func:`record_destination` refuses, before
any game is played, a game bundled inside the installed package and a destination that
cannot be written.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any

import yaml

from pnp._errors import DataError, Location, UsageError
from pnp.games import Engine
from pnp.games.inputs import record_inputs
from pnp.sim.results import Report
from pnp.spec.game import Game
from pnp.spec.paths import cards_root, file_inside, is_installed
from pnp.spec.playtest import (
    PLAYTEST_FILE,
    Group,
    Length,
    PlaytestRecord,
    Run,
    Use,
    record_path,
    run_key,
)

DIGITS = 3
"""Decimals kept for a mean or a standard deviation."""
HEADER = (
    "# Written by `pnp simulate {game} --record`: the figures the rulebook and the decisions\n"
    "# print, each run with a fingerprint of the data it was played with (`inputs`). Do not\n"
    "# edit by hand: `pnp validate {game}` names a run made with other data than the game's\n"
    "# and the command that renews it (tests/test_playtest_record.py plays the seeds again).\n"
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
        inputs=record_inputs(game),
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


def record_destination(game: Game, command: str) -> Path:
    """The file ``pnp simulate --record`` will write (``playtest.yaml``, or the file inside
    the game folder it links to), refused before any game is played when it is not the
    user's to write: a game bundled in the installed package (exit 2, with the copy to
    make first; ``command`` records the copy), a folder in its place, a link leading out
    of the game folder or to nothing, a file or folder that cannot be written (exit 1)."""
    root = game.root.resolve()
    if is_installed() and root.parent == cards_root().resolve():
        copy = shlex.join(["cp", "-r", str(root), "cards/"])
        raise UsageError(
            f"{game.id} is a game bundled in the installed pnp package ({root}): its record "
            "is not written there. Copy the game into ./cards, which pnp reads first, and "
            f"record the copy: mkdir -p cards && {copy} && {command}"
        )
    path = record_path(game.root)
    where = Location(path)
    if path.is_dir():
        raise DataError(f"{PLAYTEST_FILE} is a folder, not a file: move it away first", where)
    target = file_inside(path, [root], PLAYTEST_FILE, where) or path
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise DataError(f"cannot write the record: the folder {target.parent} is read-only", where)
    if target.exists() and not os.access(target, os.W_OK):
        raise DataError("cannot write the record: the file is read-only", where)
    return target


def write_record(game: Game, run: Run, target: Path | None = None) -> Path:
    """Put ``run`` into the game's playtest.yaml (other runs kept), or into ``target``,
    where :func:`record_destination` found it; written to a temporary name and renamed so
    that a failed or interrupted write never leaves half a record."""
    path = target or record_path(game.root)
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
        where = Location(record_path(game.root))
        raise DataError(f"cannot write the record: {exc.strerror or exc}", where) from None
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


__all__ = ["PlaytestRecord", "record_destination", "replay", "run_of", "write_record"]
