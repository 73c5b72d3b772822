"""Command-line values checked as they are parsed: numbers, lists, choices, folders, games.

Each ``check_*`` is a Typer ``callback``: it gets the raw value and returns the checked one,
or raises :class:`typer.BadParameter`, which click reports as a usage error (exit 2) naming
the option. :func:`known_game` and :func:`known_expansions` need the cards folder, so the
commands call them once every option is parsed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, NamedTuple, Union, get_args, get_origin

import typer
from typer import _click
from typer.core import TyperArgument, TyperCommand, TyperGroup

from pnp._errors import UsageError, unknown
from pnp.layout.sheet import PAPERS_MM

BACK_OFFSET_LIMIT_MM = 10.0
"""A printer that misregisters by more than this needs repair, not an offset."""


def split_list(values: Iterable[str] | None) -> list[str]:
    """Values of a repeatable option, each of which may also hold a comma-separated list."""
    out: list[str] = []
    for value in values or ():
        out.extend(part.strip() for part in value.split(","))
    if any(not part for part in out):
        raise typer.BadParameter("an empty name in the list (two commas, or a trailing one?)")
    return list(dict.fromkeys(out))


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


def finite(low: float, high: float, unit: str = "") -> Callable[[float | None], float | None]:
    """A callback for a float option that must be a finite number in ``[low, high]``."""

    def check(value: float | None) -> float | None:
        if value is None:
            return None
        if not math.isfinite(value) or not low <= value <= high:
            raise typer.BadParameter(f"{value:g} is not a number from {low:g} to {high:g}{unit}")
        return value

    return check


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


class PlainArgument(TyperArgument):
    """An argument shown by its metavar (``GAME``), never with a Python type (``<str>``)."""

    def display_type_rich(self, ctx: _click.Context) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        return self.display_name_raw if self.required else f"[{self.display_name_raw}]"


def _number(kind: type, value: Any, info: Any) -> Any:
    """``value`` as an ``int`` or ``float`` within the option's ``min``/``max``."""
    try:
        number = kind(value)
    except (TypeError, ValueError):
        word = "a whole number" if kind is int else "a number"
        raise typer.BadParameter(f"{value!r} is not {word}") from None
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    if low is not None and number < low:
        raise typer.BadParameter(f"must be at least {low}, not {value}")
    if high is not None and number > high:
        raise typer.BadParameter(f"must be at most {high}, not {value}")
    return number


def _folder(value: Any, info: Any) -> Path:
    path = Path(value)
    if getattr(info, "file_okay", True) is False and path.is_file():
        raise typer.BadParameter(f"{str(path)!r} is a file, not a folder")
    return path


_LEAVES: dict[Any, Callable[[Any, Any], Any]] = {
    str: lambda value, _info: str(value),
    bool: lambda value, _info: bool(value),
    int: lambda value, info: _number(int, value, info),
    float: lambda value, info: _number(float, value, info),
    Path: _folder,
}
"""How a command-line value becomes each type pnp's options use."""


def _leaf(annotation: Any) -> Any:
    """``annotation`` without ``| None``; ``list[X]`` stays a list."""
    args = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) in (Union, UnionType) and len(args) == 1:
        return args[0]
    return annotation


class _PlainCoercion:
    """Typer's coercion of a parameter, for the plain types pnp uses, without pydantic.

    Typer builds a pydantic ``TypeAdapter`` for every parameter a command line sets;
    importing pydantic and building them costs more than a whole card deck's layout."""

    def __init__(self, convert: Callable[[Any, Any], Any], many: bool, info: Any) -> None:
        self.convert, self.many, self.info = convert, many, info

    def coerce(self, value: Any, param: Any, ctx: _click.Context) -> Any:
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        try:
            if self.many:
                return [self.convert(item, self.info) for item in value]
            return self.convert(value, self.info)
        except typer.BadParameter as err:
            err.ctx, err.param = ctx, param
            raise


def plain_coercion(annotation: Any, info: Any) -> _PlainCoercion | None:
    """A pydantic-free coercion for ``annotation``, or None if it is not a plain type."""
    leaf, many = _leaf(annotation), False
    if get_origin(leaf) is list:
        leaf, many = get_args(leaf)[0], True
    parser = getattr(info, "parser", None)
    if parser is not None:
        return _PlainCoercion(lambda value, _info: parser(value), many, info)
    convert = _LEAVES.get(leaf)
    return None if convert is None else _PlainCoercion(convert, many, info)


_PLAIN: dict[type, type] = {}


def _plain_class(cls: type) -> type:
    """``cls`` whose values are coerced by :func:`plain_coercion` where it can."""
    if cls not in _PLAIN:
        real = cls.get_runtime_param  # type: ignore[attr-defined]

        def get_runtime_param(self: Any) -> Any:
            if self._runtime_param is None:
                desc = self.type_descriptor
                plain = plain_coercion(desc.annotation, desc.parameter_info)
                if plain is not None:
                    return plain
            return real(self)

        body = {"__slots__": (), "get_runtime_param": get_runtime_param, "plain": True}
        _PLAIN[cls] = type(cls.__name__, (cls,), body)
    return _PLAIN[cls]


def _with_plain_coercion(params: list[Any]) -> list[Any]:
    for param in params:
        if hasattr(param, "_runtime_param") and not hasattr(param, "plain"):
            param.__class__ = _plain_class(type(param))
    return params


class PlainCommand(TyperCommand):
    """A command whose help shows words a person reads (see :class:`PlainArgument`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if type(param) is TyperArgument:
                param.__class__ = PlainArgument

    def get_params(self, ctx: _click.Context) -> list[Any]:
        return _with_plain_coercion(super().get_params(ctx))


class PlainGroup(TyperGroup):
    """The command group, whose unset options cost no pydantic import either."""

    def get_params(self, ctx: _click.Context) -> list[Any]:
        return _with_plain_coercion(super().get_params(ctx))


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
        help="Folder of games to use instead of the bundled ones.",
        file_okay=False,
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
        metavar="PAPER",
        callback=choice("paper", PAPERS),
        help=f"Paper size: {'|'.join(PAPERS)}.",
    ),
]
JobsOpt = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        metavar="N",
        min=0,
        help="Processes to work in (0: one per core; a build uses at most two, one for the sheets "
        "and one for the rulebook and aids); the output is the same for every N.",
    ),
]
