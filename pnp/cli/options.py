"""Command-line values checked as they are parsed: numbers, lists, choices, folders, games.

Each ``check_*`` and :func:`choice` is a Typer ``callback`` and :func:`number`,
:func:`whole`, :func:`folder` and :func:`parse_back_offset` are Typer ``parser``s: they get
the raw value and return the checked one, or raise :class:`typer.BadParameter`, which click
reports as a usage error (exit 2) naming the option. :func:`known_game` and
:func:`known_expansions` need the cards folder, so the commands call them once every option
is parsed. Only Typer's public names are used here (``typer.*``, ``typer.core.TyperCommand``
for ``cls=``), so every Typer release from the floor in pyproject.toml to the newest works.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import typer
from typer.core import TyperCommand

from pnp._errors import UsageError, shown, unknown
from pnp.layout.paper import PAPERS_MM

BACK_OFFSET_LIMIT_MM = 10.0
"""A printer that misregisters by more than this needs repair, not an offset."""
MAX_WHOLE = 2**63 - 1
"""Largest whole number any option takes (a seed is one of 2**63): past it a number is a
slip, and Python refuses to read one of over 4,300 digits."""
_WHOLE_DIGITS = len(str(MAX_WHOLE))
_TYPED_CHARS = 24
"""Most characters of a typed number a message repeats."""


def split_list(values: Iterable[str] | None, repeats: bool = False) -> list[str]:
    """Values of a repeatable option, each of which may also hold a comma-separated list;
    a name given twice is refused unless ``repeats``."""
    out: list[str] = []
    for value in values or ():
        out.extend(part.strip() for part in value.split(","))
    if any(not part for part in out):
        raise typer.BadParameter("an empty name in the list (two commas, or a trailing one?)")
    twice = sorted({part for part in out if out.count(part) > 1})
    if twice and not repeats:
        raise typer.BadParameter(f"{', '.join(map(repr, twice))} given twice")
    return out


def choice_list(what: str, choices: Sequence[str]) -> Callable[[list[str] | None], list[str]]:
    """A callback for a list option whose every value must be one of ``choices``."""

    def check(values: list[str] | None) -> list[str]:
        names = split_list(values)
        for name in names:
            if name not in choices:
                raise typer.BadParameter(unknown(what, name, choices))
        return names

    return check


def choice(what: str, choices: Sequence[str]) -> Callable[[str], str]:
    """A callback for an option that takes exactly one of ``choices``."""

    def check(value: str) -> str:
        if value not in choices:
            raise typer.BadParameter(unknown(what, value, choices))
        return value

    return check


def check_list(values: list[str] | None) -> list[str]:
    """A list option whose values are checked later (expansions: they depend on the game)."""
    return split_list(values)


def check_lineup(values: list[str] | None) -> list[str]:
    """A list option that may name a value more than once (bots, one per seat), checked
    later against the game."""
    return split_list(values, repeats=True)


def number(low: float, high: float, unit: str = "") -> Callable[[Any], float]:
    """A ``parser`` for a float option that must be a finite number in ``[low, high]``.

    pnp parses its numbers itself rather than through Typer's types, so a bad value gets
    the same plain words whichever Typer release is installed (Click's ranges before 0.29,
    pydantic's messages after it)."""

    def parse(value: Any) -> float:
        text = str(value).strip()
        try:
            x = float(text)
        except (TypeError, ValueError):
            raise typer.BadParameter(f"{shown(text)} is not a number") from None
        if not math.isfinite(x) or not low <= x <= high:
            raise typer.BadParameter(
                f"{_typed(text)} is not a number from {low:g} to {high:g}{unit}"
            )
        return x

    return parse


def whole(low: int | None = None, high: int | None = None) -> dict[str, Any]:
    """``typer.Option`` keywords for a whole number in ``[low, high]`` (and within
    ±``MAX_WHOLE`` whatever the bounds): pnp's own parser (see :func:`number`), and
    ``min``/``max`` so that the help shows the range."""
    bottom = -MAX_WHOLE if low is None else low
    top = MAX_WHOLE if high is None else high

    def parse(value: Any) -> int:
        text = str(value).strip()
        digits = text.removeprefix("-").removeprefix("+")
        if digits.isascii() and digits.isdigit() and len(digits.lstrip("0")) > _WHOLE_DIGITS:
            n = bottom - 1 if text[0] == "-" else top + 1  # beyond either bound: not read
        else:
            try:
                n = int(text)
            except (TypeError, ValueError):
                raise typer.BadParameter(f"{shown(text)} is not a whole number") from None
        if n < bottom:
            raise typer.BadParameter(
                f"must be at least {low}, not {_typed(text)}"
                if low is not None
                else f"{_typed(text)} is too small"
            )
        if n > top:
            raise typer.BadParameter(
                f"must be at most {high}, not {_typed(text)}"
                if high is not None
                else f"{_typed(text)} is too large"
            )
        return n

    return {"parser": parse, "min": low, "max": high}


def _typed(text: str) -> str:
    """A number as typed, clipped for a message: ``99999999999999999999… (5,000 characters)``."""
    if len(text) <= _TYPED_CHARS:
        return text
    return f"{text[:20]}… ({len(text):,} characters)"


def at_most_cores(jobs: int) -> int:
    """``--jobs``, said plainly when it asks for more processes than there are cores
    (pnp.pool starts no more than that)."""
    from pnp.pool import usable_cores

    cores = usable_cores()
    if jobs > cores:
        typer.echo(
            f"note: --jobs {jobs}: this machine has {cores} usable cores; using {cores}", err=True
        )
    return jobs


class Offset(NamedTuple):
    """A back-page shift in mm."""

    x: float
    y: float


def parse_back_offset(text: str | Offset) -> Offset:
    """``X,Y`` in mm, each finite and within ±10 mm."""
    if isinstance(text, Offset):
        return text
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise typer.BadParameter(
            f"wants X,Y in mm, two numbers and a comma (e.g. 0.5,-0.3), not {text[:40]!r}"
        ) from None
    limit = BACK_OFFSET_LIMIT_MM
    if not all(math.isfinite(v) and -limit <= v <= limit for v in (x, y)):
        raise typer.BadParameter(
            f"{text[:40]!r}: each offset must be a number from -{limit:g} to {limit:g} mm"
        )
    return Offset(x, y)


NO_OFFSET = Offset(0.0, 0.0)


def check_out(value: str | None) -> str | None:
    """An output folder that pnp may fill: not empty, not /, not $HOME, not a file."""
    if value is None:
        return None
    if not value.strip():
        raise typer.BadParameter("is empty: name a folder (e.g. --out output)")
    path = Path(value).expanduser()
    resolved = path.resolve()
    if resolved == Path(resolved.anchor):
        raise typer.BadParameter(f"{value!r} is the filesystem root: name a folder inside it")
    if resolved == Path.home().resolve():
        raise typer.BadParameter(f"{value!r} is your home folder: name a folder inside it")
    if path.exists() and not path.is_dir():
        raise typer.BadParameter(f"{value!r} exists and is not a folder")
    return value


def known_game(game: str, cards: Path | None) -> str:
    """``game`` if it is one of the games found, else a usage error with the closest one."""
    from pnp.spec.load import list_games

    games = list_games(cards)
    if not games and cards is not None:
        raise UsageError(f"no game {game!r}: --cards {cards} holds no game folder")
    if game not in games:
        raise UsageError(unknown("game", game, games))
    return game


def known_expansions(game: str, names: list[str], cards: Path | None) -> list[str]:
    """``names`` if the game has each of these expansions, else a usage error."""
    from pnp.spec.load import game_dir, list_expansions

    if not names:
        return names
    found = list_expansions(game_dir(game, cards))
    for name in names:
        if name not in found:
            raise UsageError(f"{game}: {unknown('expansion', name, found)}")
    return names


def complete_game(ctx: typer.Context, incomplete: str) -> list[str]:
    """Tab completion for GAME: the games in --cards (when given) or the bundled ones."""
    from pnp.spec.load import list_games

    cards = ctx.params.get("cards")
    try:
        games = list_games(Path(cards) if cards else None)
    except OSError:
        return []
    return [g for g in games if g.startswith(incomplete)]


def folder(value: str | Path) -> Path:
    """A ``--cards`` folder: a path that is not a file (a missing one is named later)."""
    path = Path(value)
    if path.is_file():
        raise typer.BadParameter(f"{str(path)!r} is a file, not a folder")
    return path


def report_file(value: Path | None) -> Path | None:
    """``--report FILE.pdf``: checked before any game is played, so that a long run never
    ends in a file it cannot write (the write itself replaces a temporary file)."""
    if value is None:
        return None
    shown, folder = str(value), value.parent
    if value.suffix.lower() != ".pdf":
        raise typer.BadParameter(f"{shown!r} does not end in .pdf")
    if value.is_dir():
        raise typer.BadParameter(f"{shown!r} is a folder")
    if not folder.is_dir():
        raise typer.BadParameter(f"there is no folder {str(folder)!r} to write {value.name} in")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"cannot write in the folder {str(folder)!r}")
    return value


def _name(param: Any) -> str:
    """An argument as its help shows it: its metavar (``GAME``)."""
    return str(param.metavar or param.name.upper())


def _word(param: Any) -> str:
    """An argument as its usage line shows it: ``GAME``, or ``[GAME]`` when it may be left
    out."""
    name = _name(param) if param.required else f"[{_name(param)}]"
    return name if param.nargs == 1 else f"{name}..."


class PlainCommand(TyperCommand):
    """A command whose usage line and help name each argument by its metavar alone.

    Typer 0.26 and later show a required argument as ``{GAME}`` in the usage line and as
    ``GAME <str>`` in the help; before 0.26 as ``GAME``. These two overrides of Click's
    public help methods (``collect_usage_pieces``, ``format_options``) give every Typer
    release the older, plain words. ``ctx`` and ``formatter`` are typed ``Any`` because
    their class is Click's before Typer 0.26 and Typer's own copy of Click after it.
    """

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        words = [self.options_metavar] if self.options_metavar else []
        params = self.get_params(ctx)
        return words + [_word(p) for p in params if p.param_type_name == "argument"]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((_name(param), record[1]))
            else:
                options.append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


# Options that several commands share, as Typer annotations.
PAPERS = tuple(PAPERS_MM)

GameArg = Annotated[
    str,
    typer.Argument(metavar="GAME", help="Game id (see `pnp list`).", autocompletion=complete_game),
]
MaybeGameArg = Annotated[
    str | None,
    typer.Argument(metavar="GAME", help="Game id (see `pnp list`).", autocompletion=complete_game),
]
NameArg = Annotated[
    str, typer.Argument(metavar="NAME", help="Lowercase letters, digits and dashes.")
]
CardsOpt = Annotated[
    Path | None,
    typer.Option(
        "--cards",
        metavar="DIR",
        parser=folder,
        help="Folder of games to use instead of the bundled ones.",
    ),
]
ExpOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--expansion",
        "-x",
        metavar="NAME",
        callback=check_list,
        help="Merge an expansion; repeat the option or separate names with commas.",
    ),
]
PaperOpt = Annotated[
    str,
    typer.Option(
        "--paper",
        metavar="PAPER",
        callback=choice("paper", PAPERS),
        help=f"Paper size: {'|'.join(PAPERS)}.",
    ),
]
ReportOpt = Annotated[
    Path | None,
    typer.Option(
        "--report",
        metavar="FILE.pdf",
        callback=report_file,
        help="Also write the report as a PDF of charts (same seed, same file).",
    ),
]
JobsOpt = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        metavar="N",
        **whole(0),
        callback=at_most_cores,
        help="Processes to work in (0: one per core; a build uses at most two, one for the sheets "
        "and one for the rulebook and aids); the output is the same for every N.",
    ),
]
