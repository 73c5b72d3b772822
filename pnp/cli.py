"""The `pnp` command: thin wrappers over the library; errors become one line each, exit 1."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Print-and-play games from YAML: validate, build PDFs, simulate.",
)
new_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help="Scaffold new content.")
app.add_typer(new_app, name="new")

CardsOpt = Annotated[
    Path | None,
    typer.Option(
        "--cards", help="Folder of games to use instead of the bundled ones.", file_okay=False
    ),
]
ExpOpt = Annotated[
    list[str] | None, typer.Option("--expansion", "-x", help="Merge an expansion (repeatable).")
]


def _run(fn: Callable[[], int | None]) -> None:
    from pnp._errors import PnpError, UsageError, ValidationFailed

    try:
        code = fn() or 0
    except ValidationFailed as exc:
        for f in exc.findings:
            typer.echo(str(f), err=True)
        n = sum(1 for f in exc.findings if f.severity.value == "error")
        typer.echo(f"{n} error(s)", err=True)
        raise typer.Exit(1) from None
    except UsageError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    except PnpError as exc:
        typer.echo(
            f"{exc.location}: error: {exc.message}" if exc.location else f"error: {exc}", err=True
        )
        raise typer.Exit(1) from None
    except OSError as exc:  # a full disk, a read-only folder: the user's to fix, not a bug
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"error: {where}{exc.strerror or exc}", err=True)
        raise typer.Exit(1) from None
    raise typer.Exit(code)


@app.command("list")
def list_cmd(cards: CardsOpt = None) -> None:
    """List the games and their expansions."""

    def run() -> None:
        from pnp.load import game_dir, list_expansions, list_games, load_game

        for gid in list_games(cards):
            game = load_game(gid, cards)
            exps = list_expansions(game_dir(gid, cards))
            typer.echo(
                f"{gid:<12} {game.spec.name}  ({game.spec.players.min}–"
                f"{game.spec.players.max} players, {sum(c.qty for c in game.cards)} cards)"
            )
            for e in exps:
                typer.echo(f"{'':<12}   + expansion {e}")

    _run(run)


@app.command()
def validate(game: str, expansion: ExpOpt = None, cards: CardsOpt = None) -> None:
    """Check a game's files against the schema, its rules and the print layout."""

    def run() -> int:
        from pnp.load import load_game
        from pnp.validate import validate_game

        g = load_game(game, cards, expansion or [])
        findings = validate_game(g, faces=True)
        for f in findings:
            typer.echo(str(f), err=True)
        errors = sum(1 for f in findings if f.severity.value == "error")
        total = sum(c.qty for c in g.cards)
        typer.echo(
            f"{g.spec.name}: {len(g.cards)} card designs, {total} cards, "
            f"{errors} error(s), {len(findings) - errors} warning(s)"
        )
        return 1 if errors else 0

    _run(run)


def _offset(text: str) -> tuple[float, float]:
    from pnp._errors import UsageError

    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"--back-offset wants X,Y in mm (e.g. 0.5,-0.3), not {text!r}") from None
    return (x, y)


@app.command()
def build(
    game: Annotated[str | None, typer.Argument(help="Game id (see `pnp list`).")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Build every game.")] = False,
    pdf: Annotated[bool, typer.Option("--pdf", help="Write PDFs (the default output).")] = True,
    paper: Annotated[str, typer.Option(help="a4 or letter.")] = "a4",
    bleed: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            max=10.0,
            help="Bleed in mm, 0–10 (default: up to 3 mm, as much as fits nine poker cards).",
        ),
    ] = None,
    duplex: Annotated[
        bool,
        typer.Option(
            "--duplex/--no-duplex",
            help="Back page after each front (long-edge flip) or all backs at the end.",
        ),
    ] = True,
    back_offset: Annotated[
        str, typer.Option(help="Shift back pages by X,Y mm for printers that misregister.")
    ] = "0,0",
    margin: Annotated[
        float,
        typer.Option(
            metavar="MM",
            help="Printer margin in mm, 0–20: no crop mark, text or art closer to the edge.",
        ),
    ] = 6.0,
    layout: Annotated[
        str,
        typer.Option(
            metavar="grid|gutter|fold",
            help="Card sheets: grid (butted, most cards), gutter (fewer cards, full bleed "
            "on every edge) or fold (each front beside its back, for printers without duplex).",
        ),
    ] = "grid",
    deck_per_sheet: Annotated[
        bool,
        typer.Option(
            "--deck-per-sheet", help="Start each deck on its own sheets instead of sharing them."
        ),
    ] = False,
    cut_file: Annotated[
        str | None,
        typer.Option(metavar="svg", help="Also write each sheet's cut paths: svg."),
    ] = None,
    registration: Annotated[
        bool,
        typer.Option(
            "--registration", help="Add print-then-cut registration marks for a cutting machine."
        ),
    ] = False,
    only: Annotated[
        list[str] | None,
        typer.Option(help="Build only these kinds: cards, tokens, track, aid, rulebook."),
    ] = None,
    images: Annotated[
        list[str] | None,
        typer.Option(
            help="Also write print-shop images: tgc (The Game Crafter, 300 DPI PNG per "
            "card) and/or tts (Tabletop Simulator deck sheets)."
        ),
    ] = None,
    expansion: ExpOpt = None,
    out: Annotated[Path | None, typer.Option(help="Output folder (default output/GAME).")] = None,
    cards: CardsOpt = None,
) -> None:
    """Lay out and write print-ready PDFs and manifest.json."""

    def run() -> None:
        from pnp._errors import UsageError
        from pnp.build import KINDS, build_game, sheet_options, sheet_summary
        from pnp.export import check_kinds, export_images
        from pnp.layout.cards import SheetOptions
        from pnp.layout.sheet import PAPERS_MM
        from pnp.load import list_games, load_game

        if paper not in PAPERS_MM:
            raise UsageError(f"--paper must be one of {', '.join(PAPERS_MM)}, not {paper!r}")
        if all_games == (game is not None):
            raise UsageError("name one GAME or use --all")
        games = list_games(cards) if all_games else [game]
        options = sheet_options(
            SheetOptions(paper, bleed, duplex, _offset(back_offset), margin, layout),
            deck_per_sheet,
            registration,
            cut_file,
        )
        image_kinds = check_kinds(images or [])
        bad = sorted(set(only or ()) - set(KINDS))
        if bad:
            raise UsageError(f"--only takes {', '.join(KINDS)}, not {', '.join(bad)}")
        for gid in games:
            assert gid is not None
            g = load_game(gid, cards, expansion or [] if not all_games else [])
            target = (out / gid if all_games else out) if out else Path("output") / gid
            written = build_game(g, options, target, frozenset(only) if only else None)
            typer.echo(f"{g.spec.name}: wrote {len(written)} files to {target}")
            for line in sheet_summary(target, written):
                typer.echo(f"  {line}")
            if image_kinds:
                folder = export_images(g, image_kinds, target)
                typer.echo(
                    f"{g.spec.name}: wrote {', '.join(sorted(image_kinds))} images to {folder}"
                )

    _run(run)


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option(help="a4 or letter.")] = "a4",
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("output"),
) -> None:
    """Write a duplex test sheet that measures the --back-offset your printer needs."""

    def run() -> None:
        from pnp._errors import UsageError
        from pnp.build import write_calibration
        from pnp.layout.sheet import PAPERS_MM

        if paper not in PAPERS_MM:
            raise UsageError(f"--paper must be one of {', '.join(PAPERS_MM)}, not {paper!r}")
        typer.echo(f"wrote {write_calibration(paper, out)}: print it double-sided (long edge)")

    _run(run)


@app.command()
def simulate(
    game: str,
    games: Annotated[int, typer.Option(min=1, max=1_000_000)] = 1000,
    players: Annotated[
        int | None, typer.Option(help="Seats (default: the game's maximum).")
    ] = None,
    seed: int = 1,
    bots: Annotated[
        str, typer.Option(help="Comma-separated bots, given to seats in turn.")
    ] = "heuristic,random",
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    expansion: ExpOpt = None,
    cards: CardsOpt = None,
) -> None:
    """Play many games with bots and report completion, balance and component use."""

    def run() -> int:
        from pnp._errors import UsageError
        from pnp.load import load_game
        from pnp.sim import simulate as run_sim
        from pnp.validate import engine_for

        g = load_game(game, cards, expansion or [])
        engine = engine_for(g)
        if engine is None:
            raise UsageError(f"{g.spec.name} has no rules engine to simulate")
        seats = players or g.spec.players.max
        if not g.spec.players.min <= seats <= g.spec.players.max:
            raise UsageError(
                f"{g.spec.name} takes {g.spec.players.min}–{g.spec.players.max} "
                f"players, not {seats}"
            )
        names = [b.strip() for b in bots.split(",") if b.strip()]
        unknown = [b for b in names if b not in engine.BOTS]
        if unknown or not names:
            raise UsageError(f"unknown bot(s) {unknown}; bots: {', '.join(engine.BOTS)}")
        report = run_sim(engine, g, games=games, players=seats, seed=seed, bots=names)
        text = json.dumps(report.to_dict(), indent=1) if as_json else "\n".join(report.lines())
        typer.echo(text)
        return 0

    _run(run)


@app.command()
def schema(game: Annotated[str | None, typer.Argument()] = None, cards: CardsOpt = None) -> None:
    """Print the JSON Schema of game.yaml, or of GAME's card files, for editor completion."""

    def run() -> None:
        from pnp.load import load_game
        from pnp.schema import card_file_schema, game_schema

        body = card_file_schema(load_game(game, cards)) if game else game_schema()
        typer.echo(json.dumps(body, indent=1, ensure_ascii=False))

    _run(run)


@new_app.command("expansion")
def new_expansion(game: str, name: str, cards: CardsOpt = None) -> None:
    """Create cards/GAME/expansions/NAME with a manifest and a sample card that builds."""

    def run() -> None:
        from pnp.scaffold import new_expansion as make

        folder = make(game, name, cards)
        typer.echo(f"created {folder}; edit its cards, then: pnp validate {game} -x {name}")

    _run(run)


def main() -> None:
    app(prog_name="pnp")


if __name__ == "__main__":  # pragma: no cover
    main()
