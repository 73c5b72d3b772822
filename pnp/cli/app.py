"""The `pnp` command: thin wrappers over the library.

Exit codes: 0 ok; 1 the user's data or the rules are wrong; 2 a usage error (a bad
option, an unknown game); 130 a simulation stopped with Ctrl-C, after its report.
Options are checked as they are parsed by the callbacks in :mod:`pnp.cli.options`.
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp.cli import options as opt
from pnp.cli import sim_options as sim
from pnp.cli.art import art_app
from pnp.cli.build_options import (
    AllOpt,
    BackOffsetOpt,
    BleedOpt,
    BookletOpt,
    BuildOutOpt,
    ChitsOpt,
    CutFileOpt,
    DeckPerSheetOpt,
    DuplexOpt,
    ImagesOpt,
    InkSaverOpt,
    LayoutOpt,
    MarginOpt,
    OnlyOpt,
    PdfOpt,
    RegistrationOpt,
    ShopPdfOpt,
    SleevedOpt,
    WatchOpt,
)
from pnp.cli.new import new_app
from pnp.cli.options import CardsOpt, ExpOpt, GameArg, JobsOpt, MaybeGameArg, PaperOpt
from pnp.cli.outcome import outcome
from pnp.cli.outcome import run as run_command
from pnp.cli.serve import serve as serve_command
from pnp.cli.sweep import sweep
from pnp.layout.paper import MARGIN_MM
from pnp.plan.file_kinds import DOCUMENT_KINDS, IMAGE_TARGETS

if TYPE_CHECKING:
    from pnp.plan.settings import BuildOptions
    from pnp.sim.results import Report
    from pnp.spec.game import Game

app = typer.Typer(
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Print-and-play games from YAML: validate, build PDFs, simulate.",
)
app.add_typer(new_app, name="new")
app.add_typer(art_app, name="art")
command = opt.PlainCommand


def package_version() -> str:
    """The installed distribution's version, else the source tree's ``pnp.__version__``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pnp")
    except PackageNotFoundError:
        from pnp import __version__

        return __version__


def _show_version(value: bool) -> None:
    if value:  # as a command's output: a reader gone (`pnp --version | true`) is no error
        run_command(lambda: typer.echo(f"pnp {package_version()}"))


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_show_version, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Print-and-play games from YAML: validate, build PDFs, simulate."""


@app.command("list", cls=command)
def list_cmd(cards: CardsOpt = None) -> None:
    """List the games and their expansions."""

    def run() -> None:
        from pnp.spec.listing import game_lines, is_broken

        lines = game_lines(cards)
        for line in lines:
            typer.echo(line)
        if any(map(is_broken, lines)):
            raise typer.Exit(1)

    run_command(run)


@app.command(cls=command)
def validate(game: GameArg, expansion: ExpOpt = None, cards: CardsOpt = None) -> None:
    """Check a game's files against the schema, its rules and the print layout."""

    def run() -> int:
        from pnp.check.validate import validate_game
        from pnp.sim.runner import playtest_findings

        g = _load(game, expansion, cards)
        findings = validate_game(g, faces=True, playtest=playtest_findings)
        for f in findings:
            typer.echo(str(f), err=True)
        errors = sum(1 for f in findings if f.severity.value == "error")
        total = sum(c.qty for c in g.cards)
        typer.echo(
            f"{g.spec.name}: {len(g.cards)} card designs, {total} cards, "
            f"{errors} error(s), {len(findings) - errors} warning(s)"
        )
        if g.spec.engine is None:
            typer.echo(
                f"{g.spec.name} has no rules engine: checked files, counts and layout, no rules"
            )
        return 1 if errors else 0

    run_command(run)


def _load(game: str, expansion: list[str] | None, cards: Path | None) -> Game:
    """The game, after checking that it and its expansions exist (else exit 2)."""
    from pnp.spec.load import load_game

    names = opt.known_expansions(opt.known_game(game, cards), expansion or [], cards)
    return load_game(game, cards, names)


@app.command(cls=command)
def build(
    game: MaybeGameArg = None,
    all_games: AllOpt = False,
    pdf: PdfOpt = True,
    paper: PaperOpt = "a4",
    bleed: BleedOpt = None,
    duplex: DuplexOpt = True,
    back_offset: BackOffsetOpt = opt.NO_OFFSET,
    margin: MarginOpt = MARGIN_MM,
    layout: LayoutOpt = "auto",
    deck_per_sheet: DeckPerSheetOpt = False,
    cut_file: CutFileOpt = None,
    registration: RegistrationOpt = False,
    booklet: BookletOpt = False,
    shop_pdf: ShopPdfOpt = False,
    sleeved: SleevedOpt = False,
    ink_saver: InkSaverOpt = False,
    chits: ChitsOpt = "square",
    only: OnlyOpt = None,
    images: ImagesOpt = None,
    expansion: ExpOpt = None,
    jobs: JobsOpt = 0,
    out: BuildOutOpt = None,
    watch: WatchOpt = False,
    cards: CardsOpt = None,
) -> None:
    """Lay out and write print-ready PDFs and manifest.json.

    Every build also writes GAME-start-here.pdf: each file with how to print, cut and fold it.
    """

    def run() -> None:
        from pnp._errors import UsageError

        if all_games == (game is not None):
            raise UsageError("name one GAME or use --all")
        if all_games and expansion:
            raise UsageError("--expansion belongs to one game: name the GAME instead of --all")
        if all_games and watch:
            raise UsageError("--watch follows one game: name the GAME instead of --all")
        if layout == "fold" and back_offset != opt.NO_OFFSET:
            raise UsageError(
                "--back-offset moves the back pages, and --layout fold prints each back "
                "beside its front on one page: drop --back-offset, or choose another layout"
            )
        if not pdf and not images:
            raise UsageError(
                "--no-pdf without --images leaves nothing to write: add --images "
                f"{'|'.join(IMAGE_TARGETS)}, or drop --no-pdf"
            )
        from pnp.build import typesetter

        documents = not only or any(kind in DOCUMENT_KINDS for kind in only)
        if pdf and documents and not (watch or all_games or images):
            typesetter.start(jobs)  # before the imports below: it works while they load
        try:
            build_now()
        finally:
            typesetter.stop()

    def build_now() -> None:
        from pnp.plan.settings import BuildOptions
        from pnp.spec.load import list_games

        options = BuildOptions(
            paper=paper,
            bleed=bleed,
            duplex=duplex,
            back_offset=back_offset,
            margin=margin,
            layout=layout,
            deck_per_sheet=deck_per_sheet,
            registration=registration,
            cut_file=cut_file,
            booklet=booklet,
            ink_saver=ink_saver,
            chits=chits,
            shop_pdf=shop_pdf,
            sleeved=sleeved,
        )
        kinds = frozenset(only) if only else None
        wanted = frozenset(images or ())
        once = partial(_deliver, options, kinds, wanted, pdf, jobs, cards, expansion, all_games)
        if watch:
            gid = opt.known_game(str(game), cards)
            _keep_building(gid, cards, Path(out or Path("output") / gid), once)
            return
        for gid in list_games(cards) if all_games else [opt.known_game(str(game), cards)]:
            once(gid, Path(out) / gid if all_games and out else Path(out or Path("output") / gid))

    run_command(run)


def _deliver(
    options: BuildOptions,
    kinds: frozenset[str] | None,
    images: frozenset[str],
    pdf: bool,
    jobs: int,
    cards: Path | None,
    expansion: list[str] | None,
    one_of_many: bool,
    gid: str,
    target: Path,
) -> None:
    """Build one game into ``target`` and print its summary."""
    from pnp.build.deliver import deliver, summary_lines
    from pnp.spec.load import load_game

    g = load_game(gid, cards) if one_of_many else _load(gid, expansion, cards)
    done = deliver(g, options, target, kinds, images, pdf, jobs, one_of_many=one_of_many)
    typer.echo("\n".join(summary_lines(done)))


def _keep_building(
    gid: str, cards: Path | None, target: Path, once: Callable[[str, Path], None]
) -> None:
    """``--watch``: build, then build again after every change to the game's files (each
    build a call that pickles, for a platform that cannot fork: pnp.pool.spawn)."""
    from pnp.build.watch import watch, watched_folders
    from pnp.spec.load import game_dir

    root = game_dir(gid, cards)
    watch(
        partial(outcome, partial(once, gid, target)),
        lambda: watched_folders(root, target),
        target,
        typer.echo,
    )


@app.command(cls=command)
def calibrate(
    paper: PaperOpt = "a4",
    out: Annotated[
        str, typer.Option("--out", metavar="DIR", callback=opt.check_out, help="Output folder.")
    ] = "output",
) -> None:
    """Write a duplex test sheet that measures the --back-offset your printer needs."""

    def run() -> None:
        from pnp.build.game import write_calibration

        path = write_calibration(paper, Path(out))
        typer.echo(f"wrote {path}: print it double-sided (long edge)")

    run_command(run)


@app.command(cls=command)
def simulate(
    game: GameArg,
    games: sim.GamesOpt = 1000,
    players: sim.PlayersOpt = None,
    seed: sim.SeedOpt = 1,
    bots: sim.BotsOpt = None,
    budget: sim.BudgetOpt = None,
    as_json: sim.JsonOpt = False,
    pdf: opt.ReportOpt = None,
    jobs: JobsOpt = 1,
    scheduler: sim.SchedulerOpt = None,
    expansion: ExpOpt = None,
    compare: sim.CompareOpt = None,
    effect: sim.EffectOpt = None,
    record: sim.RecordOpt = False,
    cards: CardsOpt = None,
) -> None:
    """Play many games with bots and report completion, balance and component use."""

    def run() -> int:
        from pnp._errors import UsageError
        from pnp._progress import progress_bar
        from pnp.sim.ab_cards import DEFAULT_EFFECT
        from pnp.sim.ab_runs import compare_expansion
        from pnp.sim.cluster import ClusterStopped
        from pnp.sim.runner import require_engine
        from pnp.sim.runner import simulate as run_sim

        g = _load(game, expansion, cards)
        engine = require_engine(g)
        names = bots or (["heuristic"] if pdf is not None or compare else ["heuristic", "random"])
        if record and compare:
            raise UsageError("--record writes one run: leave out --compare")
        if effect is not None and not compare:
            raise UsageError("--effect sizes --compare's card figures: add --compare EXPANSION")
        if record and budget is not None:  # playtest.yaml keeps no budget to replay it with
            raise UsageError(
                "--record keeps runs with each game's own search budget: leave out --budget"
            )
        if record:  # refused before any game is played
            from pnp.sim.record import record_destination
            from pnp.spec.playtest import simulate_command

            again = simulate_command(g.id, games, seed, players, names, expansion or [])
            destination = record_destination(g, again)
        stopped: ClusterStopped | None = None
        with progress_bar(games * (2 if compare else 1), f"{g.spec.name}: games") as advance:

            def play(on: Game, seats: int | None) -> Report:
                return run_sim(
                    engine,
                    on,
                    games=games,
                    players=seats,
                    seed=seed,
                    bots=names,
                    progress=advance,
                    jobs=jobs,
                    scheduler=scheduler,
                    budget=budget,
                    timing=True,
                )

            try:
                report = (
                    compare_expansion(play, g, compare, players, cards, effect or DEFAULT_EFFECT)
                    if compare
                    else play(g, players)
                )
            except ClusterStopped as exc:  # the games finished are reported, then the error
                if exc.report is None or compare:
                    raise
                report, stopped = exc.report, exc
        if as_json:
            typer.echo(json.dumps(report.to_dict(), indent=1))
            if report.interrupted:
                typer.echo(report.status(), err=True)
        else:
            typer.echo("\n".join([*report.lines(), "", *report.legend()]))
        if pdf is not None:
            from pnp.sim.chart_report import write_report

            pages = write_report(pdf, report, g)
            typer.echo(f"wrote {pdf} ({pages} pages)", err=True)
        if record and (report.interrupted or stopped is not None):
            typer.echo(f"nothing recorded: {destination} is as it was", err=True)
        elif record:
            from pnp.sim.record import run_of, write_record
            from pnp.sim.results import Report as Played

            assert isinstance(report, Played)  # --record refuses --compare above
            typer.echo(f"wrote {write_record(g, run_of(report, g), destination)}", err=True)
        if stopped is not None:
            raise stopped
        return 130 if report.interrupted else 0

    run_command(run)


app.command("sweep", cls=command)(sweep)


@app.command(cls=command)
def schema(
    game: MaybeGameArg = None,
    cards: CardsOpt = None,
) -> None:
    """Print the JSON Schema of game.yaml, or of GAME's card files, for editor completion."""

    def run() -> None:
        from pnp.spec.schema import card_file_schema, game_schema

        body = card_file_schema(_load(game, [], cards).spec) if game else game_schema()
        typer.echo(json.dumps(body, indent=1, ensure_ascii=False))

    run_command(run)


app.command("serve", cls=command)(serve_command)


def main() -> None:
    """The commands, run as the `pnp` command (``pnp.cli.main`` sets its guards first, then
    calls this); it ends without tearing the interpreter down (pnp.cli.process)."""
    from pnp.cli.process import exit_now, start

    start()
    tune_process()
    try:
        app(prog_name="pnp")
    except SystemExit as done:
        exit_now(done.code)


def tune_process() -> None:
    """What a `pnp` process sets before it runs a command (the benchmarks do too)."""
    # pnp's schema wants no pydantic plugins, and looking for them reads the entry points
    # of every installed package (tens of ms in a big environment) on every command
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # a command keeps almost everything it allocates (modules, models, layouts, fonts) to
    # its end; with Python's default threshold of 700 the collector scanned that again and
    # again, 45-65 ms of a 0.6 s build (mypy raises its threshold for the same reason)
    gc.set_threshold(GC_THRESHOLD, 30, 30)


GC_THRESHOLD = 200_000
"""Allocations between two collections of the youngest generation (Python's default: 700)."""


if __name__ == "__main__":  # pragma: no cover
    main()
