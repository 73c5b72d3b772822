"""`pnp sweep`: simulations over a grid of table values × player counts (pnp.sim.sweep).

Registered on the app in :mod:`pnp.cli.app` as `simulate` is; its own options are here,
the ones it shares with `pnp simulate` come from :mod:`pnp.cli.sim_options`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp.cli import options as opt
from pnp.cli import sim_options as sim
from pnp.cli.options import CardsOpt, ExpOpt, GameArg, JobsOpt
from pnp.cli.outcome import run as run_command

if TYPE_CHECKING:
    from pnp.sim.results import Report
    from pnp.spec.game import Game

SEATS = 12
"""Most seats a game takes (pnp.spec.model.Players)."""


def seat_counts(values: list[str] | None) -> list[str]:
    """``--players 3,4,5``: whole numbers, each once (the game's range is checked later)."""
    parse = opt.whole(1, SEATS)["parser"]
    return [str(parse(value)) for value in opt.split_list(values)]


ParamOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--param",
        metavar="PATH=V1,V2,...",
        help="A value under tables: in game.yaml and the values to try, e.g. "
        "tables.hand_size=2,3,4; repeat for a grid of every combination.",
    ),
]
SeatsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--players",
        metavar="N,N,...",
        callback=seat_counts,
        help="Seats of each cell; repeat or separate with commas (default: every count "
        "the game takes).",
    ),
]
PdfFileOpt = Annotated[
    Path | None,
    typer.Option(
        "--report",
        metavar="FILE.pdf",
        callback=opt.report_file,
        help="Also write the sweep as a PDF: verdicts, heat maps or lines, every cell.",
    ),
]
SweepGamesOpt = Annotated[
    int,
    typer.Option(
        "--games", metavar="N", **opt.whole(1, 1_000_000), help="Games to play in each cell."
    ),
]


def sweep(
    game: GameArg,
    param: ParamOpt = None,
    players: SeatsOpt = None,
    games: SweepGamesOpt = 200,
    seed: sim.SeedOpt = 1,
    bots: sim.BotsOpt = None,
    as_json: sim.JsonOpt = False,
    pdf: PdfFileOpt = None,
    jobs: JobsOpt = 1,
    scheduler: sim.SchedulerOpt = None,
    expansion: ExpOpt = None,
    cards: CardsOpt = None,
) -> None:
    """Simulate every combination of table values and player counts on the same seeds."""

    def run() -> int:
        from pnp._progress import progress_bar
        from pnp.sim.runner import require_engine
        from pnp.sim.runner import simulate as run_sim
        from pnp.sim.sweep import Sweep, check_grid, run_sweep, sweep_command
        from pnp.sim.sweep_params import checked_games, parse_params
        from pnp.spec.load import load_game

        names = opt.known_expansions(opt.known_game(game, cards), expansion or [], cards)
        g = load_game(game, cards, names)
        engine = require_engine(g)
        params = parse_params(param or [], g)
        seats = [int(n) for n in players or ()] or list(
            range(g.spec.players.min, g.spec.players.max + 1)
        )
        check_grid(g, params, seats)
        grid = checked_games(engine, g, params)  # every setting checked before any game
        lineup = bots or ["heuristic", "random"]
        again = sweep_command(g.id, params, seats, games, seed, lineup, names, cards)
        result = Sweep(g.id, engine.NAME, params, seats, games, seed, lineup, again)
        total = len(grid) * len(seats) * games
        with progress_bar(total, f"{g.spec.name}: sweep") as advance:

            def play(on: Game, n: int) -> Report:
                return run_sim(
                    engine,
                    on,
                    games=games,
                    players=n,
                    seed=seed,
                    bots=lineup,
                    progress=advance,
                    jobs=jobs,
                    scheduler=scheduler,
                )

            run_sweep(result, grid, play)
        if as_json:
            typer.echo(json.dumps(result.to_dict(), indent=1, ensure_ascii=False))
        else:
            typer.echo("\n".join([*result.lines(), "", *result.legend()]))
        if result.status():
            typer.echo(f"{result.status()}: the cells finished are reported", err=True)
        if pdf is not None:
            from pnp.sim.sweep_report import write_sweep_report

            pages = write_sweep_report(pdf, result, g)
            typer.echo(f"wrote {pdf} ({pages} pages)", err=True)
        if result.stopped is not None:
            raise result.stopped
        return 130 if result.interrupted else 0

    run_command(run)
