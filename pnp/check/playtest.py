"""Checks of the game's simulation record (playtest.yaml): figures no simulation can give,
and runs made with other data than the game has now.

The schema (pnp.spec.playtest) refuses a figure that is wrong alone (a negative count,
NaN); these are the figures wrong together: more games completed than played, a shortest
game longer than the longest, a mean outside them, a spread wider than they allow, a
component short in more games than were played, or short in none though more was needed
than printed.  Each is an error at its key in playtest.yaml; a stale run is a warning
that gives the command renewing it (the rulebook leaves its figures out meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp._errors import Finding, Location, PnpError, Severity, ValidationFailed
from pnp.games import engine_for
from pnp.games.inputs import record_inputs
from pnp.spec.game import Game
from pnp.spec.load import game_dir, load_game
from pnp.spec.playtest import Inputs, Run, record_path, run_key, simulate_command
from pnp.spec.yamlio import Located, load_yaml

ROUNDING = 0.0005
"""Half the last decimal kept for a mean or a deviation (pnp.sim.record.DIGITS)."""
SHOWN_CHANGES = 2
"""Changed printed counts a stale warning names before it says how many more."""

Report = Callable[..., None]
"""``error(message, *keys)``: an error at those keys of the run."""


def record_findings(game: Game) -> list[Finding]:
    """Errors for impossible figures in the game's record, and warnings for the runs
    made with other data than the game has now."""
    if game.record is None:
        return []
    _, located = load_yaml(record_path(game.root))  # where each figure stands
    found: list[Finding] = []
    for key, run in game.record.runs.items():
        errors = _impossible(game, key, run, located)
        found += errors or _stale(game, key, run, located)
    return found


def _impossible(game: Game, key: str, run: Run, located: Located) -> list[Finding]:
    found: list[Finding] = []

    def error(message: str, *at: str) -> None:
        found.append(Finding(Severity.ERROR, message, located.at(("runs", key, *at))))

    games = run.games
    expected = run_key(run.bots, run.expansions)
    if key != expected:
        error(f"a run is kept under its bots and expansions: {expected!r}, not {key!r}")
    span = game.spec.players
    if not span.min <= run.players <= span.max:
        error(f"{game.spec.name} plays with {span.min} to {span.max} players", "players")
    if run.completed > games:
        error(f"{run.completed:,} games completed of the {games:,} played", "completed")
    elif run.completed + run.timeouts != games:
        error(
            f"{run.completed:,} completed and {run.timeouts:,} timed out make "
            f"{run.completed + run.timeouts:,} games, not the {games:,} played",
            "timeouts",
        )
    _length(run, error)
    _components(run, error)
    return found


def _components(run: Run, error: Report) -> None:
    """The shortages against the games played and the peaks against the counts printed."""
    games = run.games
    for name, group in run.components.items():
        at = ("components", name)
        shorts = sum(use.short_games for use in group.items.values())
        if group.short_games > games:
            error(
                f"short in {group.short_games:,} games of the {games:,} played", *at, "short_games"
            )
        elif group.short_games > shorts:
            error(
                f"short in {group.short_games:,} games, more than its items ran short in "
                f"altogether ({shorts:,})",
                *at,
                "short_games",
            )
        for item, use in group.items.items():
            short = f"short in {use.short_games:,} games"
            here = (*at, "items", item, "short_games")
            if use.short_games > games:
                error(f"{short} of the {games:,} played", *here)
            elif use.short_games > group.short_games:
                error(f"{short}, more than its group ({group.short_games:,})", *here)
            elif use.peak > use.printed and not use.short_games:
                needed = f"{use.peak} needed at once with {use.printed} printed"
                error(f"{needed}, yet short in no game", *at, "items", item, "peak")
            elif use.peak <= use.printed and use.short_games:
                needed = f"the {use.printed} printed needed at once ({use.peak})"
                error(f"{short}, yet never more than {needed}", *here)


def _length(run: Run, error: Report) -> None:
    """The length figures against each other (over the completed games)."""
    length = run.length
    if run.completed == 0:
        if (length.mean, length.stdev, length.min, length.max) != (0, 0, 0, 0):
            error("no game completed, so every length figure is 0", "length")
    elif length.min > length.max:
        error(f"the shortest game ({length.min}) is longer than the longest", "length", "min")
    elif not length.min - ROUNDING <= length.mean <= length.max + ROUNDING:
        error(
            f"a mean of {length.mean} lies outside the games' {length.min} to {length.max}",
            "length",
            "mean",
        )
    elif length.stdev > (length.max - length.min) / 2 + ROUNDING:
        error(
            f"a deviation of {length.stdev} is more than half the spread of "
            f"{length.min} to {length.max} allows",
            "length",
            "stdev",
        )


def _stale(game: Game, key: str, run: Run, located: Located) -> list[Finding]:
    """A warning when ``run`` was made with other data than the game has now."""
    where = located.at(("runs", key, "inputs") if run.inputs is not None else ("runs", key))
    try:
        played = _with_expansions(game, run.expansions)
    except PnpError as exc:
        why = f"the game with its expansions does not load now: {exc.message}"
        return [_renew(game, key, run, f"{OTHER_DATA} ({why})", where)]
    try:
        now = record_inputs(played)
        engine = engine_for(played)
        printed = engine.printed_components(played) if engine is not None else {}
    except ValidationFailed:
        if played is game:
            return []  # data the engine refuses: validate reports why
        why = "the game with its expansions breaks the rules now"
        return [_renew(game, key, run, f"{OTHER_DATA} ({why})", where)]
    if now is None:
        why = "the game names no rules engine now"
        return [_renew(game, key, run, f"{OTHER_DATA} ({why})", where)]
    if run.inputs is None:
        what = "keeps no fingerprint of the data it was made with (written by an older pnp)"
        return [_renew(game, key, run, what, where)]
    if now == run.inputs:
        return []
    return [
        _renew(game, key, run, f"{OTHER_DATA} ({_changes(run, run.inputs, now, printed)})", where)
    ]


def _with_expansions(game: Game, expansions: list[str]) -> Game:
    if sorted(expansions) == sorted(e.id for e in game.expansions):
        return game
    return load_game(game.id, game.root.parent, expansions)


def _changes(run: Run, then: Inputs, now: Inputs, printed: dict[str, dict[str, int]]) -> str:
    """What differs, as far as the record tells: printed counts by name, else the kind."""
    moved = []
    for group in sorted({*run.components, *printed}):
        before = run.components[group].items if group in run.components else {}
        after = printed.get(group, {})
        for item in [*before, *(i for i in after if i not in before)]:
            old = before[item].printed if item in before else "none"
            new = after.get(item, "none")
            if old != new:
                moved.append(f"{group} {item}: {old} printed then, {new} now")
    parts = moved[:SHOWN_CHANGES]
    if len(moved) > SHOWN_CHANGES:
        parts.append(f"{len(moved) - SHOWN_CHANGES} more counts")
    if not parts and now.data != then.data:
        parts.append("the tables, decks or cards the engine reads")
    if now.rules != then.rules:
        parts.append("the rules the engine lists")
    return "; ".join(parts)


OTHER_DATA = "was made with other data than the game has now"


def _renew(game: Game, key: str, run: Run, what: str, where: Location) -> Finding:
    again = simulate_command(
        game.id, run.games, run.seed, run.players, run.bots, run.expansions, _cards_option(game)
    )
    return Finding(
        Severity.WARNING,
        f"this record's run {key!r} {what}, so the rulebook leaves its figures out; "
        f"renew it with: {again}",
        where,
    )


def _cards_option(game: Game) -> Path | None:
    """``--cards DIR`` for the renewing command when pnp would not find the game by
    default (from the current folder)."""
    try:
        if game_dir(game.id).resolve() == game.root.resolve():
            return None
    except PnpError:
        pass
    return game.root.parent


__all__ = ["record_findings"]
