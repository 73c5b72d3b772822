"""Validation of a loaded game: the rules engine's checks plus print checks of every face."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp._errors import DataError, Finding, PnpError, Severity, shown, unique
from pnp.load import Game

if TYPE_CHECKING:
    from pnp.games import Engine


def engine_for(game: Game) -> Engine | None:
    """The rules engine the game names in game.yaml (None when it names none)."""
    if game.spec.engine is None:
        return None
    from pnp import games

    if game.spec.engine not in games.ENGINES:
        raise DataError(
            f"no rules engine {shown(game.spec.engine)} "
            f"(engines: {', '.join(sorted(games.ENGINES))})",
            game.spec_location("engine"),
        )
    return games.get_engine(game.spec.engine)


def validate_game(game: Game, faces: bool = False) -> list[Finding]:
    """Rule findings from the game's engine; with ``faces``, also check that card types
    that meet differ in greyscale, lay out every card face
    (text fits, every glyph exists; the first problem of each card) and every other
    component (counters, tracks, aid and rulebook templates), and play a few hundred
    quick seeded games to warn of printed components that run out."""
    findings: list[Finding] = list(game.notes) + _method_named_keys(game)
    engine = engine_for(game)
    if engine is not None:
        findings.extend(engine.validate(game))
    rules_ok = not any(f.severity is Severity.ERROR for f in findings)
    if faces and rules_ok:  # faces and the rulebook read the tables the rules just refused
        from pnp.greyscale import greyscale_findings

        findings.extend(greyscale_findings(game))
        findings.extend(_face_findings(game))
        findings.extend(_component_findings(game))
        if engine is not None:  # a quick playtest: do the printed parts suffice?
            from pnp.sim import playtest_findings

            findings.extend(playtest_findings(engine, game))
    return unique(findings)  # one cause, one message (a layout many cards share)


def _method_named_keys(game: Game) -> list[Finding]:
    """Table keys that a template would read as a dict's method (``row.values``,
    ``t.items``) rather than as the value, printing the method on the card or page."""
    found: list[Finding] = []

    def walk(value: Any, at: tuple[str | int, ...]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and hasattr(dict, key):
                    found.append(
                        Finding(
                            Severity.WARNING,
                            f"a template reads .{key} as a built-in method of the table, not "
                            f"as this key: write [{key!r}] where a template reads it, or "
                            "choose another name",
                            game.spec_location("tables", *at, key),
                        )
                    )
                walk(item, (*at, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, (*at, i))

    walk(game.spec.tables, ())
    return found


def _component_findings(game: Game) -> list[Finding]:
    from pnp.build import plan_outputs
    from pnp.layout.cards import SheetOptions

    kinds = frozenset({"tokens", "board", "screen", "track", "aid", "rulebook"})
    try:
        plan_outputs(game, SheetOptions(), kinds)
    except PnpError as exc:
        return [Finding(Severity.ERROR, exc.message, exc.location)]
    return []


def _face_findings(game: Game) -> list[Finding]:
    from pnp.layout.cards import lay_out_faces

    problems: list[PnpError] = []
    try:
        lay_out_faces(game, problems)
    except PnpError as exc:  # a deck back: no card to blame
        problems.append(exc)
    return [Finding(Severity.ERROR, p.message, p.location) for p in problems]
