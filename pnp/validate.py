"""Validation of a loaded game: the rules engine's checks plus print checks of every face."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp._errors import DataError, Finding, PnpError, Severity
from pnp.load import Game

if TYPE_CHECKING:
    from pnp.games import Engine


def engine_for(game: Game) -> Engine | None:
    """The rules engine the game names in game.yaml (None when it names none)."""
    if game.spec.engine is None:
        return None
    from pnp import games

    try:
        return games.get_engine(game.spec.engine)
    except KeyError:
        raise DataError(
            f"no rules engine {game.spec.engine!r} (engines: {', '.join(sorted(games.ENGINES))})",
            game.spec_location("engine"),
        ) from None


def validate_game(game: Game, faces: bool = False) -> list[Finding]:
    """Rule findings from the game's engine; with ``faces``, also lay out every card face
    (text fits, every glyph exists) and report the first problem of each card."""
    findings: list[Finding] = []
    engine = engine_for(game)
    if engine is not None:
        findings.extend(engine.validate(game))
    if faces:
        findings.extend(_face_findings(game))
    return findings


def _face_findings(game: Game) -> list[Finding]:
    from pnp.layout.cards import lay_out_faces

    out: list[Finding] = []
    for card in game.cards:
        single = Game(game.spec, game.root, [card], game.located, game.expansions)
        try:
            lay_out_faces(single)
        except PnpError as exc:
            out.append(Finding(Severity.ERROR, exc.message, exc.location))
    return out
