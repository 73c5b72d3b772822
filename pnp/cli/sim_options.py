"""The options of `pnp simulate`, each a type its command's signature names.

Kept apart from the command, as :mod:`pnp.cli.build_options` is for `pnp build`; checked
as they are parsed by the callbacks in :mod:`pnp.cli.options`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pnp.cli import options as opt

GamesOpt = Annotated[
    int, typer.Option("--games", metavar="N", **opt.whole(1, 1_000_000), help="Games to play.")
]

PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players", metavar="N", **opt.whole(), help="Seats (default: the game's maximum)."
    ),
]

SeedOpt = Annotated[
    int,
    typer.Option(
        "--seed",
        metavar="SEED",
        **opt.whole(0, opt.MAX_WHOLE),
        help="Same seed, same games and report.",
    ),
]

BotsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--bots",
        metavar="BOTS",
        callback=opt.check_lineup,
        help="Bots (random|heuristic|search), repeat the option or separate with commas: "
        "one per seat, repeats allowed (search,heuristic,heuristic), or fewer, each once, "
        "given to seats in turn; game i moves them i seats on.  [default: "
        "heuristic,random; with --report or --compare: heuristic in every seat]",
    ),
]

BudgetOpt = Annotated[
    int | None,
    typer.Option(
        "--budget",
        metavar="N",
        **opt.whole(1, 100_000),
        help="The search bot's playouts a decision, at any number of seats (default: each "
        "game's own, tuned for it).",
    ),
]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print the report as JSON.")]

SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="Play the games on a Dask cluster (pip install 'pnp[cluster]'), instead of "
        "--jobs; same seed, same report.",
    ),
]

CompareOpt = Annotated[
    str | None,
    typer.Option(
        "--compare",
        metavar="EXPANSION",
        help="Play the games again with this expansion on the same seeds and report "
        "the differences.",
    ),
]

EffectOpt = Annotated[
    float | None,
    typer.Option(
        "--effect",
        metavar="SHARE",
        parser=opt.number(0.001, 1.0),
        help="With --compare: the improvement when drawn (0.05: 5 points) whose games "
        "needed are given for each of the expansion's cards.  [default: 0.05]",
    ),
]

RecordOpt = Annotated[
    bool,
    typer.Option(
        "--record",
        help="Write this run's figures into the game's playtest.yaml, which the rulebook "
        "prints from (kept: the runs of other bots).",
    ),
]
