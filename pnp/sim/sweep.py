"""`pnp sweep`: one simulation per cell of a grid of table values × player counts.

Each cell is a :func:`pnp.sim.runner.simulate` run of the game with that cell's values
(:mod:`pnp.sim.sweep_params`) at that many seats, on the same seed: game *i* of every
cell starts from the same seed, so cells differ by their values and seats, not by luck
of the draw. The cells run in order, each setting at every player count before the
next setting. Per cell, with 95 %:

- **Balance**, 1 − (best seat's win rate − worst seat's), with the range the seats'
  Wilson intervals allow when each is widened for the number of seats (Bonferroni), as
  the report's seat verdict widens them, and the win rates average an even share: a
  simultaneous interval, wide on few games, that leaves out 1 exactly when the verdict
  says *look*;
- **First-seat edge**, seat 1's win rate − an even share, with its Wilson interval;
- **Length**, the mean rounds of the completed games ± 1.96 s/√n (the normal interval);
- the timeouts, and the engine's own measures (min, mean, max).

A cell is out of band where the report's verdicts (:mod:`pnp.sim.verdicts`) would say
*look*: a seat's widened interval leaves out the even share, or a game hit the step cap.
Ctrl-C keeps the cells finished and drops the one being played.
"""

from __future__ import annotations

import math
import shlex
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp._errors import UsageError
from pnp.render.report_pdf import Verdict
from pnp.sim.cards import Z95
from pnp.sim.cluster import ClusterStopped
from pnp.sim.results import Report
from pnp.sim.runner import check_players
from pnp.sim.sweep_params import MAX_CELLS, Param, Setting, setting_label
from pnp.sim.verdicts import joint_z, length_verdict, listed, seat_intervals, seat_verdict
from pnp.spec.game import Game

Interval = tuple[float, float, float]
"""A figure and its 95 % interval: (value, low, high)."""
Play = Callable[[Game, int], Report]
"""Plays one cell: the game with its values, at a number of seats (the caller fixes
games, seed, bots, jobs)."""


def balance_interval(r: Report) -> Interval:
    """Balance with the range of balances the seats' jointly widened intervals allow."""
    if not r.completed:
        return 0.0, 0.0, 1.0
    wide, even = seat_intervals(r, joint_z(r.players)), 1 / r.players
    most = max(high for _, high in wide) - min(low for low, _ in wide)
    # the win rates average an even share: the best is at least it, the worst at most it
    least = max(even, *(low for low, _ in wide)) - min(even, *(high for _, high in wide))
    return r.balance, max(0.0, 1 - most), 1 - least


def first_seat_interval(r: Report) -> Interval:
    """Seat 1's win rate − an even share, with seat 1's Wilson interval moved likewise."""
    even = 1 / r.players
    if not r.completed:
        return 0.0, -even, 1 - even
    low, high = seat_intervals(r)[0]
    return r.first_seat_edge, low - even, high - even


def length_interval(r: Report) -> Interval:
    """Mean rounds of the completed games ± 1.96 standard errors (a point below two)."""
    lengths = [n for n in r.game_lengths if n is not None]
    if len(lengths) < 2:
        return r.length_mean, r.length_mean, r.length_mean
    half = Z95 * statistics.stdev(lengths) / math.sqrt(len(lengths))
    return r.length_mean, r.length_mean - half, r.length_mean + half


@dataclass(frozen=True)
class Cell:
    setting: Setting
    players: int
    report: Report

    @property
    def label(self) -> str:
        """``tables.hand_size=3, 4 players``."""
        return ", ".join(filter(None, [setting_label(self.setting), f"{self.players} players"]))

    @property
    def balance_fine(self) -> bool:
        return seat_verdict(self.report).fine

    @property
    def length_fine(self) -> bool:
        return length_verdict(self.report).fine

    def to_dict(self) -> dict[str, Any]:
        r = self.report
        balance, first, length = balance_interval(r), first_seat_interval(r), length_interval(r)
        return {
            "params": dict(self.setting),
            "players": self.players,
            "games": r.games,
            "completed": r.completed,
            "timeouts": r.timeouts,
            "balance": {"value": balance[0], "ci95": [balance[1], balance[2]]},
            "first_seat_edge": {"value": first[0], "ci95": [first[1], first[2]]},
            "length": {"mean": length[0], "stdev": r.length_stdev, "ci95": [length[1], length[2]]},
            "win_rates": r.win_rates,
            "measures": r.measures,
            "in_band": {"balance": self.balance_fine, "length": self.length_fine},
        }

    def line(self) -> str:
        r, pct = self.report, "{:+.1%}".format
        b, f, n = balance_interval(r), first_seat_interval(r), length_interval(r)
        return (
            f"{self.label}: balance {b[0]:.3f} [{b[1]:.3f}, {b[2]:.3f}], first seat "
            f"{pct(f[0])} [{pct(f[1])}, {pct(f[2])}], length {n[0]:.2f} [{n[1]:.2f}, "
            f"{n[2]:.2f}] rounds, timeouts {r.timeouts}"
        )


@dataclass
class Sweep:
    game: str
    engine: str
    params: list[Param]
    players: list[int]
    games: int
    seed: int
    bots: list[str]
    command: str
    """The command that makes this sweep again."""
    cells: list[Cell] = field(default_factory=list)
    requested: int = 0
    """Cells in the grid; more than ``len(cells)`` when the sweep was stopped."""
    interrupted: bool = False
    stopped: ClusterStopped | None = None
    """The cluster's failure that ended the sweep early, raised after its report."""

    def status(self) -> str:
        """``interrupted after 3 of 6 cells`` for a stopped sweep, else ``""``."""
        if not (self.interrupted or self.stopped):
            return ""
        return f"interrupted after {len(self.cells)} of {self.requested} cells"

    def verdicts(self) -> list[Verdict]:
        """Run (when stopped), seat balance and length, over every cell."""
        out = []
        if self.status():
            out.append(Verdict(False, "Run", f"{self.status()}: the figures cover those cells."))
        if not self.cells:
            return out
        off = [c for c in self.cells if not c.balance_fine]
        spread = sorted(c.report.balance for c in self.cells)
        if off:
            names = [f"{c.label} (balance {c.report.balance:.3f})" for c in off]
            out.append(
                Verdict(
                    False,
                    "Seat balance",
                    f"A seat wins more or less than chance allows in {len(off)} of "
                    f"{len(self.cells)} cells: {listed(names)}.",
                )
            )
        else:
            out.append(
                Verdict(
                    True,
                    "Seat balance",
                    f"In every cell each seat wins within chance of an even share (balance "
                    f"{spread[0]:.3f} to {spread[-1]:.3f}).",
                )
            )
        long = [c for c in self.cells if not c.length_fine]
        means = sorted(c.report.length_mean for c in self.cells if c.report.completed)
        if long:
            names = [f"{c.label} ({c.report.timeouts} of {c.report.games})" for c in long]
            out.append(
                Verdict(
                    False,
                    "Length",
                    f"Games hit the cap of {self.cells[0].report.max_steps:,} decisions "
                    f"without ending in {len(long)} of {len(self.cells)} cells: {listed(names)}.",
                )
            )
        else:
            out.append(
                Verdict(
                    True,
                    "Length",
                    f"Every game of every cell ended by the rules, after a mean of "
                    f"{means[0]:.1f} to {means[-1]:.1f} rounds.",
                )
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine": self.engine,
            "command": self.command,
            "seed": self.seed,
            "games": self.games,
            "bots": self.bots,
            "params": [{"path": p.path, "values": list(p.values)} for p in self.params],
            "players": self.players,
            "cells_requested": self.requested,
            "interrupted": bool(self.status()),
            "cells": [c.to_dict() for c in self.cells],
            "verdicts": [
                {"fine": v.fine, "topic": v.topic, "text": v.text} for v in self.verdicts()
            ],
        }

    def headline(self) -> str:
        """What was played, in one line."""
        swept = " × ".join([*(p.path for p in self.params), "players"])
        mix = self.cells[0].report.mix() if self.cells else "+".join(dict.fromkeys(self.bots))
        return (
            f"{self.engine}: {self.requested} cells ({swept}), {self.games} games each on the "
            f"same seeds, seed {self.seed}, bots {mix}"
        )

    def lines(self) -> list[str]:
        """The sweep as lines for a terminal: a line per cell, then the verdicts."""
        out = [self.headline(), *(c.line() for c in self.cells), ""]
        out += [f"{'fine' if v.fine else 'look'}  {v.topic}: {v.text}" for v in self.verdicts()]
        return out

    @staticmethod
    def legend() -> list[str]:
        return [
            "balance: 1 − the gap between the best and the worst seat's win rate (1.000 = "
            "even); its interval is what the seats' 95 % intervals, widened for the number "
            "of seats, allow together",
            "first seat: seat 1's win rate minus an even share, with its 95 % interval",
            "length: mean rounds of completed games, with its 95 % normal interval",
            "look: a seat's widened interval leaves out the even share, or a game hit the "
            "step cap (as the verdicts of pnp simulate --report)",
            "pnp sweep ... --json has every cell's figures and the engine's own measures",
        ]


def sweep_command(
    game: str,
    params: list[Param],
    players: list[int],
    games: int,
    seed: int,
    bots: list[str],
    expansions: list[str],
    cards: Path | None,
) -> str:
    """The command that makes the same sweep (``--jobs`` and a cluster change nothing)."""
    words = ["pnp", "sweep", game]
    for p in params:
        words += ["--param", p.option]
    words += ["--players", ",".join(map(str, players)), "--games", str(games)]
    words += ["--seed", str(seed), "--bots", ",".join(bots)]
    for name in expansions:
        words += ["--expansion", name]
    words += ["--cards", str(cards)] if cards is not None else []
    return shlex.join(words)


def check_grid(game: Game, params: list[Param], players: list[int]) -> None:
    """Refuse a player count the game does not take, or a grid past :data:`MAX_CELLS`."""
    if len(set(players)) < len(players):
        raise UsageError(f"--players {','.join(map(str, players))}: a count is given twice")
    for seats in players:
        try:
            check_players(game, seats)
        except UsageError as exc:
            raise UsageError(f"--players {seats}: {exc.message}") from None
    cells = math.prod(len(p.values) for p in params) * len(players)
    if cells > MAX_CELLS:
        raise UsageError(
            f"the grid has {cells:,} cells, more than {MAX_CELLS:,}: sweep fewer values at once"
        )


def run_sweep(sweep: Sweep, games: list[tuple[Setting, Game]], play: Play) -> Sweep:
    """Play every cell of ``games`` × ``sweep.players`` in order into ``sweep``. Ctrl-C
    ends it with the cells finished; a cluster that fails is kept in ``stopped``."""
    sweep.requested = len(games) * len(sweep.players)
    for setting, game in games:
        for seats in sweep.players:
            try:
                report = play(game, seats)
            except KeyboardInterrupt:
                sweep.interrupted = True
            except ClusterStopped as exc:
                sweep.stopped = exc
            else:
                if report.interrupted:  # a cell cut short is not paired with the others
                    sweep.interrupted = True
                else:
                    sweep.cells.append(Cell(setting, seats, report))
            if sweep.interrupted or sweep.stopped:
                return sweep
    return sweep


__all__ = [
    "Cell",
    "Sweep",
    "balance_interval",
    "check_grid",
    "first_seat_interval",
    "length_interval",
    "run_sweep",
    "sweep_command",
]
